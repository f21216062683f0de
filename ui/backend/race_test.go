//go:build race

package backend

// raceEnabled is true under the race detector (searches ten times slower).
const raceEnabled = true
