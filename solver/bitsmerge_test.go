package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
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

// TestMergeItemsRandom holds the merge to dancing links on random problems
// unlike the library's: items given in two or three copies that lie in the
// same options (primary with multiplicities, or secondary), beside items
// with the same options and other bounds, which must not merge. The merged
// problem keeps option numbers, so its solutions must be p's, one for one.
func TestMergeItemsRandom(t *testing.T) {
	trials := 300
	if raceEnabled {
		trials = 40
	}
	rng := rand.New(rand.NewPCG(7, uint64(trials)))
	merged := 0
	for trial := range trials {
		nBase := 3 + rng.IntN(6)
		var prim, sec []string
		copies := make([][]string, nBase)
		bounds := map[string][2]int{}
		for b := range nBase {
			secondary := rng.IntN(5) == 0
			lo := 1
			hi := 1
			if !secondary && rng.IntN(3) == 0 {
				lo = rng.IntN(2)
				hi = lo + 1 + rng.IntN(2)
			}
			for c := range 1 + rng.IntN(3) {
				name := fmt.Sprintf("i%d.%d", b, c)
				// a copy with other bounds lies in the same options but is
				// no copy for the merge
				clo, chi := lo, hi
				if !secondary && c > 0 && rng.IntN(4) == 0 {
					chi = hi + 1
				}
				copies[b] = append(copies[b], name)
				if secondary {
					sec = append(sec, name)
				} else {
					prim = append(prim, name)
					bounds[name] = [2]int{clo, chi}
				}
			}
		}
		p := NewProblem(prim, sec)
		for name, b := range bounds {
			if b != [2]int{1, 1} {
				if err := p.SetMultiplicity(name, b[0], b[1]); err != nil {
					t.Fatal(err)
				}
			}
		}
		for range 6 + rng.IntN(20) {
			var opt []string
			for b := range nBase {
				if rng.IntN(3) == 0 {
					opt = append(opt, copies[b]...)
				}
			}
			if len(opt) > 0 {
				_ = p.AddOption(opt...)
			}
		}
		if p.err != nil || p.NumOptions() == 0 {
			continue
		}
		q, of := mergeItems(p)
		if q == nil {
			continue
		}
		merged++
		for i, it := range of {
			if q.ItemName(i) != p.ItemName(int(it)) {
				t.Fatalf("trial %d: merged item %d is %s, names %s", trial, i, q.ItemName(i), p.ItemName(int(it)))
			}
		}
		want, _ := solutionSet(t, p, EngineDLX)
		got, _ := solutionSet(t, q, EngineBits)
		if !slices.Equal(want, got) {
			t.Fatalf("trial %d: %d solutions merged, %d by dancing links on the whole problem", trial, len(got), len(want))
		}
	}
	if merged < trials/2 {
		t.Errorf("only %d of %d random problems had items to merge", merged, trials)
	}
}

// TestItemColumns: the options of the items as bitsets (mergeItems' form
// when they are short) and as lists (its form otherwise) tell the same
// items apart and count the same options, on random problems.
func TestItemColumns(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	for k := range 200 {
		p := randomProblem(r, false, k%2 == 0)
		if p.Err() != nil {
			continue
		}
		sets, lists := itemBitsets(p, (p.NumOptions()+63)/64), itemLists(p)
		for a := range p.NumItems() {
			if sets.count(a) != lists.count(a) {
				t.Fatalf("problem %d, item %d: %d options as a bitset, %d as a list", k, a, sets.count(a), lists.count(a))
			}
			for b := range p.NumItems() {
				if s, l := sets.same(a, b), lists.same(a, b); s != l || (s && sets.hash(a) != sets.hash(b)) || (l && lists.hash(a) != lists.hash(b)) {
					t.Fatalf("problem %d, items %d and %d: same as bitsets %v, as lists %v", k, a, b, s, l)
				}
			}
		}
	}
}
