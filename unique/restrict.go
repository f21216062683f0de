package unique

import (
	"context"
	"fmt"

	"polyviz/solver"
)

// Restrict returns prob with each option of fixed forced: every other
// option that shares an item with it is removed, but for its piece item
// (its first) when the piece has several copies, so the other copies may
// still go elsewhere. A fixed option then alone covers its cells (and a
// piece of one copy), which is the puzzle with those pieces fixed in
// place. Items, multiplicities and marks are prob's.
func Restrict(prob *solver.Problem, fixed []int) (*solver.Problem, error) {
	var changes []Change
	for _, o := range fixed {
		changes = append(changes, Change{Kind: FixPiece, Option: o})
	}
	return Apply(prob, changes)
}

// Apply returns prob with the changes made: each piece fixed as Restrict
// fixes it, each optional cell filled made a primary item (a piece must
// cover it), each optional cell emptied left to no option (the options
// that cover it are removed). Items, multiplicities and marks are
// otherwise prob's.
func Apply(prob *solver.Problem, changes []Change) (*solver.Problem, error) {
	taken := map[int]int{} // item -> the fixed option that covers it
	fill := map[int]bool{}
	empty := map[int]bool{}
	for _, c := range changes {
		if c.Kind != FixPiece {
			i, ok := prob.ItemIndex(c.Cell)
			if !ok || i < prob.NumPrimary() || prob.IsMark(i) || fill[i] || empty[i] {
				return nil, fmt.Errorf("unique: %s: no optional cell %q to change once", c, c.Cell)
			}
			if c.Kind == FillCell {
				fill[i] = true
			} else {
				empty[i] = true
			}
			continue
		}
		o := c.Option
		if o < 0 || o >= prob.NumOptions() || !forcible(prob, o) {
			return nil, fmt.Errorf("unique: option %d cannot be fixed", o)
		}
		for k, item := range prob.OptionItemIndexes(o) {
			if lo, hi := prob.Multiplicity(item); k == 0 && (lo != 1 || hi != 1) {
				continue // a piece of several copies: the others stay free
			}
			if q, twice := taken[item]; twice {
				return nil, fmt.Errorf("unique: options %d and %d both cover %s", q, o, prob.ItemName(item))
			}
			taken[item] = o
		}
	}
	var primary, secondary []string
	for i := range prob.NumItems() {
		if i < prob.NumPrimary() || fill[i] {
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
		if clashes(prob, o, taken) || covers(prob, o, empty) {
			continue
		}
		if err := out.AddOption(prob.OptionItems(o)...); err != nil {
			return nil, err
		}
	}
	return out, out.Err()
}

// covers reports whether option o covers one of the items.
func covers(prob *solver.Problem, o int, items map[int]bool) bool {
	if len(items) == 0 {
		return false
	}
	for _, item := range prob.OptionItemIndexes(o) {
		if items[item] {
			return true
		}
	}
	return false
}

// clashes reports whether option o shares an item with a fixed option
// other than itself.
func clashes(prob *solver.Problem, o int, taken map[int]int) bool {
	for _, item := range prob.OptionItemIndexes(o) {
		if q, ok := taken[item]; ok && q != o {
			return true
		}
	}
	return false
}

// forcible reports whether Restrict can force option o: its first item,
// the piece, is primary, and either the piece has one copy or the option
// covers another primary item (a cell that then only it may cover).
func forcible(prob *solver.Problem, o int) bool {
	if prob.OptionSize(o) == 0 {
		return false
	}
	items := prob.OptionItemIndexes(o)
	if items[0] >= prob.NumPrimary() {
		return false
	}
	if lo, hi := prob.Multiplicity(items[0]); lo == 1 && hi == 1 {
		return true
	}
	for _, item := range items[1:] {
		if item < prob.NumPrimary() {
			return true
		}
	}
	return false
}

// Count counts every solution of prob with the options of fixed fixed in
// place (Restrict), with the ordinary solver: the proof of a proposal.
func Count(ctx context.Context, prob *solver.Problem, fixed []int, workers int) (int64, error) {
	var changes []Change
	for _, o := range fixed {
		changes = append(changes, Change{Kind: FixPiece, Option: o})
	}
	return CountChanges(ctx, prob, changes, workers)
}

// CountChanges counts every solution of prob with the changes made
// (Apply), with the ordinary solver.
func CountChanges(ctx context.Context, prob *solver.Problem, changes []Change, workers int) (int64, error) {
	r, err := Apply(prob, changes)
	if err != nil {
		return 0, err
	}
	st, err := solver.Solve(ctx, r, solver.Options{Workers: workers, AnyOrder: true}, nil)
	return st.Solutions, err
}
