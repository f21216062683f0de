package estimate

import (
	"context"

	"polyviz/solver"
)

// Tree holds the exact figures of a search tree, counted as DLX1 counts
// them: a node per level entered (solutions and dead ends included), an
// update per item covered and per option node hidden.
type Tree struct {
	Nodes, Updates, Solutions int64
}

// Walk searches the whole tree the probes sample and counts it. It is for
// tests and small problems: it takes as long as the search itself. It
// returns ctx.Err() when ctx ends.
func Walk(ctx context.Context, p *solver.Problem) (Tree, error) {
	return walkTree(ctx, p, newNode)
}

// walkTree is Walk with the kind of node it walks (tests compare them).
func walkTree(ctx context.Context, p *solver.Problem, root func(*matrix) node) (Tree, error) {
	m, err := newMatrix(p)
	if err != nil {
		return Tree{}, err
	}
	w := root(m)
	var t Tree
	var walk func() error
	walk = func() error {
		t.Nodes++
		if t.Nodes%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		i := w.choose()
		if i < 0 {
			if w.solved() {
				t.Solutions++
			}
			return nil
		}
		if w.empty(i) {
			t.Updates++ // DLX1 covers the dead item
			return nil
		}
		t.Updates += w.coverCost(i)
		for _, x := range w.options(i, nil) {
			t.Updates += w.commit(i, x)
			err := walk()
			w.undo()
			if err != nil {
				return err
			}
		}
		return nil
	}
	err = walk()
	return t, err
}
