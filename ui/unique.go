package ui

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// UniqueReport is what Edit > Make It Unique… shows: the puzzle's counts
// and the proposals, fewest changes first.
type UniqueReport struct {
	Summary   string
	Proposals []UniqueProposal
}

// UniqueProposal is one proposal: the pieces fixed, in words, and the
// changed puzzle as a spec to open (nil when the puzzle was not read from
// a spec: the proposal is shown, not opened).
type UniqueProposal struct {
	Text string
	Name string
	Spec []byte
}

// makeUnique runs Edit > Make It Unique… on the puzzle shown: the
// backend enumerates and proves on a goroutine behind a dialog whose
// Cancel stops it; the proposals replace it, each with an Open button
// that opens the changed puzzle (the editor cannot express a piece fixed
// in place, so a proposal is opened rather than applied as an edit; the
// original stays in Open Recent).
func (w *window) makeUnique() {
	if w.puzzle == nil || w.b.Unique == nil {
		return
	}
	p, find := w.puzzle, w.b.Unique
	ctx, cancel := context.WithCancel(context.Background())
	status := widget.NewLabel("Counting the solutions…")
	wait := dialog.NewCustom("Make It Unique", "Cancel", container.NewVBox(status, widget.NewProgressBarInfinite()), w.win)
	finished := false // set on the UI goroutine before the proposals replace the dialog
	wait.SetOnClosed(func() {
		if !finished {
			cancel()
		}
	})
	wait.Show()
	go func() {
		r, err := find(ctx, p, func(s string) { w.do(func() { status.SetText(s) }) })
		w.do(func() {
			if ctx.Err() != nil {
				return // cancelled: the dialog is gone
			}
			finished = true
			wait.Hide()
			cancel()
			if err != nil {
				dialog.ShowError(err, w.win)
				return
			}
			w.showUnique(r)
		})
	}()
}

// showUnique lists the proposals, each with its Open button.
func (w *window) showUnique(r UniqueReport) {
	summary := widget.NewLabel(r.Summary)
	summary.Wrapping = fyne.TextWrapWord
	rows := container.NewVBox()
	var d *dialog.CustomDialog
	for _, pr := range r.Proposals {
		open := widget.NewButton("Open", func() {
			d.Hide()
			w.openData(pr.Name, pr.Spec)
		})
		if pr.Spec == nil {
			open.Disable()
		}
		rows.Add(container.NewBorder(nil, nil, nil, open, widget.NewLabel(pr.Text)))
	}
	d = dialog.NewCustom("Make It Unique", "Close", container.NewBorder(summary, nil, nil, nil, container.NewVScroll(rows)), w.win)
	d.Resize(fyne.NewSize(720, 480))
	d.Show()
}
