//go:build !race

package editor_test

const raceEnabled = false
