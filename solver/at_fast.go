//go:build !polyvizcheck

package solver

import "unsafe"

// nodeBase is what the hot loops index the node array through: its first
// node's address. Build with -tags polyvizcheck to index a slice instead,
// with bounds checks (see at_checked.go).
type nodeBase = unsafe.Pointer

// baseOf returns the base of nd for at.
func baseOf(nd []node) nodeBase { return unsafe.Pointer(unsafe.SliceData(nd)) }

// at returns node i of the array starting at base. The hot loops use it
// instead of indexing a slice: every index they follow was written by
// newEngine or by the dance itself and always lies inside the array, and
// without the bounds checks the loops run about a sixth faster. The
// polyvizcheck build tag checks that claim: the same loops, every access
// bounds-checked (scripts/test.sh runs the solver's tests so, under -race).
func at(base nodeBase, i int32) *node {
	return (*node)(unsafe.Add(base, uintptr(uint32(i))*unsafe.Sizeof(node{})))
}

// checkedBuild reports whether at checks its index.
const checkedBuild = false
