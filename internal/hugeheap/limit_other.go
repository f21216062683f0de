//go:build !(linux || darwin || freebsd)

package hugeheap

// addressSpaceLimited is false: this system's address-space limit is not
// read.
func addressSpaceLimited() bool { return false }
