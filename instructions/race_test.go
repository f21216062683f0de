//go:build race

package instructions

// raceEnabled is true under the race detector, where the tests that solve
// a puzzle and draw its pages skip themselves (the plain pass runs them;
// the package has no concurrency of its own).
const raceEnabled = true
