package puzzle

import "polyviz/geometry"

// Solids returns the grid whose solids draw the puzzle's cells: its
// BurrTools grid (Grid), or for triangles and hexagons their lattice's
// one-layer prisms (geometry.Lattice.Solids); nil for cubes and squares,
// which are drawn as unit cubes.
func (p *Puzzle) Solids() *geometry.Grid {
	if p.grid != nil {
		return p.grid
	}
	if p.Lattice != nil {
		return p.Lattice.Solids()
	}
	return nil
}
