package polystick

import (
	"context"
	"slices"
	"testing"

	"polyviz/polyform"
	"polyviz/render"
)

// TestOrientations: the sixteen tetrasticks' orientations, as Build places
// them, add up to the 88 fixed tetrasticks (OEIS A096267); one-sided, a
// chiral piece keeps half of them (its rotations), any other piece all.
func TestOrientations(t *testing.T) {
	free := build(t, spec("5x5", "", nil, "")).Puzzle
	oneSided := build(t, spec("5x5", "one-sided\n", nil, "")).Puzzle
	enum, err := polyform.EnumerateSticks(context.Background(), 4, polyform.Options{})
	if err != nil {
		t.Fatal(err)
	}
	chiral := map[string]bool{}
	for _, e := range enum {
		chiral[fmtSticks(e.Sticks)] = e.Chiral
	}
	total := 0
	for i, pc := range free.Pieces {
		all := free.Orientations(i)
		total += len(all)
		if !slices.Equal(all[0], pc.Sticks) {
			t.Errorf("%s: first orientation %v, want the spec's %v", pc.Name, all[0], pc.Sticks)
		}
		want := len(all)
		if chiral[fmtSticks(polyform.CanonicalSticks(pc.Sticks, polyform.Free))] {
			want /= 2
		}
		if got := len(oneSided.Orientations(i)); got != want {
			t.Errorf("%s one-sided: %d orientations, want %d", pc.Name, got, want)
		}
	}
	if total != 88 {
		t.Errorf("%d orientations in all, want the 88 fixed tetrasticks", total)
	}
}

// TestPieceBoard: a piece alone is drawn in its own colour on the grid of
// the rectangle around it, moved to the origin.
func TestPieceBoard(t *testing.T) {
	p := build(t, spec("5x5", "", nil, "")).Puzzle
	l := slices.IndexFunc(p.Pieces, func(pc Piece) bool { return pc.Name == "L" })
	moved := []polyform.Stick{{X: 3, Y: 2}, {X: 4, Y: 2}, {X: 5, Y: 2}, {X: 6, Y: 2, Vertical: true}}
	sb := p.PieceBoard(l, moved)
	// L is 3 long and 1 high: the 3x1 rectangle has 3+3 across and 4 up
	if len(sb.Board) != 10 || len(sb.Pieces) != 1 || len(sb.Pieces[0]) != 4 || !slices.Equal(sb.Colour, []int{l}) {
		t.Fatalf("board %d sticks, pieces %v, colour %v", len(sb.Board), sb.Pieces, sb.Colour)
	}
	if sb.Pieces[0][0] != (render.Stick{X: 0, Y: 0}) || !slices.Contains(sb.Pieces[0], render.Stick{X: 3, Y: 0, Vertical: true}) {
		t.Errorf("piece %v, want it at the origin", sb.Pieces[0])
	}
	for _, s := range sb.Pieces[0] {
		if !slices.Contains(sb.Board, s) {
			t.Errorf("stick %v off its grid", s)
		}
	}
}
