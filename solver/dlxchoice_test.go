package solver

import (
	"context"
	"math/rand/v2"
	"testing"
)

// choiceOf finds a node from its option's place in the array; it must
// agree with stepOf on every node of problems with colours, bounds and
// secondary items, and refuse a pair that is no node.
func TestDLXChoiceOfEveryNode(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		p := randomProblem(r, trial%2 == 0, trial%3 == 0)
		s := madeSearch(t, dlxFactory(context.Background(), p, 1<<20)).(*dlxSearch)
		e := s.e
		nodes := 0
		for x := e.lastItm + 1; x < int32(len(e.nd)); x++ {
			if e.nd[x].itm <= 0 {
				continue
			}
			nodes++
			st := s.stepOf(x)
			got, ok := s.choiceOf(st)
			if !ok || got != x {
				t.Fatalf("trial %d: choiceOf(%+v) = %d, %v; want node %d", trial, st, got, ok, x)
			}
		}
		if nodes != len(p.entries) {
			t.Fatalf("trial %d: %d option nodes, want %d", trial, nodes, len(p.entries))
		}
		for _, st := range []Step{{Item: len(p.items), Option: 0}, {Item: 0, Option: p.NumOptions()}} {
			if _, ok := s.choiceOf(st); ok {
				t.Fatalf("trial %d: choiceOf(%+v) found a node", trial, st)
			}
		}
	}
}
