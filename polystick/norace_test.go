//go:build !race

package polystick

const raceEnabled = false
