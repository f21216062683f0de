package editor

import (
	"fmt"
	"slices"

	"polyviz/geometry"
)

// The lattices a document may be drawn on, beyond cubes and squares
// (document.go): each is one of package geometry's lattices, whose cells,
// neighbours, symmetries and drawing solids the editor uses as they are.
const (
	// Triangles: a board of triangles, saved as a POLYIAMOND-DLX spec.
	// Cell (x, y, 0) is the Δ triangle xy, (x, y, 1) the ∇ triangle xy'
	// to its right (see geometry.Triangles); pieces turn by 60° and flip.
	Triangles Lattice = iota + 2
	// Hexagons: a board of hexagons in axial coordinates, saved as
	// polyviz's polyhex spec (see geometry.Hexagons); every cell has z = 0.
	Hexagons
	// Prisms, Spheres, Rhombic and TetraOcta are BurrTools' grids of
	// triangular prisms, spheres, rhombic tetrahedra and tetrahedra-
	// octahedra (latticegrid.go), saved as .xmpuzzle files; cells are
	// BurrTools' index triples, as geometry.Grid keeps them.
	Prisms
	Spheres
	Rhombic
	TetraOcta
)

// Lattices lists every lattice the editor draws on, in the order File >
// New Puzzle offers them.
func Lattices() []Lattice {
	return []Lattice{Cubes, Squares, Triangles, Hexagons, Prisms, Spheres, Rhombic, TetraOcta}
}

// String names the lattice as the window says it.
func (l Lattice) String() string {
	if g := l.Grid(); g != nil {
		return g.Name()
	}
	return l.Geometry().Name()
}

// Describe says what a puzzle on the lattice is, for File > New Puzzle.
func (l Lattice) Describe() string {
	switch l {
	case Squares:
		return "Polyominoes on a board (2D)"
	case Triangles:
		return "Polyiamonds on a board of triangles (2D)"
	case Hexagons:
		return "Polyhexes on a board of hexagons (2D)"
	case Prisms:
		return "Triangular prisms (BurrTools' grid)"
	case Spheres:
		return "Spheres (BurrTools' grid)"
	case Rhombic:
		return "Rhombic tetrahedra (BurrTools' grid)"
	case TetraOcta:
		return "Tetrahedra and octahedra (BurrTools' grid)"
	}
	return "Polycubes in a box (3D)"
}

// Geometry returns the lattice's cells, neighbours and symmetries; nil
// for BurrTools' grids, which Grid describes.
func (l Lattice) Geometry() *geometry.Lattice {
	if l.Grid() != nil {
		return nil
	}
	switch l {
	case Squares:
		return geometry.Squares()
	case Triangles:
		return geometry.Triangles()
	case Hexagons:
		return geometry.Hexagons()
	}
	return geometry.Cubes()
}

// Solids returns the grid that draws the lattice's cells as solids
// (prisms for triangles and hexagons), nil for cubes and squares, which
// are drawn as unit cubes.
func (l Lattice) Solids() *geometry.Grid {
	if g := l.Grid(); g != nil {
		return g
	}
	return l.Geometry().Solids()
}

// LatticeOf returns the editor's lattice for one of geometry's, and false
// for a lattice the editor does not draw on.
func LatticeOf(g *geometry.Lattice) (Lattice, bool) {
	for _, l := range Lattices() {
		if l.Geometry() == g {
			return l, true
		}
	}
	return Cubes, false
}

// Planar reports whether the lattice is a board (z holds no layer).
func (l Lattice) Planar() bool { return l.planar() }

// planar reports whether the lattice is a board.
func (l Lattice) planar() bool { return l.Grid() == nil && l.Geometry().Planar() }

