package backend

import (
	"runtime"
	"syscall"
	"unsafe"
)

// solverNice is the nice value of the threads that run the search, and
// factsNice that of the thread that works out the listed solutions'
// levels: below the search, so that it only fills the CPU the search
// leaves idle.
const (
	solverNice = 10
	factsNice  = 19
)

// lowerThreadPriority lowers the search's threads when the window asks the
// search to yield to the UI (workerPriority, the setup before the workers,
// the estimate's probes): the goroutine locks itself to its thread and
// lowers that one thread's priority to nice 10 (on Linux,
// setpriority on a thread id acts on that thread only). When every core is
// searching, the kernel then gives the UI thread (and the X server's and
// the GL driver's) most of the CPU it wants, though not always at once
// (see workerPriority). The goroutine never unlocks, so when the search ends the Go
// runtime ends its thread (runtime.LockOSThread's rule): no thread is left
// at the lower priority, which an unprivileged process could not raise
// again. Other threads of the process are never touched, and neither is
// the main thread (the UI's, which Fyne keeps for its own goroutine; in a
// process where it is free, a goroutine locked to it that ends leaves it
// parked, not ended, so it would stay lowered).
func lowerThreadPriority() { lowerThreadTo(solverNice) }

// workerPriority is the solver's OnWorkerStart when the window asks the
// search to yield to the UI: lowerThreadPriority, and for every worker
// but the one that holds off while the view animates (solver.Options.Yield:
// the last of two or more), Linux's idle scheduling class (SCHED_IDLE) as
// well. A thread at nice 10 still kept the UI's and the GL driver's threads
// waiting at each wake-up, a few milliseconds a frame: enough to cost a
// spinning view a third of its frames while Bedlam was solved. A thread
// in the idle class gives way at once to any other, so those workers take
// only the CPU the window leaves (all of it while the view stands still on
// an otherwise idle machine), and the 3D view keeps its frame rate.
// The last worker stays at nice 10, so that a solve still gets a share of a
// machine that other programs keep busy (without autogroup; with it, the
// default of desktop Linux, the kernel shares the CPU between sessions
// first, and the window's session keeps its share). An unprivileged thread
// cannot leave the idle class, so, as with the nice value, the thread
// ends with its worker.
func workerPriority(worker, workers int) {
	lowerThreadPriority()
	if workers == 1 || worker < workers-1 {
		if syscall.Gettid() != syscall.Getpid() {
			setIdleClass()
		}
	}
}

// lowestThreadPriority is the facts goroutine's OnFactsStart: the same,
// to nice 19, and then to Linux's idle scheduling class (SCHED_IDLE), which
// runs the thread only on a core no other thread wants. At nice 19 alone it
// still took about a tenth of a core from a nice 10 search on a machine
// whose cores were all searching (Bedlam's levels in the window), which is
// more than the search should lose to a list's level column.
func lowestThreadPriority() {
	lowerThreadTo(factsNice)
	if syscall.Gettid() != syscall.Getpid() {
		setIdleClass()
	}
}

// schedIdle is Linux's SCHED_IDLE policy number.
const schedIdle = 5

// setIdleClass puts the calling thread in the SCHED_IDLE class. Any thread
// may lower itself there; an error (an old kernel) leaves it at nice 19.
func setIdleClass() {
	var param struct{ priority int32 }
	syscall.RawSyscall(syscall.SYS_SCHED_SETSCHEDULER, uintptr(syscall.Gettid()), schedIdle, uintptr(unsafe.Pointer(&param)))
}

// threadPolicy is the calling thread's scheduling policy (tests).
func threadPolicy() int {
	p, _, errno := syscall.RawSyscall(syscall.SYS_SCHED_GETSCHEDULER, uintptr(syscall.Gettid()), 0, 0)
	if errno != 0 {
		return -1
	}
	return int(p)
}

// lowerThreadTo locks the calling goroutine to its thread and sets that
// thread's nice value (never the main thread's).
func lowerThreadTo(nice int) {
	runtime.LockOSThread()
	if syscall.Gettid() == syscall.Getpid() {
		runtime.UnlockOSThread()
		return
	}
	syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), nice)
}
