package unique

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"polyviz/solver"
)

// DefaultMaxSolutions is the most solutions Find enumerates when
// Options.MaxSolutions is 0: each is kept in memory, with its options.
const DefaultMaxSolutions = 1_000_000

// ErrTooMany is returned by Find when the puzzle has more solutions than
// Options.MaxSolutions.
var ErrTooMany = errors.New("too many solutions")

// ErrNoSolution is returned by Find for a puzzle with no solution at all:
// no change of this kind can give it one.
var ErrNoSolution = errors.New("the puzzle has no solution")

// Options control Find. The zero value proposes up to 10 proposals of up
// to 3 changes, over at most DefaultMaxSolutions solutions, on every CPU.
type Options struct {
	// MaxChanges is the most changes one proposal makes (1 to 3; 0: 3).
	MaxChanges int
	// MaxSolutions is the most solutions enumerated (0: DefaultMaxSolutions).
	MaxSolutions int64
	// MaxProposals is how many proposals are proved and returned (0: 10).
	MaxProposals int
	// Optional names the problem's optional cells (secondary items, box
	// cells pieces may leave empty; OptionalCells): a change may then also
	// make one required or take it out of the box.
	Optional []string
	// Workers is the solver's workers (0: every CPU).
	Workers int
	// Progress, if not nil, is told what Find is doing, from one
	// goroutine, about ten times a second at most.
	Progress func(Progress)
}

// Progress is a snapshot of Find's work.
type Progress struct {
	// Stage is "counting", "searching" (for proposals) or "proving".
	Stage string
	// Solutions found so far while counting.
	Solutions int64
	// Done of Total proposals proved, while proving.
	Done, Total int
}

// ChangeKind is what a change does.
type ChangeKind int

const (
	// FixPiece fixes one piece in one placement: an option of the problem.
	FixPiece ChangeKind = iota
	// FillCell makes an optional cell required: a piece must cover it.
	FillCell
	// EmptyCell takes an optional cell out of the box: no piece covers it.
	EmptyCell
)

// Change is one change of a proposal.
type Change struct {
	Kind ChangeKind
	// Option is the option kept (for a puzzle, Placements()[Option]);
	// -1 for a cell's change.
	Option int
	// Piece is the piece's name (the option's first item); Items the
	// option's other items, its cells.
	Piece string
	Items []string
	// Cell is the optional cell filled or emptied (its item name).
	Cell string
}

// String says the change in words: "fix F at 80 81 91 92 a1", "make
// optional cell 34 required", "remove optional cell 34 from the box".
func (c Change) String() string {
	switch c.Kind {
	case FillCell:
		return "make optional cell " + c.Cell + " required"
	case EmptyCell:
		return "remove optional cell " + c.Cell + " from the box"
	}
	return fmt.Sprintf("fix %s at %s", c.Piece, joinItems(c.Items))
}

// Proposal is a set of changes that leaves exactly one solution.
type Proposal struct {
	Changes []Change
	// Solution is the one solution left, as its options sorted.
	Solution []int
	// Proved is the number of solutions of the changed problem, counted
	// again in full by the solver: 1 for every proposal Find returns.
	Proved int64
}

// Result is what Find found.
type Result struct {
	// Solutions is the puzzle's number of raw solutions.
	Solutions int64
	// Unique is true when it is exactly one: nothing to propose.
	Unique bool
	// Changes is the fewest changes of the proposals (0 when there are
	// none); Proposals are ranked, fewest changes first (but see
	// CellChanges).
	Changes   int
	Proposals []Proposal
	// Fixable is the number of pieces that a change may fix: not in the
	// same place in every solution.
	Fixable int
	// Cells is the number of optional cells a change may fill or empty:
	// filled in some solutions, empty in others.
	Cells int
	// CellChanges is, when the proposals of the fewest changes all fix a
	// piece and optional cells may change, the fewest changes of cells
	// alone that leave one solution (0: none within MaxChanges); those
	// proposals follow the others.
	CellChanges int
	// Main is the number of proposals of the fewest changes of any kind:
	// those after it change cells alone.
	Main int
}

