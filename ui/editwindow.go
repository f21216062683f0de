package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
)

// The window's side of the editor: File > New Puzzle and Edit > Edit
// Puzzle open it in place of the solving panels; Close Editor and Solve go
// back. Unsaved changes are guarded: closing the editor, opening another
// file and quitting ask first.

// newPuzzle asks for the kind of puzzle and opens the editor on an empty one.
func (w *window) newPuzzle() {
	w.guardUnsaved("start a new puzzle", func() {
		var names []string
		for _, l := range editor.Lattices() {
			names = append(names, l.Describe())
		}
		kind := widget.NewRadioGroup(names, nil)
		kind.SetSelected(names[0])
		w.showDialog(dialog.NewCustomConfirm("New Puzzle", "Create", "Cancel", kind, func(ok bool) {
			if !ok {
				return
			}
			l := editor.Cubes
			for _, m := range editor.Lattices() {
				if kind.Selected == m.Describe() {
					l = m
				}
			}
			w.openEditor(newEditMode(w, editor.New(l), ""))
		}, w.win))
	})
}

// editPuzzle opens the editor on the puzzle shown (or returns to the editor
// the puzzle came from, with its history).
func (w *window) editPuzzle() {
	if w.editor != nil {
		return
	}
	if w.edited != nil && w.puzzle == w.editedPuzzle {
		w.solver.Stop()
		w.openEditor(w.edited)
		return
	}
	if w.puzzle == nil {
		w.newPuzzle()
		return
	}
	src, err := w.editSource(w.puzzle)
	if err == nil {
		var d editor.Document
		if d, err = editor.FromSource(src); err == nil {
			w.solver.Stop()
			path := w.puzzle.Name
			if fi, err := os.Stat(path); src.Foreign || err != nil || !fi.Mode().IsRegular() {
				path = "" // a library puzzle, or a format Save does not write: Save asks
			}
			e := newEditMode(w, d, path)
			e.origin = w.puzzle
			if strings.EqualFold(filepath.Ext(w.puzzle.Name), xmExt) {
				// kept as it is now: saving replaces its problem, once
				e.orig, _ = os.ReadFile(w.puzzle.Name)
			}
			w.openEditor(e)
			return
		}
	}
	w.showError("Cannot edit "+w.puzzle.Name, fmt.Errorf("%w: %v", errNotEditable, err))
}

// editSource asks the backend for what the editor needs of p.
func (w *window) editSource(p *Puzzle) (editor.Source, error) {
	if w.b.EditSource == nil {
		return editor.Source{}, errors.New("this build has no editor for opened files")
	}
	return w.b.EditSource(p)
}

// openEditor shows the editor in place of the window's content.
func (w *window) openEditor(e *editMode) {
	if w.mainContent == nil {
		w.mainContent = w.win.Content()
	}
	w.editor = e
	w.win.SetContent(e.content)
	e.refresh()
}

// closeEditor goes back to the solving panels, asking first when there are
// unsaved changes; then (if not nil) runs after.
func (w *window) closeEditor(after func()) {
	e := w.editor
	if e == nil {
		if after != nil {
			after()
		}
		return
	}
	leave := func() {
		w.closeEditorNow()
		if after != nil {
			after()
		}
	}
	if after != nil { // Solve keeps the history: nothing is lost
		leave()
		return
	}
	w.guardUnsaved("close the editor", leave)
}

// closeEditorNow shows the solving panels again, without asking.
func (w *window) closeEditorNow() {
	if w.editor == nil {
		return
	}
	w.editor = nil
	w.win.SetContent(w.mainContent)
	if w.puzzle != nil {
		w.win.SetTitle("polyviz — " + filepath.Base(w.puzzle.Name))
	} else {
		w.win.SetTitle("polyviz")
	}
}

// guardUnsaved runs then, after asking when the editor (shown, or kept for
// Edit) has unsaved changes that doing so would lose.
func (w *window) guardUnsaved(doing string, then func()) {
	e := w.editor
	if e == nil {
		e = w.edited
	}
	if e == nil || !e.h.Dirty() {
		then()
		return
	}
	w.showDialog(dialog.NewConfirm("Unsaved changes",
		fmt.Sprintf("The puzzle being edited has unsaved changes. Discard them and %s?", doing),
		func(ok bool) {
			if ok {
				if w.edited == e {
					w.edited, w.editedPuzzle = nil, nil
				}
				then()
			}
		}, w.win))
}

// editKey gives a key to the editor when it is shown.
func (w *window) editKey(k fyne.KeyName) bool {
	return w.editor != nil && w.editor.typedKey(k)
}

// editUndo and editRedo are Ctrl+Z and Ctrl+Shift+Z: they step through the
// editor's history while it is shown.
func (w *window) editUndo() {
	if w.editor != nil {
		w.editor.Undo()
	}
}

func (w *window) editRedo() {
	if w.editor != nil {
		w.editor.Redo()
	}
}

// ctrlShift is the shortcut Ctrl+Shift+k.
func ctrlShift(k fyne.KeyName) *desktop.CustomShortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}
