package geometry

import "math"

// BurrTools' four grids other than cubes (burrgrids.go): which index
// triples are cells, their corners, and the maps a piece may take.

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func mod(a, b int) int { return a - b*floorDiv(a, b) }

var h3 = math.Sqrt(0.75) // height of a unit triangle

func newPrisms() *Grid {
	c, s := 0.5, h3
	rot60 := mat3{c, -s, 0, s, c, 0, 0, 0, 1}
	flipX := mat3{1, 0, 0, 0, -1, 0, 0, 0, -1}
	rots := closure(rot60, flipX)
	g := &Grid{
		name: "triangular prisms", gridType: 1,
		isCell: func(Cell) bool { return true },
		anchor: func(c Cell) Cell { return Cell{c.X - mod(c.X+c.Y, 2), c.Y, c.Z} },
		centre: func(c Cell) [3]float64 {
			y := float64(c.Y) + 1.0/3
			if mod(c.X+c.Y, 2) == 1 {
				y = float64(c.Y) + 2.0/3
			}
			return [3]float64{0.5 + 0.5*float64(c.X), y * h3, float64(c.Z)}
		},
		vertices: prismVertices,
		maps:     withMirrors(rots, mat3{1, 0, 0, 0, 1, 0, 0, 0, -1}),
	}
	g.cellAt = func(p [3]float64) (Cell, bool) {
		yf := p[1] / h3
		y := int(math.Floor(yf))
		c := Cell{int(math.Round(2*p[0] - 1)), y, int(math.Round(p[2]))}
		q := g.centre(c)
		return c, near(p, q)
	}
	g.rotations = len(rots)
	return g
}

// prismVertices: in a frame with x doubled and y, z in units of the row
// height and prism height, the six corners of prism c.
func prismVertices(c Cell) []Cell {
	// Up triangle xy (x+y even) has its base on row line y: corners at
	// half-units x/2, x/2+1 on line y and x/2+1/2 on line y+1. In doubled x:
	// x, x+2 and x+1. A down triangle has x+1 on line y and x, x+2 on y+1.
	var tri [3][2]int
	if mod(c.X+c.Y, 2) == 0 {
		tri = [3][2]int{{c.X, c.Y}, {c.X + 2, c.Y}, {c.X + 1, c.Y + 1}}
	} else {
		tri = [3][2]int{{c.X + 1, c.Y}, {c.X, c.Y + 1}, {c.X + 2, c.Y + 1}}
	}
	out := make([]Cell, 0, 6)
	for dz := 0; dz < 2; dz++ {
		for _, t := range tri {
			out = append(out, Cell{t[0], t[1], c.Z + dz})
		}
	}
	return out
}

func near(p, q [3]float64) bool {
	return math.Abs(p[0]-q[0]) < 1e-6 && math.Abs(p[1]-q[1]) < 1e-6 && math.Abs(p[2]-q[2]) < 1e-6
}

func newSpheres() *Grid {
	cube := cubeTurns()
	t := 1.0 / 3
	// The 60° turn about the body diagonal (1,1,1).
	turn60 := mat3{2 * t, -t, 2 * t, 2 * t, 2 * t, -t, -t, 2 * t, 2 * t}
	rots := append([]mat3(nil), cube...)
	seen := map[[9]int64]bool{}
	for _, r := range rots {
		seen[r.key()] = true
	}
	for _, a := range cube {
		for _, b := range cube {
			m := a.mul(turn60).mul(b)
			if !seen[m.key()] {
				seen[m.key()] = true
				rots = append(rots, m)
			}
		}
	}
	isCell := func(c Cell) bool { return mod(c.X+c.Y+c.Z, 2) == 0 }
	var offs []Cell
	for _, d := range []Cell{{1, 1, 0}, {1, -1, 0}, {1, 0, 1}, {1, 0, -1}, {0, 1, 1}, {0, 1, -1}} {
		offs = append(offs, d, Cell{-d.X, -d.Y, -d.Z})
	}
	g := &Grid{
		name: "spheres", gridType: 2, step: 1,
		isCell: isCell,
		anchor: func(c Cell) Cell { return Cell{c.X - mod(c.X+c.Y+c.Z, 2), c.Y, c.Z} },
		centre: func(c Cell) [3]float64 { return [3]float64{float64(c.X), float64(c.Y), float64(c.Z)} },
		cellAt: func(p [3]float64) (Cell, bool) {
			c := Cell{int(math.Round(p[0])), int(math.Round(p[1])), int(math.Round(p[2]))}
			return c, near(p, [3]float64{float64(c.X), float64(c.Y), float64(c.Z)}) && isCell(c)
		},
		neighbourOffsets: offs,
		maps:             withMirrors(rots, inversion),
		rotations:        len(rots),
	}
	g.imaps = integerMaps(g.maps, 0)
	g.markCellMaps(2)
	return g
}

