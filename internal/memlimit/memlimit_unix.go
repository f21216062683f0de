//go:build linux || darwin || freebsd

package memlimit

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// AddressSpaceLimit is the process's address-space limit (ulimit -v), or 0
// when it has none (RLIM_INFINITY is the largest value).
func AddressSpaceLimit() int64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur > 1<<62 {
		return 0
	}
	return int64(rl.Cur)
}

// AddressSpaceInUse is the address space the process holds (VmSize in
// /proc/self/status, Linux), or 0 where it cannot be read.
func AddressSpaceInUse() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmSize:"); ok {
			if kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64); err == nil {
				return kb << 10
			}
		}
	}
	return 0
}
