package assets_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"polyviz/assets"
	"polyviz/puzzle"
	"polyviz/solver"
)

// TestLiteratureCounts recounts the figures of the puzzles from the
// literature (Goodger's Polyform Puzzler) with polyviz's solver, by
// symmetry: raw, up to rotation, and up to rotation and reflection, of
// which one is the published figure. The ones that take more than a moment
// wait for -long; under -short (the race pass) none runs.
func TestLiteratureCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("short: the plain pass recounts them")
	}
	n := 0
	for _, e := range assets.Catalog() {
		c := e.Counts
		if c.All.Checked != assets.CheckedSolve && c.All.Checked != assets.CheckedSolveLong {
			continue
		}
		n++
		t.Run(e.Name, func(t *testing.T) {
			if c.All.Checked == assets.CheckedSolveLong && !*long {
				t.Skip("use -long")
			}
			if _, _, ok := c.Published(); !ok {
				t.Error("no published figure")
			}
			l := loadEntry(t, e)
			start := time.Now()
			workers := 1 // the quick ones, beside the other tests' work
			if c.All.Checked == assets.CheckedSolveLong {
				workers = runtime.GOMAXPROCS(0)
			}
			for _, k := range []struct {
				mode puzzle.Distinct
				want assets.Count
			}{{puzzle.DistinctRotations, c.Rotations}, {puzzle.DistinctAll, c.All}} {
				if !k.want.Known() {
					continue
				}
				// the engine polyviz solve picks (the cell search, mostly)
				plan := puzzle.Plan(l.Puzzle, puzzle.Request{Distinct: k.mode, Engine: solver.EngineAuto})
				st, err := l.Puzzle.SolveDistinct(context.Background(), k.mode, solver.Options{Engine: plan.Engine, Workers: workers}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Distinct != k.want.N || st.Raw != c.Raw.N {
					t.Errorf("%v: %d distinct (%d raw), catalogue says %d (%d)", k.mode, st.Distinct, st.Raw, k.want.N, c.Raw.N)
				}
			}
			if d := time.Since(start); c.All.Checked == assets.CheckedSolve && d > 2*time.Second {
				t.Logf("took %v: move it to the -long recount", d)
			}
		})
	}
	if n < 250 {
		t.Errorf("%d puzzles from the literature, want at least 250", n)
	}
}

// skipSomeInShort skips, under -short (the race pass), nine in ten of the
// entries from the literature, a different tenth for each test that calls
// it with its own index: the plain pass checks them all.
func skipSomeInShort(t *testing.T, i int, e assets.Entry) {
	t.Helper()
	c := e.Counts.All.Checked
	if testing.Short() && (c == assets.CheckedSolve || c == assets.CheckedSolveLong) && i%10 != 0 {
		t.Skip("short: one in ten of the literature's entries")
	}
}
