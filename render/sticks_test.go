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
