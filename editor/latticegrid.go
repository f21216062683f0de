package editor

import (
	"errors"
	"fmt"

	"polyviz/geometry"
)

// Documents on BurrTools' grids: the cells are the grid's index triples
// (geometry.Grid), a piece takes the grid's rotations (BurrTools never
// mirrors a piece), is moved only by the grid's translations and is kept
// at its normalized place (Grid.Normalize). Such a document is saved as an
// .xmpuzzle file (ui/backend), never as one of Knuth's specs.

// Grid returns the BurrTools grid of the lattice, nil for Knuth's
// lattices (cubes, squares, triangles, hexagons).
func (l Lattice) Grid() *geometry.Grid {
	switch l {
	case Prisms:
		return geometry.Prisms()
	case Spheres:
		return geometry.Spheres()
	case Rhombic:
		return geometry.RhombicTetrahedra()
	case TetraOcta:
		return geometry.TetraOcta()
	}
	return nil
}

// LatticeOfGrid returns the editor's lattice for one of BurrTools' grids.
func LatticeOfGrid(g *geometry.Grid) (Lattice, bool) {
	for _, l := range Lattices() {
		if g != nil && l.Grid() == g {
			return l, true
		}
	}
	return Cubes, false
}

// Period is the side of the block of index triples that one cube of the
// grid takes (BurrTools indexes a cube of rhombic tetrahedra as 5x5x5, one
// of tetrahedra-octahedra as 3x3x3); 1 for the other lattices.
func (l Lattice) Period() int {
	switch l {
	case Rhombic:
		return 5
	case TetraOcta:
		return 3
	}
	return 1
}

// gridBlock is Block on a grid: every cell in a x b x c blocks of Period.
func (l Lattice) gridBlock(a, b, c int) geometry.Shape {
	g, p := l.Grid(), l.Period()
	var cells []geometry.Cell
	for x := range a * p {
		for y := range b * p {
			for z := range c * p {
				if cell := (geometry.Cell{X: x, Y: y, Z: z}); g.IsCell(cell) {
					cells = append(cells, cell)
				}
			}
		}
	}
	return geometry.NewShape(cells...)
}

func (l Lattice) gridInRange(g *geometry.Grid, s geometry.Shape) error {
	for _, c := range s {
		if c.X < 0 || c.Y < 0 || c.Z < 0 || c.X > MaxCoord || c.Y > MaxCoord || c.Z > MaxCoord {
			return fmt.Errorf("cell %v is outside 0..%d", c, MaxCoord)
		}
		if !g.IsCell(c) {
			return fmt.Errorf("%v is no cell of the %s grid", c, g.Name())
		}
	}
	return nil
}

// neighbours returns the cells that share a face with c.
func (l Lattice) neighbours(c geometry.Cell) []geometry.Cell {
	if g := l.Grid(); g != nil {
		return g.Neighbours(c)
	}
	return l.Geometry().Neighbours(c)
}

// orientations returns the distinct orientations of s: on a grid its
// rotations, as BurrTools places a piece.
func (l Lattice) orientations(s geometry.Shape) []geometry.Shape {
	if g := l.Grid(); g != nil {
		o, _ := g.Orientations(s)
		return o
	}
	return l.Geometry().Orientations(s)
}

// isTranslation reports whether moving by d maps the lattice onto itself.
func (l Lattice) isTranslation(d geometry.Cell) bool {
	if g := l.Grid(); g != nil {
		return g.IsTranslation(d)
	}
	return l.Geometry().IsTranslation(d)
}

// OrientPiece turns piece i by map k of its grid (geometry.Grid's maps:
// the rotations first, then each followed by a mirror). Only on
// BurrTools' grids; a map that does not carry the piece onto the grid (a
// sphere grid's extra turns on a piece not flat) is refused.
func OrientPiece(i, k int) Edit {
	return Edit{"turn piece", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		g := d.Lattice.Grid()
		if g == nil {
			return d, errors.New("OrientPiece is for BurrTools' grids (use TransformPiece)")
		}
		if k < 0 || k >= g.NumMaps() {
			return d, fmt.Errorf("no map %d of the %s grid", k, g.Name())
		}
		o, ok := g.Orient(k, d.Pieces[i].Cells)
		if !ok {
			return d, errors.New("that turn does not carry this piece onto the grid")
		}
		n, err := d.normalized(o)
		if err != nil {
			return d, err
		}
		d.Pieces[i].Cells = n
		return d, nil
	}}
}

// errGridSpec says why a grid's document has no spec.
var errGridSpec = fmt.Errorf("%w: BurrTools' grids are saved as .xmpuzzle files", ErrNotSpec)

// FirstCell is the cell a new piece starts from: 000, or on a grid whose
// 000 is no cell the first cell of its first block.
func (l Lattice) FirstCell() geometry.Cell {
	if g := l.Grid(); g != nil && !g.IsCell(geometry.Cell{}) {
		return l.gridBlock(1, 1, 1)[0]
	}
	return geometry.Cell{}
}
