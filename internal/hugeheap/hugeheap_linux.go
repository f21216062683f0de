package hugeheap

import (
	"errors"
	"runtime"
	"runtime/debug"
	"syscall"
	"unsafe"
)

// hugePage is the size of an x86-64 and arm64 transparent huge page.
const hugePage = 2 << 20

// advised and advisedErr are what initialization did (Advised), and
// advisedAt where the advised bytes begin.
var (
	advised    int
	advisedErr error
	advisedAt  uintptr
)

func init() {
	// the collector off while the ballast and the block are allocated:
	// either passes the first goal (4 MiB) and would start a cycle of its
	// own; the block's forced collection then marks the ballast once
	old := debug.SetGCPercent(-1)
	ballast = makeBallast() // first: fresh pages, so never cleared (touched)
	advised, advisedErr = adviseHeap()
	debug.SetGCPercent(old)
}

// errOff is why nothing was advised when the environment said no.
var errOff = errors.New("off (POLYVIZ_HUGEPAGES=off)")

// adviseHeap maps Reserve bytes of heap, marks its whole huge pages
// MADV_HUGEPAGE, and gives it back to the runtime free.
func adviseHeap() (int, error) {
	if v, _ := syscall.Getenv("POLYVIZ_HUGEPAGES"); v == "off" {
		return 0, errOff
	}
	// the collector is off (init): the block's allocation starts no cycle
	// while it is still in use
	block := make([]byte, Reserve)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	skip := (hugePage - start%hugePage) % hugePage
	n := (Reserve - skip) &^ (hugePage - 1)
	err := syscall.Madvise(block[skip:skip+n], syscall.MADV_HUGEPAGE)
	advisedAt = start + skip
	block = nil
	runtime.GC() // frees the block: its pages, still untouched, go back to the heap
	if err != nil {
		return 0, err
	}
	return int(n), nil
}
