package solver

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// splitDominoes is the domino tilings of a w x h board as a problem with
// multiplicities (one piece item, covered w*h/2 times), each cell split
// into k items that lie in the same options: past the bitset engine's 512
// items when k is large, as a stick puzzle of BurrTools' rhombic grid is.
func splitDominoes(w, h, k int) *Problem {
	var items []string
	for c := range w * h {
		for j := range k {
			items = append(items, fmt.Sprintf("c%d.%d", c, j))
		}
	}
	items = append(items, "D")
	p := NewProblem(items, nil)
	if err := p.SetMultiplicity("D", w*h/2, w*h/2); err != nil {
		panic(err)
	}
	cell := func(c int) []string {
		var out []string
		for j := range k {
			out = append(out, fmt.Sprintf("c%d.%d", c, j))
		}
		return out
	}
	for y := range h {
		for x := range w {
			c := y*w + x
			if x+1 < w {
				_ = p.AddOption(append(append([]string{"D"}, cell(c)...), cell(c+1)...)...)
			}
			if y+1 < h {
				_ = p.AddOption(append(append([]string{"D"}, cell(c)...), cell(c+w)...)...)
			}
		}
	}
	return p
}

// solutionSet lists p's solutions as sorted option lists, sorted, and
// checks that each choice names an item of its option.
func solutionSet(t *testing.T, p *Problem, e Engine) ([]string, Stats) {
	t.Helper()
	var out []string
	st, err := Solve(context.Background(), p, Options{Workers: 1, Engine: e}, func(s Solution) bool {
		for _, c := range s.Choices {
			if !slices.Contains(p.OptionItemIndexes(c.Option), c.Item) {
				t.Errorf("choice %+v: item %d is not in option %d", c, c.Item, c.Option)
			}
		}
		out = append(out, fmt.Sprint(slices.Sorted(slices.Values(s.Options))))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out, st
}

// TestMergedBits: a problem past 512 items whose items merge to fewer runs
// on the bitset engine, with dancing links' solutions, option for option
// (4x5 dominoes: 95 tilings, Knuth's TAOCP 7.1.4); one that does not
// merge stays with dancing links.
func TestMergedBits(t *testing.T) {
	p := splitDominoes(5, 4, 30) // 601 items, 21 after merging
	if ok, why := BitsApplies(p); !ok {
		t.Fatalf("BitsApplies: %s", why)
	}
	q, of := mergeItems(p)
	if q == nil || q.NumItems() != 21 || q.NumOptions() != p.NumOptions() || len(of) != 21 {
		t.Fatalf("merged: %v items, %d options", q.NumItems(), q.NumOptions())
	}
	for i, it := range of {
		if q.ItemName(i) != p.ItemName(int(it)) {
			t.Errorf("merged item %d is %s, names item %d %s", i, q.ItemName(i), it, p.ItemName(int(it)))
		}
	}
	dlx, dst := solutionSet(t, p, EngineDLX)
	bits, bst := solutionSet(t, p, EngineBits)
	if len(dlx) != 95 || dst.Solutions != 95 || bst.Solutions != 95 || !slices.Equal(dlx, bits) {
		t.Errorf("dlx %d solutions, bits %d: the sets differ or are not 95", len(dlx), len(bits))
	}
	if bst.Engine != EngineBits {
		t.Errorf("engine %v, want bits", bst.Engine)
	}
	// every item its own class: no merge, and past 512 items the bitset
	// engine does not apply
	if q, _ := mergeItems(splitDominoes(5, 4, 1)); q != nil {
		t.Errorf("one item a cell merged to %d items", q.NumItems())
	}
	if ok, _ := BitsApplies(splitDominoes(24, 22, 1)); ok {
		t.Error("528 cells, one item each: BitsApplies says yes")
	}
	if dst.Engine != EngineDLX {
		t.Errorf("dlx run: engine %v", dst.Engine)
	}
}
