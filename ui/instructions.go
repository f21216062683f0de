package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"
)

// instructionsDialog is File > Export Assembly Instructions…: where to
// write (a .pdf, or a .png or .svg name whose pages go beside it as
// name-01.png...), then the pages, for the solution shown.
func (w *window) instructionsDialog() {
	if w.puzzle == nil {
		return
	}
	sol := w.browser.Current()
	if sol == nil {
		w.showError("Cannot export", errors.New("no solution shown: solve first"))
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			w.showError("Cannot export", err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		path := wc.URI().Path()
		wc.Close() // unwritten, it opened nothing (keepFilesUntilWritten)
		w.writeInstructions(path, sol, nil)
	}, w.win)
	base := strings.TrimSuffix(filepath.Base(w.puzzle.Name), filepath.Ext(w.puzzle.Name))
	d.SetFileName(base + "-instructions.pdf")
	d.SetFilter(storage.NewExtensionFileFilter([]string{".pdf", ".png", ".svg"}))
	w.showDialog(d)
	d.Resize(fyne.NewSize(800, 560)) // only after Show: Fyne 2.8.1 panics before
}

// writeInstructions draws the pages of solution sol's instructions to
// path on a goroutine, with a dialog that shows the pages done and whose
// Stop cancels the work. done (if not nil) gets the files written and the
// error on the UI goroutine; errors also show in a dialog.
func (w *window) writeInstructions(path string, sol Solution, done func([]string, error)) {
	if w.b.WriteInstructions == nil {
		w.showError("Cannot export", errors.New("this build cannot write assembly instructions"))
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	label := widget.NewLabel("Taking the solution apart…")
	prog := dialog.NewCustom("Assembly Instructions", "Stop", container.NewVBox(label, bar), w.win)
	prog.SetOnClosed(cancel)
	w.showDialog(prog)
	p, b := w.puzzle, w.b
	go func() {
		files, err := b.WriteInstructions(ctx, p, sol, path, func(n, total int) {
			w.do(func() {
				bar.SetValue(float64(n) / float64(total))
				label.SetText(fmt.Sprintf("Page %d of %d", n, total))
			})
		})
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		w.do(func() {
			prog.Hide()
			switch {
			case errors.Is(err, context.Canceled):
				// stopped: nothing to say
			case err != nil:
				w.showError("Cannot export "+filepath.Base(path), err)
			case done == nil:
				what := files[0]
				if len(files) > 1 {
					what = fmt.Sprintf("%d pages, %s to %s", len(files), filepath.Base(files[0]), filepath.Base(files[len(files)-1]))
				}
				w.showInformation("Exported", "Written: "+what)
			}
			if done != nil {
				done(files, err)
			}
		})
	}()
}
