package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"polyviz/solver"
)

// Distinct says which solutions count as the same.
type Distinct int

const (
	// DistinctNone counts every solution the exact-cover problem has (raw).
	DistinctNone Distinct = iota
	// DistinctRotations counts solutions that no rotation of the box turns
	// into one another (for a board: no turn in its plane).
	DistinctRotations
	// DistinctAll counts solutions that no rotation or reflection of the box
	// turns into one another (for a board: flipping it over too).
	DistinctAll
)

// ParseDistinct reads the --distinct flag: none (or raw), rotations, all.
func ParseDistinct(s string) (Distinct, error) {
	switch strings.ToLower(s) {
	case "", "none", "raw":
		return DistinctNone, nil
	case "rotations", "rotation", "rot":
		return DistinctRotations, nil
	case "all", "reflections", "mirror":
		return DistinctAll, nil
	}
	return DistinctNone, fmt.Errorf("unknown --distinct %q (want none, rotations or all)", s)
}

func (d Distinct) String() string {
	return [...]string{"none", "rotations", "all"}[d]
}

// DistinctStats are the figures of a distinct count.
type DistinctStats struct {
	solver.Stats
	// Mode is the sameness counted; Distinct the number of distinct solutions.
	Mode     Distinct
	Distinct int64
	// Raw is the number of all solutions, derived from the distinct ones and
	// their symmetries. It equals what a raw search counts unless options
	// repeat (Repeated): the classes hold packings, each once, while a raw
	// search counts a packing once for every choice among its repeated
	// options, as DLX1 does.
	Raw int64
	// Repeated is how many options were left out for repeating another
	// (the same piece on the same cells, given twice).
	Repeated int
	// Group is the order of the group counted under; Lock the piece whose
	// placements were cut to one per orbit (empty when none could be), and
	// Kept/Placements how many of its placements were searched.
	Group            int
	Lock             string
	Kept, Placements int
	// Stabilised is how many of the kept placements of the lock have
	// symmetries of their own that cut a second piece below them, Third
	// how many placements of those second pieces cut a third one in turn
	// (see distinctCut), and Cut how many placements those cuts forbid
	// there.
	Stabilised, Third, Cut int
	// Facts say which symmetries act and why.
	Facts SymmetryFacts
}

// DistinctSolution is a solution reported once for its class: the least of
// its images (as sorted option numbers) that the cut search can find.
type DistinctSolution struct {
	// Options are the option numbers of the puzzle's problem, sorted.
	Options []int
	// Images is the number of distinct solutions in its class.
	Images int
}

// SolveDistinct counts the solutions of the puzzle that are distinct in mode
// d, and calls visit (when not nil) once per class, with a canonical
// representative. Symmetry cuts the work: one piece of multiplicity 1 that
// every counted symmetry maps to itself is restricted to one placement per
// orbit (Lepage's "lock", chosen automatically), and below a kept
// placement that has symmetries of its own a second piece is cut by those
// (see distinctCut), so the search is roughly 1/|G| of the raw one. A
// solution may still be found more than once (when placements deeper down
// are symmetric too); it is reported only when it is the least image of
// its class among those the cut search finds, which makes the counts exact.
func (p *Puzzle) SolveDistinct(ctx context.Context, d Distinct, opt solver.Options, visit func(DistinctSolution) bool) (DistinctStats, error) {
	prob, err := p.cutProblem(ctx)
	if err != nil {
		return DistinctStats{}, err
	}
	if d == DistinctNone {
		stats, err := solver.Solve(ctx, prob, opt, func(sol solver.Solution) bool {
			if visit == nil {
				return true
			}
			out := slices.Sorted(slices.Values(sol.Options))
			return visit(DistinctSolution{Options: out, Images: 1})
		})
		return DistinctStats{Stats: stats, Mode: d, Distinct: stats.Solutions, Raw: stats.Solutions, Group: 1}, err
	}
	dc, err := p.distinctCut(ctx, prob, d)
	if err != nil {
		return dc.st, err
	}
	return p.solveCut(ctx, dc, d, opt, visit)
}

