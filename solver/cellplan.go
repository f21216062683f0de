package solver

import (
	"math/bits"
	"slices"
)

// The cell search's plan: its candidates, cells and pieces as bits,
// worked out once and shared by the workers (cellsearch.go).

// cellCand is a candidate of a cell: an option whose first primary cell
// it is.
type cellCand struct {
	m    uint64 // its cells
	pc   uint64 // its piece's bit
	mk   uint64 // the bits of the marks it covers (in the pieces' word)
	take uint64 // pc|mk: what placing it takes out of the pieces' word
	opt  int32  // the option's number
	next int32  // where the candidates of the cell's next piece begin
	// the primary cells next to m (region test)
	around uint64
}

// cellPlan is the precomputed data of a cell search.
type cellPlan struct {
	p       *Problem
	nPieces int
	prim    uint64   // the primary cells: a solution covers them all
	allPcs  uint64   // every piece (a primary item, placed exactly once)
	opt     []uint64 // each option's cells
	optPc   []int8   // each option's piece
	// the candidates of cell c and piece k are cands[start[c*nPieces+k]:start[c*nPieces+k+1]]
	start []int32
	cands []cellCand
	index []int32 // the index in cands of each option
	// candCells[j] is cands[j].m: fillsSearch scans these eight bytes a
	// candidate, not cands' 56, since it tests billions of candidates on a
	// thick box and most of them leave the region
	candCells []uint64
	// candMk[j] is cands[j].mk, for fillsSearch too
	candMk []uint64
	// pcsAt[c]: the pieces with a candidate at cell c
	pcsAt []uint64
	// the root branches on the piece with the fewest options instead of a
	// cell: its options are copied to cands[rootLo:rootHi] (rootPc -1: no)
	rootPc         int
	rootLo, rootHi int32
	adj            [64]uint64 // the cells next to each cell (region test)
	size           []int8     // each piece's size in cells (all its options have it), or -1
	// region test: on when the cells are linked so that every option is
	// connected; sizes uniform (regionMod > 0) or mixed (subset sums)
	region    bool
	regionMod int
	regionCap int // regions larger than this are not tested
	// regions of regionOne to tileMax cells are answered from their
	// tilings (celltilings.go); 0: none
	tileMax int
	// badSize: the region sizes that sizes all alike (regionMod) cannot make
	badSize uint64
	// regions smaller than this (twice the smallest piece) hold one piece
	// exactly: they must be a candidate of a piece left
	regionOne int
	// shapes: every candidate's cells, hashed (open addressing, by
	// shapeHash), with the pieces that have such a candidate
	shapes    []cellShape
	shapeBits uint
	// ahead[t]: the primary cells of bits t and up when they are linked
	// and more than regionCap, else 0: when no primary cell from bit t up
	// is covered, they lie in one region too big to test, and a flood that
	// reaches one stops there
	ahead    [65]uint64
	cellItem []int32 // the item of each cell bit
	// marks (Problem.SetMark) are not cells: they take the bits of the
	// pieces' word after the pieces, set while free, so that an option
	// that covers one excludes the others and the cells, their regions and
	// the pieces' sizes know nothing of them
	marks     uint64
	markItem  []int32 // the item of each mark bit, from bit nPieces
	pieceItem []int32 // the item of each piece
}

// newCellPlan returns the plan of p, or nil and why the cell search does
// not apply. The root branches on the piece with the fewest options.
func newCellPlan(p *Problem) (*cellPlan, string) {
	return newCellPlanRoot(p, true)
}

