package render

import (
	"math"

	"polyviz/geometry"
)

// cellPolygon returns the corners of cell c of a planar lattice, counter-
// clockwise, in integer "vertex units" of the lattice's skew frame: a point
// (a, b) is at (a·e1 + b·e2)/polygonScale(l), with e1 = (1, 0) and e2 =
// (1/2, √3/2) for triangles and hexagons, e2 = (0, 1) for squares. Integers
// make shared edges exactly equal, so outlines are found by counting.
//
// Triangles: Δ xy has corners xy, (x+1)y, x(y+1); ∇ xy' has (x+1)y,
// (x+1)(y+1), x(y+1). Hexagons (scale 3): the hexagon around centre xy has
// its corners at the centroids of the six triangles around it,
// 3·xy + (1,1), (−1,2), (−2,1), (−1,−1), (1,−2), (2,−1).
func cellPolygon(l *geometry.Lattice, c geometry.Cell) [][2]int {
	x, y := c.X, c.Y
	switch l {
	case geometry.Triangles():
		if l.Kind(c) == 0 {
			return [][2]int{{x, y}, {x + 1, y}, {x, y + 1}}
		}
		return [][2]int{{x + 1, y}, {x + 1, y + 1}, {x, y + 1}}
	case geometry.Hexagons():
		cx, cy := 3*x, 3*y
		return [][2]int{{cx + 1, cy + 1}, {cx - 1, cy + 2}, {cx - 2, cy + 1}, {cx - 1, cy - 1}, {cx + 1, cy - 2}, {cx + 2, cy - 1}}
	}
	return [][2]int{{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}}
}

// polygonScale is the number of vertex units per lattice step.
func polygonScale(l *geometry.Lattice) int {
	if l == geometry.Hexagons() {
		return 3
	}
	return 1
}

// skewed reports whether the lattice's second axis is at 60° to the first.
func skewed(l *geometry.Lattice) bool {
	return l == geometry.Triangles() || l == geometry.Hexagons()
}

// planePoint maps vertex units (a, b), moved by (dx, dy) lattice steps, to
// Cartesian coordinates in lattice steps: x to the right, y up.
func planePoint(l *geometry.Lattice, a, b int, dx, dy float64) (float64, float64) {
	s := float64(polygonScale(l))
	u, v := float64(a)/s+dx, float64(b)/s+dy
	if skewed(l) {
		return u + v/2, v * math.Sqrt(3) / 2
	}
	return u, v
}
