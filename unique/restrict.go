package unique

import (
	"context"
	"fmt"

	"polyviz/solver"
)

// Restrict returns prob with each option of fixed the only option left of
// its piece (its first item): the problem of the puzzle with those pieces
// fixed in place. Items, multiplicities and marks are prob's.
func Restrict(prob *solver.Problem, fixed []int) (*solver.Problem, error) {
	pinned := map[int]int{} // piece item -> the option kept
	for _, o := range fixed {
		if o < 0 || o >= prob.NumOptions() || prob.OptionSize(o) == 0 {
			return nil, fmt.Errorf("unique: no option %d to fix", o)
		}
		piece := prob.OptionItemIndexes(o)[0]
		if _, twice := pinned[piece]; twice {
			return nil, fmt.Errorf("unique: piece %s is fixed twice", prob.ItemName(piece))
		}
		pinned[piece] = o
	}
	var primary, secondary []string
	for i := range prob.NumItems() {
		if i < prob.NumPrimary() {
			primary = append(primary, prob.ItemName(i))
		} else {
			secondary = append(secondary, prob.ItemName(i))
		}
	}
	out := solver.NewProblem(primary, secondary)
	for i := range prob.NumItems() {
		if lo, hi := prob.Multiplicity(i); i < prob.NumPrimary() && (lo != 1 || hi != 1) {
			if err := out.SetMultiplicity(prob.ItemName(i), lo, hi); err != nil {
				return nil, err
			}
		}
		if i >= prob.NumPrimary() && prob.IsMark(i) {
			if err := out.SetMark(prob.ItemName(i)); err != nil {
				return nil, err
			}
		}
	}
	for o := range prob.NumOptions() {
		if prob.OptionSize(o) > 0 {
			if keep, ok := pinned[prob.OptionItemIndexes(o)[0]]; ok && keep != o {
				continue
			}
		}
		if err := out.AddOption(prob.OptionItems(o)...); err != nil {
			return nil, err
		}
	}
	return out, out.Err()
}

// Count counts every solution of prob with the options of fixed fixed in
// place (Restrict), with the ordinary solver: the proof of a proposal.
func Count(ctx context.Context, prob *solver.Problem, fixed []int, workers int) (int64, error) {
	r, err := Restrict(prob, fixed)
	if err != nil {
		return 0, err
	}
	st, err := solver.Solve(ctx, r, solver.Options{Workers: workers, AnyOrder: true}, nil)
	return st.Solutions, err
}
