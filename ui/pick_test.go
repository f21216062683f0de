package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// solvedFour opens fourInARow, solves it and shows the first solution.
func solvedFour(t *testing.T) (*window, *uiQueue) {
	t.Helper()
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.mode.SetSelected(modeAll)
	test.Tap(w.solver.solve)
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.browser.Current() == nil {
		t.Fatal("no solution shown")
	}
	return w, q
}

// pieceAt names the puzzle piece that covers cell x in solution s.
func pieceAt(w *window, x int) int {
	for _, o := range w.browser.Current() {
		for _, c := range w.puzzle.Placements[o].Cells {
			if c.X == x {
				return w.puzzle.Placements[o].Piece
			}
		}
	}
	return -1
}

func TestClickSelectsPieceInPacking(t *testing.T) {
	w, _ := solvedFour(t)
	// the view's image is 400 pixels wide: cell x is under pixels 100x..100x+99
	for _, x := range []int{0, 3, 1} {
		want := pieceAt(w, x)
		w.pickAt(100*x+50, 10, 400, 100)
		if w.selPiece != want {
			t.Fatalf("click on cell %d selected piece %d, want %d", x, w.selPiece, want)
		}
		if !w.pieceBox.Visible() || w.orienting {
			t.Error("the selection's controls do not show")
		}
		sc := w.view.Scene()
		if len(sc.Pieces) != 3 {
			t.Fatalf("the packing is not shown whole with a piece selected: %d pieces", len(sc.Pieces))
		}
		for _, sp := range sc.Pieces {
			faint := sp.Opacity < 1
			if faint == (sp.Piece == want) {
				t.Errorf("piece %s opacity %v with %d selected", sp.Name, sp.Opacity, want)
			}
		}
		if got := w.orientLabel.Text; got == "" || got[:len(w.puzzle.Pieces[want].Name)] != w.puzzle.Pieces[want].Name {
			t.Errorf("label %q does not name %s", got, w.puzzle.Pieces[want].Name)
		}
	}
	// a click beside every piece deselects
	w.pickAt(500, 10, 400, 100)
	if w.selPiece != -1 || w.pieceBox.Visible() {
		t.Error("a click on no piece kept the selection")
	}
	// through the view: a tap at a position maps to the pixel
	w.view.Resize(fyne.NewSize(400, 100))
	w.view.Tapped(&fyne.PointEvent{Position: fyne.NewPos(350, 50)})
	if want := pieceAt(w, 3); w.selPiece != want {
		t.Errorf("tap at the right end selected %d, want %d", w.selPiece, want)
	}
	// the orientation buttons show the piece alone; a click there changes nothing
	sel := w.selPiece
	w.stepOrientation(1)
	if !w.orienting || len(w.view.Scene().Pieces) != 1 {
		t.Error("Orientation ▶ from the packing does not show the piece alone")
	}
	w.pickAt(50, 10, 400, 100)
	if w.selPiece != sel {
		t.Error("a click on the lone piece changed the selection")
	}
}

func TestHideAndShowPieces(t *testing.T) {
	w, _ := solvedFour(t)
	count := func() int { return len(w.view.Scene().Pieces) }
	names := func() map[string]bool {
		m := map[string]bool{}
		for _, sp := range w.view.Scene().Pieces {
			m[sp.Name] = true
		}
		return m
	}
	w.setHidden(0, true) // the domino
	if count() != 2 || names()["D"] {
		t.Fatalf("hiding D leaves %v", names())
	}
	if !w.showAll.Visible() {
		t.Error("Show all pieces does not show while a piece is hidden")
	}
	// the hidden piece cannot be picked: the cells it covered are empty
	for x := range 4 {
		w.pickAt(100*x+50, 10, 400, 100)
		if w.selPiece == 0 {
			t.Fatal("picked the hidden domino")
		}
	}
	// Show only this: every other piece hidden
	w.selectPiece(1)
	test.Tap(w.hideBtn) // hides E
	if !w.isHidden(1) || w.hideBtn.Text != "Show" {
		t.Errorf("Hide: hidden %v, button %q", w.hidden, w.hideBtn.Text)
	}
	test.Tap(w.hideBtn)
	if w.isHidden(1) || w.hideBtn.Text != "Hide" {
		t.Errorf("Show: hidden %v, button %q", w.hidden, w.hideBtn.Text)
	}
	w.showOnly(1)
	if n := names(); len(n) != 1 || !n["E"] {
		t.Errorf("Show only E leaves %v", n)
	}
	// hidden pieces stay hidden on the next solution
	test.Tap(w.browser.next)
	if n := names(); len(n) != 1 || !n["E"] {
		t.Errorf("next solution shows %v", n)
	}
	// the row's check shows and hides too
	test.Tap(w.showAll)
	if count() != 3 || w.showAll.Visible() {
		t.Errorf("Show all: %d pieces", count())
	}
	w.pieces.Refresh()
	// before a solve, hidden pieces leave the layout too
	w.openData("four.txt", []byte(fourInARow))
	if len(w.hidden) != 3 || w.isHidden(0) {
		t.Error("a new puzzle keeps the hidden pieces")
	}
	before := count()
	w.setHidden(2, true)
	if count() != before-1 {
		t.Errorf("hiding F before a solve: %d pieces, was %d", count(), before)
	}
}

func TestUnitCubeEdgesToggle(t *testing.T) {
	w, _ := solvedFour(t)
	it := w.cellEdgesItem()
	if w.view.Scene().CellEdges || it.Checked {
		t.Fatal("unit cube edges on by default")
	}
	it.Action()
	if !w.view.Scene().CellEdges || !it.Checked {
		t.Error("the toggle did not turn the edges on")
	}
	test.Tap(w.browser.next) // a new scene keeps them
	if !w.view.Scene().CellEdges {
		t.Error("the next solution lost the edges")
	}
	it.Action()
	if w.view.Scene().CellEdges {
		t.Error("the toggle did not turn the edges off")
	}
}
