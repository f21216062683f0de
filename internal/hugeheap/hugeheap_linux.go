package hugeheap

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"polyviz/internal/hugeheap/atload"
)

// hugePage is the size of an x86-64 and arm64 transparent huge page.
const hugePage = 2 << 20

// madvCollapse is Linux's MADV_COLLAPSE (6.1 and later): make the range's
// huge pages now, copying the 4 KiB pages already there.
const madvCollapse = 25

// advised and advisedErr are what initialization did (Advised), and
// advisedAt where the room's advised bytes begin. earlyAt is the first
// huge page advised below the room (adviseEarly), and earlyErr what
// collapsing the ones with objects in them said.
var (
	mapErr     error // what mapBinary said at initialization
	advised    int
	advisedErr error
	advisedAt  uintptr
	earlyAt    uintptr
	earlyErr   error
)

// heapProbe is a small object made before the room, so that its address
// is in the heap's first pages (a global: kept on the heap).
var heapProbe *[64]byte

func init() {
	// the collector off while the ballast is allocated: it passes the
	// first goal (4 MiB) and would start a cycle; paceStart then sets the
	// first goal past it
	old := debug.SetGCPercent(-1)
	advised, advisedErr = adviseHeap() // makes the ballast when it advises
	if ballast == nil {
		ballast = makeBallast() // fresh pages, so never cleared (touched)
	}
	if ballast != nil {
		paceStart(old)
	} else {
		debug.SetGCPercent(old)
	}
	if advisedErr == nil {
		growStack()
	}
	mapErr = mapBinary()
}

// stackRoom is the stack the main goroutine is given at initialization
// (growStack), more than a command's loading takes.
const stackRoom = 64 << 10

// growStack grows the calling goroutine's stack past stackRoom now, while
// it holds a few frames. A stack that runs out is doubled and copied,
// every frame on it walked through the binary's tables; the main
// goroutine's grew three times while a BurrTools file was read, deep in
// the loading, and each walk faulted in cold pages of those tables: a
// fifth of HexSticks' placing with the headless build. The room is
// zeroed, so its pages are touched: only where the heap is advised, as
// one huge page's.
//
//go:noinline
func growStack() byte {
	var room [stackRoom]byte
	return last(room[:])
}

//go:noinline
func last(b []byte) byte { return b[len(b)-1] }

// errOff is why nothing was advised when the environment said no.
var errOff = errors.New("off (POLYVIZ_HUGEPAGES=off)")

// errLimited is why nothing was advised under a finite ulimit -v.
var errLimited = errors.New("off: the address space is limited (ulimit -v)")

// errArch is why nothing was advised on an architecture without
// bigFrame.
var errArch = errors.New("off: not on " + runtime.GOARCH)

// adviseHeap has the runtime map Reserve bytes of heap for a goroutine's
// stack (reserveStack), marks its whole huge pages MADV_HUGEPAGE while
// nothing has touched them, and gives it back free when the goroutine
// ends.
func adviseHeap() (int, error) {
	if v, _ := syscall.Getenv("POLYVIZ_HUGEPAGES"); v == "off" {
		return 0, errOff
	}
	if addressSpaceLimited() {
		return 0, errLimited
	}
	if !haveBigFrame {
		return 0, errArch
	}
	heapProbe = new([64]byte)
	low := uintptr(unsafe.Pointer(heapProbe))
	heapProbe = nil
	var n uintptr
	var errno syscall.Errno
	reserveStack(func(lo, hi uintptr) {
		// the ballast above the room, of fresh pages (never cleared):
		// freed, the room right after the first objects goes to the
		// objects made next. With the ballast there, that room was its
		// untouched head, and a command's first objects took a huge page
		// more (2 MiB cleared, a tenth of a millisecond).
		ballast = makeBallast()
		advisedAt = (lo + hugePage - 1) &^ (hugePage - 1)
		n = hi&^(hugePage-1) - advisedAt
		// raw addresses: the range is a stack, no Go object
		_, _, errno = syscall.Syscall(syscall.SYS_MADVISE, advisedAt, n, syscall.MADV_HUGEPAGE)
		if errno == 0 && low < advisedAt {
			n += adviseEarly(low, advisedAt)
		}
	})
	if errno != 0 {
		return 0, errno
	}
	return int(n), nil
}

// endWait is how long reserveStack waits for its goroutine to end: a few
// microseconds, a millisecond under the race detector.
const endWait = 50 * time.Millisecond

