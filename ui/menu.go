package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
)

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
	newPuzzle := fyne.NewMenuItem("New Puzzle…", w.newPuzzle)
	newPuzzle.Shortcut = ctrl(fyne.KeyN)
	file := fyne.NewMenu("File", newPuzzle, open, recent, gallery, addGallery,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Export PNG…", func() { w.exportDialog(exportPNG) }),
		fyne.NewMenuItem("Export GIF…", func() { w.exportDialog(exportGIF) }),
		fyne.NewMenuItem("Export DLX…", func() { w.exportDialog(exportDLX) }),
		fyne.NewMenuItem("Export Solutions…", func() { w.exportDialog(exportSolutions) }),
		fyne.NewMenuItem("Export STL (3D print plate)…", func() { w.stlDialog(false) }),
		fyne.NewMenuItem("Export STL of the Solution (assembled)…", func() { w.stlDialog(true) }),
		fyne.NewMenuItem("Export SVG (2D)…", func() { w.exportDialog(exportSVG) }),
		w.exportSizeItem(),
	)
	if w.b.WriteInstructions != nil {
		file.Items = append(file.Items, fyne.NewMenuItem("Export Assembly Instructions…", w.instructionsDialog))
	}
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
	editItem := fyne.NewMenuItem("Edit Puzzle", w.editPuzzle)
	editItem.Shortcut = ctrl(fyne.KeyE)
	undo := fyne.NewMenuItem("Undo", w.editUndo)
	undo.Shortcut = ctrl(fyne.KeyZ)
	redo := fyne.NewMenuItem("Redo", w.editRedo)
	redo.Shortcut = ctrlShift(fyne.KeyZ)
	edit := fyne.NewMenu("Edit", editItem, undo, redo)
	if w.b.Shapes != nil {
		edit.Items = append(edit.Items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Shape Information…", w.showShapes))
	}
	if w.b.Generate != nil {
		edit.Items = append(edit.Items, fyne.NewMenuItem("Generate Pieces…", w.generatePieces))
	}
	if w.b.Unique != nil {
		edit.Items = append(edit.Items, fyne.NewMenuItem("Make It Unique…", w.makeUnique))
	}
	// the desktop driver runs a menu item's action on its shortcut before the
	// canvas's own shortcuts: they wait for a dialog as those do (Esc, Stop,
	// closes the dialog, and F11 changes nothing a dialog is about)
	for _, it := range []*fyne.MenuItem{open, gallery, newPuzzle, editItem, undo, redo} {
		it.Action = w.unlessDialog(it.Action)
	}
	return fyne.NewMainMenu(file, edit, view, solve)
}

// unlessDialog is do, but doing nothing while a dialog is open.
func (w *window) unlessDialog(do func()) func() {
	return func() {
		if !w.dialogOpen() {
			do()
		}
	}
}

func appendItem(m *fyne.Menu, it *fyne.MenuItem) *fyne.Menu {
	if m == nil {
		return fyne.NewMenu("", it)
	}
	m.Items = append(m.Items, it)
	return m
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

// cellEdgesItem is the View menu's toggle of the unit cubes' edges.
func (w *window) cellEdgesItem() *fyne.MenuItem {
	it := fyne.NewMenuItem("Unit Cube Edges", nil)
	it.Checked = w.cellEdges
	it.Action = func() {
		w.cellEdges = !w.cellEdges
		it.Checked = w.cellEdges
		w.refreshScene()
	}
	return it
}
