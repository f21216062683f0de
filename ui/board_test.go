package ui

import (
	"image"
	"testing"

	"fyne.io/fyne/v2"
)

// TestBoardPuzzle checks that a puzzle with DrawBoard is shown as its
// picture, with the current solution, and that C toggles the clues.
func TestBoardPuzzle(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	var gotSol Solution
	var gotHide bool
	calls := 0
	p := &Puzzle{Name: "grid.txt", Planar: true, Options: 2, DrawBoard: func(s Solution, hide bool, wd, ht int) image.Image {
		calls++
		gotSol, gotHide = s, hide
		return image.NewRGBA(image.Rect(0, 0, wd, ht))
	}}
	w.setPuzzle(p)
	s := w.view.Scene()
	if s == nil || s.Board == nil {
		t.Fatalf("the view shows no board: %+v", s)
	}
	if img := s.Board(30, 20); img.Bounds().Dx() != 30 || gotSol != nil || gotHide || calls != 1 {
		t.Errorf("board drawn with solution %v, hide %v (%d calls)", gotSol, gotHide, calls)
	}
	w.typedKey(fyne.KeyC)
	w.view.Scene().Board(30, 20)
	if !gotHide {
		t.Errorf("C did not hide the clues")
	}
	w.typedKey(fyne.KeyC)
	w.view.Scene().Board(30, 20)
	if gotHide {
		t.Errorf("a second C did not show the clues again")
	}
}

// TestBoardHasNoExplode: a board drawn as a picture (fillomino, polysticks)
// cannot be exploded, so Explode and its hint are not offered; they used to
// be, and the slider did nothing. A packing opened next has them back.
func TestBoardHasNoExplode(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.setPuzzle(&Puzzle{Name: "grid.txt", Planar: true, Options: 2, DrawBoard: func(s Solution, hide bool, wd, ht int) image.Image {
		return image.NewRGBA(image.Rect(0, 0, wd, ht))
	}})
	if w.explodeCtl.Visible() || w.viewHint.Text != "" {
		t.Errorf("a board: Explode shown %v, hint %q", w.explodeCtl.Visible(), w.viewHint.Text)
	}
	w.openData("four.txt", []byte(fourInARow))
	if !w.explodeCtl.Visible() || w.viewHint.Text == "" {
		t.Errorf("a packing: Explode shown %v, hint %q", w.explodeCtl.Visible(), w.viewHint.Text)
	}
}