// reserveStack runs during while a new goroutine's stack holds [lo, hi),
// stackFrame bytes of the Reserve the runtime has just mapped for it and
// nothing has touched, and returns once that goroutine has ended: its
// stack is free heap again, without a collection.
//
// Why a stack: the advice must reach the heap's pages before anything
// touches them, so the runtime must first map them, and it maps heap only
// to allocate it. Allocated as an object, the room was freed by a forced
// collection: 2 to 3 ms of every command's start (its marking, and its
// sweep moving every cached span into new span lists, a page fault
// each). A goroutine's stack comes from the same heap pages, in the same
// place (the lowest free pages that fit), and is freed the moment the
// goroutine ends. bigFrame's frame of stackFrame bytes, which it never
// touches, grows the stack to Reserve at once; the runtime copies the
// goroutine's few frames to its top.
func reserveStack(during func(lo, hi uintptr)) {
	n := runtime.NumGoroutine()
	at := make(chan uintptr)
	end := make(chan struct{})
	go func() {
		at <- bigFrame()
		<-end
	}()
	lo := <-at
	during(lo, lo+stackFrame)
	close(end)
	// the runtime frees the stack as the goroutine ends, before it counts
	// it gone; a later count may see another goroutine's end, which only
	// means a few of the next objects go above the room
	for start := time.Now(); runtime.NumGoroutine() > n && time.Since(start) < endWait; {
		runtime.Gosched()
	}
}

// adviseEarly advises the heap's whole huge pages from its start up to
// the room's advised bytes at end, and collapses those that already hold
// objects; it returns the bytes advised. The small objects made after
// initialization fill the room after the first ones first, and without this
// they did so in 4 KiB pages: 200 to 450 page faults of every command's
// 600 to 1,400 (docs/PERFORMANCE.md). The huge pages with objects in them
// have 4 KiB pages mapped, so the advice alone would not change them:
// MADV_COLLAPSE makes each one huge page (where the kernel has it and the
// system has not turned huge pages off; earlyErr says). The ballast lies
// above the room, outside the advised room (adviseHeap).
func adviseEarly(low, end uintptr) uintptr {
	lo := heapStart(low)
	if end < lo+hugePage {
		return 0
	}
	// raw addresses: the range is no Go object, and no object's pointer
	// would cover it
	if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, end-lo, syscall.MADV_HUGEPAGE); errno != 0 {
		return 0
	}
	earlyAt = lo
	if !collapseAllowed(thpSetting()) {
		earlyErr = errNever
		return end - lo
	}
	var vec [hugePage / 4096]byte
	for p := lo; p+hugePage <= end; p += hugePage {
		// only huge pages with pages in them: collapsing an empty one
		// (the ballast's, but for its ends) would give it 2 MiB for nothing
		if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, p, hugePage, uintptr(unsafe.Pointer(&vec))); errno != 0 || !slices.ContainsFunc(vec[:], func(v byte) bool { return v&1 != 0 }) {
			continue
		}
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, p, hugePage, madvCollapse); errno != 0 {
			earlyErr = errno
		}
	}
	return end - lo
}

// errNever is why nothing was collapsed where the system turned
// transparent huge pages off.
var errNever = errors.New("transparent huge pages are off on this system (never)")

// thpEnabled is where Linux says whether transparent huge pages are used.
const thpEnabled = "/sys/kernel/mm/transparent_hugepage/enabled"

// thpSetting returns the contents of thpEnabled ("" when unreadable).
func thpSetting() string {
	b, err := os.ReadFile(thpEnabled)
	if err != nil {
		return ""
	}
	return string(b)
}

// collapseAllowed reports whether the system's setting (thpEnabled's
// contents, the chosen one in brackets) lets the heap's pages be
// collapsed: MADV_COLLAPSE makes huge pages even where the system says
// "never", and a system set so is not given them behind its back.
func collapseAllowed(setting string) bool {
	return !strings.Contains(setting, "[never]")
}

// heapStart returns the first huge page boundary of the mapping that holds
// addr: the heap's first objects are at its start, which may be a huge
// page or more below addr. On failure it returns addr's own huge page.
func heapStart(addr uintptr) uintptr {
	lo, _, ok := mappingRange(addr)
	if !ok {
		return addr &^ (hugePage - 1)
	}
	return (lo + hugePage - 1) &^ (hugePage - 1)
}

