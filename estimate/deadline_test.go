package estimate

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"polyviz/solver"
)

// binaryTree is a DLX problem of n items, each covered by either of two
// options: a tree of 2^(n+1)-1 nodes, 2^n solutions.
func binaryTree(t *testing.T, n int) *solver.Problem {
	t.Helper()
	var b strings.Builder
	for i := range n {
		b.WriteString(itemName(i) + " ")
	}
	b.WriteString("\n")
	for i := range n {
		b.WriteString(itemName(i) + "\n" + itemName(i) + "\n")
	}
	p, err := solver.ParseDLX(strings.NewReader(b.String()), "binary")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func itemName(i int) string { return "i" + string(rune('a'+i/26)) + string(rune('a'+i%26)) }

// TestProbeStopsInsideANode: a probe asks whether to stop among a node's
// options too, not only between nodes: one node with 200 options (on a
// large board each costs a millisecond or more) is cut short.
func TestProbeStopsInsideANode(t *testing.T) {
	src := "a\n" + strings.Repeat("a\n", 200)
	p, err := solver.ParseDLX(strings.NewReader(src), "wide")
	if err != nil {
		t.Fatal(err)
	}
	m, err := newMatrix(p)
	if err != nil {
		t.Fatal(err)
	}
	sp := newSampler(DefaultStrata)
	asked := 0
	sp.stop = func() bool { asked++; return true }
	s, exact := sp.sample(newNode(m), rand.New(rand.NewPCG(1, 2)), nil)
	if exact || asked != 1 || s.solutions >= 200 {
		t.Errorf("stop asked %d times, probe exact %v with %v solutions: want it cut short at the first question", asked, exact, s.solutions)
	}
}

// TestExhaustStops: the walk of a small tree before the probes stops when
// told to (the budget ran out), rather than finish its 16,384 nodes.
func TestExhaustStops(t *testing.T) {
	m, err := newMatrix(binaryTree(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	w := newNode(m)
	if s, ok := exhaust(w, nil, exhaustNodes, nil); !ok || s.solutions != 1<<10 {
		t.Fatalf("exhaust without stop: %v, %v solutions; want the whole tree, %d", ok, s.solutions, 1<<10)
	}
	asked := 0
	if s, ok := exhaust(w, nil, exhaustNodes, func() bool { asked++; return true }); ok || asked != 1 || s.nodes > 64 {
		t.Errorf("exhaust told to stop: %v after %v nodes, asked %d times; want it stopped at the first question", ok, s.nodes, asked)
	}
}

// TestBudgetBoundsProbes: a budget spent before the first probe ends (a
// deadline past, or 1 ns) leaves no probe made, with no error, whereas
// the budget used to be looked at only between probes (and the walk of
// the tree before them not at all). A tree too big to walk whole: 2^17
// nodes.
func TestBudgetBoundsProbes(t *testing.T) {
	p := binaryTree(t, 16)
	for _, opt := range []Options{
		{Budget: time.Nanosecond, Seed: 1},
		{Deadline: time.Now().Add(-time.Second), Probes: 25, Seed: 1},
	} {
		r, err := Run(context.Background(), p, opt)
		if err != nil || r.Probes != 0 || r.Exact {
			t.Errorf("budget %v, deadline %v: %d probes, exact %v, error %v; want none made", opt.Budget, opt.Deadline, r.Probes, r.Exact, err)
		}
	}
	// without a budget, the probes are made as before
	if r, err := Run(context.Background(), p, Options{Probes: 5, Seed: 1}); err != nil || r.Probes != 5 {
		t.Errorf("no budget: %d probes, %v; want 5", r.Probes, err)
	}
	// a cancelled context is still an error
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, p, Options{Budget: time.Hour, Seed: 1}); err == nil {
		t.Error("a cancelled context gave no error")
	}
}
