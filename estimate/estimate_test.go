package estimate

import (
	"context"
	"testing"
	"time"

	"polyviz/assets"
	"polyviz/formats"
	"polyviz/puzzle"
	"polyviz/solver"
)

// load reads a library puzzle.
func load(t testing.TB, name string) *puzzle.Loaded {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no library puzzle %s", name)
	}
	l, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return l
}

// TestWalkIsDLX1sTree walks the whole tree the probes sample and compares
// its figures with the dancing-links engine's: the same nodes and updates
// mean the probes sample the very tree the engine searches.
func TestWalkIsDLX1sTree(t *testing.T) {
	if raceEnabled && testing.Short() {
		t.Skip("-race -short: whole searches, sequential; run without -race")
	}
	for _, tt := range []struct {
		name  string
		plain bool // no multiplicities: DLX1's figures must agree
	}{
		{"soma", true}, {"soma-bathtub", true}, {"pentomino-3x20", true},
		{"tetracube-2x2x8", true}, {"tetromino-4x10", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := load(t, tt.name)
			got, err := Walk(context.Background(), l.Problem)
			if err != nil {
				t.Fatal(err)
			}
			st, err := solver.Solve(context.Background(), l.Problem, solver.Options{Workers: 1, Engine: solver.EngineDLX}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Solutions != st.Solutions {
				t.Errorf("walk finds %d solutions, solver %d", got.Solutions, st.Solutions)
			}
			if tt.plain && (got.Nodes != st.Nodes || got.Updates != st.Updates) {
				t.Errorf("walk: %d nodes, %d updates; solver: %d nodes, %d updates", got.Nodes, got.Updates, st.Nodes, st.Updates)
			}
		})
	}
}

// TestCancel stops a long Run from its progress report (as the window
// does when another puzzle opens): it returns the figures so far with the
// context's error; and Calibrate times dancing links with two workers.
func TestCancel(t *testing.T) {
	l := load(t, "pentomino-6x10")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, err := Run(ctx, l.Problem, Options{Probes: 1 << 30, ProgressEvery: 10, Progress: func(Result) { cancel() }})
	if err != context.Canceled || r.Probes < 10 || r.Probes >= 1<<30 {
		t.Errorf("Run after cancel: %d probes, %v", r.Probes, err)
	}
	// long enough for the setup (which honours the deadline) on a busy
	// machine, and longer with the race detector, which slows the setup
	// several times over
	budget := 300 * time.Millisecond
	if raceEnabled {
		budget = 3 * time.Second
	}
	// each engine as asked; auto is the bitset engine on a packing (as solve
	// runs it)
	for _, c := range []struct {
		ask, ran solver.Engine
		words    string
	}{
		{solver.EngineDLX, solver.EngineDLX, "dancing links"},
		{solver.EngineAuto, solver.EngineBits, "the bitset engine"},
		{solver.EngineBits, solver.EngineBits, "the bitset engine"},
	} {
		rate, err := calibrateSome(l.Problem, 2, budget, c.ask)
		if err != nil || rate.UpdatesPerSecond <= 0 || rate.Engine != c.ran || rate.EngineWords() != c.words || rate.OwnTree {
			t.Errorf("Calibrate %v: engine %v (%q), %v updates/s, %v", c.ask, rate.Engine, rate.EngineWords(), rate.UpdatesPerSecond, err)
		}
	}
	// the cell search's tree is not DLX1's: it is timed by the fraction of
	// its tree a run searched (the driver's, at its reports ten times a
	// second), whatever DLX1's updates
	rate, err := calibrateSome(l.Problem, 1, budget, solver.EngineCell)
	if err != nil || rate.Engine != solver.EngineCell || rate.EngineWords() != "the cell search" || !rate.OwnTree {
		t.Fatalf("Calibrate cell: %+v, %v", rate, err)
	}
	if !rate.Done && (rate.Fraction <= 0 || rate.Fraction >= 1 || rate.Seconds(1) != rate.Elapsed.Seconds()/rate.Fraction || rate.Seconds(1) != rate.Seconds(1e9)) {
		t.Errorf("Calibrate cell: fraction %v at %v, %v s", rate.Fraction, rate.Elapsed, rate.Seconds(1))
	}
}

// calibrateSome is CalibrateSome up to two minutes: budget doubled while the
// run ended before its setup did: on a loaded machine no fixed budget is
// sure to see a node, and the test is of what a calibration reports.
func calibrateSome(p *solver.Problem, workers int, budget time.Duration, engine solver.Engine) (Rate, error) {
	return CalibrateSome(context.Background(), p, workers, budget, 2*time.Minute, engine)
}

// TestWorkers: probes made by several workers at once give the same
// figures from one run to the next (each worker has its random stream,
// and their probes are taken in order), one worker the figures of Run
// without workers, and weighed counts stay right.
func TestWorkers(t *testing.T) {
	l := load(t, "soma")
	sym := l.Puzzle.Symmetry()
	weigh := func(options []int) float64 { return 1 / float64(sym.ClassSize(puzzle.DistinctAll, options)) }
	probes := 12
	if raceEnabled {
		probes = 3
	}
	runs := func(opt Options) Result {
		t.Helper()
		r, err := Run(context.Background(), l.Problem, opt)
		if err != nil || r.Probes != opt.Probes {
			t.Fatalf("%+v: %d probes, %v", opt, r.Probes, err)
		}
		r.Elapsed = 0
		return r
	}
	one := runs(Options{Probes: probes, Seed: 4, Weigh: weigh})
	if got := runs(Options{Probes: probes, Seed: 4, Weigh: weigh, Workers: 1}); got != one {
		t.Errorf("one worker: %+v, without: %+v", got, one)
	}
	a := runs(Options{Probes: probes, Seed: 4, Weigh: weigh, Workers: 3})
	b := runs(Options{Probes: probes, Seed: 4, Weigh: weigh, Workers: 3})
	if a != b {
		t.Errorf("three workers, twice: %+v and %+v", a, b)
	}
	if a == one {
		t.Error("three workers drew the same probes as one")
	}
	if s := a.Solutions; s.Low > 240 || s.High < 240 {
		t.Errorf("three workers: %.1f (%.1f-%.1f) distinct, want 240 inside", s.Mean, s.Low, s.High)
	}
}

// TestCountOnly: probes that leave out the updates make the same random
// choices, so the same solutions and nodes, with the updates 0; on both
// kinds of walker.
func TestCountOnly(t *testing.T) {
	for _, name := range []string{"soma", "tetromino-4x10"} {
		l := load(t, name)
		all, err := Run(context.Background(), l.Problem, Options{Probes: 6, Seed: 3, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		count, err := Run(context.Background(), l.Problem, Options{Probes: 6, Seed: 3, Workers: 2, CountOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if count.Solutions != all.Solutions || count.Nodes != all.Nodes || count.Updates != (Figure{}) || all.Updates.Mean <= 0 {
			t.Errorf("%s: count only %+v\nall %+v", name, count, all)
		}
	}
}
