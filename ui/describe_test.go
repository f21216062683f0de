package ui

import "testing"

// TestDescribeFlatBoards: the solutions list names what a flat board's
// solution is made of: a fillomino grid's regions, polysticks' pieces, a
// DLX file's options.
func TestDescribeFlatBoards(t *testing.T) {
	w := &window{}
	sol := Solution{0, 1, 2}
	for _, c := range []struct {
		p    *Puzzle
		want string
	}{
		{&Puzzle{Labels: func(Solution) []CellLabel { return nil }}, "3 regions"},
		{&Puzzle{PieceOf: func(int) int { return 0 }}, "3 pieces"},
		{&Puzzle{}, "3 options"},
	} {
		w.puzzle = c.p
		if got := w.describe(sol); got != c.want {
			t.Errorf("%s, want %s", got, c.want)
		}
	}
	w.puzzle = &Puzzle{}
	if got := w.describe(Solution{4}); got != "1 option" {
		t.Errorf("%s, want 1 option", got)
	}
}
