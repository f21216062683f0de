package solver

import (
	"math/bits"
	"slices"
)

// The cell search is a packing search on one-word bitboards, built to be
// measured against the option-bitset engine (bitsopt.go), which walks
// DLX1's tree. It branches on the first empty cell in a fixed order
// (bitsOrder's), trying every piece not yet placed in each of its
// placements whose first cell that is, so each node is a handful of ANDs
// on one uint64; and after every placement it floods the regions of empty
// cells next to the piece and cuts the branch when one has a size no
// multiset of the pieces left can fill.
//
// It applies to a packing: no colours, no multiplicities, and items that
// split into pieces and cells, where every option names one piece first
// (as Knuth's POLYOMINO-DLX and POLYCUBE-DLX write them and the puzzle
// package builds them), at most 64 pieces and at most 64 cells (primary
// or secondary), and every option covers a primary cell. Every puzzle of
// the table fits: 6x10, 5x12, 8x8 with a hole, Soma, pentacube
// 2x5x6 and 3x4x5, Bedlam (64 cells, 13 pieces).
//
// It is not yet an engine of Solve: the drivers are being rewritten into
// one (issue 26's plan); until then it runs on its own, one worker, from
// its tests and benchmarks.

// cellPlan is the precomputed data of a cell search.
type cellPlan struct {
	p       *Problem
	nPieces int
	prim    uint64   // the primary cells: a solution covers them all
	allPcs  uint64   // every piece (a primary item, placed exactly once)
	opt     []uint64 // each option's cells
	optPc   []int8   // each option's piece
	// the candidates of cell c and piece k are cand[start[c*nPieces+k]:start[c*nPieces+k+1]]
	start []int32
	cand  []int32 // option numbers
	candM []uint64
	adj   []uint64 // the cells next to each cell (region test)
	size  []int8   // each piece's size in cells (all its options have it), or -1
	// region test: on when the cells are linked so that every option is
	// connected; sizes uniform (regionMod > 0) or mixed (subset sums)
	region    bool
	regionMod int
	regionCap int     // regions larger than this are not tested
	cellItem  []int32 // the item of each cell bit
	pieceItem []int32 // the item of each piece
}

// newCellPlan returns the plan of p, or nil and why the cell search does
// not apply.
func newCellPlan(p *Problem) (*cellPlan, string) {
	return newCellPlanOrder(p, cellOrderByDist)
}

// cellOrderByDist chooses the order of the cells: by distance from a far
// corner (slices across the box) when true, else bitsOrder's. Measured
// (BenchmarkCellSearch, CPU time, one run on a loaded machine): by distance
// loses everywhere it was tried (6x10: 48.5 million nodes against 26.6
// without the region test; Soma 2.8 million against 0.7).
var cellOrderByDist = false

func newCellPlanOrder(p *Problem, byDist bool) (*cellPlan, string) {
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
	c := &cellPlan{p: p}
	bitOf := make([]int32, n)
	for i := range bitOf {
		bitOf[i] = -1
	}
	// cells: primary ones in bitsOrder's order, then secondary ones
	order := bitsOrder(p)
	if byDist {
		order, _ = greedyOrder(p, true)
	}
	for _, i := range order {
		if !isPiece[i] {
			bitOf[i] = int32(len(c.cellItem))
			c.cellItem = append(c.cellItem, i)
		}
	}
	for i := range n {
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
		bitOf[i] = int32(len(c.cellItem))
		c.cellItem = append(c.cellItem, int32(i))
	}
	if len(c.cellItem) > 64 {
		return nil, "more than 64 cells"
	}
	if len(c.pieceItem) > 64 {
		return nil, "more than 64 pieces"
	}
	c.nPieces = len(c.pieceItem)
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
			m |= 1 << bitOf[e.item]
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
	c.cand = make([]int32, nOpt)
	c.candM = make([]uint64, nOpt)
	fill := slices.Clone(c.start)
	for o := range nOpt {
		k := firstCell[o]*np + int(c.optPc[o])
		c.cand[fill[k]] = int32(o)
		c.candM[fill[k]] = c.opt[o]
		fill[k]++
	}
	c.setRegions(bitOf)
	return c, ""
}

