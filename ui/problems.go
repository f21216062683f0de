package ui

import (
	"fmt"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// askProblem asks which problem of a file holding several to open; the
// first is open meanwhile, and stays open on "Keep the first".
func (w *window) askProblem(name string, data []byte, problems []string) {
	d, _ := w.problemDialog(name, data, problems)
	d.Show()
}

// problemDialog builds the question: a list of the problems and Open.
func (w *window) problemDialog(name string, data []byte, problems []string) (*dialog.ConfirmDialog, *widget.Select) {
	sel := widget.NewSelect(problems, nil)
	sel.SetSelectedIndex(0)
	title := fmt.Sprintf("%s holds %d problems", filepath.Base(name), len(problems))
	d := dialog.NewCustomConfirm(title, "Open", "Keep the first", sel, func(ok bool) {
		k := slices.Index(problems, sel.Selected)
		if !ok || k <= 0 {
			return
		}
		p, err := w.b.LoadProblem(name, data, k)
		if err != nil {
			w.showError("Cannot open "+filepath.Base(name), err)
			return
		}
		w.setPuzzle(p)
	}, w.win)
	return d, sel
}
