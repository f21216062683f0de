package ui

import (
	"errors"
	"image/color"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
)

// fakeHeatScene is a heat scene by the fake's rules: one one-cell piece
// per cell of the row, its red channel the number of solutions that put
// the piece (-1: any piece but the first) there.
func fakeHeatScene(p *Puzzle, sols []Solution, piece int) (*Scene, error) {
	sc := &Scene{Box: p.Box}
	for _, c := range p.Box {
		n := 0
		for _, s := range sols {
			for _, o := range s {
				pl := p.Placements[o]
				if (pl.Piece == piece || piece < 0 && pl.Piece > 0) && slices.Contains(pl.Cells, c) {
					n++
				}
			}
		}
		sc.Pieces = append(sc.Pieces, ScenePiece{Piece: max(piece, 0), Cells: []geometry.Cell{c}, Color: color.NRGBA{uint8(n), 0, 0, 0xff}, Opacity: 1})
	}
	return sc, nil
}

// TestHeatViewToggle turns the heat map in the view on for a piece, for
// the most frequent piece, and off again: the view's scene goes from the
// packing to the heat map's cells (as the backend coloured them) and back;
// a new run turns it off, and a heat map the backend cannot draw leaves
// the packing with a message.
func TestHeatViewToggle(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.b.HeatScene = fakeHeatScene
	hv := &w.heatView
	hv.pick.Show()
	w.openData("four.txt", []byte(fourInARow))
	if !hv.pick.Disabled() {
		t.Error("heat view enabled before a run")
	}
	if want := []string{heatOffChoice, heatLeaderChoice, "Piece D", "Piece E", "Piece F"}; !slices.Equal(hv.pick.Options, want) {
		t.Errorf("choices %q, want %q", hv.pick.Options, want)
	}
	run := func() {
		w.solver.mode.SetSelected(modeAll)
		w.solver.Start()
		q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	}
	run()
	if hv.pick.Disabled() {
		t.Fatal("heat view disabled after a run with solutions")
	}
	packing := w.view.Scene()
	if packing == nil || len(packing.Pieces) != 3 {
		t.Fatalf("the view shows %+v, want the packing of 3 pieces", packing)
	}
	isHeat := func(sc *Scene, want []uint8) bool {
		if sc == nil || len(sc.Pieces) != len(want) {
			return false
		}
		for i, sp := range sc.Pieces {
			if len(sp.Cells) != 1 || sp.Cells[0].X != i || sp.Color.R != want[i] {
				return false
			}
		}
		return true
	}
	// the domino lies on cells 0..3 in 2, 4, 4, 2 of the 6 solutions
	hv.pick.SetSelected("Piece D")
	q.drainUntil(t, "the domino's heat map", func() bool { return isHeat(w.view.Scene(), []uint8{2, 4, 4, 2}) })
	if !hv.note.Visible() || !strings.Contains(hv.note.Text, "piece D") {
		t.Errorf("note %q (shown %v)", hv.note.Text, hv.note.Visible())
	}
	// turning the view works as usual
	cam := w.view.Camera()
	w.view.Orbit(40, 0)
	if w.view.Camera() == cam || !isHeat(w.view.Scene(), []uint8{2, 4, 4, 2}) {
		t.Error("orbiting lost the heat map or did not turn")
	}
	// the monominoes lie on cells 0..3 in 4, 2, 2, 4
	hv.pick.SetSelected(heatLeaderChoice)
	q.drainUntil(t, "the leaders' heat map", func() bool { return isHeat(w.view.Scene(), []uint8{4, 2, 2, 4}) })
	hv.pick.SetSelected(heatOffChoice)
	if sc := w.view.Scene(); sc == nil || len(sc.Pieces) != 3 || hv.note.Visible() {
		t.Fatalf("Off left %+v in the view, note shown %v", sc, hv.note.Visible())
	}

	// choosing another solution turns it off
	hv.pick.SetSelected("Piece D")
	q.drainUntil(t, "the domino's heat map again", func() bool { return hv.scene != nil })
	w.browser.Step(1)
	if sc := w.view.Scene(); hv.scene != nil || hv.pick.Selected != heatOffChoice || sc == nil || len(sc.Pieces) != 3 {
		t.Errorf("after the next solution: heat scene %v, select %q", hv.scene != nil, hv.pick.Selected)
	}

	// a new run turns the heat view off
	hv.pick.SetSelected("Piece E")
	q.drainUntil(t, "E's heat map", func() bool { return hv.scene != nil })
	run()
	if hv.scene != nil || hv.pick.Selected != heatOffChoice {
		t.Errorf("after a new run: heat scene %v, select %q", hv.scene != nil, hv.pick.Selected)
	}
	if sc := w.view.Scene(); sc == nil || len(sc.Pieces) != 3 {
		t.Errorf("after a new run the view shows %+v", sc)
	}

	// a grid the backend cannot draw: a message, and the packing stays
	w.b.HeatScene = func(*Puzzle, []Solution, int) (*Scene, error) {
		return nil, errors.New("cannot draw this grid")
	}
	hv.pick.SetSelected("Piece F")
	q.drainUntil(t, "the message", func() bool { return strings.Contains(w.errShown, "cannot draw this grid") })
	if hv.scene != nil || hv.pick.Selected != heatOffChoice || len(w.view.Scene().Pieces) != 3 {
		t.Errorf("after a failed heat map: scene %v, select %q", hv.scene != nil, hv.pick.Selected)
	}

	// another puzzle turns it off
	w.b.HeatScene = fakeHeatScene
	hv.pick.SetSelected("Piece F")
	q.drainUntil(t, "F's heat map", func() bool { return hv.scene != nil })
	w.openData("three.txt", []byte(threeInARow))
	if hv.scene != nil || hv.pick.Selected != heatOffChoice || !hv.pick.Disabled() || len(hv.pick.Options) != 4 {
		t.Errorf("after opening another puzzle: scene %v, select %q, disabled %v, %d choices", hv.scene != nil, hv.pick.Selected, hv.pick.Disabled(), len(hv.pick.Options))
	}
}

// TestHeatNoteGroupsDigits: the heat map's note writes counts as the rest
// of the window does (11,520, not 11520).
func TestHeatNoteGroupsDigits(t *testing.T) {
	p := &Puzzle{}
	if got := heatNote(p, -1, 11520, 11520); !strings.Contains(got, "over the 11,520 solutions listed") {
		t.Errorf("note %q", got)
	}
	if got := heatNote(p, -1, 100000, 460464); !strings.Contains(got, "over the first 100,000 of 460,464 solutions") {
		t.Errorf("note %q", got)
	}
}
