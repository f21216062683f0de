//go:build polyvizcheck

package solver

// The bounds-checked accessors (build tag polyvizcheck): the dancing-links
// loops run unchanged, but every node access is a slice index, so a link
// that points outside the array panics at once instead of reading or
// writing memory it does not own. See at_fast.go.

type nodeBase = []node

func baseOf(nd []node) nodeBase { return nd }

func at(base nodeBase, i int32) *node { return &base[i] }

const checkedBuild = true
