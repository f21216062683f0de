//go:build linux || darwin || freebsd

package cli

import "syscall"

// addressSpaceLimit is the process's address-space limit (ulimit -v), or 0
// when it has none (RLIM_INFINITY is the largest value).
func addressSpaceLimit() int64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur > 1<<62 {
		return 0
	}
	return int64(rl.Cur)
}
