package solver

import (
	"context"
	"time"
)

// SplitOptions say how Split and splitTree cut a tree. The zero value
// cuts it as a run of the bitset engine does, or into one piece for
// dancing links.
type SplitOptions struct {
	// Engine is the engine whose run the cut is of, with Solve's choice
	// and fallbacks: EngineCell is the cell search where it applies, else
	// the bitset engine; EngineAuto and EngineBits the bitset engine where
	// it applies, else dancing links; EngineDLX dancing links.
	Engine Engine
	// Pieces is the least number of pieces dancing links' tree is cut
	// into (when the tree is that big); the bitset engine and the cell
	// search cut theirs into the tasks a run makes (at least 4096) and
	// ignore it.
	Pieces int
	// Jobs is the number of jobs Split deals the pieces to; Seed
	// makes its probes reproducible.
	Jobs int
	Seed uint64
	// SearchBelow is a job's share of the tree, in estimated nodes, at or
	// below which Split sizes its pieces by searching them, which costs
	// about one search of the whole tree (0: DefaultSearchBelow). Jobs
	// that cost more of their own (a distinct count's read their puzzle)
	// make that search pay for larger shares.
	SearchBelow float64
	// Budget bounds the time Split spends refining the cut (0: none):
	// past it no piece is expanded or probed again, and the pieces it has,
	// each probed at least once, are dealt (SplitResult.CutShort). On a
	// big board a probe is a long walk, and the cut would otherwise take
	// hours. The cut stays exact; only the deal is less even.
	Budget time.Duration
	// Progress, when set, is called about once a second while Split
	// probes, on Split's goroutine.
	Progress func(SplitProgress)
}

// SplitProgress is how far a Split has got: the probes made and the
// pieces of the cut so far, and the time since it began.
type SplitProgress struct {
	Probes, Pieces int
	Elapsed        time.Duration
}

// splitTree cuts the search tree of p, as a Solve with opt.Engine cuts it (breadth
// first from the root, in the run's order), into independent pieces for
// runs on other machines: the Checkpoint it returns holds the figures of
// the nodes above the pieces and the pieces, each a whole subtree after a
// prefix, and names the engine that cut it (Checkpoint.Engine: "" for
// dancing links). Resuming it (or any partition of its tasks, each with
// zero figures) with Solve and adding the figures gives exactly the figures
// of one whole run of that engine. `polyviz split` cuts with Split
// instead, whose pieces are of like work rather than like count.
func splitTree(ctx context.Context, p *Problem, opt SplitOptions) (Checkpoint, error) {
	if p.err != nil {
		return Checkpoint{}, p.err
	}
	eng, err := pickEngine(ctx, p, Options{Engine: opt.Engine})
	if err != nil {
		return Checkpoint{}, err
	}
	n := minTasks
	if eng.kind == EngineDLX {
		n = max(opt.Pieces, 1)
	}
	return splitTasks(ctx, p, eng, n)
}
