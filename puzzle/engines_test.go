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
// and the cut (with its second link where a locked placement has
// symmetries of its own: second > 0) give the literature's counts with
// dancing links, the bitset engine and the cell search, with the third
// link too (distinctCutDepth 3, third > 0 where it cuts).
func TestEnginesDistinct(t *testing.T) {
	tests := []struct {
		name          string
		mode          Distinct
		distinct      int64
		raw           int64
		second, third bool
		slow          bool
	}{
		{"soma", DistinctAll, 240, 11520, true, true, false},
		{"soma", DistinctRotations, 480, 11520, false, false, false},
		{"pentomino-3x20", DistinctAll, 2, 8, true, false, false},
		{"pentomino-3x20", DistinctRotations, 4, 8, false, false, false},
		{"tetracube-2x4x4", DistinctAll, 695, 11120, true, false, false},
		{"pentomino-8x8-hole", DistinctAll, 65, 520, true, false, true},
		{"pentacube-2x5x6", DistinctAll, 264, 2112, true, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name+"/"+tc.mode.String(), func(t *testing.T) {
			if tc.slow && (testing.Short() || raceEnabled) {
				t.Skip("pure computation: skipped with -short or -race; the plain pass runs it")
			}
			e, _ := assets.Lookup(tc.name)
			l, err := Load(e.File, e.Data(), FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			for _, depth := range []int{2, 3} {
				l.Puzzle.cutDepth = depth
				for _, engine := range []solver.Engine{solver.EngineDLX, solver.EngineBits, solver.EngineCell} {
					for _, workers := range []int{1, 2} {
						st, err := l.Puzzle.SolveDistinct(context.Background(), tc.mode, solver.Options{Workers: workers, Engine: engine}, nil)
						if err != nil {
							t.Fatal(err)
						}
						if st.Engine != engine || st.Distinct != tc.distinct || st.Raw != tc.raw || st.Lock == "" {
							t.Errorf("depth %d, %v, workers=%d: engine %v, %d distinct, raw %d, lock %q; want %d, %d", depth, engine, workers, st.Engine, st.Distinct, st.Raw, st.Lock, tc.distinct, tc.raw)
						}
						if (st.Stabilised > 0) != tc.second || (st.Third > 0) != (tc.third && depth == 3) {
							t.Errorf("depth %d: %d second cuts, %d third; want some: %v, %v", depth, st.Stabilised, st.Third, tc.second, tc.third)
						}
					}
				}
			}
		})
	}
}

// TestDistinctEngineAuto: a distinct count asked of EngineAuto runs the cell
// search on boards and on boxes at most two cubes thick, and the bitset
// engine elsewhere; a raw count, or an engine asked for by name, is left
// alone. On the puzzles it picks the cell search for, the count is the
// literature's.
func TestDistinctEngineAuto(t *testing.T) {
	for _, tc := range []struct {
		name string
		mode Distinct
		in   solver.Engine
		want solver.Engine
	}{
		{"pentomino-6x10", DistinctAll, solver.EngineAuto, solver.EngineCell},
		{"pentomino-8x8-hole", DistinctRotations, solver.EngineAuto, solver.EngineCell},
		{"pentacube-2x5x6", DistinctAll, solver.EngineAuto, solver.EngineCell},
		{"tetracube-2x2x8", DistinctAll, solver.EngineAuto, solver.EngineCell},
		{"pentacube-3x4x5", DistinctAll, solver.EngineAuto, solver.EngineAuto},
		{"bedlam", DistinctRotations, solver.EngineAuto, solver.EngineAuto},
		{"soma", DistinctAll, solver.EngineAuto, solver.EngineAuto},
		{"pentomino-6x10", DistinctNone, solver.EngineAuto, solver.EngineAuto},
		{"pentomino-6x10", DistinctAll, solver.EngineBits, solver.EngineBits},
		{"pentomino-6x10", DistinctAll, solver.EngineDLX, solver.EngineDLX},
		{"hexiamond-4x9", DistinctAll, solver.EngineAuto, solver.EngineAuto},
	} {
		e, ok := assets.Lookup(tc.name)
		if !ok {
			t.Fatalf("%s: not in the library", tc.name)
		}
		l, err := Load(e.File, e.Data(), FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.Puzzle.distinctEngine(tc.mode, tc.in); got != tc.want {
			t.Errorf("%s %v asked %v: %v, want %v", tc.name, tc.mode, tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name     string
		distinct int64
	}{{"pentomino-3x20", 2}, {"tetracube-2x4x4", 695}, {"pentomino-4x15", 368}} {
		e, _ := assets.Lookup(tc.name)
		l, err := Load(e.File, e.Data(), FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		st, err := l.Puzzle.SolveDistinct(context.Background(), DistinctAll, solver.Options{Workers: 2, Engine: solver.EngineAuto}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Engine != solver.EngineCell || st.Distinct != tc.distinct {
			t.Errorf("%s: %d distinct by %v, want %d by the cell search", tc.name, st.Distinct, st.Engine, tc.distinct)
		}
	}
}
