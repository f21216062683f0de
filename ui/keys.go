package ui

import "fyne.io/fyne/v2"

// bindKeys installs the keyboard: arrows orbit, +/- zoom, space play/pause,
// N/P next/previous solution, Ctrl+O open, F11 full screen, Esc stop (or
// leave presentation).
func (w *window) bindKeys() {
	c := w.win.Canvas()
	c.SetOnTypedKey(func(e *fyne.KeyEvent) { w.typedKey(e.Name) })
	c.SetOnTypedRune(func(r rune) {
		switch r {
		case '+', '=':
			w.view.ZoomBy(1.15)
		case '-', '_':
			w.view.ZoomBy(1 / 1.15)
		}
	})
	c.AddShortcut(ctrl(fyne.KeyO), func(fyne.Shortcut) { w.showOpen() })
	c.AddShortcut(ctrl(fyne.KeyG), func(fyne.Shortcut) { w.gallery.show() })
	c.AddShortcut(ctrl(fyne.KeyQ), func(fyne.Shortcut) { w.guardUnsaved("quit", w.app.Quit) })
	c.AddShortcut(ctrl(fyne.KeyN), func(fyne.Shortcut) { w.newPuzzle() })
	c.AddShortcut(ctrl(fyne.KeyE), func(fyne.Shortcut) { w.editPuzzle() })
	c.AddShortcut(ctrl(fyne.KeyZ), func(fyne.Shortcut) { w.editUndo() })
	c.AddShortcut(ctrlShift(fyne.KeyZ), func(fyne.Shortcut) { w.editRedo() })
}

// typedKey handles one key press that no focused widget took.
func (w *window) typedKey(k fyne.KeyName) {
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

// escape is Esc: it leaves the presentation, or else full screen (and
// stops the search and pauses Play).
func (w *window) escape() {
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
