package backend

import (
	"context"
	"io"
	"strings"
	"testing"

	"polyviz/polystick"
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
	// the pieces panel: the five tristicks in their 8, 4, 4, 2 and 4
	// orientations (the 22 fixed tristicks), each drawn as sticks, their
	// placements adding up to the options
	places := 0
	for i, pc := range p.Pieces {
		want := []int{8, 4, 4, 2, 4}[i]
		if pc.Turns != want || pc.Cells != 3 || pc.Unit != "sticks" || pc.Max != 4 || pc.Picture == nil {
			t.Errorf("piece %s: %d orientations (want %d), %d %s, max %d", pc.Name, pc.Turns, want, pc.Cells, pc.Unit, pc.Max)
			continue
		}
		for o := range pc.Turns {
			if img := pc.Picture(o, 90, 60); img.Bounds().Dx() != 90 || img.Bounds().Dy() != 60 {
				t.Errorf("piece %s orientation %d: picture %v", pc.Name, o, img.Bounds())
			}
		}
		places += pc.Placements
	}
	if len(p.Pieces) != 5 || places != p.Options {
		t.Errorf("%d pieces, %d placements; want 5, %d", len(p.Pieces), places, p.Options)
	}
	// one-sided: the chiral L and S keep their rotations only
	one, err := loadPuzzle("sticks.txt", []byte(strings.Replace(spec, "board 2x2\n", "board 2x2\none-sided\n", 1)))
	if err != nil {
		t.Fatal(err)
	}
	for i, pc := range one.Pieces {
		if want := []int{4, 4, 4, 2, 2}[i]; pc.Turns != want || pc.Motion != "one-sided" {
			t.Errorf("one-sided %s: %d orientations, motion %q; want %d, one-sided", pc.Name, pc.Turns, pc.Motion, want)
		}
	}
	for o := range p.Options {
		if name := p.Pieces[p.PieceOf(o)].Name; !strings.HasPrefix(p.Option(o), name+" ") {
			t.Errorf("option %d (%s) is said to place %s", o, p.Option(o), name)
		}
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
		// a click on the middle of a placement's stick picks its piece: in
		// the 300x300 picture point (x, y) is pixel (50+100x, 250-100y)
		for _, o := range first {
			pl := p.Source.(*polystick.Build).Placements[o]
			st := pl.Sticks[0]
			px, py := 100+100*st.X, 250-100*st.Y
			if st.Vertical {
				px, py = 50+100*st.X, 200-100*st.Y
			}
			if got, ok := p.PickBoard(first, 300, 300, px, py); !ok || got != pl.Piece {
				t.Errorf("pixel (%d,%d) on %v picks %d, %v; want piece %d", px, py, st, got, ok, pl.Piece)
			}
		}
		if _, ok := p.PickBoard(first, 300, 300, 5, 5); ok {
			t.Error("the picture's corner picks a piece")
		}
		var svg strings.Builder
		if err := writeSVG(&ui.Scene{BoardSVG: func(w io.Writer) error { return p.BoardSVG(first, w) }}, &svg); err != nil || strings.Count(svg.String(), "stroke-linecap") != 4 {
			t.Errorf("File > Export SVG: %v, %d pieces", err, strings.Count(svg.String(), "stroke-linecap"))
		}
	}
}
