package hugeheap

import (
	"runtime/debug"
	"syscall"
	"time"
)

// Ballast is the size, in bytes, of a block kept alive from start so that
// the collector waits for a larger heap: Go's first goal is 4 MiB, which a
// run of a tenth of a second passes two or three times, each cycle adding
// its own page faults and threads.
const Ballast = 16 << 20

// ballast is never read or written. The collector counts it as live heap,
// so once it has been marked the heap's goal is at least twice Ballast
// (then grows with the real heap as before, 16 MiB ahead); it holds no
// pointers, so marking skips it; allocated fresh from the system and
// never touched, it has no resident pages.
var ballast []byte

// makeBallast allocates the ballast unless GOGC in the environment sets
// the collector's pace or the address space is limited (errLimited).
func makeBallast() []byte {
	if _, set := syscall.Getenv("GOGC"); set || addressSpaceLimited() {
		return nil
	}
	return make([]byte, Ballast)
}

// startPercent is the collector's pace (GOGC) for the first paceWindow of
// a run: the runtime's first goal, 4 MiB at GOGC=100, scales with it, and
// this puts it at twice the ballast and 2 MiB more, where a collection
// right after the ballast's allocation would put the next one.
const startPercent = 100 * (2*Ballast + 2<<20) / (4 << 20)

// paceWindow is how long startPercent holds before the pace goes back to
// the environment's.
const paceWindow = 100 * time.Millisecond

// paceStart sets the collector's pace for a run's start, so that no cycle
// runs before the heap passes the ballast and a few MiB more, and puts it
// back to old (the pace at start) after paceWindow.
//
// Why: the ballast is counted from its allocation, and at the default pace
// the collector would start a cycle at once to mark it, then set its goal
// past it: 2 to 3 ms of a command that takes 35 (HexSticks), for a goal
// it gets here by arithmetic. A run that outlasts paceWindow gets the
// default pace back, and its first cycle then marks the ballast and sets
// the goal from what is alive, as before; one that ends sooner never
// collects. One that passes the first goal before paceWindow collects
// then, and its second goal is set at startPercent until paceWindow ends:
// at most a tenth of a second of allocation at the looser pace.
func paceStart(old int) {
	debug.SetGCPercent(startPercent)
	time.AfterFunc(paceWindow, func() { debug.SetGCPercent(old) })
}
