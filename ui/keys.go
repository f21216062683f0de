package ui

import "fyne.io/fyne/v2"

// bindKeys installs the keyboard: arrows orbit, +/- zoom, space play/pause,
// N/P next/previous solution, Ctrl+O open, F11 full screen, Esc stop (or
// leave presentation).
func (w *window) bindKeys() {
	c := w.win.Canvas()
	c.SetOnTypedKey(func(e *fyne.KeyEvent) { w.typedKey(e.Name) })
	c.SetOnTypedRune(func(r rune) {
		if w.dialogOpen() {
			return // a dialog is in front: the view behind it takes no keys
		}
		switch r {
		case '+', '=':
			w.view.ZoomBy(1.15)
		case '-', '_':
			w.view.ZoomBy(1 / 1.15)
		}
	})
	for _, k := range w.shortcuts() {
		do := k.do
		c.AddShortcut(k.shortcut, func(fyne.Shortcut) { do() })
	}
}

// A keyShortcut is a shortcut of the window and what it does.
type keyShortcut struct {
	shortcut fyne.Shortcut
	do       func()
}

// shortcuts are the window's shortcuts. The desktop driver turns Ctrl+Z
// into Fyne's Undo (and Ctrl+Y into Redo) before the window's own Ctrl+Z is
// looked up: without those two, Ctrl+Z did nothing in the editor. A focused
// entry still takes them itself. While a dialog is open they wait, as the
// other keys do: an Open over an error, or an undo behind Generate Pieces,
// left the dialog over a puzzle it was not about.
func (w *window) shortcuts() []keyShortcut {
	ks := []keyShortcut{
		{ctrl(fyne.KeyO), w.showOpen},
		{ctrl(fyne.KeyG), w.gallery.show},
		{ctrl(fyne.KeyQ), func() { w.guardUnsaved("quit", w.app.Quit) }},
		{ctrl(fyne.KeyN), w.newPuzzle},
		{ctrl(fyne.KeyE), w.editPuzzle},
		{ctrl(fyne.KeyZ), w.editUndo},
		{ctrlShift(fyne.KeyZ), w.editRedo},
		{&fyne.ShortcutUndo{}, w.editUndo},
		{&fyne.ShortcutRedo{}, w.editRedo},
	}
	for i, k := range ks {
		ks[i].do = w.unlessDialog(k.do)
	}
	return ks
}

// typedKey handles one key press that no focused widget took.
func (w *window) typedKey(k fyne.KeyName) {
	if k != fyne.KeyEscape && w.dialogOpen() {
		return // a dialog is in front: the view behind it takes no keys
	}
	if w.editKey(k) {
		return
	}
	switch k {
	case fyne.KeyLeft:
		w.view.Orbit(-10, 0)
	case fyne.KeyRight:
		w.view.Orbit(10, 0)
	case fyne.KeyUp:
		w.view.Orbit(0, 10)
	case fyne.KeyDown:
		w.view.Orbit(0, -10)
	case fyne.KeySpace:
		w.player.Toggle()
	case fyne.KeyN:
		w.browser.Step(1)
	case fyne.KeyP:
		w.browser.Step(-1)
	case fyne.KeyC:
		w.toggleClues()
	case fyne.KeyF11:
		w.toggleFullScreen()
	case fyne.KeyEscape:
		w.escape()
	}
}

// escape is Esc: it closes the dialog shown last, as its Cancel would;
// with none open, it leaves the presentation, or else full screen (and
// stops the search and pauses Play).
func (w *window) escape() {
	if w.dismissDialog() {
		return
	}
	if w.presenting {
		w.togglePresentation()
		return
	}
	if w.win.FullScreen() {
		w.win.SetFullScreen(false)
	}
	w.solver.Stop()
	w.player.Pause()
}
