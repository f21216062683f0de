package unique

import (
	"context"
	"fmt"
	"slices"

	"polyviz/solver"
)

// index holds the solutions and, for each feature, the solutions that
// have it. A feature is an option (a piece in a placement), or an
// optional cell k filled (feature nopt+2k) or left empty (nopt+2k+1): each
// is a change that keeps the solutions that have it.
type index struct {
	prob  *solver.Problem
	nopt  int
	cells []int     // the optional cells' items
	sols  [][]int32 // each solution's features, sorted
	byOpt [][]int32 // feature -> the solutions having it, in order
	piece []int     // feature -> its piece item (a cell's: NumItems+k), or -1 when it cannot change
}

func newIndex(prob *solver.Problem, sols [][]int32, optional []string) (*index, error) {
	nopt := prob.NumOptions()
	ix := &index{prob: prob, nopt: nopt, sols: sols}
	slot := map[int]int{} // item -> k
	for _, name := range optional {
		i, ok := prob.ItemIndex(name)
		if !ok || i < prob.NumPrimary() || prob.IsMark(i) {
			return nil, fmt.Errorf("unique: %q is not an optional cell of the problem", name)
		}
		if _, twice := slot[i]; !twice {
			slot[i] = len(ix.cells)
			ix.cells = append(ix.cells, i)
		}
	}
	nf := nopt + 2*len(ix.cells)
	ix.byOpt, ix.piece = make([][]int32, nf), make([]int, nf)
	filled := make([]bool, len(ix.cells))
	for s, sol := range sols {
		if len(ix.cells) > 0 {
			clear(filled)
			for _, o := range sol {
				for _, item := range prob.OptionItemIndexes(int(o)) {
					if k, ok := slot[item]; ok {
						filled[k] = true
					}
				}
			}
			for k, f := range filled {
				if f {
					sol = append(sol, int32(nopt+2*k))
				} else {
					sol = append(sol, int32(nopt+2*k+1))
				}
			}
			sols[s] = sol
		}
		for _, o := range sol {
			ix.byOpt[o] = append(ix.byOpt[o], int32(s))
		}
	}
	for f := range ix.piece {
		ix.piece[f] = -1
		// a feature of some solutions but not all (fixing it otherwise
		// removes nothing, or everything)
		if len(ix.byOpt[f]) == 0 || len(ix.byOpt[f]) == len(sols) {
			continue
		}
		switch {
		case f >= nopt:
			ix.piece[f] = prob.NumItems() + (f-nopt)/2
		case prob.OptionSize(f) > 0 && forcible(prob, f):
			ix.piece[f] = prob.OptionItemIndexes(f)[0]
		}
	}
	return ix, nil
}

// fixable returns the number of pieces with an option a change may fix,
// and of optional cells a change may fill or empty.
func (ix *index) fixable() (pieces, cells int) {
	seen := map[int]bool{}
	for f, item := range ix.piece {
		if item >= 0 && !seen[item] {
			seen[item] = true
			if f < ix.nopt {
				pieces++
			} else {
				cells++
			}
		}
	}
	return pieces, cells
}

// cellsOnly reports whether every feature of c changes a cell.
func (ix *index) cellsOnly(c []int) bool { return slices.Min(c) >= ix.nopt }

// onlyCells returns the index with the options left out of the search.
func (ix *index) onlyCells() *index {
	c := *ix
	c.piece = slices.Clone(ix.piece)
	for f := range ix.nopt {
		c.piece[f] = -1
	}
	return &c
}

// change returns feature f as a change.
func (ix *index) change(f int) Change {
	if f >= ix.nopt {
		k := (f - ix.nopt) / 2
		c := Change{Kind: FillCell, Option: -1, Cell: ix.prob.ItemName(ix.cells[k])}
		if (f-ix.nopt)%2 == 1 {
			c.Kind = EmptyCell
		}
		return c
	}
	items := ix.prob.OptionItems(f)
	return Change{Kind: FixPiece, Option: f, Piece: items[0], Items: items[1:]}
}

