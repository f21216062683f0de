package shapeinfo

import "polyviz/geometry"

// Holes, as BurrTools finds them: an empty cell inside a shape's bounding
// box is in a 3D hole when no path of empty cells through shared faces
// leads from it out of the box; in a 2D hole when none leads out through
// the box's sides in x or y, the box's top and bottom counting as closed
// (a ring lying flat has a 2D hole and no 3D one). On a planar lattice
// only 2D holes exist.

// maxRegion bounds the index triples a hole search walks: past it the
// holes are not looked for.
const maxRegion = 1 << 22

// enclosed returns the number of empty cells in holes of sh: 2D holes
// when flat, 3D holes otherwise; -1 when the box is too big to search.
func enclosed(s Space, sh geometry.Shape, flat bool) int {
	if len(sh) == 0 {
		return 0
	}
	filled := make(map[geometry.Cell]bool, len(sh))
	for _, c := range sh {
		filled[c] = true
	}
	lo, hi := sh.Bounds()
	// the search region: the box and a margin of cells around it (grids
	// space their cells over several index triples)
	m := 1
	if s.Grid != nil {
		m = 6
	}
	rlo, rhi := lo.Sub(geometry.Cell{X: m, Y: m, Z: m}), hi.Add(geometry.Cell{X: m, Y: m, Z: m})
	if flat {
		rlo.Z, rhi.Z = lo.Z, hi.Z
	}
	if s.planar() {
		rlo.Z, rhi.Z = 0, s.Lattice.Kinds()-1
		lo.Z, hi.Z = rlo.Z, rhi.Z
	}
	size := rhi.Sub(rlo).Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	if int64(size.X)*int64(size.Y)*int64(size.Z) > maxRegion {
		return -1
	}
	in := func(c, a, b geometry.Cell) bool {
		return c.X >= a.X && c.X <= b.X && c.Y >= a.Y && c.Y <= b.Y && c.Z >= a.Z && c.Z <= b.Z
	}
	// seed the walk with the empty cells of the margin
	outside := map[geometry.Cell]bool{}
	var queue []geometry.Cell
	for x := rlo.X; x <= rhi.X; x++ {
		for y := rlo.Y; y <= rhi.Y; y++ {
			for z := rlo.Z; z <= rhi.Z; z++ {
				c := geometry.Cell{X: x, Y: y, Z: z}
				if !in(c, lo, hi) && s.isCell(c) && !filled[c] {
					outside[c] = true
					queue = append(queue, c)
				}
			}
		}
	}
	// walk the empty cells reachable from there
	nc := newNeighbourCache(s)
	for len(queue) > 0 {
		c := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, n := range nc.neighbours(c) {
			if in(n, rlo, rhi) && !outside[n] && !filled[n] && s.isCell(n) {
				outside[n] = true
				queue = append(queue, n)
			}
		}
	}
	// count the empty cells of the box left behind
	holes := 0
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				c := geometry.Cell{X: x, Y: y, Z: z}
				if s.isCell(c) && !filled[c] && !outside[c] {
					holes++
				}
			}
		}
	}
	return holes
}
