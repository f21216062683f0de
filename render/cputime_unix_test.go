//go:build unix

package render

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) this process has used. On
// a machine shared with other jobs it measures the work a benchmark does,
// where wall-clock time also counts the waiting.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
