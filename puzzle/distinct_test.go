package puzzle

import (
	"context"
	"os"
	"testing"

	"polyviz/solver"
)

// TestDistinctLiterature checks distinct counts known from the literature,
// and that the raw counts derived from them equal Knuth's DLX1 figures.
func TestDistinctLiterature(t *testing.T) {
	ref := referenceDir(t)
	tests := []struct {
		spec     string
		mode     Distinct
		distinct int64
		raw      int64 // DLX1 on the reference file
		slow     bool
	}{
		{"soma-3x3x3", DistinctAll, 240, 11520, false},
		{"soma-3x3x3", DistinctRotations, 480, 11520, false},
		{"pentomino-3x20", DistinctAll, 2, 8, false},
		{"pentomino-3x20", DistinctRotations, 4, 8, false},
		{"pentomino-8x8-hole", DistinctAll, 65, 520, true},
		{"pentomino-4x15", DistinctAll, 368, 1472, true},
		{"pentomino-5x12", DistinctAll, 1010, 4040, true},
		{"pentomino-6x10", DistinctAll, 2339, 9356, true},
		{"pentomino-6x10", DistinctRotations, 4678, 9356, true},
		{"pentacube-2x3x10", DistinctRotations, 24, 96, true},
	}
	for _, tc := range tests {
		t.Run(tc.spec+"/"+tc.mode.String(), func(t *testing.T) {
			if tc.slow && (testing.Short() || raceEnabled) {
				t.Skip("pure computation: skipped with -short or -race; the plain pass runs it")
			}
			data, err := os.ReadFile(ref + "/specs/" + tc.spec + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			l, err := Load(tc.spec+".txt", data, FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			n := int64(0)
			st, err := l.Puzzle.SolveDistinct(context.Background(), tc.mode, solver.Options{}, func(DistinctSolution) bool { n++; return true })
			if err != nil {
				t.Fatal(err)
			}
			if st.Distinct != tc.distinct || n != tc.distinct {
				t.Errorf("%d distinct (%d reported), want %d", st.Distinct, n, tc.distinct)
			}
			if st.Raw != tc.raw {
				t.Errorf("raw %d derived, want %d", st.Raw, tc.raw)
			}
			if st.Lock == "" || st.Kept >= st.Placements {
				t.Errorf("no symmetry breaking: lock %q, %d of %d placements", st.Lock, st.Kept, st.Placements)
			}
			t.Logf("%s: lock %s (%d of %d placements), %d nodes; %+v", tc.spec, st.Lock, st.Kept, st.Placements, st.Nodes, st.Facts)
		})
	}
}

func TestSymmetryChirality(t *testing.T) {
	ref := referenceDir(t)
	tests := []struct {
		spec              string
		box, acting, rots int
	}{
		{"soma-3x3x3", 48, 48, 24},   // screws A and B are mirror images
		{"bedlam-4x4x4", 48, 24, 24}, // the Bedlam set is not closed under mirroring
		{"pentomino-6x10", 4, 4, 2},
		{"pentacube-2x5x6", 8, 8, 4},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			data, _ := os.ReadFile(ref + "/specs/" + tc.spec + ".txt")
			l, err := Load(tc.spec+".txt", data, FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			s := l.Puzzle.Symmetry()
			if len(s.Box) != tc.box || len(s.Acting) != tc.acting || s.Rotations != tc.rots {
				t.Errorf("box %d, acting %d, rotations %d; want %d, %d, %d (%+v)", len(s.Box), len(s.Acting), s.Rotations, tc.box, tc.acting, tc.rots, s.Facts)
			}
		})
	}
}