// setRegions sets up the region test: cells u and v are neighbours when
// either is in the other's H (bitsHitting: cells side by side); if every
// option's cells are connected through neighbours, a piece that still fits
// lies inside one region of empty cells, so a region whose size no multiset
// of the pieces left sums to is a dead end. Pieces whose options differ in
// size turn it off.
func (c *cellPlan) setRegions(bitOf []int32) {
	nb := len(c.cellItem)
	// bitsHitting numbers the items by their bits: pieces after the cells
	hb := slices.Clone(bitOf)
	for k, it := range c.pieceItem {
		hb[it] = int32(nb + k)
	}
	h := bitsHitting(c.p, hb, nb)
	c.adj = make([]uint64, nb)
	for v := range nb {
		for _, u := range h[v] {
			if u < int32(nb) && int(u) != v {
				c.adj[v] |= 1 << u
				c.adj[u] |= 1 << v
			}
		}
	}
	for _, s := range c.size {
		if s <= 0 {
			return
		}
	}
	for _, m := range c.opt {
		start := m & -m
		seen := start
		for {
			grow := seen
			for r := seen; r != 0; r &= r - 1 {
				grow |= c.adj[bits.TrailingZeros64(r)]
			}
			grow &= m
			if grow == seen {
				break
			}
			seen = grow
		}
		if seen != m {
			return // an option whose cells are not linked: no region test
		}
	}
	g := 0
	for _, s := range c.size {
		g = gcd(g, int(s))
	}
	c.region = true
	for _, s := range c.size {
		c.regionCap = max(c.regionCap, 2*int(s))
	}
	same := true
	for _, s := range c.size {
		same = same && s == c.size[0]
	}
	if same {
		c.regionMod = g
	}
}

// cellSearch is one run of the cell search.
type cellSearch struct {
	c      *cellPlan
	chosen []int32 // the option chosen at each level
	nodes  int64
	count  int64
	visit  func(opts []int32) bool // called with each solution; false stops
	stop   bool
	// noRegion turns the region test off (for measuring it)
	noRegion bool
}

func newCellSearch(c *cellPlan) *cellSearch {
	return &cellSearch{c: c, chosen: make([]int32, 0, c.nPieces+1)}
}

// run counts (and visits) every solution from the empty board.
func (s *cellSearch) run() int64 {
	s.search(0, s.c.allPcs)
	return s.count
}

// search extends a partial packing: used is the cells covered, left the
// pieces not yet placed.
func (s *cellSearch) search(used, left uint64) {
	c := s.c
	s.nodes++
	empty := c.prim &^ used
	if empty == 0 {
		if left == 0 {
			s.count++
			if s.visit != nil && !s.visit(s.chosen) {
				s.stop = true
			}
		}
		return
	}
	cell := bits.TrailingZeros64(empty)
	base := cell * c.nPieces
	for l := left; l != 0; l &= l - 1 {
		k := bits.TrailingZeros64(l)
		lo, hi := c.start[base+k], c.start[base+k+1]
		for j := lo; j < hi; j++ {
			m := c.candM[j]
			if m&used != 0 {
				continue
			}
			nu := used | m
			nl := left &^ (1 << k)
			if c.region && !s.noRegion && s.regionDead(nu, nl, m) {
				continue
			}
			s.chosen = append(s.chosen, c.cand[j])
			s.search(nu, nl)
			s.chosen = s.chosen[:len(s.chosen)-1]
			if s.stop {
				return
			}
		}
	}
}

// regionDead reports whether a region of empty primary-or-secondary cells
// next to m (just placed) has a size that the pieces left cannot make.
// Secondary cells may stay empty, so with any the test is skipped for
// regions that hold one.
func (s *cellSearch) regionDead(used, left, m uint64) bool {
	c := s.c
	var around uint64
	for r := m; r != 0; r &= r - 1 {
		around |= c.adj[bits.TrailingZeros64(r)]
	}
	free := ^used
	seeds := around & free & c.prim
	var sums uint64 // subset sums of the pieces left (mixed sizes), lazily
	var big uint64  // cells of regions found too big to test
	for seeds != 0 {
		reg := seeds & -seeds
		front := reg
		n := 1
		for front != 0 && n <= c.regionCap {
			var g uint64
			for r := front; r != 0; r &= r - 1 {
				g |= c.adj[bits.TrailingZeros64(r)]
			}
			front = g & free &^ reg
			reg |= front
			n += bits.OnesCount64(front)
			if front&big != 0 {
				n = c.regionCap + 1
			}
		}
		seeds &^= reg
		if n > c.regionCap {
			big |= reg
			continue // a big region: rarely unfillable, and costly to flood
		}
		if reg&^c.prim != 0 {
			continue // optional cells: any size may be fine
		}
		if c.regionMod > 0 {
			if n%c.regionMod != 0 {
				return true
			}
			continue
		}
		if sums == 0 {
			sums = 1
			for l := left; l != 0; l &= l - 1 {
				sums |= sums << c.size[bits.TrailingZeros64(l)]
			}
		}
		if n < 64 && sums&(1<<n) == 0 {
			return true
		}
	}
	return false
}
