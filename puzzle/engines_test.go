package puzzle

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"polyviz/assets"
	"polyviz/solver"
)

// solutionSet solves p with the given engine and returns its solutions as
// sorted option lists, sorted.
func solutionSet(t *testing.T, p *solver.Problem, e solver.Engine) ([][]int, solver.Stats) {
	t.Helper()
	var sols [][]int
	st, err := solver.Solve(context.Background(), p, solver.Options{Workers: 2, Engine: e}, func(s solver.Solution) bool {
		sols = append(sols, slices.Sorted(slices.Values(s.Options)))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(sols, slices.Compare)
	return sols, st
}

// TestEnginesLibrary: on the library's puzzles, the bitset engine finds
// the same set of solutions as dancing links (the quick ones; the others
// are compared by the bench command). The tetromino and tetracube sets have
// pieces with multiplicities.
func TestEnginesLibrary(t *testing.T) {
	quick := []string{"soma", "soma-bathtub", "soma-crystal", "soma-pyramid", "soma-sofa", "soma-steps",
		"soma-tunnel", "soma-wall", "pentomino-3x20", "tetromino-4x10", "tetromino-5x8", "tetracube-2x2x8", "tetracube-2x4x4"}
	slow := []string{"pentomino-8x8-hole", "pentacube-2x3x10", "pentomino-4x15"}
	names := quick
	if !testing.Short() && !raceEnabled {
		names = append(names, slow...)
	} else if raceEnabled {
		names = quick[:3]
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			e, ok := assets.Lookup(name)
			if !ok {
				t.Skipf("%s is not in the library", name)
			}
			l, err := Load(e.File, e.Data(), FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			p, err := l.Puzzle.Problem()
			if err != nil {
				t.Fatal(err)
			}
			if ok, why := solver.BitsApplies(p); !ok {
				t.Fatalf("the bitset engine does not apply: %s", why)
			}
			start := time.Now()
			want, _ := solutionSet(t, p, solver.EngineDLX)
			mid := time.Now()
			got, st := solutionSet(t, p, solver.EngineBits)
			t.Logf("%d solutions; dlx %v, bits %v", len(want), mid.Sub(start), time.Since(mid))
			if st.Engine != solver.EngineBits {
				t.Fatalf("engine %v ran", st.Engine)
			}
			if len(want) == 0 || !reflect.DeepEqual(got, want) {
				t.Fatalf("bits found %d solutions, dlx %d (or different ones)", len(got), len(want))
			}
			// the cell search, where it applies (not to the sets with
			// multiplicities: they go to the bitset engine)
			cells, st := solutionSet(t, p, solver.EngineCell)
			if multi := strings.HasPrefix(name, "tetro"); (st.Engine == solver.EngineCell) == multi {
				t.Fatalf("--engine cell ran %v", st.Engine)
			}
			if !reflect.DeepEqual(cells, want) {
				t.Fatalf("the cell search found %d solutions, dlx %d (or different ones)", len(cells), len(want))
			}
		})
	}
}

// TestEnginesDistinct: --distinct passes the engine through, and the lock
// and the cut give the literature's counts with the bitset engine and the
// cell search too.
func TestEnginesDistinct(t *testing.T) {
	tests := []struct {
		name     string
		mode     Distinct
		distinct int64
		raw      int64
	}{
		{"soma", DistinctAll, 240, 11520},
		{"soma", DistinctRotations, 480, 11520},
		{"pentomino-3x20", DistinctAll, 2, 8},
		{"pentomino-3x20", DistinctRotations, 4, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name+"/"+tc.mode.String(), func(t *testing.T) {
			e, _ := assets.Lookup(tc.name)
			l, err := Load(e.File, e.Data(), FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			for _, engine := range []solver.Engine{solver.EngineBits, solver.EngineCell} {
				for _, workers := range []int{1, 2} {
					st, err := l.Puzzle.SolveDistinct(context.Background(), tc.mode, solver.Options{Workers: workers, Engine: engine}, nil)
					if err != nil {
						t.Fatal(err)
					}
					if st.Engine != engine || st.Distinct != tc.distinct || st.Raw != tc.raw || st.Lock == "" {
						t.Errorf("%v, workers=%d: engine %v, %d distinct, raw %d, lock %q; want %d, %d", engine, workers, st.Engine, st.Distinct, st.Raw, st.Lock, tc.distinct, tc.raw)
					}
				}
			}
		})
	}
}