// procmapQuery is Linux's struct procmap_query (6.11 and later).
type procmapQuery struct {
	size, flags, addr, vmaStart, vmaEnd, vmaFlags, vmaPageSize, vmaOffset, inode uint64
	devMajor, devMinor, vmaNameSize, buildIDSize                                 uint32
	vmaNameAddr, buildIDAddr                                                     uint64
}

// procmapQueryIoctl is PROCMAP_QUERY, _IOWR('f', 17, struct procmap_query).
const procmapQueryIoctl = 3<<30 | uint(unsafe.Sizeof(procmapQuery{}))<<16 | 'f'<<8 | 17

// mappingRange returns the bounds of the mapping that holds addr, asked of
// the kernel (mappingQuery) or, before Linux 6.11, read from
// /proc/self/maps' lines (mappingText).
func mappingRange(addr uintptr) (lo, hi uintptr, ok bool) {
	if lo, hi, ok := mappingQuery(addr); ok {
		return lo, hi, true
	}
	return mappingText(addr)
}

// mappingQuery asks the kernel for the bounds of the mapping that holds
// addr (PROCMAP_QUERY on /proc/self/maps): one mapping, where reading the
// file has the kernel write out every one, with its path, a tenth of a
// millisecond and more for a binary linked with a GUI toolkit's
// libraries. False where the kernel has no such query (before 6.11).
func mappingQuery(addr uintptr) (lo, hi uintptr, ok bool) {
	fd, err := syscall.Open("/proc/self/maps", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0, 0, false
	}
	defer syscall.Close(fd)
	q := procmapQuery{addr: uint64(addr)}
	q.size = uint64(unsafe.Sizeof(q))
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), uintptr(procmapQueryIoctl), uintptr(unsafe.Pointer(&q))); errno != 0 ||
		q.vmaStart > uint64(addr) || q.vmaEnd <= uint64(addr) {
		return 0, 0, false
	}
	return uintptr(q.vmaStart), uintptr(q.vmaEnd), true
}

// mappingText is mappingQuery by reading /proc/self/maps' lines.
func mappingText(addr uintptr) (lo, hi uintptr, ok bool) {
	data, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0, 0, false
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		span, _, _ := bytes.Cut(line, []byte(" "))
		a, b, ok := bytes.Cut(span, []byte("-"))
		if !ok {
			continue
		}
		lo, err1 := strconv.ParseUint(string(a), 16, 64)
		hi, err2 := strconv.ParseUint(string(b), 16, 64)
		if err1 == nil && err2 == nil && uint64(addr) >= lo && uint64(addr) < hi {
			return uintptr(lo), uintptr(hi), true
		}
	}
	return 0, 0, false
}

// madvPopulateRead is Linux's MADV_POPULATE_READ (5.14 and later): map the
// range's pages now, as reading each would.
const madvPopulateRead = 22

// rodataProbe's bytes are a string constant's: the linker puts them in
// the binary's read-only data, beside its tables (pclntab, types).
var rodataProbe = "polyviz: the binary's read-only data"

// mapBinary maps every page of the binary's code and read-only data at
// once (the mappings holding this code and rodataProbe, one
// madvise(MADV_POPULATE_READ) each), where each would otherwise be mapped
// at its first use, a page fault each (a fault maps the 16 pages around
// it): a tenth of a millisecond or two for both where the binary is in the
// page cache, against some 200 faults more in the desktop build's run of
// HexSticks, at about 10 microseconds each on a virtual machine
// (docs/PERFORMANCE.md). It does nothing where POLYVIZ_HUGEPAGES=off (this
// package's start-time work is off) or where the program was mapped as it
// was loaded (atload.Mapped), and says why it could not otherwise (a
// kernel before 5.14).
func mapBinary() error {
	if v, _ := syscall.Getenv("POLYVIZ_HUGEPAGES"); v == "off" || atload.Mapped() {
		return nil
	}
	pc, _, _, _ := runtime.Caller(0)
	var done uintptr
	for _, addr := range []uintptr{pc, uintptr(unsafe.Pointer(unsafe.StringData(rodataProbe)))} {
		lo, hi, ok := mappingRange(addr)
		if !ok {
			return errors.New("no mapping holds the binary's code or data")
		}
		if lo == done {
			continue // one mapping holds both
		}
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvPopulateRead); errno != 0 {
			return errno
		}
		done = lo
	}
	return nil
}
