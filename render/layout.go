package render

import (
	"math"

	"polyviz/geometry"
)

// LayoutScene returns a scene showing a puzzle before it is solved: the box
// (or board) at its place and the pieces, each in its given orientation,
// set out a cell apart in rows, left to right, coloured by PieceColor. A
// board's pieces go in rows below it, as wide as the board; a box's pieces
// stand on the floor to its right, in rows going back, each about three times as
// wide as the box.
func LayoutScene(box []geometry.Cell, names []string, shapes [][]geometry.Cell, planar bool) *Scene {
	s := &Scene{Box: box}
	if len(shapes) == 0 {
		return s
	}
	lo, hi := geometry.Shape(box).Bounds()
	if len(box) == 0 {
		lo, hi = geometry.Cell{}, geometry.Cell{X: -2}
	}
	norm := make([]geometry.Shape, len(shapes))
	widest := 0
	for i, cells := range shapes {
		norm[i] = geometry.NewShape(cells...).Normalize()
		widest = max(widest, norm[i].Size().X)
	}
	// shelf packing: (x, y) is where the next piece's lowest corner goes;
	// the rows are as wide as the board (three boxes) or, for so many pieces
	// that the rows would run on more than twice that far, the side of a
	// square holding them all: a large set lies in a block beside the box
	// rather than in one long strip of rows (which the camera, framing it
	// all, shows as a diagonal line with a tiny box)
	var x0, y, limit, dir int
	if planar {
		x0, limit, dir = lo.X, max(hi.X-lo.X+1, widest), -1
	} else {
		x0, limit, dir = hi.X+2, max(3*(hi.X-lo.X+1), widest), 1
	}
	if side := squareSide(norm); side > 2*limit {
		limit = side
	}
	x, rowDepth := x0, 0
	if planar {
		y = lo.Y - 1 // the first row hangs below the board, a cell apart
	} else {
		y = lo.Y
	}
	for i, sh := range norm {
		sz := sh.Size()
		if x > x0 && x+sz.X > x0+limit {
			// next row
			x = x0
			y += dir * (rowDepth + 1)
			rowDepth = 0
		}
		d := geometry.Cell{X: x, Y: y, Z: lo.Z}
		if planar {
			d = geometry.Cell{X: x, Y: y - sz.Y, Z: 0} // hanging from the row's top line
		}
		name := ""
		if i < len(names) {
			name = names[i]
		}
		s.Pieces = append(s.Pieces, Piece{Name: name, Cells: sh.Translate(d), Color: PieceColor(i, len(norm))})
		x += sz.X + 1
		rowDepth = max(rowDepth, sz.Y)
	}
	return s
}

// squareSide is the side of a square that holds the footprints of the
// shapes, each with a cell of space on two sides: the row width that lays
// them out in a roughly square block.
func squareSide(shapes []geometry.Shape) int {
	area := 0
	for _, sh := range shapes {
		sz := sh.Size()
		area += (sz.X + 1) * (sz.Y + 1)
	}
	return int(math.Ceil(math.Sqrt(float64(area))))
}
