package ui

import (
	"slices"

	"fyne.io/fyne/v2/dialog"
)

// An openDialog is a dialog or file dialog the window shows: Dismiss
// closes it as its Cancel or Close button does.
type openDialog interface {
	Show()
	Dismiss()
	SetOnClosed(func())
}

// showDialog shows d and keeps it on the window's list of open dialogs
// until it closes, so that Esc closes the one shown last, as its Cancel
// would, rather than stopping a search behind it.
func (w *window) showDialog(d openDialog) {
	d.Show() // first: a file dialog is made by Show
	w.dialogs = append(w.dialogs, d)
	d.SetOnClosed(func() {
		if i := slices.Index(w.dialogs, d); i >= 0 {
			w.dialogs = slices.Delete(w.dialogs, i, i+1)
		}
	})
}

// dialogOpen reports whether one of the window's dialogs is on screen.
func (w *window) dialogOpen() bool {
	if len(w.dialogs) == 0 {
		return false
	}
	if w.win.Canvas().Overlays().Top() == nil {
		w.dialogs = nil // none on screen: closed some way that was not told
		return false
	}
	return true
}

// dismissDialog closes the dialog shown last, if one is open.
func (w *window) dismissDialog() bool {
	if !w.dialogOpen() {
		return false
	}
	w.dialogs[len(w.dialogs)-1].Dismiss()
	return true
}

// showInformation is dialog.ShowInformation, Esc closing it.
func (w *window) showInformation(title, message string) {
	w.showDialog(dialog.NewInformation(title, message, w.win))
}
