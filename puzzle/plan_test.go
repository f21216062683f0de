package puzzle

import (
	"slices"
	"testing"

	"polyviz/assets"
	"polyviz/solver"
)

// TestPlan: the plan's rules, one row each: a distinct count's engine by
// lattice and thickness, a split of one never on dancing links, a plain raw
// count by symmetry with the whole tree as its fallback, and every other
// request on the whole tree (dancing links for a listing in order).
func TestPlan(t *testing.T) {
	auto, bits, cell, dlx := solver.EngineAuto, solver.EngineBits, solver.EngineCell, solver.EngineDLX
	for _, tc := range []struct {
		what   string
		puzzle string // "" none: a DLX file
		req    Request
		sym    bool
		cut    Distinct
		engine solver.Engine
		whole  solver.Engine // with sym: Whole's engine
	}{
		{"distinct on a board", "pentomino-6x10", Request{Engine: auto, Distinct: DistinctAll}, false, DistinctAll, cell, 0},
		{"distinct in a thin box", "pentacube-2x5x6", Request{Engine: auto, Distinct: DistinctRotations}, false, DistinctRotations, cell, 0},
		{"distinct in a thick box", "pentacube-3x4x5", Request{Engine: auto, Distinct: DistinctAll}, false, DistinctAll, bits, 0},
		{"distinct, an engine by name", "pentomino-6x10", Request{Distinct: DistinctAll, Engine: dlx}, false, DistinctAll, dlx, 0},
		{"distinct, split", "pentomino-6x10", Request{Distinct: DistinctAll, Engine: dlx, Split: true}, false, DistinctAll, bits, 0},
		{"distinct, split, thick", "bedlam", Request{Engine: auto, Distinct: DistinctRotations, Split: true}, false, DistinctRotations, bits, 0},
		{"raw count", "pentomino-6x10", Request{Engine: auto}, true, DistinctAll, cell, bits},
		{"raw count, thick", "pentacube-3x4x5", Request{Engine: auto}, true, DistinctAll, bits, bits},
		{"raw count, restricted", "pentomino-6x10", Request{Engine: auto, Restricted: true}, false, DistinctNone, bits, 0},
		{"raw listing", "pentomino-6x10", Request{Engine: auto, Ordered: true}, false, DistinctNone, dlx, 0},
		{"raw, limit", "pentomino-6x10", Request{Engine: auto, MaxSolutions: 5}, false, DistinctNone, bits, 0},
		{"raw, profile", "pentomino-6x10", Request{Engine: auto, Profile: true}, false, DistinctNone, bits, 0},
		{"raw, checkpoint", "pentomino-6x10", Request{Engine: auto, Checkpoint: true, Ordered: true}, false, DistinctNone, dlx, 0},
		{"raw, split", "pentomino-6x10", Request{Engine: auto, Split: true}, false, DistinctNone, bits, 0},
		{"raw, cell by name", "pentomino-6x10", Request{Engine: cell}, false, DistinctNone, cell, 0},
		{"a DLX file", "", Request{Engine: auto}, false, DistinctNone, bits, 0},
		{"a DLX file, distinct asked", "", Request{Engine: auto, Distinct: DistinctAll}, false, DistinctNone, bits, 0},
		{"a DLX file, dlx", "", Request{Engine: dlx}, false, DistinctNone, dlx, 0},
		{"the zero request: dancing links", "pentomino-6x10", Request{}, false, DistinctNone, dlx, 0},
	} {
		t.Run(tc.what, func(t *testing.T) {
			var p *Puzzle
			if tc.puzzle != "" {
				e, ok := assets.Lookup(tc.puzzle)
				if !ok {
					t.Fatalf("%s is not in the library", tc.puzzle)
				}
				l, err := Load(e.File, e.Data(), FormatAuto)
				if err != nil {
					t.Fatal(err)
				}
				p = l.Puzzle
			}
			pl := Plan(p, tc.req)
			if pl.BySymmetry != tc.sym || pl.Cut != tc.cut || pl.Engine != tc.engine {
				t.Fatalf("by symmetry %v, cut %v, engine %v; want %v %v %v", pl.BySymmetry, pl.Cut, pl.Engine, tc.sym, tc.cut, tc.engine)
			}
			if pl.Engine == auto {
				t.Fatal("the plan leaves the engine to the solver")
			}
			if (pl.Whole != nil) != tc.sym || (tc.sym && (pl.Whole.Engine != tc.whole || pl.Whole.Cut != DistinctNone || pl.Whole.BySymmetry)) {
				t.Fatalf("whole %+v; want engine %v on the whole tree", pl.Whole, tc.whole)
			}
			want := map[solver.Engine][]solver.Engine{cell: {bits, dlx}, bits: {dlx}, dlx: nil}[pl.Engine]
			if !slices.Equal(pl.Fallbacks, want) {
				t.Fatalf("fallbacks %v, want %v", pl.Fallbacks, want)
			}
		})
	}
}

// The plan's engine is the one that runs: a plain count of pentominoes in
// 3x20 by symmetry runs the cell search, and its raw count is Knuth's.
func TestPlanRuns(t *testing.T) {
	e, _ := assets.Lookup("pentomino-3x20")
	l, err := Load(e.File, e.Data(), FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	pl := Plan(l.Puzzle, Request{Engine: solver.EngineAuto})
	if !pl.BySymmetry {
		t.Fatal("3x20: not by symmetry")
	}
	st, ok, err := l.Puzzle.CountBySymmetry(t.Context(), solver.Options{Workers: 1, Engine: pl.Engine}, nil)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if st.Engine != pl.Engine || st.Raw != 8 {
		t.Fatalf("engine %v, raw %d; want %v, 8", st.Engine, st.Raw, pl.Engine)
	}
}
