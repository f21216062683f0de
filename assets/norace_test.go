//go:build !race

package assets

const raceEnabled = false
