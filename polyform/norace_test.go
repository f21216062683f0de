//go:build !race

package polyform

const raceEnabled = false
