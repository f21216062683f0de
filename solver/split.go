package solver

import (
	"context"
)

// Split cuts the search tree of p for dancing links into at least n
// independent pieces for runs on other machines (when the tree is that
// big), as a run cuts it (breadth first from the root, in the tree's
// order): the Checkpoint it returns holds the figures of the nodes above
// the pieces and the pieces, each a whole subtree after a prefix. Resuming
// it (or any partition of its tasks, each with zero figures, as `polyviz
// split` does) and adding the figures gives exactly the figures of one
// whole search.
func Split(ctx context.Context, p *Problem, n int) (Checkpoint, error) {
	if p.err != nil {
		return Checkpoint{}, p.err
	}
	return splitTasks(ctx, p, dlxEngine(p, Options{}), max(n, 1))
}

// SplitBits cuts the search tree of p as a bitset run does, into the same
// tasks in the same order (at least 4096 when the tree is that big), for
// runs on other machines: the Checkpoint it returns holds the figures of
// the nodes above the tasks and the tasks, each a whole subtree after a
// prefix, with Engine "bits". Resuming it (or any partition of its tasks,
// each with zero figures) with Solve and adding the figures gives exactly
// the figures of one bitset run. ok is false when the bitset engine does
// not apply to p.
func SplitBits(ctx context.Context, p *Problem) (c Checkpoint, ok bool, err error) {
	if p.err != nil {
		return Checkpoint{}, false, p.err
	}
	eng, ok := bitsEngine(p)
	if !ok {
		return Checkpoint{}, false, nil
	}
	c, err = splitTasks(ctx, p, eng, minTasks)
	return c, true, err
}

// SplitCell cuts the search tree of p as a cell-search run (EngineCell)
// does, as SplitBits does for the bitset engine, with Engine "cell". ok is
// false when the cell search does not apply to p.
func SplitCell(ctx context.Context, p *Problem) (c Checkpoint, ok bool, err error) {
	if p.err != nil {
		return Checkpoint{}, false, p.err
	}
	eng, ok := cellEngine(p)
	if !ok {
		return Checkpoint{}, false, nil
	}
	c, err = splitTasks(ctx, p, eng, minTasks)
	return c, true, err
}
