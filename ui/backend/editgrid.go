package backend

import (
	"fmt"

	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// editLattice is the editor's lattice for a loaded puzzle: Knuth's four
// lattices, or one of BurrTools' grids (a puzzle read from an .xmpuzzle
// file on prisms, spheres, rhombic tetrahedra or tetrahedra-octahedra).
func editLattice(pz *puzzle.Puzzle) (editor.Lattice, error) {
	if g := pz.Grid(); g != nil && g.Lattice() == nil {
		l, ok := editor.LatticeOfGrid(g)
		if !ok {
			return 0, fmt.Errorf("the editor does not draw BurrTools' %s", g.Name())
		}
		return l, nil
	}
	if pz.Lattice == nil {
		if pz.Planar {
			return editor.Squares, nil
		}
		return editor.Cubes, nil
	}
	l, ok := editor.LatticeOf(pz.Lattice)
	if !ok {
		return 0, fmt.Errorf("the editor does not draw on %s", pz.Lattice)
	}
	return l, nil
}

// xmGrid is BurrTools' gridType of a document, and false for the lattices
// BurrTools has no grid of (triangles and hexagons: their pieces on the
// prism grid would be prisms that turn over in space).
func xmGrid(d editor.Document) (int, bool) {
	switch {
	case d.Lattice == editor.Cubes || d.Lattice == editor.Squares:
		return 0, true
	case d.Lattice == editor.Triangles: // one layer of prisms (burrtools.PrismOfTriangle)
		return geometry.Prisms().GridType(), true
	case d.Lattice.Grid() != nil:
		return d.Lattice.Grid().GridType(), true
	}
	return 0, false
}
