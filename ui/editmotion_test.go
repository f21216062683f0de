package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"polyviz/editor"
	"polyviz/puzzle"
)

// TestEditorMotionControl sets a piece one-sided with the piece's Moves
// control, saves the spec (which reads back with the piece one-sided) and
// undoes the change with the Undo button.
func TestEditorMotionControl(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Squares), ""))
	e := w.editor
	e.apply(editor.SetBox(editor.Cuboid(5, 5, 1)))
	tapButton(t, e.content, "Add piece")
	e.apply(editor.PaintPiece(0, true, editor.Cells(1, 0, 0, 2, 0, 0, 1, 1, 0, 1, 2, 0)...))
	if !slices.Equal(e.motion.Options, []string{"free", "one-sided", "fixed"}) || e.motion.Selected != "free" {
		t.Fatalf("motion control: %v, %q", e.motion.Options, e.motion.Selected)
	}
	e.motion.SetSelected("one-sided")
	if d := e.h.Doc(); d.Pieces[0].Motion != editor.OneSided || e.h.UndoLabel() != "make piece one-sided" {
		t.Fatalf("after choosing one-sided: %v, undo %q", d.Pieces[0].Motion, e.h.UndoLabel())
	}
	if got := e.itemText(1); !strings.HasSuffix(got, "· one-sided") {
		t.Errorf("the piece's line says %q", got)
	}
	e.path = filepath.Join(t.TempDir(), "f.txt")
	tapButton(t, e.content, "Save")
	data, err := os.ReadFile(e.path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.ParseSpec("f.txt", data, true)
	if err != nil || p.Pieces[0].Motion != puzzle.MotionOneSided || len(p.Pieces[0].Orientations) != 4 {
		t.Fatalf("saved spec %q: %v", data, err)
	}
	tapButton(t, e.content, "Undo")
	if e.h.Doc().Pieces[0].Motion != editor.Free || e.motion.Selected != "free" {
		t.Errorf("after Undo: %v, control shows %q", e.h.Doc().Pieces[0].Motion, e.motion.Selected)
	}

	// on cubes a piece is only turned already: free or fixed
	w.closeEditor(nil)
	c := newEditMode(w, editor.New(editor.Cubes), "")
	c.apply(editor.AddPiece("A", editor.Cells(0, 0, 0)))
	c.sel = 0
	c.refresh()
	if !slices.Equal(c.motion.Options, []string{"free", "fixed"}) {
		t.Errorf("a cube piece offers %v", c.motion.Options)
	}
}
