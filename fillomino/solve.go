package fillomino

import (
	"context"
	"strings"

	"polyviz/solver"
)

// Decode turns a solution of b's problem into labels, Label[r*Cols+c]:
// every cell of a chosen option gets the option's label.
func (b *Build) Decode(s solver.Solution) []int {
	labels := make([]int, len(b.Grid.Clue))
	for _, k := range s.Options {
		o := b.Options[k]
		for _, c := range o.Cells {
			labels[c] = o.Label
		}
	}
	return labels
}

// Solve searches b's problem with the dancing-links solver (DLX1's nodes
// and updates) and calls visit, if not nil, with each solution's labels;
// see solver.Solve for opt and the statistics.
func (b *Build) Solve(ctx context.Context, opt solver.Options, visit func(labels []int) bool) (solver.Stats, error) {
	p, err := b.Problem()
	if err != nil {
		return solver.Stats{}, err
	}
	var v func(solver.Solution) bool
	if visit != nil {
		v = func(s solver.Solution) bool { return visit(b.Decode(s)) }
	}
	return solver.Solve(ctx, p, opt, v)
}

// Solutions returns up to max solutions of g (all if max is 0) under the
// label rule, in DLX1's order, and the number found.
func (g *Grid) Solutions(ctx context.Context, labels Labels, max int64) ([][]int, error) {
	b, err := g.Build(ctx, BuildOptions{Labels: labels})
	if err != nil {
		return nil, err
	}
	var sols [][]int
	_, err = b.Solve(ctx, solver.Options{MaxSolutions: max, Ordered: true}, func(l []int) bool {
		sols = append(sols, l)
		return true
	})
	return sols, err
}

// FormatSolutions writes grids as Knuth's .sol files hold them: each grid
// as lines of hex digits, a blank line between grids.
func FormatSolutions(rows, cols int, sols [][]int) string {
	parts := make([]string, len(sols))
	for k, s := range sols {
		parts[k] = FormatLabels(rows, cols, s)
	}
	return strings.Join(parts, "\n")
}
