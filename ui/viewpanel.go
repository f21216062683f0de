package ui

import "time"

// setViewControls turns Explode and Layers on when a solution is shown,
// and off, with a hint saying why, when not.
func (w *window) setViewControls(on bool) {
	if on == !w.explode.Disabled() {
		return
	}
	if on {
		w.explode.Enable()
		w.layer.Enable()
		w.viewHint.Hide()
	} else {
		w.explode.Disable()
		w.layer.Disable()
		w.viewHint.Show()
	}
}

// refreshScene redraws the view from the current state.
func (w *window) refreshScene() {
	w.refreshSceneLook()
	if sc := w.view.Scene(); sc != nil && sc.CellEdges != w.cellEdges {
		sc.CellEdges = w.cellEdges
		w.view.SetScene(sc)
	}
}

// refreshSceneLook sets the view's scene from the current state.
func (w *window) refreshSceneLook() {
	p := w.puzzle
	w.setViewControls(p != nil && w.browser.Current() != nil)
	if p == nil {
		w.view.SetScene(nil)
		return
	}
	if p.DrawBoard != nil { // a flat board: the view shows its picture
		w.view.SetScene(boardScene(p, w.browser.Current(), w.hideClues))
		return
	}
	switch sol := w.browser.Current(); {
	case w.selPiece >= 0 && w.selPiece < len(p.Pieces) && sol != nil && p.Blocking != nil:
		// what holds the selected piece of the packing in place
		l := look{layer: -1, play: -1}
		opacity, text, ok := p.Blocking(sol, w.selPiece)
		if ok {
			l.opacity = opacity
			w.orientLabel.SetText(text)
		} else {
			w.orientLabel.SetText(p.Pieces[w.selPiece].Name + " is not in this packing")
		}
		w.view.SetScene(solutionScene(p, w.colors, sol, l))
	case w.selPiece >= 0 && w.selPiece < len(p.Pieces) && (sol == nil || w.orienting):
		w.view.SetScene(orientationScene(p, w.colors, w.selPiece, w.selOrient))
	case sol != nil:
		l := look{layer: -1, play: -1, explode: w.explode.Value, hidden: w.hidden}
		if w.selPiece >= 0 && w.selPiece < len(p.Pieces) && !w.isHidden(w.selPiece) {
			l.focus = w.selPiece + 1 // a hidden piece leaves the rest as is
		}
		if w.layer.Visible() && w.layer.Value < w.layer.Max {
			l.layer = int(w.layer.Value) - 1
		}
		if w.player.Playing() || w.player.Position() < float64(w.player.n) {
			l.play = w.player.Position()
			l.plan = w.plan
		}
		w.view.SetScene(solutionScene(p, w.colors, sol, l))
	default:
		w.view.SetScene(layoutScene(w.b, p, w.colors, look{hidden: w.hidden}))
	}
}

// spinTick turns the view at 30° a second while Spin is on.
func (w *window) spinTick(float32) {
	now := time.Now()
	w.view.Orbit(30*now.Sub(w.lastSpin).Seconds(), 0)
	w.lastSpin = now
}

// pickAt selects the piece drawn at pixel (x, y) of the view's w×h image,
// and shows its row in the pieces panel; a click on no piece deselects.
// Boards have no pieces to pick; a piece shown alone stays.
func (w *window) pickAt(x, y, width, height int) {
	p := w.puzzle
	if p == nil || p.DrawBoard != nil || w.b.Pick == nil || w.orienting {
		return
	}
	sc := w.view.Scene()
	if sc == nil || sc.Board != nil {
		return
	}
	if w.selPiece >= 0 && w.browser.Current() == nil {
		return // the piece alone, in its orientations
	}
	k, ok := w.b.Pick(sc, w.view.Camera(), width, height, x, y)
	if !ok || k < 0 || k >= len(sc.Pieces) {
		if w.selPiece >= 0 {
			w.deselectPiece()
		}
		return
	}
	i := sc.Pieces[k].Piece
	if i < 0 || i >= len(p.Pieces) || i == w.selPiece {
		return
	}
	w.pieces.Select(i) // selectPiece, through OnSelected
	w.pieces.ScrollTo(i)
}
