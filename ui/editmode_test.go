package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// squareAt is the middle of the layer grid's square for cell c, in the
// widget's coordinates.
func squareAt(g *layerGrid, c geometry.Cell) fyne.Position {
	size := g.Size()
	side, x0, y0 := g.square(int(size.Width), int(size.Height))
	col, row := c.X-g.lo.X, c.Y-g.lo.Y
	return fyne.NewPos(float32(x0+col*side+side/2), float32(y0+(g.rows-1-row)*side+side/2))
}

// TestEditorByClicks makes a small board puzzle with the editor's widgets,
// as a designer would: the box by its size and a drag, two pieces by
// clicks, a mistake undone with the Undo button, then Save and Solve.
func TestEditorByClicks(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	var loaded []byte
	load := w.b.Load
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		if name == "new-puzzle.txt" || strings.HasSuffix(name, "domino.txt") {
			loaded = data
			return load(name, []byte("4\nD 2\nE 2\n"))
		}
		return load(name, data)
	}
	w.openEditor(newEditMode(w, editor.New(editor.Squares), ""))
	e := w.editor
	w.win.Canvas().Refresh(w.win.Content())

	// the box: 2x1 by its size, then two cells more by a drag along the row
	test.Type(e.size, "2x1")
	e.size.OnSubmitted(e.size.Text)
	if n := len(e.h.Doc().Box); n != 2 {
		t.Fatalf("box of %d cells after 2x1", n)
	}
	e.grid.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: squareAt(e.grid, geometry.Cell{X: 2})}})
	e.grid.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: squareAt(e.grid, geometry.Cell{X: 3})}})
	e.grid.DragEnd()
	if d := e.h.Doc(); len(d.Box) != 4 || e.h.UndoLabel() != "add box cells" {
		t.Fatalf("after the drag: box %v, undo %q", d.Box, e.h.UndoLabel())
	}

	// two dominoes, cell by cell; a third cell on the second is undone
	for range 2 {
		tapButton(t, e.content, "Add piece")
		test.TapAt(e.grid, squareAt(e.grid, geometry.Cell{X: 1}))
	}
	test.TapAt(e.grid, squareAt(e.grid, geometry.Cell{X: 2}))
	if d := e.h.Doc(); len(d.Pieces) != 2 || len(d.Pieces[1].Cells) != 3 {
		t.Fatalf("pieces %+v", d.Pieces)
	}
	if !strings.Contains(e.lastEdit.Text, "Undo: add piece cell") {
		t.Errorf("last edit line %q", e.lastEdit.Text)
	}
	tapButton(t, e.content, "Undo")
	d := e.h.Doc()
	if len(d.Pieces[0].Cells) != 2 || len(d.Pieces[1].Cells) != 2 {
		t.Fatalf("after undo: %+v", d.Pieces)
	}
	if !strings.Contains(e.checks.Text, "same shape") {
		t.Errorf("checks do not see two dominoes: %q", e.checks.Text)
	}
	test.Type(e.mult, "2")
	e.mult.OnSubmitted("2")
	if len(e.h.Doc().Pieces[0].Cells) != 2 || e.h.Doc().Pieces[1].Min != 2 {
		t.Fatalf("multiplicity not set: %+v", e.h.Doc().Pieces)
	}
	e.apply(editor.DeletePiece(0))
	if !strings.Contains(e.checks.Text, "the cell counts match") {
		t.Errorf("checks: %q", e.checks.Text)
	}

	// Save to a file: a POLYOMINO-DLX spec that reads back
	e.path = filepath.Join(t.TempDir(), "domino.txt")
	tapButton(t, e.content, "Save")
	data, err := os.ReadFile(e.path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.ParseSpec("domino.txt", data, true)
	if err != nil || len(p.Box) != 4 || len(p.Pieces) != 1 || p.Pieces[0].Max != 2 {
		t.Fatalf("saved spec %q: %v", data, err)
	}
	if e.h.Dirty() || strings.Contains(e.heading.Text, "unsaved") {
		t.Error("saved, yet unsaved")
	}

	// Solve leaves the editor, opens the spec and solves; Edit comes back
	tapButton(t, e.content, "Solve")
	if w.editor != nil || string(loaded) != string(data) {
		t.Fatalf("Solve did not open the spec: editor %v, loaded %q", w.editor != nil, loaded)
	}
	w.editPuzzle()
	if w.editor != e || !e.h.CanUndo() {
		t.Error("Edit does not return to the editor with its history")
	}
}

// tapButton taps the button whose text is label.
func tapButton(t *testing.T, o fyne.CanvasObject, label string) {
	t.Helper()
	b := findButton(o, label)
	if b == nil {
		t.Fatalf("no button %q", label)
	}
	test.Tap(b)
}

