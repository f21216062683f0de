package shapeinfo

import (
	"errors"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// ErrNoShapes is returned for a problem whose pieces are no shapes (a DLX
// file's options).
var ErrNoShapes = errors.New("the input is an exact cover problem, not a puzzle of shapes")

// FromPuzzle returns the space of a puzzle and its shapes: the pieces in
// order (each as its first spec line gives it; on a planar lattice its
// unsuffixed cells), then the box with its optional cells. A piece's
// variable voxels reach the puzzle as filled cells (burrtools.Build), so
// only the box has any.
func FromPuzzle(p *puzzle.Puzzle) (Space, []Named, error) {
	if p == nil {
		return Space{}, nil, ErrNoShapes
	}
	var s Space
	switch {
	case p.Grid() != nil:
		s.Grid = p.Grid()
	case p.Lattice != nil:
		s.Lattice = p.Lattice
	case p.Planar:
		s.Lattice = geometry.Squares()
	default:
		s.Lattice = geometry.Cubes()
	}
	var shapes []Named
	for _, pc := range p.Pieces {
		if len(pc.Orientations) == 0 {
			return Space{}, nil, ErrNoShapes
		}
		n := Named{Name: pc.Name, Shape: pc.Orientations[0]}
		if pc.Mult != "" && pc.Mult != "1" {
			n.Copies = pc.Mult
		}
		shapes = append(shapes, n)
	}
	shapes = append(shapes, Named{Name: "box", Box: true, Shape: p.Box, Optional: len(p.Optional), Variable: p.Optional})
	return s, shapes, nil
}