// CountBySymmetry counts every solution of the puzzle (the raw count) the
// way Knuth counts the pentominoes in a 6x10 box, by symmetry: it counts
// the classes under every symmetry of the box that maps solutions to
// solutions, with SolveDistinct's cut search (one piece locked to one
// placement per orbit, a second one cut below the locked placements that
// have symmetries of their own), and adds up the classes' sizes, which are
// exact (classOf counts a class's distinct images; repeated pieces and
// chirality as SolveDistinct). The search is about 1/|G| of the raw one.
// The figures in Stats (nodes, updates) are those of the cut search.
//
// ok is false, and nothing was searched, when the count by symmetry would
// not be a smaller search or not the raw count: no symmetry acts, no
// piece can be locked (SolveDistinct would search every solution and
// filter), or the problem repeats an option (a piece given twice: a raw
// search counts each repeat, the classes do not), or opt.Resume is a
// checkpoint of another search (the whole tree's, saved before). A
// checkpoint it saves (opt.Checkpoint) is of the cut search, with the
// counts. opt.MaxSolutions must be 0: a raw limit has no meaning here.
//
// visit, when not nil, is called with every solution (sorted option
// numbers of the puzzle's problem): the images of each class's
// representative, a class at a time; returning false stops the search.
func (p *Puzzle) CountBySymmetry(ctx context.Context, opt solver.Options, visit func(options []int) bool) (st DistinctStats, ok bool, err error) {
	if opt.MaxSolutions != 0 {
		return st, false, nil
	}
	dc, ok, err := p.bySymmetryCut(ctx)
	if !ok || err != nil {
		return st, false, err
	}
	if c := opt.Resume; c != nil {
		if h, err := solver.ProblemHash(dc.cut); err != nil || h != c.Problem {
			return st, false, nil
		}
	}
	var each func(DistinctSolution) bool
	if visit != nil {
		each = func(s DistinctSolution) bool {
			for _, img := range dc.sym.images(s.Options, dc.g) {
				if !visit(img) {
					return false
				}
			}
			return true
		}
	}
	st, err = p.solveCut(ctx, dc, DistinctAll, opt, each)
	return st, true, err
}

// BySymmetryProblem returns the problem CountBySymmetry searches, and
// whether it would count by symmetry at all (for estimates of its time);
// it gives up with ctx's error when ctx ends.
func (p *Puzzle) BySymmetryProblem(ctx context.Context) (*solver.Problem, bool, error) {
	dc, ok, err := p.bySymmetryCut(ctx)
	if !ok || err != nil {
		return nil, false, err
	}
	return dc.own(), true, nil
}

// ExactCount runs plan's search of p whole and returns its count: the raw
// count by symmetry (plan.BySymmetry), the classes of plan.Cut, or every
// solution. It is for a search an estimate's probes walked whole
// (estimate.Result.Exact), so small that running it gives the count
// exactly where probes of another tree (the raw one, whose solutions
// weigh one over their class) would give an interval. opt.Engine is
// replaced by plan's.
func (p *Puzzle) ExactCount(ctx context.Context, plan SearchPlan, opt solver.Options) (int64, error) {
	opt.Engine = plan.Engine
	if plan.BySymmetry {
		st, ok, err := p.CountBySymmetry(ctx, opt, nil)
		if err == nil && !ok {
			err = errors.New("the count by symmetry did not apply after all")
		}
		return st.Raw, err
	}
	st, err := p.SolveDistinct(ctx, plan.Cut, opt, nil)
	return st.Distinct, err
}

