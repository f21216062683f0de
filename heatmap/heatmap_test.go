package heatmap

import (
	"bytes"
	"context"
	"encoding/csv"
	"strconv"
	"testing"

	"polyviz/assets"
	"polyviz/puzzle"
	"polyviz/solver"
)

// TestRowsSumToCount counts the packings of library puzzles, all of them
// and one per class, and checks that each CSV row adds up to the count.
func TestRowsSumToCount(t *testing.T) {
	for _, tt := range []struct {
		name string
		mode puzzle.Distinct
		want int64
	}{
		{"pentomino-3x20", puzzle.DistinctNone, 8},
		{"pentomino-3x20", puzzle.DistinctAll, 2},
		{"soma-bathtub", puzzle.DistinctNone, 316},
		{"soma", puzzle.DistinctRotations, 480},
	} {
		t.Run(tt.name+"/"+tt.mode.String(), func(t *testing.T) {
			e, _ := assets.Lookup(tt.name)
			l, err := puzzle.Load(e.File, e.Data(), puzzle.FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			m := New(l.Puzzle)
			_, err = l.Puzzle.SolveDistinct(context.Background(), tt.mode, solver.Options{}, func(s puzzle.DistinctSolution) bool {
				m.Add(s.Options, 1)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if m.Solutions != tt.want {
				t.Fatalf("%d solutions, want %d", m.Solutions, tt.want)
			}
			var b bytes.Buffer
			if err := m.WriteCSV(&b); err != nil {
				t.Fatal(err)
			}
			rows, err := csv.NewReader(&b).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != len(l.Puzzle.Box)+1 {
				t.Fatalf("%d rows, want a header and %d cells", len(rows), len(l.Puzzle.Box))
			}
			for _, row := range rows[1:] {
				sum := int64(0)
				for _, f := range row[1:] {
					n, err := strconv.ParseInt(f, 10, 64)
					if err != nil {
						t.Fatal(err)
					}
					sum += n
				}
				if sum != tt.want {
					t.Errorf("cell %s: row sums to %d, want %d", row[0], sum, tt.want)
				}
			}
			if img := m.Image(4); img.Bounds().Dx() == 0 {
				t.Error("empty image")
			}
		})
	}
}
