//go:build !race

package burrtools

const raceEnabled = false
