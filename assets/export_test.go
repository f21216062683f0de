package assets

// Hooks for the external tests (load_test.go), which enumerate with the
// real solver and count orbits with this package's own code.

import "fmt"

// Placed is one piece of a solution: its index in the spec and its cells.
type Placed struct {
	Piece int
	Cells [][3]int
}

// CountOrbits sorts the solutions of e into orbits under the box's rotations
// and under all its symmetries (see countOrbits).
func CountOrbits(e Entry, sols [][]Placed) (rot, all int, reflective bool, err error) {
	s, err := parseSpec(string(e.Data()), e.Format == Polyomino)
	if err != nil {
		return 0, 0, false, err
	}
	lex := map[cell]int{}
	for i, c := range s.box {
		lex[c] = i
	}
	conv := make([][]placed, len(sols))
	for i, sol := range sols {
		for _, p := range sol {
			pl := placed{piece: p.Piece}
			for _, c := range p.Cells {
				k, ok := lex[cell(c)]
				if !ok {
					return 0, 0, false, fmt.Errorf("cell %v is not in the box", c)
				}
				pl.cells = append(pl.cells, k)
			}
			conv[i] = append(conv[i], pl)
		}
	}
	rot, all, reflective = countOrbits(s, conv)
	return rot, all, reflective, nil
}

// LockPiece names a piece of e with 24 distinct orientations, or "".
func LockPiece(e Entry) string {
	s, err := parseSpec(string(e.Data()), e.Format == Polyomino)
	if err != nil {
		return ""
	}
	return lockPiece(s)
}

// Check labels, for the external tests.
const (
	CheckedLong       = checkedLong
	CheckedLock       = checkedLock
	CheckedLepage     = checkedLepage
	CheckedLepageLong = checkedLepageLong
	CheckedFillomino  = checkedFillomino
	CheckedAntislide  = checkedAntislide
	CheckedSolve      = checkedSolve
	CheckedSolveLong  = checkedSolveLong
	CheckedLattice    = checkedLattice
)
