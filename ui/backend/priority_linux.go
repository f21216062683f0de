package backend

import (
	"runtime"
	"syscall"
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
// to nice 19.
func lowestThreadPriority() { lowerThreadTo(factsNice) }

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
