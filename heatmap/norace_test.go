//go:build !race

package heatmap

const raceEnabled = false
