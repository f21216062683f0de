package render

import (
	"image/color"
	"testing"

	"polyviz/geometry"
)

// TestPickFace clicks every 7th pixel of a view of the Soma pieces set out
// apart: wherever Pick finds a piece, PickFace names a cell of that piece
// and a face whose neighbour is not in the piece (a face on its surface,
// which is all a picture shows).
func TestPickFace(t *testing.T) {
	shapes := [][]geometry.Cell{
		{{X: 0, Y: 0, Z: 0}, {X: 1, Y: 0, Z: 0}, {X: 0, Y: 1, Z: 0}},
		{{X: 4, Y: 0, Z: 0}, {X: 5, Y: 0, Z: 0}, {X: 6, Y: 0, Z: 0}, {X: 4, Y: 1, Z: 0}},
		{{X: 0, Y: 4, Z: 0}, {X: 0, Y: 4, Z: 1}, {X: 1, Y: 4, Z: 0}, {X: 0, Y: 5, Z: 0}},
	}
	s := &Scene{BoxStyle: BoxHidden}
	for i, c := range shapes {
		s.Pieces = append(s.Pieces, Piece{Name: string(rune('A' + i)), Cells: c, Color: color.NRGBA{200, 100, 50, 255}, Opacity: 1})
	}
	s.Pieces[1].Offset[2] = 2 // a piece lifted: the cell is the piece's own
	cam := FitCamera(s, false)
	const w, h = 160, 120
	hits := 0
	for y := 0; y < h; y += 7 {
		for x := 0; x < w; x += 7 {
			p, ok := Pick(s, cam, w, h, x, y)
			q, cell, n, ok2 := PickFace(s, cam, w, h, x, y)
			if ok != ok2 || ok && p != q {
				t.Fatalf("pixel %d,%d: Pick %d %v, PickFace %d %v", x, y, p, ok, q, ok2)
			}
			if !ok {
				continue
			}
			hits++
			cells := geometry.NewShape(shapes[p]...)
			if !cells.Contains(cell) {
				t.Errorf("pixel %d,%d: cell %v is not in piece %d", x, y, cell, p)
			}
			if cells.Contains(cell.Add(n)) {
				t.Errorf("pixel %d,%d: face %v of %v is inside piece %d", x, y, n, cell, p)
			}
			if abs(n.X)+abs(n.Y)+abs(n.Z) != 1 {
				t.Errorf("normal %v is not a unit step", n)
			}
		}
	}
	if hits < 20 {
		t.Errorf("only %d pixels show a piece", hits)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
