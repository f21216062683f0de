package cli

import (
	"fmt"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// squareOrCube reports an error when a command that knows only cubes and
// squares (disassembly) is given a puzzle on triangles or hexagons, saying
// what works instead.
func squareOrCube(p *puzzle.Puzzle, what string) error {
	if p == nil || p.Lattice == nil || p.Lattice == geometry.Cubes() || p.Lattice == geometry.Squares() {
		return nil
	}
	return fmt.Errorf("%s: %s of %s is not done yet (solve, --distinct, render, orientations and animate take them)", p.Name, what, p.Lattice)
}
