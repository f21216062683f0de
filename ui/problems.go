package ui

import (
	"fmt"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// askProblem asks which problem of a file holding several to open; the
// first is open meanwhile, and stays open on "Keep the first".
func (w *window) askProblem(name string, data []byte, problems []string) {
	d, _ := w.problemDialog(name, data, problems)
	w.showDialog(d)
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
		w.reading(name, func() (*Puzzle, error) { return w.b.LoadProblem(name, data, k) }, func(p *Puzzle, err error) {
			if err != nil {
				w.showError("Cannot open "+filepath.Base(name), err)
				return
			}
			w.setPuzzle(p)
		})
	}, w.win)
	return d, sel
}

// askFormat asks how to read a file that reads as well in several formats
// (a spec whose cells such as "00'" are triangles to POLYIAMOND-DLX and
// squares to POLYOMINO-DLX); the puzzle shown stays until one is chosen.
func (w *window) askFormat(name string, data []byte, choices []FormatChoice) {
	d, _ := w.formatDialog(name, data, choices)
	w.showDialog(d)
}

// formatDialog builds that question: the formats as radio buttons, the
// first chosen, and Open.
func (w *window) formatDialog(name string, data []byte, choices []FormatChoice) (*dialog.ConfirmDialog, *widget.RadioGroup) {
	titles := make([]string, len(choices))
	for i, c := range choices {
		titles[i] = c.Title
	}
	radio := widget.NewRadioGroup(titles, nil)
	radio.SetSelected(titles[0])
	radio.Required = true
	base := filepath.Base(name)
	msg := widget.NewLabel(fmt.Sprintf("%s reads as more than one kind of spec. "+
		"A comment line \"| polyiamond\" at its top opens it as triangles without asking.", base))
	msg.Wrapping = fyne.TextWrapWord
	body := container.NewVBox(wrapped(msg, 460), radio)
	d := dialog.NewCustomConfirm("How should "+base+" be read?", "Open", "Cancel", body, func(ok bool) {
		k := slices.Index(titles, radio.Selected)
		if !ok || k < 0 {
			return
		}
		w.reading(name, func() (*Puzzle, error) { return w.b.LoadAs(name, data, choices[k].Format) }, func(p *Puzzle, err error) {
			if err != nil {
				w.showError("Cannot open "+base, err)
				return
			}
			w.showLoaded(name, data, p)
		})
	}, w.win)
	return d, radio
}
