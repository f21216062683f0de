package cli

import (
	"fmt"

	"polyviz/puzzle"
)

// notDrawable is the error for drawing a puzzle on one of BurrTools' other
// grids (spheres, triangular prisms, rhombic tetrahedra, tetra-octa): polyviz
// solves and counts them but its projector draws cubes only, and drawing
// their cells as cubes would be false. Nil for every other puzzle.
func notDrawable(name string, p *puzzle.Puzzle) error {
	if p == nil || p.Grid() == nil {
		return nil
	}
	return fmt.Errorf("%s: polyviz cannot draw BurrTools' %s grid yet (it opens, solves and counts it: polyviz solve)", name, p.Grid().Name())
}

// noDisassembly is the error for taking apart a puzzle on one of BurrTools'
// other grids: on spheres, rhombic tetrahedra and tetrahedra-octahedra
// pieces do not slide along grid directions, and BurrTools has no
// disassembler there either; on triangular prisms BurrTools has one and
// polyviz not yet. Nil for every other puzzle.
func noDisassembly(name string, p *puzzle.Puzzle) error {
	if p == nil || p.Grid() == nil {
		return nil
	}
	if p.Grid().GridType() == 1 {
		return fmt.Errorf("%s: disassembly on BurrTools' triangular prism grid is not implemented yet", name)
	}
	return fmt.Errorf("%s: disassembly does not apply to BurrTools' %s grid (BurrTools has no disassembler there either)", name, p.Grid().Name())
}
