package solver

import (
	"context"
	"fmt"
	"slices"
)

// Split cuts the search tree of p into at least n independent pieces for
// runs on other machines: it searches the top of the tree itself, always
// expanding the piece that is largest in Knuth's estimate (a uniform tree
// with the branching degrees seen on the way to it), until there are n or
// the tree is exhausted. The Checkpoint it returns holds the figures of
// the nodes it searched and the pieces, each a whole subtree after a
// prefix; resuming it (or any partition of its tasks, each with zero
// figures, as `polyviz split` does) and adding the figures gives exactly
// the figures of one whole search.
func Split(ctx context.Context, p *Problem, n int) (Checkpoint, error) {
	if p.err != nil {
		return Checkpoint{}, p.err
	}
	if p.hasMultiplicities() {
		return Checkpoint{}, fmt.Errorf("solver: split: %w: the problem has items with multiplicities (Algorithm M)", ErrCheckpointUnsup)
	}
	hash, err := ProblemHash(p)
	if err != nil {
		return Checkpoint{}, err
	}
	e := newEngine(p)
	type piece struct {
		prefix []int32
		scores []int32
		weight float64
	}
	pending := []piece{{weight: 1}}
	for len(pending) > 0 && len(pending) < n {
		if err := ctx.Err(); err != nil {
			return Checkpoint{}, err
		}
		// take the largest piece (the first of equal ones)
		i := 0
		for j, t := range pending {
			if t.weight > pending[i].weight {
				i = j
			}
		}
		t := pending[i]
		pending = slices.Delete(pending, i, i+1)
		// search its root: the node, a solution or a dead end, or the
		// covering of its item and the commits of its options, each
		// option a new piece
		l := len(t.prefix)
		e.grow(l + 2)
		e.replay(t.prefix, make([]int32, l))
		e.nodes++
		e.profile[l]++
		e.maxl = max(e.maxl, l)
		var kids []piece
		if e.cl[0].next == 0 {
			e.count++
		} else if best := e.choose(); e.nd[best].itm <= 0 {
			e.updates++ // DLX1 covers the dead item
		} else {
			score := e.nd[best].itm
			e.coverItem(best)
			for x := e.nd[best].down; x != best; x = e.nd[x].down {
				e.commit(x)
				kids = append(kids, piece{
					prefix: append(slices.Clip(t.prefix), x),
					scores: append(slices.Clip(t.scores), score),
					weight: t.weight / float64(score),
				})
				e.uncommit(x)
			}
			e.uncoverItem(best)
		}
		e.unwind(l)
		pending = slices.Insert(pending, i, kids...) // keep the tree order
	}
	c := Checkpoint{Problem: hash, Nodes: e.nodes, Updates: e.updates, Solutions: e.count, MaxLevel: e.maxl}
	c.Profile = append([]int64(nil), e.profile[:e.maxl+1]...)
	for _, t := range pending {
		x := Task{From: -1, To: -1, Scores: t.scores, Weight: t.weight}
		for _, n := range t.prefix {
			x.Prefix = append(x.Prefix, Step{Item: int(e.nd[n].itm) - 1, Option: e.optionOf(n)})
		}
		c.Tasks = append(c.Tasks, x)
	}
	c.Done = len(c.Tasks) == 0
	return c, nil
}
