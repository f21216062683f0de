//go:build !race

package crosscheck

const raceEnabled = false
