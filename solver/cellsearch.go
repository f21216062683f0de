package solver

import (
	"math/bits"
	"slices"
)

// The cell search is a packing search on one-word bitboards, the
// alternative to the option-bitset engine (bitsopt.go), which walks
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
// package builds them), at most 64 pieces and marks (Problem.SetMark)
// together and at most 64 cells (primary or secondary), and every option
// covers a primary cell. Every reference puzzle of `polyviz bench`
// fits: 6x10, 5x12, 8x8 with a hole, Soma, pentacube 2x5x6 and 3x4x5,
// Bedlam (64 cells, 13 pieces).
//
// It is an engine of the driver (EngineCell, "cell" in checkpoints): a
// prefix is the candidates chosen (indexes in cellPlan.cands), one per
// level, and its figures are its own: a node per level entered (leaves
// included), an update per placement tried that fits.

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

// linked returns the cells of within that are joined to start (a subset
// of within) through neighbours in within.
func (c *cellPlan) linked(start, within uint64) uint64 {
	seen := start
	for seen != 0 {
		grow := seen
		for r := seen; r != 0; r &= r - 1 {
			grow |= c.adj[bits.TrailingZeros64(r)]
		}
		grow &= within
		if grow == seen {
			break
		}
		seen = grow
	}
	return seen
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
	for k, it := range c.markItem { // marks: after the pieces, no cells
		hb[it] = int32(nb + c.nPieces + k)
	}
	h := bitsHitting(c.p, hb, nb)
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
		if c.linked(m&-m, m) != m {
			return // an option whose cells are not linked: no region test
		}
	}
	g := 0
	for _, s := range c.size {
		g = gcd(g, int(s))
	}
	c.region = true
	c.regionOne = 64
	for _, s := range c.size {
		c.regionCap = max(c.regionCap, cellRegionSpan*int(s))
		c.regionOne = min(c.regionOne, 2*int(s))
		c.tileMax = max(c.tileMax, cellTilePieces*int(s))
	}
	same := true
	for _, s := range c.size {
		same = same && s == c.size[0]
	}
	if same {
		c.regionMod = g
		for n := 1; n < 64; n++ {
			if n%g != 0 {
				c.badSize |= 1 << n
			}
		}
	}
	for t := range 64 {
		cells := c.prim &^ (1<<t - 1)
		if c.linked(cells&-cells, cells) == cells && bits.OnesCount64(cells) > c.regionCap {
			c.ahead[t] = cells
		}
	}
}

// cellShape is an entry of cellPlan.shapes: the pieces (pcs) with a
// candidate covering cells m and no mark, and whether one covers a mark.
type cellShape struct {
	m, pcs uint64
	marked bool
}

// shapeHash is the slot of cells m in a table of 1<<b slots.
func shapeHash(m uint64, b uint) uint64 { return (m * 0x9e3779b97f4a7c15) >> (64 - b) }

// setShapes builds the table of the candidates' cells.
func (c *cellPlan) setShapes() {
	c.shapeBits = 4
	for 1<<c.shapeBits < 2*len(c.cands) {
		c.shapeBits++
	}
	c.shapes = make([]cellShape, 1<<c.shapeBits)
	mask := uint64(len(c.shapes) - 1)
	for _, cd := range c.cands {
		h := shapeHash(cd.m, c.shapeBits)
		for c.shapes[h].m != 0 && c.shapes[h].m != cd.m {
			h = (h + 1) & mask
		}
		e := &c.shapes[h]
		e.m = cd.m
		if cd.mk == 0 {
			e.pcs |= cd.pc
		} else {
			e.marked = true
		}
	}
}

// onePiece reports whether a piece left (with its marks free) has a
// candidate whose cells are reg.
func (c *cellPlan) onePiece(reg, left uint64) bool {
	mask := uint64(len(c.shapes) - 1)
	for h := shapeHash(reg, c.shapeBits); ; h = (h + 1) & mask {
		e := &c.shapes[h&mask]
		if e.m == reg {
			if e.pcs&left != 0 {
				return true
			}
			if !e.marked {
				return false
			}
			break
		}
		if e.m == 0 {
			return false
		}
	}
	cell := bits.TrailingZeros64(reg)
	st := c.start[cell*c.nPieces : (cell+1)*c.nPieces+1]
	for pcs := left & c.allPcs; pcs != 0; pcs &= pcs - 1 {
		k := bits.TrailingZeros64(pcs)
		for _, cd := range c.cands[st[k]:st[k+1]] {
			if cd.m == reg && cd.mk&^left == 0 {
				return true
			}
		}
	}
	return false
}

