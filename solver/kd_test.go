package solver

import (
	"context"
	"reflect"
	"testing"
)

// The bitset engine's "(k of d)": d is the number of options of the item
// branched on that fit the choices above (counted here by brute force), k
// is between 1 and d, and both are the same with one worker and three
// (ordered delivery: the same solutions in the same order). A task's
// prefix levels once took d and k from what an earlier task had left in
// the words of the alive sets that no option was alive in.
func TestBitsChoiceDegrees(t *testing.T) {
	p := bitsRef(t, "pentomino-4x15.dlx")
	if raceEnabled {
		p = bitsRef(t, "pentomino-3x20.dlx")
	}
	var runs [2][]Solution
	for i, workers := range []int{1, 3} {
		_, err := Solve(context.Background(), p, Options{Workers: workers, Ordered: true, Engine: EngineBits}, func(s Solution) bool {
			runs[i] = append(runs[i], s)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(runs[0]) == 0 || !reflect.DeepEqual(runs[0], runs[1]) {
		t.Fatalf("1 worker: %d solutions, 3 workers: %d, or other choices", len(runs[0]), len(runs[1]))
	}
	for _, s := range runs[0] {
		used := map[int32]bool{}
		for l, c := range s.Choices {
			d := 0
			for o := range p.NumOptions() {
				fits, has := true, false
				for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
					fits = fits && !used[e.item]
					has = has || int(e.item) == c.Item
				}
				if fits && has {
					d++
				}
			}
			if c.D != d || c.K < 1 || c.K > c.D {
				t.Fatalf("level %d: %+v, %d options fit", l, c, d)
			}
			for _, e := range p.entries[p.optStart[c.Option]:p.optStart[c.Option+1]] {
				used[e.item] = true
			}
		}
	}
}