// search returns up to max sets of k options (ascending) that have exactly
// one solution in common while no smaller subset has, ranked so that the
// first pieces fixed vary before one piece is shown in several places.
func (ix *index) search(ctx context.Context, k, max int) ([][]int, error) {
	enough := max * 50 // found in option order, then spread over the pieces
	var found [][]int
	add := func(c ...int) bool {
		found = append(found, slices.Clone(c))
		return len(found) < enough
	}
	var err error
	switch k {
	case 1:
		for o := range ix.byOpt {
			if ix.piece[o] >= 0 && len(ix.byOpt[o]) == 1 {
				found = append(found, []int{o}) // all of them: one pass over the options
			}
		}
	case 2, 3:
		err = ix.searchMore(ctx, k, add)
	}
	return spread(ix, found, max), err
}

// searchMore finds pairs (k = 2) or triples (k = 3) with one solution in
// common, counting for each option a the options that share its solutions.
func (ix *index) searchMore(ctx context.Context, k int, add func(...int) bool) error {
	n := len(ix.byOpt)
	count2 := make([]int32, n)
	count3 := make([]int32, n)
	var touched2, touched3 []int
	common := make([]int32, 0, 64)
	for a := range ix.byOpt {
		if ix.piece[a] < 0 || len(ix.byOpt[a]) < 2 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		touched2 = ix.countWith(ix.byOpt[a], a, count2, touched2[:0])
		slices.Sort(touched2)
		for _, b := range touched2 {
			c := count2[b]
			if k == 2 && c == 1 && !add(a, b) {
				return nil
			}
			if k != 3 || c < 2 {
				continue
			}
			common = intersect(common[:0], ix.byOpt[a], ix.byOpt[b])
			touched3 = ix.countWith(common, b, count3, touched3[:0])
			slices.Sort(touched3)
			for _, d := range touched3 {
				if count3[d] == 1 && !add(a, b, d) {
					return nil
				}
			}
			for _, d := range touched3 {
				count3[d] = 0
			}
		}
		for _, b := range touched2 {
			count2[b] = 0
		}
	}
	return nil
}

// countWith adds, for each solution of sols, one to count[o] for its
// options o > after that can be fixed and are in two solutions or more,
// and returns the options touched.
func (ix *index) countWith(sols []int32, after int, count []int32, touched []int) []int {
	for _, s := range sols {
		for _, o := range ix.sols[s] {
			if int(o) <= after || ix.piece[o] < 0 || len(ix.byOpt[o]) < 2 {
				continue
			}
			if count[o] == 0 {
				touched = append(touched, int(o))
			}
			count[o]++
		}
	}
	return touched
}

// intersect appends to dst the values in both sorted lists.
func intersect(dst, a, b []int32) []int32 {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			dst = append(dst, a[i])
			i, j = i+1, j+1
		}
	}
	return dst
}

// spread picks max of the sets found, fixing pieces and changing cells
// in turn when there are both, each kind round by round: each round takes
// the first set not yet taken whose first feature's piece (or cell) has
// not been taken that round.
func spread(ix *index, found [][]int, max int) [][]int {
	var pieces, cells [][]int
	for _, c := range found {
		if slices.Max(c) >= ix.nopt {
			cells = append(cells, c)
		} else {
			pieces = append(pieces, c)
		}
	}
	pieces, cells = rounds(ix, pieces, max), rounds(ix, cells, max)
	var out [][]int
	for i := 0; len(out) < max && (i < len(pieces) || i < len(cells)); i++ {
		if i < len(pieces) {
			out = append(out, pieces[i])
		}
		if i < len(cells) && len(out) < max {
			out = append(out, cells[i])
		}
	}
	return out
}

// rounds picks max of the sets, round by round, as spread says.
func rounds(ix *index, found [][]int, max int) [][]int {
	var out [][]int
	taken := make([]bool, len(found))
	for len(out) < max && len(out) < len(found) {
		seen := map[int]bool{}
		for i, c := range found {
			if taken[i] || seen[ix.piece[c[0]]] || len(out) == max {
				continue
			}
			seen[ix.piece[c[0]]] = true
			taken[i] = true
			out = append(out, c)
		}
	}
	return out
}

// common returns the one solution that has every feature of c, its
// options sorted.
func (ix *index) common(c []int) []int {
	sols := ix.byOpt[c[0]]
	for _, o := range c[1:] {
		sols = intersect(nil, sols, ix.byOpt[o])
	}
	if len(sols) == 0 {
		return nil
	}
	var out []int
	for _, o := range ix.sols[sols[0]] {
		if int(o) < ix.nopt {
			out = append(out, int(o))
		}
	}
	return out
}
