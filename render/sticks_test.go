package render

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"strings"
	"testing"
)

// TestDrawSticks draws a 1x1 board with an L of two sticks and checks the
// pixels: the middle of each of the L's sticks in its colour, the middle
// of a bare stick in the grid's grey, and the L's free end drawn short.
func TestDrawSticks(t *testing.T) {
	b := StickBoard{
		Board:  []Stick{{0, 0, false}, {0, 0, true}, {1, 0, true}, {0, 1, false}},
		Pieces: [][]Stick{{{0, 0, false}, {0, 0, true}}},
	}
	img := DrawSticks(b, SticksOptions{Unit: 100})
	if got := img.Bounds().Dx(); got != 200 {
		t.Fatalf("width %d, want 200 (a unit and two half-unit margins)", got)
	}
	want := PieceColor(0, 1)
	at := func(x, y int) color.NRGBA {
		r, g, b, a := img.At(x, y).RGBA()
		return color.NRGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	}
	// the grid's point (x, y) is pixel (50+100x, 150-100y)
	for _, p := range [][2]int{{100, 150}, {50, 100}} {
		if c := at(p[0], p[1]); c != want {
			t.Errorf("pixel %v is %v, want the piece's %v", p, c, want)
		}
	}
	if c := at(150, 100); c != stickGrid {
		t.Errorf("the bare right stick is %v, want grey", c)
	}
	if c := at(147, 150); c == want {
		t.Error("the L's free end is drawn to the point")
	}
}

// TestWriteSticksSVG checks that the SVG is well-formed XML with one path
// for the board and one for each piece.
func TestWriteSticksSVG(t *testing.T) {
	b := StickBoard{
		Board:  []Stick{{0, 0, false}, {0, 0, true}, {1, 0, true}, {0, 1, false}},
		Pieces: [][]Stick{{{0, 0, false}, {0, 0, true}}, {{1, 0, true}, {0, 1, false}}},
	}
	var buf bytes.Buffer
	if err := WriteSticksSVG(&buf, b, SticksOptions{}); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(strings.NewReader(buf.String()))
	paths := 0
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "path" {
			paths++
		}
	}
	if paths != 3 {
		t.Errorf("%d paths, want 3:\n%s", paths, buf.String())
	}
}

// TestDrawSticksIn: a board fits the picture at the largest unit (the
// points' extent and half a unit's margin each side), within the bound
// asked, and is centred on the background.
func TestDrawSticksIn(t *testing.T) {
	// a 3x1 board: 4x2 points, so 4x2 units with the margins
	b := StickBoard{Board: []Stick{{0, 0, false}, {1, 0, false}, {2, 0, false}, {0, 0, true}, {3, 0, true}, {0, 1, false}, {1, 1, false}, {2, 1, false}}}
	for _, tc := range []struct{ w, h, max, unit int }{
		{400, 400, 0, 100}, {1000, 100, 0, 50}, {1000, 1000, 64, 64}, {10, 10, 0, 8},
	} {
		if got := FitSticksUnit(b, tc.w, tc.h, tc.max); got != tc.unit {
			t.Errorf("%dx%d at most %d: unit %d, want %d", tc.w, tc.h, tc.max, got, tc.unit)
		}
	}
	bg := color.NRGBA{1, 2, 3, 255}
	img := DrawSticksIn(b, 600, 400, 0, bg)
	if img.Bounds().Dx() != 600 || img.Bounds().Dy() != 400 {
		t.Fatalf("picture %v, want 600x400", img.Bounds())
	}
	// unit 150: the board is 600x300, its top 50 and bottom 50 rows the
	// background; the point (0,0) is at (75, 400-50-75)
	at := func(x, y int) color.NRGBA { return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA) }
	if c := at(300, 10); c != bg {
		t.Errorf("above the board %v, want the background", c)
	}
	if c := at(75, 275); c != stickDot {
		t.Errorf("point (0,0) is %v, want a dot", c)
	}
}

// TestStickPieceAt: a pixel on a piece's stick in DrawSticksIn's picture
// names that piece, the nearest one where two meet; a pixel in the middle
// of a square names none.
func TestStickPieceAt(t *testing.T) {
	// a 1x1 board, an L (bottom and left) and a Γ (top and right)
	b := StickBoard{
		Board:  []Stick{{0, 0, false}, {0, 0, true}, {1, 0, true}, {0, 1, false}},
		Pieces: [][]Stick{{{0, 0, false}, {0, 0, true}}, {{0, 1, false}, {1, 0, true}}},
	}
	// 400x200: unit 100 (two units high), the picture 200x200 at x 100;
	// grid point (x, y) is pixel (150+100x, 150-100y)
	for _, tc := range []struct{ x, y, piece int }{
		{200, 150, 0}, {150, 100, 0}, {200, 50, 1}, {250, 100, 1}, {240, 60, 1}, {200, 100, -1}, {20, 100, -1},
	} {
		got, ok := StickPieceAt(b, 400, 200, 0, tc.x, tc.y)
		if !ok {
			got = -1
		}
		if got != tc.piece {
			t.Errorf("pixel (%d,%d): piece %d, want %d", tc.x, tc.y, got, tc.piece)
		}
	}
	// the pixel StickPieceAt names is drawn in the piece's colour
	img := DrawSticksIn(b, 400, 200, 0, color.White)
	if c := color.NRGBAModel.Convert(img.At(200, 50)).(color.NRGBA); c != PieceColor(1, 2) {
		t.Errorf("pixel (200,50) is %v, want piece 1's colour", c)
	}
}
