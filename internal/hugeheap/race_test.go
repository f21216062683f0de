//go:build race

package hugeheap

// raceEnabled: the race detector reserves terabytes of address space, so
// no child of a race test binary starts under a ulimit -v.
const raceEnabled = true
