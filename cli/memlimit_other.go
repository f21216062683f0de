//go:build !(linux || darwin || freebsd)

package cli

// addressSpaceLimit is 0: this system's address-space limit is not read.
func addressSpaceLimit() int64 { return 0 }

// addressSpaceInUse is 0: there is no address-space limit to count against.
func addressSpaceInUse() int64 { return 0 }