// cellSearch is one worker's cell search, a taskSearch.
type cellSearch struct {
	c    *cellPlan
	used []uint64 // the cells covered on entering each level
	left []uint64 // the pieces not yet placed and the marks free on entering each level
	cur  []int32  // the candidate chosen at each level
	end  []int32  // where the candidates of that level's piece end
	rest []uint64 // the pieces that level has still to try after it

	// noRegion turns the region test off (for measuring it)
	noRegion bool

	// tiles keeps small regions' tilings (celltilings.go; nil: none)
	tiles *tileMemo

	// memo remembers fills' answers by region and pieces left (a
	// direct-mapped cache: a slot holds the last region hashed to it)
	memo []cellMemo

	taskFigures
}

// cellMemo is a slot of cellSearch.memo: region reg with pieces left
// left can be filled; with ^left, it cannot (left is never its own
// complement, and the slot stays 16 bytes).
type cellMemo struct {
	reg, left uint64
}

// cellMemoBits is the log2 of the slots of a search's memo (16 bytes a
// slot): a larger memo saves fill steps and loses more time to cache
// misses; 2^15 was the fastest of 2^12 to 2^21 on pentomino 6x10 and
// pentacube 3x4x5 up to all symmetries.
const cellMemoBits = 15

func newCellSearch(c *cellPlan) *cellSearch {
	n := c.nPieces + 2
	s := &cellSearch{c: c, used: make([]uint64, n), left: make([]uint64, n),
		cur: make([]int32, n), end: make([]int32, n), rest: make([]uint64, n), taskFigures: newTaskFigures(n)}
	s.left[0] = c.allPcs | c.marks
	if c.region {
		s.memo = make([]cellMemo, 1<<cellMemoBits)
		if c.tileMax >= c.regionOne {
			s.tiles = newTileMemo()
		}
	}
	return s
}

// cellRegionSpan is how many of the largest piece a region the region
// test floods and fills exactly may hold at most: a larger span cuts more
// nodes and costs more fill steps a node; 6 was the fastest of 2 to 12 on
// both pentomino 6x10 and pentacube 2x5x6. No span makes the cell search
// pay on boxes thicker than two cells (puzzle.Plan keeps those on the
// bitset engine).
const cellRegionSpan = 6

// rangeAt returns the candidates at level l after used: the root piece's
// options at the root, else those of the first empty primary cell.
func (c *cellPlan) rangeAt(l int, used uint64) (lo, hi int32, ok bool) {
	if l == 0 && c.rootPc >= 0 {
		return c.rootLo, c.rootHi, true
	}
	return c.cellRange(used)
}

// cellRange returns the candidates of the first empty primary cell after
// used: cands[lo:hi]; ok is false when every primary cell is covered.
func (c *cellPlan) cellRange(used uint64) (lo, hi int32, ok bool) {
	empty := c.prim &^ used
	if empty == 0 {
		return 0, 0, false
	}
	cell := bits.TrailingZeros64(empty)
	return c.start[cell*c.nPieces], c.start[(cell+1)*c.nPieces], true
}

// search explores the subtree below the replayed prefix, entering level
// root (see taskSearch). At a cell it takes the pieces left in turn
// (rest: those not yet tried), each piece's candidates from its range in
// start, so the pieces placed cost nothing.
func (s *cellSearch) search(root int) bool {
	c := s.c
	region := c.region && !s.noRegion
	np := c.nPieces
	l := root
	var j, end int32
	var used, left, rest uint64
	var st []int32 // start's ranges of the current level's cell
enter:
	if !s.enter(l) {
		return false
	}
	used, left = s.used[l], s.left[l]
	if l == 0 && c.rootPc >= 0 {
		j, end, rest = c.rootLo, c.rootHi, 0
	} else {
		empty := c.prim &^ used
		if empty == 0 {
			if left&c.allPcs == 0 {
				s.count++
				if s.solution != nil {
					s.level = l
					if !s.solution() {
						return false
					}
				}
			}
			goto backtrack
		}
		cell := bits.TrailingZeros64(empty)
		st = c.start[cell*np : cell*np+np+1]
		j, end, rest = 0, 0, left&c.allPcs
	}
try:
	for {
		for ; j < end; j++ {
			cd := &c.cands[j]
			if cd.m&used|cd.mk&^left != 0 {
				continue
			}
			s.updates++
			if region && s.regionDead(used|cd.m, left&^cd.take, cd.around) {
				continue
			}
			s.cur[l], s.end[l], s.rest[l] = j, end, rest
			l++
			s.used[l], s.left[l] = used|cd.m, left&^cd.take
			goto enter
		}
		if rest == 0 {
			break
		}
		k := bits.TrailingZeros64(rest)
		rest &= rest - 1
		j, end = st[k], st[k+1]
	}
backtrack:
	if l == root {
		return true
	}
	l--
	j, end, rest = s.cur[l]+1, s.end[l], s.rest[l]
	used, left = s.used[l], s.left[l]
	if rest != 0 {
		cell := bits.TrailingZeros64(c.prim &^ used)
		st = c.start[cell*np : cell*np+np+1]
	}
	goto try
}