// blockGrid returns a grid indexed in cubic blocks: centre is the triple
// less the middle of a block of side period, and the rotations are the
// cube's.
func blockGrid(name string, gridType, period, step int, isCell func(Cell) bool, anchor func(Cell) Cell, vertices func(Cell) []Cell) *Grid {
	mid := float64(period-1) / 2
	rots := cubeTurns()
	g := &Grid{
		name: name, gridType: gridType, isCell: isCell, anchor: anchor, vertices: vertices,
		centre: func(c Cell) [3]float64 {
			return [3]float64{float64(c.X) - mid, float64(c.Y) - mid, float64(c.Z) - mid}
		},
		cellAt: func(p [3]float64) (Cell, bool) {
			q := [3]float64{p[0] + mid, p[1] + mid, p[2] + mid}
			c := Cell{int(math.Round(q[0])), int(math.Round(q[1])), int(math.Round(q[2]))}
			return c, near(q, [3]float64{float64(c.X), float64(c.Y), float64(c.Z)}) && isCell(c)
		},
		maps:      withMirrors(rots, inversion),
		rotations: len(rots),
		step:      step,
	}
	g.imaps = integerMaps(g.maps, mid)
	g.markCellMaps(period)
	return g
}

func fold5(v int) int {
	v = mod(v, 5)
	if v > 2 {
		v = 4 - v
	}
	return v
}

func newRhombic() *Grid {
	// a cell's three indices fold to three different values; by the
	// indices mod 5, from a table (reading a file tests every voxel)
	var cells [125]bool
	for n := range cells {
		a, b, d := fold5(n/25), fold5(n/5%5), fold5(n%5)
		cells[n] = a != b && b != d && a != d
	}
	isCell := func(c Cell) bool { return cells[25*mod(c.X, 5)+5*mod(c.Y, 5)+mod(c.Z, 5)] }
	anchor := func(c Cell) Cell { return Cell{5 * floorDiv(c.X, 5), 5 * floorDiv(c.Y, 5), 5 * floorDiv(c.Z, 5)} }
	return blockGrid("rhombic tetrahedra", 3, 5, 5, isCell, anchor, rhombicVertices)
}

// rhombicVertices: in a frame where cube (a,b,c) spans 10a..10a+10 on each
// axis, the cube's centre, the centre of the cell's face and the two ends of
// the face's edge that the cell touches.
func rhombicVertices(c Cell) []Cell {
	idx := [3]int{c.X, c.Y, c.Z}
	var base, face, edge [3]int
	var free int
	for i, v := range idx {
		base[i] = 10 * floorDiv(v, 5)
		switch local := mod(v, 5); fold5(v) {
		case 0:
			face[i] = 0
			if local == 4 {
				face[i] = 10
			}
		case 1:
			edge[i] = 0
			if local == 3 {
				edge[i] = 10
			}
		case 2:
			free = i
		}
	}
	centre, faceC := Cell{5, 5, 5}, Cell{5, 5, 5}
	var e1, e2 Cell
	for i := 0; i < 3; i++ {
		switch fold5(idx[i]) {
		case 0:
			setAxis(&faceC, i, face[i])
			setAxis(&e1, i, face[i])
			setAxis(&e2, i, face[i])
		case 1:
			setAxis(&e1, i, edge[i])
			setAxis(&e2, i, edge[i])
		}
	}
	setAxis(&e1, free, 0)
	setAxis(&e2, free, 10)
	b := Cell{base[0], base[1], base[2]}
	return []Cell{centre.Add(b), faceC.Add(b), e1.Add(b), e2.Add(b)}
}

