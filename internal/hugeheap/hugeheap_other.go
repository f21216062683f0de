//go:build !linux

package hugeheap

import (
	"errors"
	"runtime/debug"
)

var (
	advised    int
	advisedErr = errors.New("transparent huge pages are a Linux feature")
)

func init() {
	old := debug.SetGCPercent(-1) // the ballast starts no cycle (paceStart)
	if ballast = makeBallast(); ballast != nil {
		paceStart(old)
	} else {
		debug.SetGCPercent(old)
	}
}
