//go:build !race

package unique

const raceEnabled = false
