//go:build race

package estimate

// raceEnabled is true under the race detector (the probes ten times slower).
const raceEnabled = true
