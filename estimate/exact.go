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

// exhaustNodes and exhaustUpdates are the most nodes and updates Run
// walks before it samples: a tree this small is counted exactly, in about
// the time of a few probes. The updates bound the walk where each node is
// dear (a 62x62 board: some 10^5 updates a node, 16,384 nodes took 12 s).
const (
	exhaustNodes   = 1 << 14
	exhaustUpdates = 1 << 24
)

// exhaust walks the whole tree below w as Walk does, weighing each
// solution, and reports false (with w back at the root) once it has met
// more than limit nodes or exhaustUpdates updates, or stop (asked every
// few dozen nodes; nil: never) says so.
func exhaust(w node, weigh func([]int32) float64, limit int, stop func() bool) (sample, bool) {
	var s sample
	s.weight = 1
	var walk func(depth int) bool
	walk = func(depth int) bool {
		s.nodes++
		if s.nodes > float64(limit) || s.updates > exhaustUpdates {
			return false
		}
		if stop != nil && int(s.nodes)%64 == 0 && stop() {
			return false
		}
		s.depth = max(s.depth, depth)
		i := w.choose()
		if i < 0 {
			if w.solved() {
				s.hit = true
				if weigh == nil {
					s.solutions++
				} else {
					s.solutions += weigh(w.path())
				}
			}
			return true
		}
		if w.empty(i) {
			s.updates++ // DLX1 covers the dead item
			return true
		}
		s.updates += float64(w.coverCost(i))
		for _, x := range w.options(i, nil) {
			s.updates += float64(w.commit(i, x))
			ok := walk(depth + 1)
			w.undo()
			if !ok {
				return false
			}
		}
		return true
	}
	ok := walk(0)
	w.reset()
	return s, ok
}
