package puzzle

import (
	"context"
	"os"
	"slices"
	"testing"

	"polyviz/solver"
)

// TestClassSize checks ClassSize against the classes SolveDistinct reports
// (Images of each representative) and against the raw solutions: summing
// 1/ClassSize over every raw solution counts the classes.
func TestClassSize(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("pure computation (two minutes under -race): the plain pass runs it, in about a second")
	}
	tests := []struct {
		spec     string
		mode     Distinct
		distinct int64
		raw      int64
	}{
		{"soma-3x3x3", DistinctAll, 240, 11520},
		{"soma-3x3x3", DistinctRotations, 480, 11520},
		{"pentomino-3x20", DistinctAll, 2, 8},
		{"pentomino-3x20", DistinctRotations, 4, 8},
		{"pentomino-3x20", DistinctNone, 8, 8},
	}
	for _, tc := range tests {
		t.Run(tc.spec+"/"+tc.mode.String(), func(t *testing.T) {
			data, err := os.ReadFile("testdata/specs/" + tc.spec + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			l, err := Load(tc.spec+".txt", data, FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			sym := l.Puzzle.Symmetry()
			_, err = l.Puzzle.SolveDistinct(context.Background(), tc.mode, solver.Options{}, func(s DistinctSolution) bool {
				if got := sym.ClassSize(tc.mode, s.Options); got != s.Images {
					t.Fatalf("ClassSize(%v) = %d, SolveDistinct says %d images", s.Options, got, s.Images)
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			var classes float64
			var raw int64
			_, err = solver.Solve(context.Background(), l.Problem, solver.Options{}, func(s solver.Solution) bool {
				raw++
				classes += 1 / float64(sym.ClassSize(tc.mode, slices.Sorted(slices.Values(s.Options))))
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if raw != tc.raw || int64(classes+0.5) != tc.distinct {
				t.Errorf("%d raw solutions in %.3f classes, want %d in %d", raw, classes, tc.raw, tc.distinct)
			}
		})
	}
	if got := (&Symmetry{}).ClassSize(DistinctAll, []int{-1}); got != 1 {
		t.Errorf("ClassSize of a bad option = %d, want 1", got)
	}
}
