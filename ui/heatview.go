package ui

import (
	"fmt"
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// newHeatButton returns the "Heat map" button of the solve panel: it draws
// how often each piece covers each cell over the solutions found (see
// Backend.HeatMap) and shows it in a dialog. It is enabled while a list of
// solutions is shown and no search runs.
func (w *window) newHeatButton() *widget.Button {
	btn := widget.NewButton("Heat map", func() { w.showHeatMap() })
	btn.Disable()
	if w.b.HeatMap == nil {
		btn.Hide()
	}
	return btn
}

// The choices of the heat view's select: off, the most frequent piece of
// each cell, then one piece each (heatPieceChoice).
const (
	heatOffChoice    = "Off"
	heatLeaderChoice = "Most frequent piece"
)

// heatPieceChoice is the select's choice for piece name.
func heatPieceChoice(name string) string { return "Piece " + name }

// heatView is the heat map drawn in the window's own 3D view (see
// Backend.HeatScene): the select that turns it on for a piece, a line
// saying what the colours mean, the scene shown (nil: the view shows what
// it shows otherwise), and a generation number that drops the answer of a
// request made before the last change.
type heatView struct {
	pick  *widget.Select
	note  *widget.Label
	scene *Scene
	gen   int
}

// newHeatControls returns the Heat map button with the heat view's select
// ("In view") beside it and its note below.
func (w *window) newHeatControls() fyne.CanvasObject {
	w.heat = w.newHeatButton()
	hv := &w.heatView
	hv.pick = widget.NewSelect([]string{heatOffChoice, heatLeaderChoice}, func(string) { w.heatChosen() })
	hv.pick.Selected = heatOffChoice
	hv.pick.Disable()
	w.releaseFocus(hv.pick)
	hv.note = widget.NewLabel("")
	hv.note.Wrapping = fyne.TextWrapWord
	hv.note.Importance = widget.LowImportance
	hv.note.Hide()
	inView := widget.NewLabel("In view")
	if w.b.HeatScene == nil {
		hv.pick.Hide()
		inView.Hide()
	}
	box := container.NewVBox(container.NewBorder(nil, nil, container.NewHBox(w.heat, inView), nil, hv.pick), hv.note)
	if w.b.HeatMap == nil && w.b.HeatScene == nil {
		box.Hide() // takes no room in the panel
	}
	return box
}

// setHeatPieces fills the heat view's select with the pieces of p and
// turns the heat view off.
func (w *window) setHeatPieces(p *Puzzle) {
	opts := []string{heatOffChoice, heatLeaderChoice}
	for _, pc := range p.Pieces {
		opts = append(opts, heatPieceChoice(pc.Name))
	}
	w.heatView.pick.Options = opts
	w.setHeatReady(false)
}

// setHeatReady enables the heat map (the button and the view's select)
// when a run has ended with solutions listed, and disables it, turning the
// heat view off, when a run starts or another puzzle opens.
func (w *window) setHeatReady(on bool) {
	if on {
		w.heat.Enable()
		w.heatView.pick.Enable()
		return
	}
	w.heat.Disable()
	w.heatView.pick.Disable()
	w.heatOff()
}

// heatOff leaves the heat view: the view shows what it showed before (the
// solution selected, the pieces), and an answer still on its way is
// dropped.
func (w *window) heatOff() {
	hv := &w.heatView
	hv.gen++
	hv.note.Hide()
	if hv.pick.Selected != heatOffChoice {
		hv.pick.Selected = heatOffChoice // not SetSelected: no OnChanged
		hv.pick.Refresh()
	}
	if hv.scene != nil {
		hv.scene = nil
		w.refreshScene()
	}
}

// heatChosen asks the backend, on a goroutine, for the heat scene of the
// piece chosen in the select (or of each cell's most frequent piece) over
// the solutions listed, and shows it in the view; Off leaves the heat
// view. A grid the backend cannot draw gives a message, and the view is
// left as it was.
func (w *window) heatChosen() {
	hv := &w.heatView
	k := hv.pick.SelectedIndex()
	p, sols := w.puzzle, append([]Solution(nil), w.browser.sols...)
	if k <= 0 || p == nil || len(sols) == 0 || w.b.HeatScene == nil {
		w.heatOff()
		return
	}
	piece := k - 2 // -1: each cell's most frequent piece
	hv.gen++
	gen := hv.gen
	total := w.browser.total
	go func() {
		sc, err := w.b.HeatScene(p, sols, piece)
		w.do(func() {
			if gen != hv.gen || w.puzzle != p {
				return // turned off, or another choice since
			}
			if err != nil {
				w.heatOff()
				w.showError("Heat map in the view", err)
				return
			}
			hv.scene = sc
			hv.note.SetText(heatNote(p, piece, len(sols), total))
			hv.note.Show()
			w.refreshScene()
		})
	}()
}

// heatNote says what the heat view's colours mean.
func heatNote(p *Puzzle, piece, n int, total int64) string {
	over := fmt.Sprintf("over the %s solutions listed", GroupDigits(int64(n)))
	if total > int64(n) {
		over = fmt.Sprintf("over the first %s of %s solutions", GroupDigits(int64(n)), GroupDigits(total))
	}
	if piece < 0 || piece >= len(p.Pieces) {
		return "Each cell in the colour of the piece that covers it most often, stronger the more often it does (full where one piece is likeliest), " + over + ". Off shows the packing again."
	}
	return fmt.Sprintf("Each cell from white (piece %s never lies there) to %s's colour (where it lies most often), %s. Off shows the packing again.",
		p.Pieces[piece].Name, p.Pieces[piece].Name, over)
}

// heatLookScene is the heat view's scene seen with l: the cells above the
// layer shown are left out, and, on cubes and squares, Explode pushes the
// cells apart as it pushes the pieces of a packing, within a frame that
// stays put (as solutionScene's does).
func heatLookScene(p *Puzzle, heat *Scene, l look) *Scene {
	sc := *heat
	sc.Pieces = nil
	if len(p.Box) > 0 && p.Grid == nil {
		sc.Frame = explodedFrame(p.Box, l.explode)
	}
	centre := boxCentre(p.Box)
	for _, sp := range heat.Pieces {
		if l.layer >= 0 && !p.Planar {
			if sp.Cells = cellsUpTo(sp.Cells, l.layer); len(sp.Cells) == 0 {
				continue
			}
		}
		if l.explode > 0 && p.Grid == nil {
			c := boxCentre(sp.Cells)
			for a := range 3 {
				sp.Offset[a] = (c[a] - centre[a]) * l.explode
			}
		}
		sc.Pieces = append(sc.Pieces, sp)
	}
	return &sc
}

// showHeatMap draws the heat map of the solutions listed on a goroutine
// and shows it. Runs on the UI goroutine.
func (w *window) showHeatMap() {
	p, sols := w.puzzle, append([]Solution(nil), w.browser.sols...)
	if p == nil || len(sols) == 0 || w.b.HeatMap == nil {
		return
	}
	total := w.browser.total
	go func() {
		img, err := w.b.HeatMap(p, sols)
		w.do(func() {
			if err != nil {
				w.showError("Heat map", err)
				return
			}
			w.heatDialog(img, len(sols), total)
		})
	}()
}

// heatDialog shows a drawn heat map of n solutions (of total found).
func (w *window) heatDialog(img image.Image, n int, total int64) {
	pic := canvas.NewImageFromImage(img)
	pic.FillMode = canvas.ImageFillContain
	pic.SetMinSize(fyne.NewSize(float32(img.Bounds().Dx())*0.8, float32(img.Bounds().Dy())*0.8))
	what := fmt.Sprintf("Over the %s solutions listed", GroupDigits(int64(n)))
	if total > int64(n) {
		what = fmt.Sprintf("Over the first %s of %s solutions (the ones kept)", GroupDigits(int64(n)), GroupDigits(total))
	}
	note := widget.NewLabel(what + ": “most often” colours each cell by its most frequent piece; then a panel a piece, darker where it lies more often.")
	note.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Heat map", "Close", container.NewBorder(nil, note, nil, nil, container.NewScroll(pic)), w.win)
	d.Resize(fyne.NewSize(900, 700))
	w.showDialog(d)
}