func TestEditorGuardsUnsavedChanges(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Cubes), ""))
	w.editor.apply(editor.SetBox(editor.Cuboid(2, 2, 2)))
	w.closeEditor(nil)
	if w.editor == nil {
		t.Fatal("closing with unsaved changes did not ask")
	}
	if w.openData("four.txt", []byte(fourInARow)) {
		t.Fatal("opening a file with unsaved changes did not ask")
	}
	if w.editor == nil {
		t.Error("the editor went away without asking")
	}
}

// TestOpenAfterDiscardIsRecent: a file opened once the user has agreed to
// discard the editor's unsaved changes goes into Open Recent, as any file
// opened.
func TestOpenAfterDiscardIsRecent(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	path := filepath.Join(t.TempDir(), "four.txt")
	if err := os.WriteFile(path, []byte(fourInARow), 0o644); err != nil {
		t.Fatal(err)
	}
	w.openEditor(newEditMode(w, editor.New(editor.Cubes), ""))
	w.editor.apply(editor.SetBox(editor.Cuboid(2, 2, 2)))
	w.openURI(storage.NewFileURI(path))
	if len(w.dialogs) != 1 {
		t.Fatalf("opening a file with unsaved changes: %d dialogs, want the question", len(w.dialogs))
	}
	ask, ok := w.dialogs[0].(*dialog.ConfirmDialog)
	if !ok {
		t.Fatalf("the dialog is a %T, not the question", w.dialogs[0])
	}
	ask.Confirm() // Yes
	if w.puzzle == nil || w.puzzle.Name != path {
		t.Fatalf("after Yes the window shows %v", w.puzzle)
	}
	if got := w.recent.List(); len(got) == 0 || got[0] != path {
		t.Errorf("Open Recent lists %v, want %s first", got, path)
	}
}

func TestEditorKeysStepLayers(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Cubes), ""))
	e := w.editor
	e.apply(editor.SetBox(editor.Cuboid(3, 3, 3)))
	w.typedKey(fyne.KeyUp)
	w.typedKey(fyne.KeyUp)
	if e.z != 2 || e.grid.lo.Z != 2 || !strings.Contains(e.layerLbl.Text, "z = 2") {
		t.Fatalf("layer %d, grid at z %d, %q", e.z, e.grid.lo.Z, e.layerLbl.Text)
	}
	// the view shows layers 0..2 solid; a click on the grid empties a cell of layer 2
	test.TapAt(e.grid, squareAt(e.grid, geometry.Cell{X: 1, Y: 1, Z: 2}))
	if e.h.Doc().Box.Contains(geometry.Cell{X: 1, Y: 1, Z: 2}) || len(e.h.Doc().Box) != 26 {
		t.Error("the click did not remove cell 112")
	}
	w.editUndo()
	if len(e.h.Doc().Box) != 27 {
		t.Error("Ctrl+Z did not undo")
	}
	w.editRedo()
	if len(e.h.Doc().Box) != 26 {
		t.Error("Ctrl+Shift+Z did not redo")
	}
}

// TestEditorUndoShortcut: the desktop driver hands Ctrl+Z to the window as
// Fyne's Undo shortcut, not as Ctrl+Z; the editor must undo on it (it did
// nothing), and redo on Redo (Ctrl+Y).
func TestEditorUndoShortcut(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Cubes), ""))
	e := w.editor
	e.apply(editor.SetBox(editor.Cuboid(3, 3, 3)))
	// the test canvas cannot be handed a shortcut: the window's list is
	// what the canvas is given
	press := func(sc fyne.Shortcut) {
		for _, k := range w.shortcuts() {
			if k.shortcut.ShortcutName() == sc.ShortcutName() {
				k.do()
				return
			}
		}
		t.Errorf("no shortcut %s", sc.ShortcutName())
	}
	press(&fyne.ShortcutUndo{})
	if len(e.h.Doc().Box) != 0 {
		t.Errorf("after Undo the box has %d cells, want 0", len(e.h.Doc().Box))
	}
	press(&fyne.ShortcutRedo{})
	if len(e.h.Doc().Box) != 27 {
		t.Errorf("after Redo the box has %d cells, want 27", len(e.h.Doc().Box))
	}
}