func setAxis(c *Cell, i, v int) {
	switch i {
	case 0:
		c.X = v
	case 1:
		c.Y = v
	default:
		c.Z = v
	}
}

func newTetraOcta() *Grid {
	isCell := func(c Cell) bool {
		xc, yc, zc := floorDiv(c.X, 3), floorDiv(c.Y, 3), floorDiv(c.Z, 3)
		xs, ys, zs := c.X-3*xc, c.Y-3*yc, c.Z-3*zc
		if xs == 1 && ys == 1 && zs == 1 {
			return true
		}
		if xs == 1 || ys == 1 || zs == 1 {
			return false
		}
		// A corner: an even cube has its cells where the corner's sum of
		// 2s is odd (200, 020, 002, 222), an odd cube where it is even.
		odd := (xs+ys+zs)/2%2 == 1
		return odd == (mod(xc+yc+zc, 2) == 0)
	}
	anchor := func(c Cell) Cell {
		xc, yc, zc := floorDiv(c.X, 3), floorDiv(c.Y, 3), floorDiv(c.Z, 3)
		if mod(xc+yc+zc, 2) == 1 {
			xc--
		}
		return Cell{3 * xc, 3 * yc, 3 * zc}
	}
	return blockGrid("tetrahedra-octahedra", 4, 6, 3, isCell, anchor, tetraVertices)
}

// tetraVertices: in a frame where cube (a,b,c) spans 2a..2a+2 on each axis
// (so a block index is a coordinate), the central tetrahedron has the four
// cube corners of the other parity than the cube's corner cells; a corner
// tetrahedron has its corner and the three corners next to it.
func tetraVertices(c Cell) []Cell {
	xc, yc, zc := floorDiv(c.X, 3), floorDiv(c.Y, 3), floorDiv(c.Z, 3)
	b := Cell{2 * xc, 2 * yc, 2 * zc}
	s := Cell{c.X - 3*xc, c.Y - 3*yc, c.Z - 3*zc}
	if s == (Cell{1, 1, 1}) {
		var out []Cell
		for _, k := range []Cell{{0, 0, 0}, {2, 2, 0}, {2, 0, 2}, {0, 2, 2}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}, {2, 2, 2}} {
			if tetraVertexIsCentral(k, xc+yc+zc) {
				out = append(out, b.Add(k))
			}
		}
		return out
	}
	out := []Cell{b.Add(s)}
	// The three corners next to s: flip one axis of s (0 <-> 2).
	for axis := 0; axis < 3; axis++ {
		n := s
		switch axis {
		case 0:
			n.X = 2 - s.X
		case 1:
			n.Y = 2 - s.Y
		default:
			n.Z = 2 - s.Z
		}
		out = append(out, b.Add(n))
	}
	return out
}

// tetraVertexIsCentral reports whether block corner k (coordinates 0 or 2)
// is a vertex of the central tetrahedron of a cube whose index sum is sum.
func tetraVertexIsCentral(k Cell, sum int) bool {
	oddCorner := (k.X+k.Y+k.Z)/2%2 == 1
	// Corner cells of an even cube sit on odd corners; its central
	// tetrahedron uses the even ones.
	return oddCorner == (mod(sum, 2) == 1)
}