// replay sets the state after the prefix's choices, counting nothing.
func (s *cellSearch) replay(prefix []int32) {
	c := s.c
	for l, j := range prefix {
		_, end, _ := c.rangeAt(l, s.used[l])
		cd := &c.cands[j]
		s.cur[l], s.end[l] = j, end
		s.used[l+1], s.left[l+1] = s.used[l]|cd.m, s.left[l]&^cd.take
	}
}

// children expands the node the prefix leads to (see taskSearch).
func (s *cellSearch) children(prefix []int32, out *[][]int32, count bool) bool {
	s.replay(prefix)
	c := s.c
	l := len(prefix)
	used, left := s.used[l], s.left[l]
	j, end, ok := c.rangeAt(l, used)
	if !ok {
		return false // a leaf
	}
	if count {
		s.count1(l)
	}
	for j < end {
		cd := &c.cands[j]
		if left&cd.pc == 0 {
			j = cd.next
			continue
		}
		if cd.m&used|cd.mk&^left == 0 {
			if count {
				s.updates++
			}
			if !(c.region && !s.noRegion && s.regionDead(used|cd.m, left&^cd.take, cd.around)) {
				*out = append(*out, append(slices.Clip(prefix), j))
			}
		}
		j++
	}
	return true
}

// position is Knuth's estimate of the share of the subtree below root
// searched so far: the sum over the levels of (k-1)/(d_root...d_l), where
// the choice at level l is the k-th of the d candidates of its cell, plus
// half of the last unit.
func (s *cellSearch) position(root int) float64 {
	f, fd := 0.0, 1.0
	for l := root; l < s.level; l++ {
		lo, hi, _ := s.c.rangeAt(l, s.used[l])
		fd *= float64(hi - lo)
		f += float64(s.cur[l]-lo) / fd
	}
	return f + 0.5/fd
}

// solutionAt builds the solution at the current leaf: the options chosen
// at levels 0..level-1, each with the cell it was chosen for.
func (s *cellSearch) solutionAt() Solution {
	c := s.c
	n := s.level
	sol := Solution{Options: make([]int, 0, n), Choices: make([]Choice, 0, n)}
	for l := range n {
		used := s.used[l]
		lo, hi, _ := c.rangeAt(l, used)
		o := int(c.cands[s.cur[l]].opt)
		item := c.cellItem[bits.TrailingZeros64(c.prim&^used)]
		if lo == c.rootLo {
			item = c.pieceItem[c.rootPc]
		}
		sol.Options = append(sol.Options, o)
		sol.Choices = append(sol.Choices, Choice{Option: o, Item: int(item), K: int(s.cur[l]-lo) + 1, D: int(hi - lo)})
	}
	return sol
}

// stepOf names candidate j by its option, and a choice of the root piece
// by that piece's item too.
func (s *cellSearch) stepOf(j int32) Step {
	c := s.c
	if j >= c.rootLo {
		return Step{Item: int(c.pieceItem[c.rootPc]), Option: int(c.cands[j].opt)}
	}
	return Step{Item: -1, Option: int(c.cands[j].opt)}
}

// choiceOf returns the candidate of option st.Option (a root piece's
// copy when st names the piece).
func (s *cellSearch) choiceOf(st Step) (int32, bool) {
	c := s.c
	if st.Option < 0 || st.Option >= len(c.index) {
		return 0, false
	}
	if st.Item < 0 {
		return c.index[st.Option], true
	}
	for j := c.rootLo; j < c.rootHi; j++ {
		if int(c.cands[j].opt) == st.Option && int(c.pieceItem[c.rootPc]) == st.Item {
			return j, true
		}
	}
	return 0, false
}

