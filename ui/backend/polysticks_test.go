package backend

import (
	"context"
	"io"
	"strings"
	"testing"

	"polyviz/ui"
)

// TestPolysticksWindow loads a polysticks spec as the window does, draws
// its board and a solution, and counts its solutions raw and up to the
// board's symmetry (51 and 10: the polystick tests check these figures
// against Burnside's lemma).
func TestPolysticksWindow(t *testing.T) {
	spec := "| polysticks\nboard 2x2\n0-4|A H00 V00 H10\n0-4|B H00 V00 V10\n0-4|C H00 H10 V10\n0-4|D H00 H10 H20\n0-4|E H00 V10 H11\n"
	p, err := loadPuzzle("sticks.txt", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	if p.DrawBoard == nil || !p.Distinct || p.StartDistinct != ui.DistinctAll {
		t.Fatalf("puzzle %+v", p)
	}
	if img := p.DrawBoard(nil, false, 300, 200); img.Bounds().Dx() != 300 || img.Bounds().Dy() != 200 {
		t.Errorf("board picture %v", img.Bounds())
	}
	for _, tc := range []struct {
		mode      ui.Distinct
		want, raw int64
	}{{ui.DistinctRaw, 51, 0}, {ui.DistinctAll, 10, 51}} {
		var first ui.Solution
		st, err := solvePuzzle(context.Background(), p, ui.SolveOptions{Workers: 1, Distinct: tc.mode}, func(s ui.Solution) bool {
			if first == nil {
				first = s
			}
			return true
		})
		if err != nil || st.Solutions != tc.want || st.Raw != tc.raw {
			t.Errorf("mode %v: %d solutions (%d raw), %v; want %d (%d)", tc.mode, st.Solutions, st.Raw, err, tc.want, tc.raw)
		}
		if len(first) != 4 || p.DrawBoard(first, false, 300, 300) == nil {
			t.Errorf("first solution %v", first)
		}
		var svg strings.Builder
		if err := writeSVG(&ui.Scene{BoardSVG: func(w io.Writer) error { return p.BoardSVG(first, w) }}, &svg); err != nil || strings.Count(svg.String(), "stroke-linecap") != 4 {
			t.Errorf("File > Export SVG: %v, %d pieces", err, strings.Count(svg.String(), "stroke-linecap"))
		}
	}
}
