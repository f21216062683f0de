package solver

import (
	"math/bits"
	"slices"
)

// The cell search's region test: after a placement, the regions of empty
// cells next to it must each be filled exactly by pieces left.

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
	if g == 0 {
		return // no piece has an option (none fits): no sizes to test
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

// cellRegionSpan is how many of the largest piece a region the region
// test floods and fills exactly may hold at most: a larger span cuts more
// nodes and costs more fill steps a node; 6 was the fastest of 2 to 12 on
// both pentomino 6x10 and pentacube 2x5x6. No span makes the cell search
// pay on boxes thicker than two cells (puzzle.Plan keeps those on the
// bitset engine).
const cellRegionSpan = 6

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