// regionDead reports whether a region of empty primary-or-secondary cells
// next to the option just placed (around: the primary cells next to it;
// used includes it) has a size that the pieces
// left cannot make. Secondary cells may stay empty, so with any the test
// is skipped for regions that hold one.
func (s *cellSearch) regionDead(used, left, around uint64) bool {
	c := s.c
	free := ^used
	// cells of regions found too big to test: at first those past the
	// last primary cell covered
	big := c.ahead[64-bits.LeadingZeros64(used&c.prim)]
	seeds := around & free &^ big
	capN := c.regionCap
	adj := &c.adj
	var sums uint64 // subset sums of the pieces left (mixed sizes), lazily
	for seeds != 0 {
		reg := seeds & -seeds
		front := reg
		n := 1
		for front != 0 && n <= capN {
			var g uint64
			for r := front; r != 0; r &= r - 1 {
				g |= adj[bits.TrailingZeros64(r)&63]
			}
			front = g & free &^ reg
			reg |= front
			n += bits.OnesCount64(front)
			if front&big != 0 {
				n = capN + 1
			}
		}
		seeds &^= reg
		if n > capN {
			big |= reg
			continue // a big region: rarely unfillable, and costly to flood
		}
		if reg&^c.prim != 0 {
			continue // optional cells: any size may be fine
		}
		if c.regionMod > 0 {
			if c.badSize&(1<<n) != 0 {
				return true
			}
		} else {
			if sums == 0 {
				sums = 1
				for l := left & c.allPcs; l != 0; l &= l - 1 {
					sums |= sums << c.size[bits.TrailingZeros64(l)]
				}
			}
			if n < 64 && sums&(1<<n) == 0 {
				return true
			}
		}
		if !s.fills(reg, n, left) {
			return true
		}
	}
	return false
}

// fills reports whether pieces left (with their marks free) fill reg,
// a small region of n primary cells, exactly: a search of its own,
// remembered in memo.
func (s *cellSearch) fills(reg uint64, n int, left uint64) bool {
	c := s.c
	if n < c.regionOne {
		return reg == 0 || c.onePiece(reg, left)
	}
	if n <= c.tileMax && s.tiles != nil {
		if sets, ok := s.tilesFor(reg); ok {
			for _, set := range sets {
				if set&^left == 0 {
					return true
				}
			}
			return false
		}
	}
	return s.fillsUntiled(reg, n, left)
}

// fillsUntiled is fills without the tilings: a search, remembered in memo
// for regions of four of the smallest piece or more.
func (s *cellSearch) fillsUntiled(reg uint64, n int, left uint64) bool {
	c := s.c
	if n < 2*c.regionOne {
		// under four of the smallest piece: searching again costs less
		// than the memo's cache misses (6x10 distinct: 5% fewer
		// instructions, 2x5x6 1% more)
		return s.fillsSearch(reg, n, left)
	}
	m := &s.memo[((reg*0x9e3779b97f4a7c15)^(left*0xc2b2ae3d27d4eb4f))>>(64-cellMemoBits)]
	if m.reg == reg {
		if m.left == left {
			return true
		}
		if m.left == ^left {
			return false
		}
	}
	ok := s.fillsSearch(reg, n, left)
	m.reg, m.left = reg, left
	if !ok {
		m.left = ^left
	}
	return ok
}

// fillsSearch is fills' search, on the candidates of reg's first cell
// that lie inside it.
func (s *cellSearch) fillsSearch(reg uint64, n int, left uint64) bool {
	c := s.c
	cell := bits.TrailingZeros64(reg)
	st := c.start[cell*c.nPieces : (cell+1)*c.nPieces+1]
	for pcs := left & c.pcsAt[cell]; pcs != 0; pcs &= pcs - 1 {
		k := bits.TrailingZeros64(pcs)
		lo := st[k]
		for i, m := range c.candCells[lo:st[k+1]] {
			if m&^reg != 0 {
				continue // most candidates leave the region
			}
			mk := c.candMk[int(lo)+i]
			if mk&^left == 0 && s.fills(reg&^m, n-int(c.size[k]), left&^(pcs&-pcs|mk)) {
				return true
			}
		}
	}
	return false
}
