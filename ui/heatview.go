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
	what := fmt.Sprintf("Over the %d solutions listed", n)
	if total > int64(n) {
		what = fmt.Sprintf("Over the first %d of %d solutions (the ones kept)", n, total)
	}
	note := widget.NewLabel(what + ": first panel, each cell's most frequent piece; then each piece in the order of the pieces panel, darker where it lies more often.")
	note.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Heat map", "Close", container.NewBorder(nil, note, nil, nil, container.NewScroll(pic)), w.win)
	d.Resize(fyne.NewSize(900, 700))
	d.Show()
}
