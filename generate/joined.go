package generate

import (
	"context"
)

// growJoined calls take with g.list set to each subset of the
// template that holds every fixed cell, is joined through faces and has lo
// to hi cells, once each, and counts them in *tried. It grows the pieces
// as Redelmeier's method grows polyominoes: from its least cell r (in the
// template's order) a piece takes, one at a time, the cells offered to it,
// those beside it that are greater than r; a cell passed over at some
// level is not taken below it. Every fixed cell is before every optional
// one, so a piece holding them all has cell 0 as its root.
//
// Why each joined subset S with least cell r comes once: at a node (a
// piece P, some cells passed over, the rest offered) the offered cells are
// tried in turn, and taking one passes over those tried before it for
// good, so the node's branches hold disjoint sets of subsets, told apart
// by the first offered cell (in trial order) each holds. If S holds P and
// no cell passed over, and S is larger, a cell of S outside P lies beside
// P (S is joined); it is greater than r and not passed over, so offered:
// S is in exactly one branch. By induction on |S| - |P| from the root
// alone, S is grown exactly once (TestJoinedMatchesSubsets holds this to
// trying every subset).
//
// More than limit pieces grown (with or without the fixed cells) stop it
// with a TooManyError; ctx is checked, and progress called, every 2^14.
func (g *generator) growJoined(ctx context.Context, lo, hi int, limit uint64, tried *uint64, progress func(done, total uint64), take func() error) error {
	n, nf := len(g.cells), len(g.t.Fixed)
	// frontier[v]: v is in the piece or offered to it on the current path
	frontier := make([]bool, n)
	fixed := 0 // fixed cells in the piece
	var grown uint64
	var root int
	var grow func(offered []int) error
	grow = func(offered []int) error {
		for len(offered) > 0 {
			v := offered[len(offered)-1]
			offered = offered[:len(offered)-1]
			g.list = append(g.list, v)
			if v < nf {
				fixed++
			}
			if grown++; grown > limit {
				return &TooManyError{Optional: len(g.t.Optional), Limit: limit, Joined: true, Max: hi}
			}
			if grown&(1<<14-1) == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
				if progress != nil {
					progress(*tried, 0)
				}
			}
			if len(g.list) >= lo && fixed == nf {
				*tried++
				if err := take(); err != nil {
					return err
				}
			}
			if len(g.list) < hi {
				// the cells offered below: those not taken yet here, and
				// v's new neighbours
				next := append(make([]int, 0, len(offered)+len(g.adj[v])), offered...)
				for _, w := range g.adj[v] {
					if w > root && !frontier[w] {
						frontier[w] = true
						next = append(next, w)
					}
				}
				err := grow(next)
				for _, w := range next[len(offered):] {
					frontier[w] = false
				}
				if err != nil {
					return err
				}
			}
			g.list = g.list[:len(g.list)-1]
			if v < nf {
				fixed--
			}
		}
		return nil
	}
	roots := n
	if nf > 0 {
		roots = 1
	}
	g.grown, g.list = true, g.list[:0]
	for root = range roots {
		frontier[root] = true
		err := grow([]int{root})
		frontier[root] = false
		if err != nil {
			return err
		}
	}
	if progress != nil {
		progress(*tried, 0)
	}
	return nil
}
