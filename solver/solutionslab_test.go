package solver

import (
	"slices"
	"testing"
)

// TestSolutionSlab: the solutions a slab hands out never share an element,
// so that one kept and appended to is not changed by the next ones.
func TestSolutionSlab(t *testing.T) {
	var sl solutionSlab
	var kept []Solution
	for k := range 3 * maxSlab {
		n := 1 + k%5
		sol := sl.take(n)
		if len(sol.Options) != 0 || cap(sol.Options) != n || cap(sol.Choices) != n {
			t.Fatalf("solution %d: len %d cap %d,%d, want 0 and %d", k, len(sol.Options), cap(sol.Options), cap(sol.Choices), n)
		}
		for i := range n {
			sol.Options = append(sol.Options, k)
			sol.Choices = append(sol.Choices, Choice{Option: k, Item: i})
		}
		kept = append(kept, sol)
	}
	kept[0].Options = append(kept[0].Options, -1) // past its room: a new array
	for k, sol := range kept {
		for i, o := range sol.Options {
			if o != k && !(k == 0 && i == 1 && o == -1) {
				t.Fatalf("solution %d was written over: %v", k, sol.Options)
			}
		}
		if c := sol.Choices[len(sol.Choices)-1]; c.Option != k || c.Item != len(sol.Choices)-1 {
			t.Fatalf("solution %d's choices were written over: %v", k, sol.Choices)
		}
	}
	if e := sl.take(0); e.Options == nil || e.Choices == nil || !slices.Equal(e.Options, []int{}) {
		t.Fatal("an empty solution is nil")
	}
}
