//go:build race

package cli

// raceEnabled is true when the tests run under the race detector, which
// makes the searches about ten times slower.
const raceEnabled = true
