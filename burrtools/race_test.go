//go:build race

package burrtools

// raceEnabled: the long literature counts are pure computation and ~10x
// slower under the race detector; they run in the plain pass.
const raceEnabled = true
