package puzzle

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"polyviz/solver"
)

// TestMirrorPairsWithRepeats recounts two random cut boxes whose piece sets
// hold repeated copies of a chiral piece together with as many copies of
// its mirror image, so that a reflection of the box permutes the pieces.
// The figures are the reference programs': raw counts from DLX1 on Knuth's
// own DLX file, distinct counts from BurrTools' burrTxt. Every engine and
// mode must give them, and the default count by symmetry too.
func TestMirrorPairsWithRepeats(t *testing.T) {
	cases := []struct {
		file           string
		raw, rot, all  int64
		slowEnginesRaw bool // whether dlx and bits search the raw tree in -short
		lockable       bool // whether the default solve counts by symmetry
	}{
		// C, D, E one tricube; A and G one chiral tetracube, F and H its mirror image
		{"box3x2x5.txt", 465984, 116496, 58248, false, true},
		// A and C one chiral tetracube, B and D its mirror image
		{"box4x2x2.txt", 288, 36, 21, true, false},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			if !c.slowEnginesRaw && raceEnabled {
				t.Skip("seconds of search, many times that with the race detector: the plain pass runs it")
			}
			data, err := os.ReadFile(filepath.Join("testdata", "mirrorpairs", c.file))
			if err != nil {
				t.Fatal(err)
			}
			l, err := Load(c.file, data, FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			p := l.Puzzle
			m := p.mirrorPieces()
			for i, j := range m {
				if j < 0 || m[j] != i {
					t.Fatalf("mirrorPieces %v is not an involution of the pieces", m)
				}
			}
			// every piece of box4x2x2 is chiral: none can be locked, so
			// there is no count by symmetry to take
			st, ok, err := p.CountBySymmetry(ctx, solver.Options{Workers: 2}, nil)
			if err != nil || ok != c.lockable {
				t.Fatalf("CountBySymmetry: ok %v, %v", ok, err)
			}
			if ok && (st.Distinct != c.all || st.Raw != c.raw) {
				t.Errorf("count by symmetry: %d classes, %d raw; want %d, %d", st.Distinct, st.Raw, c.all, c.raw)
			}
			for _, e := range []solver.Engine{solver.EngineDLX, solver.EngineBits, solver.EngineCell} {
				for _, mode := range []Distinct{DistinctNone, DistinctRotations, DistinctAll} {
					if mode == DistinctNone && e != solver.EngineCell && !c.slowEnginesRaw && (testing.Short() || raceEnabled) {
						continue
					}
					want := map[Distinct]int64{DistinctNone: c.raw, DistinctRotations: c.rot, DistinctAll: c.all}[mode]
					st, err := p.SolveDistinct(ctx, mode, solver.Options{Workers: 2, Engine: e}, nil)
					if err != nil {
						t.Fatal(err)
					}
					if st.Distinct != want || st.Raw != c.raw {
						t.Errorf("%v %v: %d distinct, %d raw; want %d, %d", e, mode, st.Distinct, st.Raw, want, c.raw)
					}
				}
			}
		})
	}
}
