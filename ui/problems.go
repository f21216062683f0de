package ui

import (
	"errors"
	"fmt"
	"os"
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

// addToGallery copies the open puzzle's file into the user's gallery folder,
// where the gallery lists it after the built-in puzzles.
func (w *window) addToGallery() {
	if w.b.AddToGallery == nil {
		return
	}
	if w.puzzle == nil {
		w.showError("Cannot add to the gallery", errors.New("no puzzle is open"))
		return
	}
	if fi, err := os.Stat(w.puzzle.Name); err != nil || !fi.Mode().IsRegular() {
		w.showError("Cannot add to the gallery", fmt.Errorf("%s is not a file (built-in puzzles are in the gallery already)", w.puzzle.Name))
		return
	}
	dir, err := w.b.AddToGallery(w.puzzle.Name)
	if err != nil {
		w.showError("Cannot add to the gallery", err)
		return
	}
	dialog.ShowInformation("Added to the gallery", filepath.Base(w.puzzle.Name)+" is now in "+dir, w.win)
}
