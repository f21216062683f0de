package cli

import (
	"fmt"

	"polyviz/puzzle"
)

// notDrawable is the error for the drawings that do not know BurrTools'
// other grids (spheres, triangular prisms, rhombic tetrahedra, tetra-octa)
// yet: SVG, orientation sheets, animations and STL (render draws them as
// PNG, with package render's grid solids). Drawing their cells as cubes
// would be false. Nil for every other puzzle.
func notDrawable(name string, p *puzzle.Puzzle) error {
	if p == nil || p.Grid() == nil {
		return nil
	}
	return fmt.Errorf("%s: polyviz cannot draw BurrTools' %s grid here yet (polyviz render FILE -o out.png draws a solution of it; polyviz solve counts it)", name, p.Grid().Name())
}

// noDisassembly is the error for taking apart a puzzle on one of BurrTools'
// other grids where disassembly does not apply: on spheres, rhombic
// tetrahedra and tetrahedra-octahedra pieces do not slide along grid
// directions, and BurrTools has no disassembler there either. On
// triangular prisms pieces move as in BurrTools (see onPrisms). Nil for
// every other puzzle.
func noDisassembly(name string, p *puzzle.Puzzle) error {
	if p == nil || p.Grid() == nil || onPrisms(p) {
		return nil
	}
	return fmt.Errorf("%s: disassembly does not apply to BurrTools' %s grid (BurrTools has no disassembler there either)", name, p.Grid().Name())
}

// onPrisms reports whether p lies on BurrTools' triangular prism grid, whose
// pieces the disassembler moves as BurrTools does (disassembly.Options.Prisms).
func onPrisms(p *puzzle.Puzzle) bool {
	return p != nil && p.Grid() != nil && p.Grid().GridType() == 1 && p.Grid().Lattice() == nil
}
