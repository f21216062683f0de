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

// lowerThreadPriority is the solver's OnWorkerStart when the window asks
// the search to yield to the UI: each search goroutine locks itself to its
// thread and lowers that one thread's priority to nice 10 (on Linux,
// setpriority on a thread id acts on that thread only). When every core is
// searching, the kernel then gives the UI thread (and the X server's and
// the GL driver's) the CPU as soon as it wants it, and the 3D view keeps its
// frame rate. The goroutine never unlocks, so when the search ends the Go
// runtime ends its thread (runtime.LockOSThread's rule): no thread is left
// at the lower priority, which an unprivileged process could not raise
// again. Other threads of the process are never touched, and neither is
// the main thread (the UI's, which Fyne keeps for its own goroutine; in a
// process where it is free, a goroutine locked to it that ends leaves it
// parked, not ended, so it would stay lowered).
func lowerThreadPriority() { lowerThreadTo(solverNice) }

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
