// Package memlimit says how much memory a command or the window may
// plan for: half of what the process may have (the machine's, its
// control group's or what ulimit -v leaves), the default of --max-memory
// and the window's limit, so that a big input is refused before it is
// built rather than the process killed while building it.
package memlimit

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
)

// Default is half the memory the process may have: the least of
// the physical memory (MemTotal in /proc/meminfo), the control group's
// limit (memory.max) and the address space left under ulimit -v, or 4 GiB
// where none can be read. A limit under the machine's size is the one the
// process dies at, so the estimate must refuse below it.
func Default() int64 { return half(addressSpaceRoom()) }

// Now is Default with the address space left under ulimit -v measured at
// this call rather than the first. The window asks once its graphics
// libraries have taken theirs (a software GL driver maps hundreds of MB),
// which Default, taken before they load, counted as room.
func Now() int64 { return half(roomNow()) }

// machine is the physical memory and the control group's limit, read
// once: every command asks at its start and again for --max-memory's
// default, and reading /proc/meminfo took a tenth of a millisecond. A
// control group's limit changed while the process runs is not seen.
var machine = sync.OnceValues(func() (int64, int64) { return physicalMemory(), cgroupMemory() })

// half is half the least of the physical memory, the control group's
// limit and room, or 4 GiB where none can be read.
func half(room int64) int64 {
	total := int64(0)
	physical, group := machine()
	for _, m := range []int64{physical, group, room} {
		if m > 0 && (total == 0 || m < total) {
			total = m
		}
	}
	if total > 0 {
		return total / 2
	}
	return 4 << 30
}

// addressSpaceRoom is what ulimit -v leaves for the heap: the limit less
// the address space the process held at start (0 when there is no limit;
// roomNow measures it).
// The Go runtime reserves some 700 MB before main (its page allocator's
// summaries) and the heap takes address space in 64 MiB arenas, so half
// of the limit itself let a run the estimate passed die of out-of-memory
// under ulimit -v 1000000; half of this room refuses it instead. It is
// taken once, at the first call (main's cli.LimitMemory): what the process
// holds grows with its heap, and the limit must not shrink as it runs.
var addressSpaceRoom = sync.OnceValue(roomNow)

// roomNow is the address space ulimit -v leaves now (0 when there is no
// limit). The Go heap's free pages count as room: the runtime keeps their
// address space once mapped, and a new problem reuses it.
func roomNow() int64 {
	limit := AddressSpaceLimit()
	if limit == 0 {
		return 0
	}
	// at least a little room: a limit under what the runtime holds is
	// one where no problem fits, and 0 would mean none
	return max(limit-AddressSpaceInUse()+heapFree(), 1<<20)
}

// CollectWithinRoom lowers the collector's soft limit (cli.LimitMemory's,
// taken at start) to what the Go runtime uses now and nine tenths of the
// address space ulimit -v leaves, where that is lower and GOMEMLIMIT is not
// set: the window's limits plan the problem and its search in that room,
// and the garbage of an estimate must go before a search's setup takes
// what is left (the window died of out-of-memory there). The window calls
// it once its graphics libraries have taken their share.
func CollectWithinRoom() {
	room := roomNow()
	if room == 0 || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	want := int64(s[0].Value.Uint64()) - heapFree() + room*9/10
	if want < debug.SetMemoryLimit(-1) {
		debug.SetMemoryLimit(want)
	}
}

// heapFree is the address space the Go heap holds and does not use: its
// free pages and those returned to the system (still mapped).
func heapFree() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	n := int64(0)
	for _, v := range s {
		if v.Value.Kind() == metrics.KindUint64 {
			n += int64(v.Value.Uint64())
		}
	}
	return n
}

// cgroupMemory reads the memory limit of the process's control group
// (cgroup v2's memory.max), or returns 0 when there is none.
func cgroupMemory() int64 {
	data, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || v <= 0 {
		return 0 // "max": no limit
	}
	return v
}
