package fillomino

import (
	"context"
	"errors"
	"time"

	"polyviz/solver"
)

// CheckOptions are the settings of Check; the zero value counts every
// solution under Knuth's label rule.
type CheckOptions struct {
	// Labels allowed in solutions (zero: 1 to the largest clue).
	Labels Labels
	// Max stops counting after this many solutions (0: count them all).
	Max int64
	// Workers searching (0: all CPUs).
	Workers int
	// ContradictionBudget bounds the search for a small contradicting set
	// of clues when there is no solution (0: 2 seconds; negative: none),
	// counted as nodes, a million a second, so that the set found is the
	// same on every machine.
	ContradictionBudget time.Duration
}

// Verdict is what Check finds out about a puzzle.
type Verdict struct {
	Labels Labels
	// Solutions found; the total when Complete.
	Solutions int64
	Complete  bool
	// First and Second are the first two solutions in DLX1's order (nil
	// when there are fewer).
	First, Second []int
	// Contradiction lists the cells (r*Cols+c) of a set of clues that
	// already has no solution, when there is none; Minimal says that
	// removing any one of them gives a solvable puzzle (false when the
	// budget ran out first).
	Contradiction []int
	Minimal       bool
	Stats         solver.Stats
}

// Unique reports whether the puzzle has exactly one solution.
func (v *Verdict) Unique() bool { return v.Complete && v.Solutions == 1 }

// Differences lists the cells where First and Second differ.
func (v *Verdict) Differences() []int {
	var diff []int
	if v.First == nil || v.Second == nil {
		return nil
	}
	for k := range v.First {
		if v.First[k] != v.Second[k] {
			diff = append(diff, k)
		}
	}
	return diff
}

// Check counts g's solutions (up to opt.Max), keeps the first two, and,
// when there is none, looks for a small set of clues that already
// contradict: it drops the clues one at a time, in row-major order, keeping
// each drop after which the rest still has no solution (a deletion filter,
// so the set it ends with is minimal: every clue in it is needed). The
// labels stay those of the whole puzzle throughout.
func (g *Grid) Check(ctx context.Context, opt CheckOptions) (*Verdict, error) {
	labels, err := opt.Labels.For(g)
	if err != nil {
		return nil, err
	}
	b, err := g.Build(ctx, BuildOptions{Labels: labels})
	if err != nil {
		return nil, err
	}
	v := &Verdict{Labels: labels}
	sopt := solver.Options{Workers: opt.Workers, MaxSolutions: opt.Max, Ordered: true}
	v.Stats, err = b.Solve(ctx, sopt, func(l []int) bool {
		if v.First == nil {
			v.First = l
		} else if v.Second == nil {
			v.Second = l
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	v.Solutions = v.Stats.Solutions
	v.Complete = opt.Max == 0 || v.Solutions < opt.Max
	if v.Solutions == 0 && opt.ContradictionBudget >= 0 {
		budget := opt.ContradictionBudget
		if budget == 0 {
			budget = 2 * time.Second
		}
		v.Contradiction, v.Minimal, err = g.contradiction(ctx, labels, budget)
		if err != nil {
			return nil, err
		}
	}
	return v, nil
}

// contradiction is the deletion filter of Check. It returns the clue cells
// kept and whether every clue was tried within the budget.
//
// The budget is counted in nodes (a million a second), not by the clock,
// and each search runs on one worker: which clues a search cut short keeps
// is then the same on every machine, and so is the set shown.
func (g *Grid) contradiction(ctx context.Context, labels Labels, budget time.Duration) ([]int, bool, error) {
	left := int64(budget.Seconds() * 1_000_000)
	h := g.Clone()
	minimal := true
	for k, d := range g.Clue {
		if d == 0 {
			continue
		}
		if left <= 0 {
			minimal = false // the clues left are kept untried
			break
		}
		h.Clue[k] = 0
		solvable, walked, err := h.solvableWithin(ctx, labels, left)
		left -= walked
		switch {
		case ctx.Err() != nil:
			return nil, false, ctx.Err()
		case errors.Is(err, solver.ErrNodeLimit):
			h.Clue[k] = d // undecided within the budget: keep the clue
			minimal = false
		case errors.Is(err, ErrTooManyOptions):
			h.Clue[k] = d // too big to decide cheaply: keep the clue
			minimal = false
		case err != nil:
			return nil, false, err
		case solvable:
			h.Clue[k] = d // needed
		}
	}
	var cells []int
	for k, d := range h.Clue {
		if d != 0 {
			cells = append(cells, k)
		}
	}
	return cells, minimal, nil
}

// solvableWithin reports whether g has a solution with the given labels,
// searched on one worker within maxNodes (solver.ErrNodeLimit past them),
// and the nodes walked.
func (g *Grid) solvableWithin(ctx context.Context, labels Labels, maxNodes int64) (bool, int64, error) {
	b, err := g.Build(ctx, BuildOptions{Labels: labels, MaxOptions: 500_000})
	if err != nil {
		return false, 0, err
	}
	st, err := b.Solve(ctx, solver.Options{Workers: 1, MaxSolutions: 1, MaxNodes: maxNodes}, nil)
	return st.Solutions > 0, st.Nodes, err
}

// CountSolutions counts g's solutions up to max (0: all) with the given
// labels.
func (g *Grid) CountSolutions(ctx context.Context, labels Labels, max int64, workers int) (int64, error) {
	b, err := g.Build(ctx, BuildOptions{Labels: labels})
	if err != nil {
		return 0, err
	}
	st, err := b.Solve(ctx, solver.Options{Workers: workers, MaxSolutions: max}, nil)
	return st.Solutions, err
}
