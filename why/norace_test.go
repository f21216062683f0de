//go:build !race

package why

const raceEnabled = false
