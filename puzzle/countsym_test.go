package puzzle

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"polyviz/assets"
	"polyviz/solver"
)

// TestCountBySymmetry: the raw count made by symmetry (the classes' sizes
// added up) equals the raw search's count on random carvings (boards and
// boxes with centres, repeated pieces, pieces of one shape under two names)
// and on the library's quick packings, and its search is smaller where it
// is taken. Where it is refused (no symmetry acts, no piece to lock, an
// option given twice) nothing is searched.
func TestCountBySymmetry(t *testing.T) {
	ctx := context.Background()
	raw := func(t *testing.T, p *Puzzle, limit int64) solver.Stats {
		prob, err := p.Problem()
		if err != nil {
			t.Fatal(err)
		}
		st, err := solver.Solve(ctx, prob, solver.Options{Workers: 1, Engine: solver.EngineBits, MaxSolutions: limit}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	r := rand.New(rand.NewPCG(26, 11))
	trials := 120
	if testing.Short() || raceEnabled {
		trials = 40
	}
	taken := 0
	for trial := range trials {
		spec := randomCarving(r)
		l, err := Load("random.txt", []byte(spec), FormatAuto)
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, spec)
		}
		want := raw(t, l.Puzzle, 3001)
		if want.Solutions > 3000 {
			continue // a few random carvings have millions
		}
		// every solution is visited once: the raw search's set
		prob, _ := l.Puzzle.Problem()
		wantSet := map[string]bool{}
		if _, err := solver.Solve(ctx, prob, solver.Options{Workers: 1}, func(s solver.Solution) bool {
			wantSet[fmt.Sprint(slices.Sorted(slices.Values(s.Options)))] = true
			return true
		}); err != nil {
			t.Fatal(err)
		}
		gotSet := map[string]bool{}
		visits := 0
		got, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1 + trial%2}, func(options []int) bool {
			visits++
			gotSet[fmt.Sprint(options)] = true
			return true
		})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !ok {
			if got.Nodes != 0 {
				t.Errorf("trial %d: refused, but searched %d nodes", trial, got.Nodes)
			}
			continue
		}
		taken++
		if int64(visits) != got.Raw || len(gotSet) != visits || !maps.Equal(gotSet, wantSet) {
			t.Errorf("trial %d: %d solutions visited, %d different, %d raw; equal to the raw search's: %v\n%s", trial, visits, len(gotSet), got.Raw, maps.Equal(gotSet, wantSet), spec)
		}
		if got.Raw != want.Solutions {
			t.Errorf("trial %d: by symmetry %d solutions (%d classes), raw search %d\n%s", trial, got.Raw, got.Distinct, want.Solutions, spec)
		}
	}
	t.Logf("counted by symmetry on %d of %d random puzzles", taken, trials)
	if taken < trials/4 {
		t.Errorf("the count by symmetry was taken on %d of %d random puzzles", taken, trials)
	}
	names := []string{"soma", "soma-bathtub", "soma-pyramid", "pentomino-3x20", "tetromino-5x8", "tetracube-2x4x4", "tetracube-2x2x8"}
	if !testing.Short() && !raceEnabled {
		names = append(names, "pentomino-8x8-hole", "pentacube-2x3x10", "pentomino-4x15")
	}
	for _, name := range names {
		e, ok := assets.Lookup(name)
		if !ok {
			t.Fatalf("%s is not in the library", name)
		}
		l, err := Load(e.File, e.Data(), FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		want := raw(t, l.Puzzle, 0)
		got, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 2}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Logf("%s: not counted by symmetry (%d solutions raw)", name, want.Solutions)
			continue
		}
		if got.Raw != want.Solutions || got.Nodes >= want.Nodes {
			t.Errorf("%s: by symmetry %d solutions in %d nodes, raw %d in %d", name, got.Raw, got.Nodes, want.Solutions, want.Nodes)
		}
	}
	// the Soma cube: 11520 raw, 240 classes of up to 48
	e, _ := assets.Lookup("soma")
	l, _ := Load(e.File, e.Data(), FormatAuto)
	if st, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1}, nil); !ok || err != nil || st.Raw != 11520 || st.Distinct != 240 {
		t.Errorf("soma: %d raw in %d classes, ok %v, %v", st.Raw, st.Distinct, ok, err)
	}
}

// TestCountBySymmetryRefuses: an option given twice (a raw search counts
// each copy; the classes would not), a board with no symmetry and a limit
// on the solutions are left to the raw search.
func TestCountBySymmetryRefuses(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct{ name, dlx string }{
		// two dominoes in a 2x2 square: 4 packings, 5 with "A 00 01" twice
		{"repeated option", "00 01 10 11 A B\nA 00 01\nA 10 11\nA 00 10\nA 01 11\nB 00 01\nB 10 11\nB 00 10\nB 01 11\nA 00 01\n"},
		// a P pentomino's own box: no symmetry maps it onto itself but the identity
		{"no symmetry", "00 01 10 11 20 A\nA 00 01 10 11 20\n"},
	} {
		l, err := Load(tt.name+".dlx", []byte(tt.dlx), FormatDLX)
		if err != nil {
			t.Fatal(err)
		}
		if l.Puzzle == nil {
			t.Fatalf("%s: not read as a packing", tt.name)
		}
		if st, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1}, nil); ok || err != nil || st.Nodes != 0 {
			t.Errorf("%s: ok %v, %d nodes, %v", tt.name, ok, st.Nodes, err)
		}
	}
	e, _ := assets.Lookup("soma")
	l, _ := Load(e.File, e.Data(), FormatAuto)
	if _, ok, _ := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1, MaxSolutions: 5}, nil); ok {
		t.Error("--max 5 counted by symmetry")
	}
	// a checkpoint of the whole tree (saved by a raw search) is left to
	// the raw search; one of the cut search is taken
	prob, _ := l.Puzzle.Problem()
	var whole *solver.Checkpoint
	if _, err := solver.Solve(ctx, prob, solver.Options{Workers: 1, Checkpoint: func(c solver.Checkpoint) { whole = &c }}, nil); err != nil || whole == nil {
		t.Fatalf("no checkpoint of the whole tree: %v", err)
	}
	if _, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1, Resume: whole}, nil); ok || err != nil {
		t.Errorf("resumed a checkpoint of the whole tree by symmetry: %v", err)
	}
	// stopped after a few classes, then resumed: all 11520, each visited once
	var cut *solver.Checkpoint
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	seen := map[string]int{}
	_, ok, err := l.Puzzle.CountBySymmetry(stop, solver.Options{Workers: 1, Checkpoint: func(c solver.Checkpoint) { cut = &c }}, func(o []int) bool {
		seen[fmt.Sprint(o)]++
		if len(seen) >= 500 {
			cancel()
		}
		return true
	})
	if !ok || err == nil || cut == nil || cut.Done {
		t.Fatalf("no checkpoint of the stopped cut search: %v %v", ok, err)
	}
	st, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1, Resume: cut}, func(o []int) bool { seen[fmt.Sprint(o)]++; return true })
	if !ok || err != nil || st.Raw != 11520 || st.Distinct != 240 || len(seen) != 11520 {
		t.Errorf("resumed the cut search's checkpoint: ok %v, %d raw in %d classes, %d visited, %v", ok, st.Raw, st.Distinct, len(seen), err)
	}
	for k, n := range seen {
		if n != 1 {
			t.Fatalf("%s visited %d times", k, n)
		}
	}
}
