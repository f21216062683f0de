package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

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
		w.viewCtl.Show()
	} else {
		w.explode.Disable()
		w.layer.Disable()
		w.viewHint.Show()
		w.viewCtl.Hide()
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
		sol := w.browser.Current()
		if w.selPiece >= 0 && w.selPiece < len(p.Pieces) && (sol == nil || w.orienting) {
			if sc := pictureScene(p, w.selPiece, w.selOrient); sc != nil { // the piece alone
				w.view.SetScene(sc)
				return
			}
		}
		focus := 0
		if w.selPiece >= 0 && w.selPiece < len(p.Pieces) && !w.isHidden(w.selPiece) {
			focus = w.selPiece + 1
		}
		w.view.SetScene(focusedBoardScene(p, sol, w.hidden, focus, w.hideClues))
		return
	}
	if w.heatView.scene != nil { // the heat map of the solutions listed
		l := look{layer: -1, play: -1, explode: w.explode.Value}
		if w.layer.Visible() && w.layer.Value < w.layer.Max {
			l.layer = int(w.layer.Value) - 1
		}
		w.view.SetScene(heatLookScene(p, w.heatView.scene, l))
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
	if p != nil && p.PickBoard != nil && !w.orienting {
		w.pickBoardAt(x, y, width, height)
		return
	}
	if p == nil || p.DrawBoard != nil || w.b.Pick == nil || w.orienting || w.heatView.scene != nil {
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

// The hints that stand for Explode (and Layers) before a solve.
const (
	hintLayers  = "Explode and Layers work on a solution: solve first"
	hintExplode = "Explode works on a solution: solve first"
)

// buildViewBar makes the view's controls, below the view: Reset view,
// Spin, Explode, Layers, and the hint that says why Explode and Layers
// are off.
func (w *window) buildViewBar() fyne.CanvasObject {
	w.explode = widget.NewSlider(0, 1)
	w.explode.Step = 0.05
	w.explode.OnChanged = func(float64) { w.refreshScene() }
	w.layer = widget.NewSlider(1, 1)
	w.layer.Step = 1
	w.layerLabel = widget.NewLabel("Layers")
	w.layer.OnChanged = func(float64) { w.refreshScene() }
	w.spinAnim = fyne.NewAnimation(time.Second, w.spinTick)
	w.spinAnim.RepeatCount = fyne.AnimationRepeatForever
	w.spin = widget.NewCheck("Spin", func(on bool) {
		if on {
			w.lastSpin = time.Now()
			w.spinAnim.Start()
		} else {
			w.spinAnim.Stop()
		}
	})
	// Before a solve the hint stands in place of the sliders: beside them
	// it had a few pixels left at the window's first size and showed "…".
	// It is cut short rather than widen the window, and the stack keeps
	// the sliders' room so that the window's minimum size stays put.
	w.viewHint = widget.NewLabel(hintLayers)
	w.viewHint.Importance = widget.LowImportance
	w.viewHint.Truncation = fyne.TextTruncateEllipsis
	w.explodeCtl = container.NewHBox(
		widget.NewLabel("Explode"),
		container.NewGridWrap(fyne.NewSize(110, 36), w.explode),
	)
	w.viewCtl = container.NewHBox(
		w.explodeCtl,
		w.layerLabel,
		container.NewGridWrap(fyne.NewSize(110, 36), w.layer),
	)
	return container.NewBorder(nil, nil, container.NewHBox(
		widget.NewButton("Reset view", func() { w.view.ResetCamera() }),
		w.spin,
	), nil, container.New(keepRoom{}, w.viewCtl, w.viewHint))
}

// keepRoom stacks its objects as container.NewStack does, but its minimum
// size counts the hidden ones too: the view bar's sliders keep their room
// while the hint stands in their place.
type keepRoom struct{}

func (keepRoom) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (keepRoom) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// fitView readies the view's controls and camera for puzzle p: Layers for
// a box more than one layer high (not a flat puzzle), Explode unless the
// board is a picture, and the home camera, from above for a flat puzzle.
func (w *window) fitView(p *Puzzle) {
	if h := height(p); h > 1 && !p.Planar {
		w.layer.Max = float64(h)
		w.layer.SetValue(float64(h))
		w.layer.Show()
		w.layerLabel.Show()
		w.viewHint.SetText(hintLayers)
	} else {
		w.layer.Max = 1
		w.layer.SetValue(1)
		w.layer.Hide()
		w.layerLabel.Hide()
		w.viewHint.SetText(hintExplode)
	}
	// a board drawn as a picture (fillomino, polysticks) has nothing to
	// explode: the slider did nothing
	if p.DrawBoard != nil {
		w.explodeCtl.Hide()
		w.viewHint.SetText("")
	} else {
		w.explodeCtl.Show()
	}
	if p.Planar {
		w.view.SetHome(Camera{Yaw: 0, Pitch: 90, Zoom: 1})
	} else {
		w.view.SetHome(Camera{Yaw: 32, Pitch: 28, Zoom: 1})
	}
}