// TestShortcutsWaitForDialogs: with a dialog open, Ctrl+O opens no second
// dialog over it and Undo changes nothing behind it.
func TestShortcutsWaitForDialogs(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Cubes), ""))
	e := w.editor
	e.apply(editor.SetBox(editor.Cuboid(3, 3, 3)))
	w.showInformation("Note", "a dialog in front")
	for _, k := range w.shortcuts() {
		if n := k.shortcut.ShortcutName(); n == ctrl(fyne.KeyO).ShortcutName() || n == (&fyne.ShortcutUndo{}).ShortcutName() {
			k.do()
		}
	}
	if len(w.dialogs) != 1 {
		t.Errorf("%d dialogs open after Ctrl+O over one, want 1", len(w.dialogs))
	}
	if len(e.h.Doc().Box) != 27 {
		t.Errorf("Undo behind a dialog left the box with %d cells, want 27", len(e.h.Doc().Box))
	}
	// the desktop driver runs the menu items' actions on their shortcuts
	// first: they wait too
	for _, m := range w.menu().Items {
		for _, it := range m.Items {
			if it.Shortcut != nil && (it.Label == "Open…" || it.Label == "Undo") {
				it.Action()
			}
		}
	}
	if len(w.dialogs) != 1 || len(e.h.Doc().Box) != 27 {
		t.Errorf("the menu's Ctrl+O and Ctrl+Z over a dialog: %d dialogs, %d cells; want 1 and 27", len(w.dialogs), len(e.h.Doc().Box))
	}
	w.dismissDialog()
	for _, k := range w.shortcuts() {
		if k.shortcut.ShortcutName() == (&fyne.ShortcutUndo{}).ShortcutName() {
			k.do()
		}
	}
	if len(e.h.Doc().Box) != 0 {
		t.Errorf("Undo once the dialog is closed left %d cells, want 0", len(e.h.Doc().Box))
	}
}

// findButton returns the first button under o whose text is label.
func findButton(o fyne.CanvasObject, label string) fyne.Tappable {
	switch v := o.(type) {
	case *widget.Button:
		if v.Text == label {
			return v
		}
	case *quietButton:
		if v.Text == label {
			return v
		}
	case *fyne.Container:
		for _, c := range v.Objects {
			if b := findButton(c, label); b != nil {
				return b
			}
		}
	case *container.Split:
		if b := findButton(v.Leading, label); b != nil {
			return b
		}
		return findButton(v.Trailing, label)
	}
	return nil
}

// TestEnterGivesBackKeys: Enter in the piece's name field renames the piece
// and takes the focus from the field, so that Ctrl+Z undoes the rename.
func TestEnterGivesBackKeys(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	doc := editor.New(editor.Squares)
	doc.Box = editor.Cuboid(2, 1, 1)
	doc.Pieces = []editor.Piece{{Name: "A", Cells: editor.Cells(0, 0, 0), Min: 1, Max: 1}}
	w.openEditor(newEditMode(w, doc, ""))
	e := w.editor
	e.sel = 0
	e.refresh()
	w.win.Canvas().Focus(e.name)
	e.name.SetText("B")
	e.name.OnSubmitted("B")
	if got := e.h.Doc().Pieces[0].Name; got != "B" {
		t.Fatalf("the piece is named %q after Enter, want B", got)
	}
	if f := w.win.Canvas().Focused(); f != nil {
		t.Errorf("the field keeps the focus after Enter: %T", f)
	}
}

// TestManyChecksKeepTheList: a design with many live checks (19 pieces, a
// line for each pair alike) still leaves the list of pieces rows to use.
func TestManyChecksKeepTheList(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	doc := editor.New(editor.Squares)
	doc.Box = editor.Cuboid(4, 3, 1)
	for i := range 19 {
		doc.Pieces = append(doc.Pieces, editor.Piece{Name: string(rune('A' + i)), Cells: editor.Cells(0, 0, 0, 1, 0, 0), Min: 1, Max: 1})
	}
	w.openEditor(newEditMode(w, doc, ""))
	e := w.editor
	e.refresh()
	if n := strings.Count(e.checks.Text, "•"); n < 10 {
		t.Fatalf("%d checks, want many: %q", n, e.checks.Text)
	}
	w.win.Resize(fyne.NewSize(1200, 760))
	w.win.Content().Refresh()
	if h := e.items.Size().Height; h < 150 {
		t.Errorf("the list of pieces is %.0f high with many checks, want room for rows", h)
	}
}

// TestBoardTurnButtons: a board's piece turns in its plane and mirrors; the
// turns about x and y, which a board refused, are not offered.
func TestBoardTurnButtons(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Squares), ""))
	for label, want := range map[string]bool{"Turn Z": true, "Mirror": true, "Turn X": false, "Turn Y": false} {
		if got := findButton(w.editor.content, label) != nil; got != want {
			t.Errorf("a board's editor offers %s: %v, want %v", label, got, want)
		}
	}
	w.editor.h.MarkSaved()
	w.openEditor(newEditMode(w, editor.New(editor.Cubes), ""))
	if findButton(w.editor.content, "Turn X") == nil {
		t.Error("a box's editor has no Turn X")
	}
}
