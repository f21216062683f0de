//go:build race

package main

// raceDetector: the race detector reserves terabytes of address space, so
// no child of a race test binary starts under a ulimit -v.
const raceDetector = true
