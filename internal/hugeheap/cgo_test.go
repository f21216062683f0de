//go:build cgo

package hugeheap

// cgoBuild says whether this test binary was built with cgo.
const cgoBuild = true
