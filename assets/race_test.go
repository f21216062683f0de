//go:build race

package assets

// raceEnabled is true under the race detector, where this package's long
// pure computations skip themselves (the plain pass runs them).
const raceEnabled = true
