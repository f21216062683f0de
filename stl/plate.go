package stl

import (
	"math"

	"polyviz/geometry"
)

// Plate lays pieces out for printing in one job: each piece flat (see Flat),
// in rows from the origin along x, rows stacked along y, with gap
// millimetres between pieces (a cube's edge when gap is 0 or less). Rows are
// about as wide as the square root of the pieces' total footprint, so the
// plate comes out roughly square.
func Plate(pieces [][]geometry.Cell, opt Options, gap float64) *Mesh {
	cube := opt.cube()
	if gap <= 0 {
		gap = cube
	}
	flat := make([]geometry.Shape, len(pieces))
	area := 0.0
	for i, p := range pieces {
		flat[i] = Flat(p)
		s := flat[i].Size()
		area += (float64(s.X)*cube + gap) * (float64(s.Y)*cube + gap)
	}
	width := math.Sqrt(area)
	m := &Mesh{}
	x, y, rowDepth := 0.0, 0.0, 0.0
	for _, f := range flat {
		s := f.Size()
		w, d := float64(s.X)*cube, float64(s.Y)*cube
		if x > 0 && x+w > width {
			x, y, rowDepth = 0, y+rowDepth+gap, 0
		}
		m.Append(Piece(f, opt), Vec{x, y, 0})
		x += w + gap
		rowDepth = max(rowDepth, d)
	}
	return m
}
