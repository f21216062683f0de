package puzzle

// Bytes of the symmetry cut's setup, per placement, measured on 64-bit
// machines and rounded up (with room for the race detector's builds, which
// allocate about 8% more): what Symmetry keeps (a placement's canonical
// option, its cells' numbers, its key in the index) and, per acting
// symmetry, the placement's image. The setup also builds the puzzle's
// problem again and the cut problem, each about ProblemBytes.
const (
	symmetryBytesPerPlacement = 288
	symmetryBytesPerImage     = 8
)

// CutBytes estimates the memory that a count by symmetry or a distinct
// count (Symmetry, DistinctProblem and its search) takes on top of the
// puzzle's problem, which must be built (the estimate counts its
// placements): every placement's images under every symmetry of the
// lattice that could act (times the translations along the joins of a box
// that wraps), two problems as big as the puzzle's, and what
// each piece costs (bytesPerPiece). A
// caller compares the sum with its limit before asking for the count, so
// that a box of 62×62×62 cells is refused with a message rather than
// killed by the runtime.
func (p *Puzzle) CutBytes() int64 {
	pls := p.options()
	nodes := int64(0)
	for _, pl := range pls {
		nodes += int64(pl.NumItems() + 1)
	}
	group := p.groupBound()
	n := int64(len(pls))
	return n*(symmetryBytesPerPlacement+group*symmetryBytesPerImage) + 2*nodes*bytesPerNode + int64(len(p.Pieces))*bytesPerPiece
}
