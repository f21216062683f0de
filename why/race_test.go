//go:build race

package why

// raceEnabled is true under the race detector, where a node of the
// searches costs some fifty times more.
const raceEnabled = true