// newCellPlanRoot is newCellPlan with the root's branching on a piece on
// (rootPiece) or off (the root branches on the first cell, as every other
// level), to measure what it saves.
func newCellPlanRoot(p *Problem, rootPiece bool) (*cellPlan, string) {
	if p.err != nil {
		return nil, "problem has an error"
	}
	if len(p.colors) > 1 {
		return nil, "colours"
	}
	for _, it := range p.items[:p.nPrimary] {
		if it.min != 1 || it.max != 1 {
			return nil, "multiplicities"
		}
	}
	n := len(p.items)
	isPiece := make([]bool, n)
	isMark := make([]bool, n)
	for i, it := range p.items {
		isMark[i] = it.mark
	}
	for o := range p.NumOptions() {
		first := p.entries[p.optStart[o]].item
		if int(first) >= p.nPrimary {
			return nil, "an option begins with a secondary item"
		}
		isPiece[first] = true
	}
	for o := range p.NumOptions() {
		for _, e := range p.entries[p.optStart[o]+1 : p.optStart[o+1]] {
			if isPiece[e.item] {
				return nil, "an option names two pieces"
			}
		}
	}
	// the cells are at least the items neither pieces nor marks: a big
	// board is refused before bitsOrder, which takes a second on it
	cells := 0
	for i := range n {
		if !isPiece[i] && !isMark[i] {
			cells++
		}
	}
	if cells > 64 {
		return nil, "more than 64 cells"
	}
	c := &cellPlan{p: p}
	bitOf := make([]int32, n)
	for i := range bitOf {
		bitOf[i] = -1
	}
	// cells: primary ones in bitsOrder's order, then secondary ones
	for _, i := range bitsOrder(p) {
		if !isPiece[i] {
			bitOf[i] = int32(len(c.cellItem))
			c.cellItem = append(c.cellItem, i)
		}
	}
	for i := range n {
		if isMark[i] {
			continue
		}
		if isPiece[i] {
			bitOf[i] = int32(len(c.pieceItem))
			c.pieceItem = append(c.pieceItem, int32(i))
		} else if bitOf[i] < 0 && i < p.nPrimary {
			// a primary cell bitsOrder left out (it has no option): keep it
			bitOf[i] = int32(len(c.cellItem))
			c.cellItem = append(c.cellItem, int32(i))
		}
	}
	nPrimCells := len(c.cellItem)
	for i := p.nPrimary; i < n; i++ {
		if !isMark[i] {
			bitOf[i] = int32(len(c.cellItem))
			c.cellItem = append(c.cellItem, int32(i))
		}
	}
	if len(c.cellItem) > 64 {
		return nil, "more than 64 cells"
	}
	if len(c.pieceItem) > 64 {
		return nil, "more than 64 pieces"
	}
	c.nPieces = len(c.pieceItem)
	for i := range n {
		if isMark[i] {
			bitOf[i] = int32(c.nPieces + len(c.markItem))
			c.markItem = append(c.markItem, int32(i))
		}
	}
	if c.nPieces+len(c.markItem) > 64 {
		return nil, "more than 64 pieces and marks"
	}
	for k := range c.markItem {
		c.marks |= 1 << (c.nPieces + k)
	}
	for k := range nPrimCells {
		c.prim |= 1 << k
	}
	if c.nPieces == 64 {
		c.allPcs = ^uint64(0)
	} else {
		c.allPcs = 1<<c.nPieces - 1
	}
	// options: cells mask, piece, first primary cell
	nOpt := p.NumOptions()
	c.opt = make([]uint64, nOpt)
	c.optPc = make([]int8, nOpt)
	optMk := make([]uint64, nOpt)
	c.size = make([]int8, c.nPieces)
	for k := range c.size {
		c.size[k] = 0
	}
	firstCell := make([]int, nOpt)
	for o := range nOpt {
		es := p.entries[p.optStart[o]:p.optStart[o+1]]
		pc := bitOf[es[0].item]
		var m uint64
		for _, e := range es[1:] {
			if isMark[e.item] {
				optMk[o] |= 1 << bitOf[e.item]
			} else {
				m |= 1 << bitOf[e.item]
			}
		}
		if m&c.prim == 0 {
			return nil, "an option covers no primary cell"
		}
		c.opt[o], c.optPc[o] = m, int8(pc)
		firstCell[o] = bits.TrailingZeros64(m & c.prim)
		sz := int8(bits.OnesCount64(m))
		switch c.size[pc] {
		case 0:
			c.size[pc] = sz
		case sz:
		default:
			c.size[pc] = -1
		}
	}
	np := c.nPieces
	c.start = make([]int32, nPrimCells*np+1)
	for o := range nOpt {
		c.start[firstCell[o]*np+int(c.optPc[o])+1]++
	}
	for i := 1; i < len(c.start); i++ {
		c.start[i] += c.start[i-1]
	}
	c.cands = make([]cellCand, nOpt, nOpt+nOpt/max(np, 1)+1) // and the root piece's copies
	c.index = make([]int32, nOpt)
	fill := slices.Clone(c.start)
	for o := range nOpt {
		k := firstCell[o]*np + int(c.optPc[o])
		pc := uint64(1) << c.optPc[o]
		c.cands[fill[k]] = cellCand{m: c.opt[o], pc: pc, mk: optMk[o], take: pc | optMk[o], opt: int32(o), next: c.start[k+1]}
		c.index[o] = fill[k]
		fill[k]++
	}
	c.rootPc = -1
	c.rootLo, c.rootHi = int32(nOpt), int32(nOpt)
	if rootPiece && np > 0 {
		n := make([]int, np)
		for o := range nOpt {
			n[c.optPc[o]]++
		}
		c.rootPc = 0
		for k := range n {
			if n[k] < n[c.rootPc] {
				c.rootPc = k
			}
		}
		for o := range nOpt {
			if int(c.optPc[o]) == c.rootPc {
				pc := uint64(1) << c.rootPc
				c.cands = append(c.cands, cellCand{m: c.opt[o], pc: pc, mk: optMk[o], take: pc | optMk[o], opt: int32(o), next: int32(nOpt + n[c.rootPc])})
			}
		}
		c.rootHi = int32(len(c.cands))
	}
	c.setRegions(bitOf)
	c.candCells = make([]uint64, len(c.cands))
	c.candMk = make([]uint64, len(c.cands))
	for j := range c.cands {
		c.candCells[j] = c.cands[j].m
		c.candMk[j] = c.cands[j].mk
	}
	c.pcsAt = make([]uint64, nPrimCells)
	for cell := range nPrimCells {
		for k := range np {
			if c.start[cell*np+k+1] > c.start[cell*np+k] {
				c.pcsAt[cell] |= 1 << k
			}
		}
	}
	if c.region {
		c.setShapes()
	}
	for j := range c.cands {
		cd := &c.cands[j]
		for r := cd.m; r != 0; r &= r - 1 {
			cd.around |= c.adj[bits.TrailingZeros64(r)]
		}
		cd.around &= c.prim &^ cd.m
	}
	return c, ""
}
