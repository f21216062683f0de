package solver

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"
)

// A run's worker that stops leaves its dancing links as they stand: no
// task follows, and undoing every level of a deep search on a big board
// took seconds after a signal. The structure is found still covered, and
// the search refuses a replay.
func TestStopAbandonsStructure(t *testing.T) {
	p := medium(t)
	fresh := testEngine(t, p)
	n := 0
	r, _, err := solveRun(context.Background(), p, Options{Workers: 1, Engine: EngineDLX}, func(Solution) bool {
		n++
		return n < 5
	})
	if err != nil {
		t.Fatal(err)
	}
	s := r.workers[0].s.(*dlxSearch)
	if !s.spoiled {
		t.Error("the stopped worker's search is not marked spoiled")
	}
	if slices.Equal(s.e.cl, fresh.cl) && slices.Equal(s.e.nd, fresh.nd) {
		t.Error("the stopped worker undid its levels: its structure is the fresh one")
	}
	defer func() {
		if recover() == nil {
			t.Error("a replay after an abandoned search did not panic")
		}
	}()
	s.replay(nil)
}

// A search that is used again after a stop (Split's measure: a budget per
// piece) still undoes every level, whatever its depth.
func TestStopRestoresReusedSearch(t *testing.T) {
	p := medium(t)
	s := madeSearch(t, dlxFactory(context.Background(), p, 1)).(*dlxSearch)
	nd, cl := slices.Clone(s.e.nd), slices.Clone(s.e.cl)
	for _, budget := range []int64{1, 7, 50, 400} {
		start := s.e.nodes
		s.e.poll = func() bool { return s.e.nodes-start < budget }
		s.replay(nil)
		if s.search(0) {
			t.Fatalf("budget %d: the search was not stopped", budget)
		}
		if s.spoiled || !slices.Equal(nd, s.e.nd) || !slices.Equal(cl, s.e.cl) {
			t.Fatalf("budget %d: the stopped search did not restore its structure", budget)
		}
	}
}

// A run stopped in the middle (its workers abandoning their searches)
// leaves a checkpoint that resumes to the figures of one whole run.
func TestStopCheckpointResumes(t *testing.T) {
	p := medium(t)
	want, err := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineDLX}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, stopAt := range []int64{1, 100, want.Solutions / 2} {
		ctx, cancel := context.WithCancel(context.Background())
		var last Checkpoint
		var seen atomic.Int64
		_, err := Solve(ctx, p, Options{Workers: 2, Engine: EngineDLX, pollEvery: 64,
			Checkpoint: func(c Checkpoint) { last = c }}, func(Solution) bool {
			if seen.Add(1) == stopAt {
				cancel()
			}
			return true
		})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stop at %d: err %v, want context.Canceled", stopAt, err)
		}
		if last.Done || len(last.Tasks) == 0 {
			t.Fatalf("stop at %d: the last checkpoint has no tasks left: %+v", stopAt, last)
		}
		got, err := Solve(context.Background(), p, Options{Workers: 2, Resume: &last}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.Solutions != want.Solutions || got.Nodes != want.Nodes || got.Updates != want.Updates {
			t.Errorf("stop at %d, resumed: %d solutions, %d nodes, %d updates; want %d, %d, %d",
				stopAt, got.Solutions, got.Nodes, got.Updates, want.Solutions, want.Nodes, want.Updates)
		}
	}
}

// errAfter is a context whose Err reports Canceled from its n-th call on.
type errAfter struct {
	context.Context
	n, calls int
}

func (c *errAfter) Err() error {
	c.calls++
	if c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

// One node's expansion on a big board is millions of updates: the cut
// polls its context inside it too, and leaves the node it stopped in
// unexpanded (a task as it is), its structure and figures untouched.
func TestCutStopsInsideExpansion(t *testing.T) {
	p := queens(8)
	s := madeSearch(t, dlxFactory(context.Background(), p, 1)).(*dlxSearch)
	nd, cl := slices.Clone(s.e.nd), slices.Clone(s.e.cl)
	// the first call is the cut's own look before it expands the root,
	// the second the root's first poll, the third its second
	ctx := &errAfter{Context: context.Background(), n: 3}
	c, err := cutTree(ctx, s, 64, false, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled (%d calls, %d tasks)", err, ctx.calls, len(c.tasks))
	}
	if len(c.tasks) != 1 || len(c.tasks[0]) != 0 {
		t.Fatalf("tasks %v, want the root alone", c.tasks)
	}
	if f := s.figures(); f.nodes != 0 || f.updates != 0 || slices.ContainsFunc(f.profile, func(n int64) bool { return n != 0 }) {
		t.Errorf("the stopped expansion counted %d nodes, %d updates, profile %v", f.nodes, f.updates, f.profile)
	}
	if s.e.poll != nil {
		t.Error("the cut left its poll hook on the search")
	}
	s.replay(nil)
	if !slices.Equal(nd, s.e.nd) || !slices.Equal(cl, s.e.cl) {
		t.Error("the stopped expansion did not restore the structure")
	}
}

// The name of a big problem is hundreds of megabytes of DLX file to hash:
// a run with checkpoints cancelled then stops without one.
func TestProblemHashCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := problemHash(ctx, medium(t)); !errors.Is(err, context.Canceled) {
		t.Errorf("problemHash of a cancelled context: %v, want context.Canceled", err)
	}
	called := false
	_, err := Solve(ctx, medium(t), Options{Workers: 2, Engine: EngineDLX, Checkpoint: func(Checkpoint) { called = true }}, nil)
	if !errors.Is(err, context.Canceled) || called {
		t.Errorf("a run cancelled before it began: err %v, checkpoint written %v; want context.Canceled and none", err, called)
	}
}
