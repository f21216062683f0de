package cli

import (
	"fmt"

	"polyviz/puzzle"
)

// noDisassembly is the error for taking apart a puzzle on one of BurrTools'
// other grids where disassembly does not apply: on spheres, rhombic
// tetrahedra and tetrahedra-octahedra pieces do not slide along grid
// directions, and BurrTools has no disassembler there either. On
// triangular prisms pieces move as in BurrTools (see onPrisms). On a
// board that wraps a piece across a join cannot slide out either. Nil for
// every other puzzle.
func noDisassembly(name string, p *puzzle.Puzzle) error {
	if p != nil && p.Wrap().On() {
		return fmt.Errorf("%s: the board wraps, and a piece across a join cannot slide out: disassembly does not apply", name)
	}
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