// Block returns the cells of an a x b x c block at the origin: on a board
// (c = 1) every cell with 0 <= x < a and 0 <= y < b, of every kind (a
// parallelogram of triangles or hexagons).
func (l Lattice) Block(a, b, c int) geometry.Shape {
	if l.Grid() != nil {
		return l.gridBlock(a, b, c)
	}
	kinds := max(l.Geometry().Kinds(), 1)
	if !l.planar() {
		return Cuboid(a, b, c)
	}
	var cells []geometry.Cell
	for x := range a {
		for y := range b {
			for k := range kinds {
				cells = append(cells, geometry.Cell{X: x, Y: y, Z: k})
			}
		}
	}
	return geometry.NewShape(cells...)
}

// inRange reports whether every cell of s has coordinates in 0..MaxCoord
// and is a cell of the lattice without a tag (z = 0 on a board, 0 or 1 on
// triangles).
func (l Lattice) inRange(s geometry.Shape) error {
	if gr := l.Grid(); gr != nil {
		return l.gridInRange(gr, s)
	}
	g := l.Geometry()
	for _, c := range s {
		if c.X < 0 || c.Y < 0 || c.Z < 0 || c.X > MaxCoord || c.Y > MaxCoord || c.Z > MaxCoord {
			return fmt.Errorf("cell %v is outside 0..%d", c, MaxCoord)
		}
		if l.planar() && !g.IsCell(c) {
			return fmt.Errorf("cell %v is off the board (%s)", c, l.offBoard())
		}
	}
	return nil
}

func (l Lattice) offBoard() string {
	if l == Triangles {
		return "z is 0 for Δ, 1 for ∇"
	}
	return "z must be 0"
}

// image returns the cells of s under t, a symmetry of the lattice, moved by
// off. On cubes and squares t acts on the triple; on triangles it also
// turns Δ into ∇ (see geometry.Lattice.Apply).
func (l Lattice) image(s geometry.Shape, t geometry.Transform, off geometry.Cell) geometry.Shape {
	g := l.Geometry()
	out := make([]geometry.Cell, len(s))
	for i, c := range s {
		out[i] = g.Apply(t, c).Add(off)
	}
	return geometry.NewShape(out...)
}

// isSymmetry reports whether t may turn a shape of the lattice: any of
// the 48 on cubes, one in the plane on squares, one of the lattice's own
// on triangles and hexagons (whose 60° turns are no square symmetry).
func (l Lattice) isSymmetry(t geometry.Transform) bool {
	if l.Grid() != nil {
		return false // a grid's turns are real rotations: OrientPiece
	}
	switch l {
	case Cubes:
		return true
	case Squares:
		return t.Planar()
	}
	return slices.Contains(l.Geometry().Group(), t)
}

// program names the Knuth program (or polyviz's format) that reads the
// lattice's spec.
func (l Lattice) program() string {
	switch l {
	case Squares:
		return "POLYOMINO-DLX"
	case Triangles:
		return "POLYIAMOND-DLX"
	case Hexagons:
		return "POLYHEX-DLX"
	}
	if l.Grid() != nil {
		return "BurrTools"
	}
	return "POLYCUBE-DLX"
}

// marker is the spec's comment line that names its lattice to the readers
// (package puzzle's LatticeComment); "" where the cells say it.
func (l Lattice) marker() string {
	switch l {
	case Triangles:
		return "| polyiamond: POLYIAMOND-DLX input (xy is the triangle Δ, xy' the ∇ to its right)\n"
	case Hexagons:
		return "| polyhex: POLYHEX-DLX input (polyviz's polyhex format: hexagon xy in axial coordinates)\n"
	}
	return ""
}

// properTurn reports whether t turns rather than mirrors: a triangle's 60°
// turn swaps Δ and ∇, so its whole matrix has determinant −1 (see
// geometry.Lattice.Proper); any other t is judged by its matrix.
func properTurn(t geometry.Transform) bool {
	tri := geometry.Triangles()
	if slices.Contains(tri.Group(), t) {
		return tri.Proper(t)
	}
	return t.Proper()
}
