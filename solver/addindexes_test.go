package solver

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAddOptionIndexes: options added by their items' indices make the
// same problem as the same options added by name, and the same options
// are refused for the same reasons (an item twice, short and long, no
// primary item, an index that is no item), leaving the problem as it was.
func TestAddOptionIndexes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 41))
	for trial := range 200 {
		nPrim, nSec := 1+rng.IntN(90), rng.IntN(30)
		var prim, sec []string
		for i := range nPrim {
			prim = append(prim, fmt.Sprintf("p%d", i))
		}
		for i := range nSec {
			sec = append(sec, fmt.Sprintf("s%d", i))
		}
		byName, byIndex := NewProblem(prim, sec), NewProblem(prim, sec)
		n := nPrim + nSec
		for range 40 {
			k := 1 + rng.IntN(min(n, 70))
			idx := make([]int32, k)
			for j := range idx {
				idx[j] = int32(rng.IntN(n))
			}
			bad := rng.IntN(8) == 0
			if bad {
				idx[rng.IntN(k)] = int32(n + rng.IntN(3)) // no item
			}
			names := make([]string, k)
			for j, i := range idx {
				if int(i) < n {
					names[j] = byName.ItemName(int(i))
				} else {
					names[j] = "nosuch"
				}
			}
			e1, e2 := byName.AddOption(names...), byIndex.AddOptionIndexes(idx)
			for _, sentinel := range []error{ErrDuplicateItem, ErrNoPrimary, ErrUnknownItem} {
				if errors.Is(e1, sentinel) != errors.Is(e2, sentinel) {
					t.Fatalf("trial %d: option %v: by name %v, by index %v", trial, idx, e1, e2)
				}
			}
			if (e1 == nil) != (e2 == nil) {
				t.Fatalf("trial %d: option %v: by name %v, by index %v", trial, idx, e1, e2)
			}
		}
		if byName.NumOptions() != byIndex.NumOptions() || !slices.Equal(byName.entries, byIndex.entries) || !slices.Equal(byName.optStart, byIndex.optStart) {
			t.Fatalf("trial %d: the problems differ: %d and %d options", trial, byName.NumOptions(), byIndex.NumOptions())
		}
	}
}
