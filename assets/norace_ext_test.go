//go:build !race

package assets_test

const raceEnabled = false
