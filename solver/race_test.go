//go:build race

package solver

// raceEnabled is true when the tests run under the race detector, which
// makes the search about ten times slower.
const raceEnabled = true
