package hugeheap

import "syscall"

// Ballast is the size, in bytes, of a block kept alive from start so that
// the collector waits for a larger heap: Go's first goal is 4 MiB, which a
// run of a tenth of a second passes two or three times, each cycle adding
// its own page faults and threads.
const Ballast = 16 << 20

// ballast is never read or written. The collector counts it as live heap,
// so the heap's goal is at least twice Ballast (then grows with the real
// heap as before, 16 MiB ahead); it holds no pointers, so marking skips
// it; allocated fresh from the system and never touched, it has no
// resident pages.
var ballast []byte

// makeBallast allocates the ballast unless GOGC in the environment sets
// the collector's pace or the address space is limited (errLimited).
func makeBallast() []byte {
	if _, set := syscall.Getenv("GOGC"); set || addressSpaceLimited() {
		return nil
	}
	return make([]byte, Ballast)
}
