//go:build !race

package shapeinfo

const raceEnabled = false
