//go:build !(linux || darwin || freebsd)

package memlimit

// AddressSpaceLimit is 0: this system's address-space limit is not read.
func AddressSpaceLimit() int64 { return 0 }

// AddressSpaceInUse is 0: there is no address-space limit to count against.
func AddressSpaceInUse() int64 { return 0 }
