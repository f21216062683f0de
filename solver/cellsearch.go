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

// cellSearch is one worker's cell search, a taskSearch.
type cellSearch struct {
	c    *cellPlan
	used []uint64 // the cells covered on entering each level
	left []uint64 // the pieces not yet placed and the marks free on entering each level
	cur  []int32  // the candidate chosen at each level
	end  []int32  // where the candidates of that level's piece end
	rest []uint64 // the pieces that level has still to try after it
	slab solutionSlab

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
	sol := s.slab.take(n)
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