// bySymmetryCut is the cut CountBySymmetry searches, and whether it gives
// the raw count with a smaller search (see there).
func (p *Puzzle) bySymmetryCut(ctx context.Context) (*distinctCut, bool, error) {
	prob, err := p.cutProblem(ctx)
	if err != nil {
		return nil, false, err
	}
	dc, err := p.distinctCut(ctx, prob, DistinctAll)
	var tooBig *TooBigError
	if errors.As(err, &tooBig) {
		return nil, false, nil // the whole tree fits: the load said so
	}
	if err != nil {
		return nil, false, err
	}
	if len(dc.g) <= 1 || dc.lock < 0 {
		return nil, false, nil
	}
	for i, c := range dc.sym.canon {
		if c != int32(i) {
			return nil, false, nil
		}
	}
	return dc, true, nil
}

// solveCut searches dc's cut problem and counts its classes in mode d (see
// SolveDistinct).
func (p *Puzzle) solveCut(ctx context.Context, dc *distinctCut, d Distinct, opt solver.Options, visit func(DistinctSolution) bool) (DistinctStats, error) {
	opt.Engine = Plan(p, Request{Distinct: d, Engine: opt.Engine}).Engine
	if visit == nil {
		// the classes are counted, whatever order they come in
		opt.AnyOrder = true
	}
	sym, g, st, cut, orig := dc.sym, dc.g, dc.st, dc.cut, dc.orig
	limit := opt.MaxSolutions // counts distinct solutions here, not raw ones
	opt.MaxSolutions = 0
	if opt.Checkpoint != nil || opt.Resume != nil {
		// the distinct and raw counts go with the checkpoints' figures
		if c := opt.Resume; c != nil {
			st.Distinct, st.Raw = c.Counters[counterDistinct], c.Counters[counterRaw]
		}
		caller := opt.CheckpointState
		opt.CheckpointState = func(c *solver.Checkpoint) {
			if caller != nil {
				caller(c)
			}
			if c.Counters == nil {
				c.Counters = make(map[string]int64)
			}
			c.Counters[counterDistinct], c.Counters[counterRaw] = st.Distinct, st.Raw
		}
	}
	var inF func([]int32) bool // nil: no lock, every image is found (classOf)
	if dc.chain != nil {
		inF = dc.inF
	}
	var buf []int32 // calls to visit never overlap (Solve), and none keeps s
	stats, err := solver.Solve(ctx, cut, opt, func(sol solver.Solution) bool {
		s := buf[:0]
		for _, o := range sol.Options {
			s = append(s, sym.canon[orig[o]])
		}
		buf = s
		slices.Sort(s)
		canonical, images := true, len(g)
		if !dc.freeLock(s) {
			canonical, images = sym.classOf(s, g, inF)
		}
		if !canonical {
			return true
		}
		st.Distinct++
		st.Raw += int64(images)
		if visit != nil {
			out := make([]int, len(s))
			for i, o := range s {
				out[i] = int(o)
			}
			if !visit(DistinctSolution{Options: out, Images: images}) {
				return false
			}
		}
		return limit == 0 || st.Distinct < limit
	})
	st.Stats = stats
	return st, err
}

// DistinctProblem returns the exact cover problem SolveDistinct searches
// for mode d (not DistinctNone): `polyviz split --distinct` cuts it into
// jobs, and each job goes on with its part through SolveDistinct with
// Options.Resume, which adds up the distinct and raw counts.
func (p *Puzzle) DistinctProblem(d Distinct) (*solver.Problem, error) {
	return p.DistinctProblemContext(context.Background(), d)
}

// DistinctProblemContext is DistinctProblem that gives up with ctx's error
// when ctx ends.
func (p *Puzzle) DistinctProblemContext(ctx context.Context, d Distinct) (*solver.Problem, error) {
	prob, err := p.cutProblem(ctx)
	if err != nil {
		return nil, err
	}
	dc, err := p.distinctCut(ctx, prob, d)
	if err != nil {
		return nil, err
	}
	return dc.own(), nil
}

// The names of the counts of a distinct search in a checkpoint
// (solver.Checkpoint.Counters): a distinct search resumes from them.
const (
	counterDistinct = "distinct"
	counterRaw      = "raw"
)
