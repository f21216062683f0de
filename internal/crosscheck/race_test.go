//go:build race

package crosscheck

const raceEnabled = true
