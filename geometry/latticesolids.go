package geometry

import (
	"math"
	"sync"
)

// Drawing the planar lattices other than squares: a triangle or hexagon
// puzzle is drawn, like a board, as one layer of solids seen from above,
// each cell a prism as thick as a board's cube (LatticeThickness). The
// drawing goes through the same Grid as BurrTools' other grids (world
// vertices, faces, picking), with the symmetries taken from the lattice.

// LatticeThickness is the height of a triangle's or hexagon's prism in
// world units (a triangle's edge is 1, as is the distance between two
// hexagons' centres): one layer of a board's cubes.
const LatticeThickness = 1.0

// Solids returns the grid that draws the cells of l as solids: for
// triangles and hexagons one layer of prisms (a cell's tag is ignored;
// Δ and ∇ are told by its kind), its symmetries, orientations and
// normalization those of l. Nil for cubes and squares, which are drawn as
// unit cubes.
//
// The grid's vertex frame (Vertices) has x in half steps and y in half
// heights of a triangle (so that a corner is an integer point) and z 0 or
// 1, the prism's bottom and top; WorldVertices puts the corners of the
// triangle (x, y, Δ) at (x + y/2, y·√3/2) + {(0,0), (1,0), (½,√3/2)}, and the
// hexagon (x, y) around the centre (x + y/2, y·√3/2), its corners 1/√3 away.
func (l *Lattice) Solids() *Grid {
	switch l {
	case Triangles():
		return triangleSolids()
	case Hexagons():
		return hexagonSolids()
	}
	return nil
}

// Lattice returns the planar lattice whose cells the grid draws (see
// Lattice.Solids), nil for BurrTools' grids.
func (g *Grid) Lattice() *Lattice { return g.lattice }

// FlatBoard reports whether box is one layer of the grid's solids, a board
// that pieces can be shown arriving on: triangles or hexagons of a planar
// puzzle, or BurrTools' triangular prisms all in one layer (its spheres and
// tetrahedra have no layers).
func (g *Grid) FlatBoard(box []Cell, planar bool) bool {
	switch {
	case g == nil || len(box) == 0:
		return false
	case g.lattice != nil:
		return planar
	case g.gridType != 1: // prisms
		return false
	}
	for _, c := range box {
		if c.Z != box[0].Z {
			return false
		}
	}
	return true
}

var (
	triangleSolids = sync.OnceValue(func() *Grid { return newLatticeSolids(Triangles(), 1) })
	hexagonSolids  = sync.OnceValue(func() *Grid { return newLatticeSolids(Hexagons(), 3) })
)

// newLatticeSolids builds the drawing grid of a lattice whose cell corners
// (latticeCorners) are in units of 1/scale of a step.
func newLatticeSolids(l *Lattice, scale int) *Grid {
	s := float64(scale)
	g := &Grid{
		name:      l.name,
		gridType:  -1,
		lattice:   l,
		rotations: len(l.group),
		scale:     [3]float64{0.5 / s, math.Sqrt(3) / 2 / s, LatticeThickness},
	}
	g.isCell = func(c Cell) bool { u, _ := l.untag(c); return l.IsCell(u) }
	g.anchor = func(c Cell) Cell { return Cell{X: c.X, Y: c.Y} }
	g.vertices = func(c Cell) []Cell {
		cs := latticeCorners(l, c)
		out := make([]Cell, 0, 2*len(cs))
		for z := range 2 {
			for _, p := range cs {
				out = append(out, Cell{X: 2*p[0] + p[1], Y: p[1], Z: z})
			}
		}
		return out
	}
	g.centre = func(c Cell) [3]float64 { return g.WorldCentre(c) }
	return g
}

// latticeCorners returns the corners of a triangle or hexagon in the
// lattice's skew frame, in 1/scale steps: a point (a, b) is a·e1 + b·e2
// with e1 = (1, 0) and e2 = (½, √3/2). Hexagon xy's corners are the
// centroids of the six triangles around its centre (scale 3).
func latticeCorners(l *Lattice, c Cell) [][2]int {
	x, y := c.X, c.Y
	if l == Hexagons() {
		cx, cy := 3*x, 3*y
		return [][2]int{{cx + 1, cy + 1}, {cx - 1, cy + 2}, {cx - 2, cy + 1}, {cx - 1, cy - 1}, {cx + 1, cy - 2}, {cx + 2, cy - 1}}
	}
	if l.Kind(c) == 0 {
		return [][2]int{{x, y}, {x + 1, y}, {x, y + 1}}
	}
	return [][2]int{{x + 1, y}, {x + 1, y + 1}, {x, y + 1}}
}

// latticeOrientations is Orientations for a lattice's drawing grid: the
// images under the lattice's Group, in its order, the first map of each.
func (g *Grid) latticeOrientations(s Shape) ([]Shape, []int) {
	var out []Shape
	var by []int
	for k, t := range g.lattice.group {
		o := g.lattice.ApplyShape(t, s)
		if !containsShape(out, o) {
			out = append(out, o)
			by = append(by, k)
		}
	}
	return out, by
}

// latticeOrientCells is OrientCells for a lattice's drawing grid.
func (g *Grid) latticeOrientCells(k int, s Shape) []Cell {
	l := g.lattice
	t := l.group[k%len(l.group)]
	out := make([]Cell, len(s))
	for i, c := range s {
		out[i] = l.Apply(t, c)
	}
	lo, _ := NewShape(out...).Bounds()
	for i := range out {
		out[i] = out[i].Sub(Cell{X: lo.X, Y: lo.Y})
	}
	return out
}
