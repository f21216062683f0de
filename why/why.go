package why

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// Kind names the kinds of reason, in the order they are tried.
type Kind string

// The kinds of reason.
const (
	Uncovered Kind = "uncovered-cell"
	NoFit     Kind = "piece-fits-nowhere"
	CellCount Kind = "cell-count"
	Coloring  Kind = "colouring"
	Region    Kind = "region"
	Core      Kind = "core"
	Solvable  Kind = "has-a-solution"
	None      Kind = "none"
)

// Reason is what Explain found.
type Reason struct {
	// Found is true when Text is a proof that there is no solution.
	Found bool
	Kind  Kind
	// Text is the reason in words.
	Text string
	// Cells and Pieces are the ones the reason is about (may be empty).
	Cells  []geometry.Cell
	Pieces []string
}

// Options control Explain.
type Options struct {
	// Budget bounds the searches (the check for a solution and the search
	// for a small core), and half of it the colourings (a large box with
	// many pieces has too many sums to settle); 0 means 5 seconds.
	Budget time.Duration
	// coreNodes, when positive, replaces the nodes the search for a small
	// impossible set may walk (Budget's three quarters at nodesPerSecond):
	// the tests' race pass, where a node costs fifty times more.
	coreNodes int64
}

// Explain looks for the reason why the puzzle pz (nil for a bare exact
// cover problem) with problem prob has no solution. When it finds none it
// says so (Found false): then either the problem has a solution (Kind
// Solvable) or the budget ran out (Kind None).
func Explain(ctx context.Context, pz *puzzle.Puzzle, prob *solver.Problem, opt Options) (Reason, error) {
	return ExplainLazy(ctx, pz, func() (*solver.Problem, error) { return prob, nil }, opt)
}

// ExplainLazy is Explain for a puzzle whose problem is not built yet:
// problem builds it (and may refuse it, as too big), called only when the
// reasons that list no placement (a cell no piece covers, a piece that
// fits nowhere, the cell counts: see Puzzle.Reach) have not settled it. A
// board of millions of placements whose pieces have too few cells is
// answered at once. With pz nil, problem is called first.
func ExplainLazy(ctx context.Context, pz *puzzle.Puzzle, problem func() (*solver.Problem, error), opt Options) (Reason, error) {
	if opt.Budget <= 0 {
		opt.Budget = 5 * time.Second
	}
	var prob *solver.Problem
	var covered map[geometry.Cell]bool
	var placed []bool
	var err error
	if pz == nil {
		prob, err = problem()
	} else {
		covered, placed, err = pz.Reach(ctx)
	}
	if err != nil {
		return Reason{}, err
	}
	tests := []func() (Reason, bool){
		func() (Reason, bool) { return uncovered(pz, prob, covered) },
		func() (Reason, bool) { return fitsNowhere(pz, placed) },
		func() (Reason, bool) { return cellCount(pz) },
		func() (Reason, bool) {
			// a large box with many pieces can have too many sums to
			// settle: the colourings get a part of the budget
			c, cancel := context.WithTimeout(ctx, opt.Budget/2)
			defer cancel()
			return coloring(c, pz)
		},
		func() (Reason, bool) { return region(pz) },
	}
	for i, test := range tests {
		if i == 3 && prob == nil {
			// the rest lists the placements: the problem is built (or
			// refused) first
			if prob, err = problem(); err != nil {
				return Reason{}, err
			}
		}
		if r, ok := test(); ok {
			r.Found = true
			return r, nil
		}
		if err := ctx.Err(); err != nil {
			return Reason{}, err
		}
	}
	return search(ctx, pz, prob, opt)
}

