package unique

import (
	"context"
	"slices"

	"polyviz/solver"
)

// index holds the solutions and, for each option, the solutions that use it.
type index struct {
	prob  *solver.Problem
	sols  [][]int32
	byOpt [][]int32 // option -> the solutions using it, in order
	piece []int     // option -> its piece item, or -1 when it cannot be fixed
}

func newIndex(prob *solver.Problem, sols [][]int32) *index {
	ix := &index{prob: prob, sols: sols, byOpt: make([][]int32, prob.NumOptions()), piece: make([]int, prob.NumOptions())}
	for s, sol := range sols {
		for _, o := range sol {
			ix.byOpt[o] = append(ix.byOpt[o], int32(s))
		}
	}
	for o := range ix.piece {
		ix.piece[o] = -1
		if prob.OptionSize(o) == 0 {
			continue
		}
		// an option in some solutions but not all (fixing it otherwise
		// removes nothing, or everything) that Restrict can force
		if forcible(prob, o) && len(ix.byOpt[o]) > 0 && len(ix.byOpt[o]) < len(sols) {
			ix.piece[o] = prob.OptionItemIndexes(o)[0]
		}
	}
	return ix
}

// fixable returns the number of pieces with an option a change may fix.
func (ix *index) fixable() int {
	seen := map[int]bool{}
	for _, item := range ix.piece {
		if item >= 0 {
			seen[item] = true
		}
	}
	return len(seen)
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

// spread picks max of the sets found, round by round: each round takes the
// first set not yet taken whose first piece has not been taken that round.
func spread(ix *index, found [][]int, max int) [][]int {
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

// common returns the one solution that uses every option of c, its
// options sorted.
func (ix *index) common(c []int) []int {
	sols := ix.byOpt[c[0]]
	for _, o := range c[1:] {
		sols = intersect(nil, sols, ix.byOpt[o])
	}
	if len(sols) == 0 {
		return nil
	}
	out := make([]int, len(ix.sols[sols[0]]))
	for i, o := range ix.sols[sols[0]] {
		out[i] = int(o)
	}
	return out
}
