//go:build race

package polystick

const raceEnabled = true