// Quick is ExplainLazy's reasons that list no placement: a cell no piece
// covers, a piece that fits nowhere, the cell counts (Puzzle.Reach).
// Found is false when none of them settles it; nothing is built then.
// Commands that would otherwise estimate or search a puzzle without a
// solution for hours ask it first.
func Quick(ctx context.Context, pz *puzzle.Puzzle) (Reason, error) {
	covered, placed, err := pz.Reach(ctx)
	if err != nil {
		return Reason{}, err
	}
	for _, test := range []func() (Reason, bool){
		func() (Reason, bool) { return uncovered(pz, nil, covered) },
		func() (Reason, bool) { return fitsNowhere(pz, placed) },
		func() (Reason, bool) { return cellCount(pz) },
	} {
		if r, ok := test(); ok {
			r.Found = true
			return r, nil
		}
	}
	return Reason{Kind: None}, nil
}

// lattice returns pz's lattice: its Lattice, or the squares or cubes of a
// puzzle built by hand.
func lattice(pz *puzzle.Puzzle) *geometry.Lattice {
	switch {
	case pz.Lattice != nil:
		return pz.Lattice
	case pz.Planar:
		return geometry.Squares()
	}
	return geometry.Cubes()
}

// tagged reports whether pz's board has suffixed cells beyond the kinds of
// its lattice (the ∇ triangles' "'"): cells a piece may cover in part,
// which the counting arguments cannot weigh.
func tagged(pz *puzzle.Puzzle) bool {
	return pz.Planar && len(pz.Suffixes) > max(lattice(pz).Kinds()-1, 0)
}

// cellWords writes cells as coordinates a person reads: (x,y) on a board,
// with the suffix of a ∇ triangle, (x,y,z) in a box.
func cellWords(pz *puzzle.Puzzle, cells []geometry.Cell) string {
	var b strings.Builder
	for i, c := range cells {
		if i > 0 {
			b.WriteString(" ")
		}
		if pz.Planar {
			fmt.Fprintf(&b, "(%d,%d)", c.X, c.Y)
			if c.Z > 0 && c.Z <= len(pz.Suffixes) {
				b.WriteString(pz.Suffixes[c.Z-1])
			}
		} else {
			fmt.Fprintf(&b, "(%d,%d,%d)", c.X, c.Y, c.Z)
		}
	}
	return b.String()
}

// mustCells returns the cells that pieces must cover: the box without its
// optional cells.
func mustCells(pz *puzzle.Puzzle) []geometry.Cell {
	var out []geometry.Cell
	for _, c := range pz.Box {
		if !pz.Optional.Contains(c) {
			out = append(out, c)
		}
	}
	return out
}

// uncovered finds the cells (items) no placement (option) covers: the
// puzzle's cells not in covered, or prob's items when pz is nil.
func uncovered(pz *puzzle.Puzzle, prob *solver.Problem, covered map[geometry.Cell]bool) (Reason, bool) {
	if pz == nil {
		var items []string
		for _, i := range itemsInNoOption(prob) {
			items = append(items, prob.ItemName(i))
		}
		if len(items) == 0 {
			return Reason{}, false
		}
		text := fmt.Sprintf("primary item %s is in no option, so nothing can cover it", items[0])
		if len(items) > 1 {
			text = fmt.Sprintf("primary items %s are in no option, so nothing can cover them", strings.Join(items, ", "))
		}
		return Reason{Kind: Uncovered, Pieces: items, Text: text}, true
	}
	var cells []geometry.Cell
	for _, c := range mustCells(pz) {
		if !covered[c] {
			cells = append(cells, c)
		}
	}
	if len(cells) == 0 {
		return Reason{}, false
	}
	noun := "cell"
	if len(cells) > 1 {
		noun = "cells"
	}
	return Reason{Kind: Uncovered, Cells: cells, Text: fmt.Sprintf("no placement of any piece covers %s %s", noun, cellWords(pz, cells))}, true
}

// itemsInNoOption returns the primary items of prob that no option has.
func itemsInNoOption(prob *solver.Problem) []int {
	seen := make([]bool, prob.NumItems())
	for o := 0; o < prob.NumOptions(); o++ {
		for _, it := range prob.OptionItemIndexes(o) {
			seen[it] = true
		}
	}
	var out []int
	for i := 0; i < prob.NumPrimary(); i++ {
		if lo, _ := prob.Multiplicity(i); lo > 0 && !seen[i] {
			out = append(out, i)
		}
	}
	return out
}