// Find counts the solutions of prob (a puzzle's Problem, or any exact-cover
// problem whose options start with their piece) and proposes the fewest changes that leave
// exactly one, each proved by a full count (see the package doc).
func Find(ctx context.Context, prob *solver.Problem, opt Options) (*Result, error) {
	opt = opt.withDefaults()
	sols, err := enumerate(ctx, prob, opt)
	if err != nil {
		return nil, err
	}
	res := &Result{Solutions: int64(len(sols))}
	switch len(sols) {
	case 0:
		return nil, ErrNoSolution
	case 1:
		res.Unique = true
		return res, nil
	}
	ix, err := newIndex(prob, sols, opt.Optional)
	if err != nil {
		return nil, err
	}
	res.Fixable, res.Cells = ix.fixable()
	report(opt, Progress{Stage: "searching", Solutions: res.Solutions})
	cands, err := fewest(ctx, ix, opt)
	if err != nil {
		return nil, err
	}
	main := len(cands)
	if res.Cells > 0 && !slices.ContainsFunc(cands, ix.cellsOnly) {
		// a designer with optional cells may rather change the shape than
		// fix a piece: the fewest changes of cells alone follow
		more, err := fewest(ctx, ix.onlyCells(), opt)
		if err != nil {
			return nil, err
		}
		cands = append(cands, more...)
	}
	for i, c := range cands {
		report(opt, Progress{Stage: "proving", Solutions: res.Solutions, Done: i, Total: len(cands)})
		p := Proposal{Solution: ix.common(c)}
		for _, f := range c {
			p.Changes = append(p.Changes, ix.change(f))
		}
		n, err := CountChanges(ctx, prob, p.Changes, opt.Workers)
		if err != nil {
			return nil, err
		}
		if n != 1 {
			return nil, fmt.Errorf("unique: %v leaves %d solutions, not 1 (the index is wrong)", p.Changes, n)
		}
		p.Proved = n
		res.Proposals = append(res.Proposals, p)
	}
	res.Main = main
	if main > 0 {
		res.Changes = len(cands[0])
	}
	if len(cands) > main {
		res.CellChanges = len(cands[main])
	}
	return res, nil
}

// fewest returns up to opt.MaxProposals sets of the fewest features that
// leave one solution, none when more than opt.MaxChanges would be needed.
func fewest(ctx context.Context, ix *index, opt Options) ([][]int, error) {
	for k := 1; k <= opt.MaxChanges; k++ {
		cands, err := ix.search(ctx, k, opt.MaxProposals)
		if err != nil || len(cands) > 0 {
			return cands, err
		}
	}
	return nil, nil
}

func (o Options) withDefaults() Options {
	if o.MaxChanges <= 0 || o.MaxChanges > 3 {
		o.MaxChanges = 3
	}
	if o.MaxSolutions <= 0 {
		o.MaxSolutions = DefaultMaxSolutions
	}
	if o.MaxProposals <= 0 {
		o.MaxProposals = 10
	}
	return o
}

func report(opt Options, p Progress) {
	if opt.Progress != nil {
		opt.Progress(p)
	}
}

// enumerate returns every solution of prob, each its options sorted.
func enumerate(ctx context.Context, prob *solver.Problem, opt Options) ([][]int32, error) {
	var sols [][]int32
	sopt := solver.Options{Workers: opt.Workers, AnyOrder: true, MaxSolutions: opt.MaxSolutions + 1}
	if opt.Progress != nil {
		sopt.Progress = func(p solver.Progress) { report(opt, Progress{Stage: "counting", Solutions: p.Solutions}) }
	}
	_, err := solver.Solve(ctx, prob, sopt, func(s solver.Solution) bool {
		sol := make([]int32, len(s.Options))
		for i, o := range s.Options {
			sol[i] = int32(o)
		}
		slices.Sort(sol)
		sols = append(sols, sol)
		return true
	})
	if err != nil {
		return nil, err
	}
	if int64(len(sols)) > opt.MaxSolutions {
		return nil, fmt.Errorf("%w: more than %d; each is kept to find the changes (raise the limit to wait and use the memory)", ErrTooMany, opt.MaxSolutions)
	}
	return sols, nil
}

func joinItems(items []string) string {
	s := ""
	for i, it := range items {
		if i > 0 {
			s += " "
		}
		s += it
	}
	return s
}
