//go:build !race

package fillomino

const raceEnabled = false