// fitsNowhere finds the pieces with no placement in the box (placed
// false).
func fitsNowhere(pz *puzzle.Puzzle, placed []bool) (Reason, bool) {
	if pz == nil {
		return Reason{}, false
	}
	var names []string
	for i, pc := range pz.Pieces {
		if !placed[i] && pc.Min > 0 {
			names = append(names, pc.Name)
		}
	}
	if len(names) == 0 {
		return Reason{}, false
	}
	verb := "fits"
	if len(names) > 1 {
		verb = "fit"
	}
	return Reason{Kind: NoFit, Pieces: names, Text: fmt.Sprintf("piece %s %s nowhere in the box", strings.Join(names, ", "), verb)}, true
}

// cellCount compares the cells of the pieces with the box's.
func cellCount(pz *puzzle.Puzzle) (Reason, bool) {
	if pz == nil {
		return Reason{}, false
	}
	lo, hi := 0, 0
	for _, pc := range pz.Pieces {
		lo += pc.Min * pc.Cells
		hi += pc.Max * pc.Cells
	}
	must, all := pz.NumCells(), len(pz.Box)
	if tagged(pz) {
		return Reason{}, false // suffixed cells may take part of a piece
	}
	switch {
	case lo > all:
		return Reason{Kind: CellCount, Text: fmt.Sprintf("the pieces have %s, but the box has only %d", cellRange(lo, hi), all)}, true
	case hi < must:
		return Reason{Kind: CellCount, Text: fmt.Sprintf("the pieces have %s, but the box has %d to fill", cellRange(lo, hi), must)}, true
	}
	return Reason{}, false
}

// cellRange writes "60 cells" or "55 to 60 cells".
func cellRange(lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%d cells", lo)
	}
	return fmt.Sprintf("%d to %d cells", lo, hi)
}

// search first looks for a solution within a part of the budget, then for
// a small core.
func search(ctx context.Context, pz *puzzle.Puzzle, prob *solver.Problem, opt Options) (Reason, error) {
	budget := opt.Budget
	run, cancel := context.WithTimeout(ctx, budget/4)
	st, err := solver.Solve(run, prob, solver.Options{MaxSolutions: 1, Engine: solver.EngineAuto}, nil)
	cancel()
	if ctx.Err() != nil {
		return Reason{}, ctx.Err()
	}
	if err == nil && st.Solutions > 0 {
		return Reason{Kind: Solvable, Text: "it has a solution: there is nothing to explain"}, nil
	}
	exhausted := ""
	if err == nil {
		// the whole tree was searched: there is no solution, but the
		// search is no reason a person would give
		exhausted = fmt.Sprintf("; an exhaustive search (%d nodes) proves there is no solution", st.Nodes)
	} else if !errors.Is(err, context.DeadlineExceeded) {
		return Reason{}, err
	}
	if pz == nil {
		return Reason{Kind: None, Text: "no short reason found (the other tests need a packing puzzle)" + exhausted}, nil
	}
	nodes := opt.coreNodes
	if nodes <= 0 {
		nodes = nodesFor(budget * 3 / 4)
	}
	r, ok, err := core(ctx, pz, nodes)
	if err != nil {
		return r, err
	}
	if ok {
		r.Found = true
		return r, nil
	}
	return Reason{Kind: None, Text: fmt.Sprintf("no short reason found within %s: no cell is uncovered, every piece fits, the cells add up, no colouring or cut-off region rules it out, and no small set of cells tried is impossible%s", budget, exhausted)}, nil
}

// sortedCells returns cells in the order of the box.
func sortedCells(cells []geometry.Cell) []geometry.Cell {
	out := slices.Clone(cells)
	slices.SortFunc(out, func(a, b geometry.Cell) int { return a.Compare(b) })
	return out
}
