package puzzle

import (
	"context"
	"errors"
	"testing"

	"polyviz/solver"
)

// A piece in place keeps the one placement its cells are drawn at: the L
// tromino of a 2x2 square with a monomino has 4 placements, drawn at the
// top right it has 1, and the puzzle 1 solution.
func TestInPlace(t *testing.T) {
	free := "[01][01]\nL 00 01 10\nM 00\n"
	for _, c := range []struct {
		spec  string
		sols  int64
		lOpts int
	}{
		{free, 4, 4},
		{"[01][01]\nL 01 11 10\nM 00\n| in-place L\n", 1, 1},
		{"[01][01]\nL 01 11 10\nM 11\n| in-place L M\n", 0, 1}, // M drawn where L is
		{"[01][01]\nL 01 11 10\nM 00\n| fixed L\n| in-place L\n", 1, 1},
	} {
		p, err := ParseSpec("t", []byte(c.spec), true)
		if err != nil {
			t.Fatalf("%q: %v", c.spec, err)
		}
		n := 0
		for _, pl := range p.Placements() {
			if p.Pieces[pl.Piece].Name == "L" {
				n++
			}
		}
		prob, err := p.Problem()
		if err != nil {
			t.Fatal(err)
		}
		st, err := solver.Solve(context.Background(), prob, solver.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != c.sols || n != c.lOpts {
			t.Errorf("%q: %d solutions, %d placements of L; want %d, %d", c.spec, st.Solutions, n, c.sols, c.lOpts)
		}
	}
}

func TestInPlaceErrors(t *testing.T) {
	for _, c := range []struct {
		spec      string
		line, col int
	}{
		{"[01][01]\nL 01 11 10\nM 00\n| in-place\n", 4, 3},
		{"[01][01]\nL 01 11 10\nM 00\n| in-place Q\n", 4, 12},
		{"[01][01]\nL 01 11 10\nM 00\n| in-place L L\n", 4, 14},
		{"[01][01]\nL 02 12 11\nM 00\n| in-place L\n", 4, 12}, // outside the board
		{"[01][01]\nL 01 11 10\n2|M 00\n| in-place M\n", 4, 12},
	} {
		_, err := ParseSpec("t", []byte(c.spec), true)
		var pe *ParseError
		if !errors.Is(err, ErrBadInPlaceLine) || !errors.As(err, &pe) || pe.Line != c.line || pe.Col != c.col {
			t.Errorf("%q: got %v, want a bad in-place line at %d:%d", c.spec, err, c.line, c.col)
		}
	}
}
