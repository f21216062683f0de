package render

import (
	"testing"

	"polyviz/geometry"
)

// TestLayoutManyPieces: a set of many long pieces (like BurrTools'
// SolidSixPieceBurrs: dozens of 2x2x6 sticks beside a small box) is laid
// out in a roughly square block, not one long strip of rows; a few pieces
// keep their rows beside the box.
func TestLayoutManyPieces(t *testing.T) {
	var box []geometry.Cell
	for x := range 6 {
		for y := range 6 {
			for z := range 2 {
				box = append(box, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	stick := func(n int) [][]geometry.Cell {
		var out [][]geometry.Cell
		for range n {
			var cells []geometry.Cell
			for x := range 6 {
				for y := range 2 {
					for z := range 2 {
						cells = append(cells, geometry.Cell{X: x, Y: y, Z: z})
					}
				}
			}
			out = append(out, cells)
		}
		return out
	}
	for _, c := range []struct {
		pieces   int
		maxRatio float64
	}{{6, 4}, {100, 1.5}} {
		s := LayoutScene(box, nil, stick(c.pieces), false)
		var cells []geometry.Cell
		for _, p := range s.Pieces {
			cells = append(cells, p.Cells...)
		}
		lo, hi := geometry.Shape(cells).Bounds()
		w, d := float64(hi.X-lo.X+1), float64(hi.Y-lo.Y+1)
		if r := max(w/d, d/w); r > c.maxRatio {
			t.Errorf("%d sticks: laid out %v x %v, ratio %.2f, want at most %v", c.pieces, w, d, r, c.maxRatio)
		}
		if len(s.Pieces) != c.pieces {
			t.Errorf("%d sticks: %d pieces in the scene", c.pieces, len(s.Pieces))
		}
	}
}
