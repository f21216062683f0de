package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
)

// specExtensions are the file names the open dialog offers: Knuth's spec
// formats are plain text, DLX files are ".dlx", BurrTools files ".xmpuzzle".
var specExtensions = []string{".txt", ".dlx", ".spec", ".pc", ".po", ".polycube", ".polyomino", ".xmpuzzle"}

// ctrl is a Ctrl (Cmd on macOS) shortcut.
func ctrl(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

// menu builds the main menu; it is rebuilt when the recent files change.
func (w *window) menu() *fyne.MainMenu {
	open := fyne.NewMenuItem("Open…", w.showOpen)
	open.Shortcut = ctrl(fyne.KeyO)
	recent := fyne.NewMenuItem("Open Recent", nil)
	for _, path := range w.recent.List() {
		recent.ChildMenu = appendItem(recent.ChildMenu, fyne.NewMenuItem(filepath.Base(path)+"  —  "+filepath.Dir(path), func() {
			w.openURI(storage.NewFileURI(path))
		}))
	}
	if recent.ChildMenu == nil {
		recent.Disabled = true
	}
	gallery := fyne.NewMenuItem("Gallery…", w.gallery.show)
	gallery.Shortcut = ctrl(fyne.KeyG)
	addGallery := fyne.NewMenuItem("Add to Gallery", w.addToGallery)
	file := fyne.NewMenu("File", open, recent, gallery, addGallery,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export PNG…", func() { w.exportDialog(exportPNG) }),
		fyne.NewMenuItem("Export GIF…", func() { w.exportDialog(exportGIF) }),
		fyne.NewMenuItem("Export DLX…", func() { w.exportDialog(exportDLX) }),
		fyne.NewMenuItem("Export Solutions…", func() { w.exportDialog(exportSolutions) }),
		fyne.NewMenuItem("Export STL (3D print plate)…", func() { w.exportDialog(exportSTL) }),
		fyne.NewMenuItem("Export SVG (2D)…", func() { w.exportDialog(exportSVG) }),
		w.exportSizeItem(),
	)
	full := fyne.NewMenuItem("Full Screen", w.toggleFullScreen)
	full.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyF11}
	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Reset View", func() { w.view.ResetCamera() }),
		full,
		fyne.NewMenuItem("Presentation", w.togglePresentation),
		fyne.NewMenuItem("Show / Hide Clues (C)", w.toggleClues),
		w.cellEdgesItem(),
	)
	stop := fyne.NewMenuItem("Stop", w.escape)
	stop.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyEscape}
	solve := fyne.NewMenu("Solve",
		fyne.NewMenuItem("Solve", func() { w.solver.Start() }),
		fyne.NewMenuItem("Resume Saved Run", func() {
			if w.solver.resumeRow.Visible() {
				w.solver.Resume()
			}
		}),
		stop,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Next Solution (N)", func() { w.browser.Step(1) }),
		fyne.NewMenuItem("Previous Solution (P)", func() { w.browser.Step(-1) }),
		fyne.NewMenuItem("Play / Pause (Space)", func() { w.player.Toggle() }),
	)
	return fyne.NewMainMenu(file, view, solve)
}

func appendItem(m *fyne.Menu, it *fyne.MenuItem) *fyne.Menu {
	if m == nil {
		return fyne.NewMenu("", it)
	}
	m.Items = append(m.Items, it)
	return m
}

// showOpen opens the file dialog, filtered to the formats polyviz reads.
func (w *window) showOpen() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			w.showError("Cannot open", err)
			return
		}
		if r == nil {
			return // cancelled
		}
		u := r.URI()
		r.Close()
		w.openURI(u)
	}, w.win)
	d.SetFilter(storage.NewExtensionFileFilter(specExtensions))
	if list := w.recent.List(); len(list) > 0 {
		if dir, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(list[0]))); err == nil {
			d.SetLocation(dir)
		}
	}
	d.Show()
	d.Resize(fyne.NewSize(800, 560)) // only after Show: Fyne 2.8.1 panics before
}

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
	c.AddShortcut(ctrl(fyne.KeyQ), func(fyne.Shortcut) { w.app.Quit() })
}

// typedKey handles one key press that no focused widget took.
func (w *window) typedKey(k fyne.KeyName) {
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

func (w *window) toggleFullScreen() {
	if w.presenting {
		w.togglePresentation()
		return
	}
	w.win.SetFullScreen(!w.win.FullScreen())
}

// exportSizeItem is File > Export Size: the size of exported PNGs and GIFs,
// the one chosen ticked.
func (w *window) exportSizeItem() *fyne.MenuItem {
	item := fyne.NewMenuItem("Export Size", nil)
	for _, s := range exportSizes {
		it := fyne.NewMenuItem(s.String(), nil)
		it.Checked = s == w.exportSize
		it.Action = func() {
			w.exportSize = s
			w.win.SetMainMenu(w.menu()) // tick the new choice
		}
		item.ChildMenu = appendItem(item.ChildMenu, it)
	}
	return item
}
