//go:build race

package unique

// raceEnabled: the library puzzles are pure computation, ~10x slower under
// the race detector; they run in the plain pass.
const raceEnabled = true
