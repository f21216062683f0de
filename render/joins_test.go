package render

import (
	"bytes"
	"strings"
	"testing"

	"polyviz/geometry"
)

// joinPixels counts the pixels of the image in JoinColor, give or take.
func joinPixels(s *Scene, planar bool) int {
	cam := FitCameraSize(s, planar, 320, 240)
	img := Render(s, cam, 320, 240)
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b := int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2])
		if r > 150 && g < 90 && b < 90 {
			n++
		}
	}
	return n
}

// TestJoinMarks checks that a board or box that wraps is drawn with marks
// on its joined faces, in the PNG and the SVG, and a flat one without.
func TestJoinMarks(t *testing.T) {
	var board, box []geometry.Cell
	for x := range 5 {
		for y := range 3 {
			board = append(board, geometry.Cell{X: x, Y: y})
			for z := range 2 {
				box = append(box, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	grey := Piece{Name: "A", Cells: board[:4], Color: PieceColor(0, 1)}
	for _, c := range []struct {
		name   string
		s      Scene
		planar bool
		marks  bool
	}{
		{"flat board", Scene{Box: board, Pieces: []Piece{grey}}, true, false},
		{"cylinder", Scene{Box: board, Pieces: []Piece{grey}, Wrap: [3]bool{true, false, false}}, true, true},
		{"torus", Scene{Box: board, Wrap: [3]bool{true, true, false}}, true, true},
		{"periodic box", Scene{Box: box, Wrap: [3]bool{true, true, true}}, false, true},
	} {
		if n := joinPixels(&c.s, c.planar); (n > 20) != c.marks {
			t.Errorf("%s: %d pixels in the join colour", c.name, n)
		}
		if !c.planar {
			continue
		}
		var b bytes.Buffer
		if err := WriteSVG(&b, &c.s, SVGOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), `id="joins"`); got != c.marks {
			t.Errorf("%s: SVG has join marks %v, want %v", c.name, got, c.marks)
		}
	}
	// one chevron for x, two for y: a line and two arms each
	lo, hi, _ := (&Scene{Box: board}).boxBounds()
	if n := len(joinMarks(lo, hi, [3]bool{true, true, false}, true)); n != 2*(1+2)+2*(1+4) {
		t.Errorf("torus: %d strokes, want 16", n)
	}
}
