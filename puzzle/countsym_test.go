package puzzle

import (
	"context"
	"math/rand/v2"
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
		got, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1 + trial%2})
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
		got, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 2})
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
	if st, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1}); !ok || err != nil || st.Raw != 11520 || st.Distinct != 240 {
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
		if st, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1}); ok || err != nil || st.Nodes != 0 {
			t.Errorf("%s: ok %v, %d nodes, %v", tt.name, ok, st.Nodes, err)
		}
	}
	e, _ := assets.Lookup("soma")
	l, _ := Load(e.File, e.Data(), FormatAuto)
	if _, ok, _ := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 1, MaxSolutions: 5}); ok {
		t.Error("--max 5 counted by symmetry")
	}
}
