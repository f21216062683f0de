//go:build linux || darwin || freebsd

package hugeheap

import "syscall"

// addressSpaceLimited reports whether the process has a finite
// address-space limit (ulimit -v, RLIMIT_AS; RLIM_INFINITY is the largest
// value).
func addressSpaceLimited() bool {
	var rl syscall.Rlimit
	return syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur <= 1<<62
}
