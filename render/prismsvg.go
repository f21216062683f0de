package render

import (
	"errors"
	"fmt"

	"polyviz/geometry"
)

// PrismLayerScene returns a scene on BurrTools' triangular prism grid
// (geometry.Prisms) that is one layer thick as the same scene on the
// triangle lattice (geometry.Triangles), for WriteSVG with that lattice:
// the top face of prism (x, y, z) is triangle x of row y, up when x+y is
// even, whose corners, at half-edges x/2, x/2+1 on row line y and x/2+1/2
// on line y+1 (down: the other way), are exactly those of the lattice's
// Δ (⌊(x−y)/2⌋, y) or ∇ (⌊(x−y)/2⌋, y). Every cell of the box and the
// pieces must be in one layer and every piece in its place (no offset);
// otherwise, or on another grid, it says why SVG does not draw the scene.
func PrismLayerScene(s *Scene) (*Scene, error) {
	g := s.Grid
	if g == nil || g.Lattice() != nil {
		return s, nil
	}
	if g.GridType() != 1 {
		return nil, fmt.Errorf("SVG does not draw BurrTools' %s grid: its cells do not lie in a plane (export a PNG)", g.Name())
	}
	layer, seen := 0, false
	conv := func(cs []geometry.Cell) ([]geometry.Cell, error) {
		out := make([]geometry.Cell, len(cs))
		for i, c := range cs {
			if !seen {
				layer, seen = c.Z, true
			} else if c.Z != layer {
				return nil, errors.New("SVG draws BurrTools' triangular prisms one layer thick (as triangles); this puzzle has more than one layer (export a PNG)")
			}
			d := c.X - c.Y
			a := d >> 1 // ⌊d/2⌋
			out[i] = geometry.Cell{X: a, Y: c.Y, Z: (c.X + c.Y) & 1}
		}
		return out, nil
	}
	out := &Scene{BoxStyle: s.BoxStyle}
	var err error
	if out.Box, err = conv(s.Box); err != nil {
		return nil, err
	}
	for _, p := range s.Pieces {
		if p.Offset.Len() > 1e-9 {
			return nil, errors.New("SVG draws packings of triangular prisms in place, not moved apart (export a PNG)")
		}
		if p.Cells, err = conv(p.Cells); err != nil {
			return nil, err
		}
		out.Pieces = append(out.Pieces, p)
	}
	return out, nil
}
