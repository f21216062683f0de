package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"polyviz/editor"
	"polyviz/geometry"
)

// menuItem finds the item of m called label, looking into submenus.
func menuItem(m *fyne.Menu, label string) *fyne.MenuItem {
	for _, it := range m.Items {
		if it.Label == label {
			return it
		}
		if it.ChildMenu != nil {
			if c := menuItem(it.ChildMenu, label); c != nil {
				return c
			}
		}
	}
	return nil
}

// TestEditToolsByClicks draws a board's four corners with one click
// mirrored across x and y, undoes and redoes it as one step, then scales
// the box by 2 and back from the Shape menu, whose items say what the
// board cannot do.
func TestEditToolsByClicks(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Squares), ""))
	e := w.editor
	w.win.Canvas().Refresh(w.win.Content())
	if !e.tools.mirror[editor.AxisZ].Disabled() || e.tools.mirror[editor.AxisX].Disabled() {
		t.Error("a board's z mirror is offered, or its x mirror is not")
	}
	test.Tap(e.tools.mirror[editor.AxisX])
	test.Tap(e.tools.mirror[editor.AxisY])
	test.TapAt(e.grid, squareAt(e.grid, geometry.Cell{X: 2, Y: 2}))
	want := editor.Cells(0, 0, 0, 2, 0, 0, 0, 2, 0, 2, 2, 0)
	if got := e.h.Doc().Box; !got.Equal(want) {
		t.Fatalf("one mirrored click drew %v, want %v", got, want)
	}
	tapButton(t, e.content, "Undo")
	if n := len(e.h.Doc().Box); n != 0 || e.h.CanUndo() {
		t.Fatalf("Undo left %d cells", n)
	}
	tapButton(t, e.content, "Redo")

	m := e.tools.menu()
	if it := menuItem(m, "Fill holes of each layer"); it == nil || !it.Disabled {
		t.Error("a board's layers offered")
	}
	if it := menuItem(m, "Back ÷2"); it == nil || !it.Disabled {
		t.Error("scaling back offered for a shape never scaled")
	}
	menuItem(m, "By 2").Action()
	if n := len(e.h.Doc().Box); n != 16 || e.h.UndoLabel() != "scale box ×2" {
		t.Fatalf("scaled by 2: %d cells, undo %q", n, e.h.UndoLabel())
	}
	back := menuItem(e.tools.menu(), "Back ÷2")
	if back.Disabled {
		t.Fatal("scaling back not offered for a scaled box")
	}
	back.Action()
	if got := e.h.Doc().Box; !got.Equal(want) {
		t.Errorf("scaled back: %v", got)
	}

	// a piece: all shapes turn together; a piece has no nudge
	tapButton(t, e.content, "Add piece")
	if it := menuItem(e.tools.menu(), "+x"); it == nil || !it.Disabled {
		t.Error("a piece offered a nudge")
	}
	test.Tap(e.tools.mirror[editor.AxisX])
	test.Tap(e.tools.mirror[editor.AxisY])
	test.TapAt(e.grid, squareAt(e.grid, geometry.Cell{X: 1}))
	test.Tap(e.tools.all)
	menuItem(e.tools.menu(), "About z").Action()
	d := e.h.Doc()
	if !d.Pieces[0].Cells.Equal(editor.Cells(0, 0, 0, 0, 1, 0)) || e.h.UndoLabel() != "turn all shapes about z" {
		t.Errorf("all shapes turned: piece %v, undo %q", d.Pieces[0].Cells, e.h.UndoLabel())
	}
}

// TestEditToolsOnAGrid offers on BurrTools' sphere grid what needs only
// neighbours and translations, and nothing that needs cubes.
func TestEditToolsOnAGrid(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Spheres), ""))
	e := w.editor
	e.apply(editor.SetBox(editor.Spheres.Block(4, 4, 4)))
	for a := editor.AxisX; a <= editor.AxisZ; a++ {
		if !e.tools.mirror[a].Disabled() {
			t.Errorf("mirror %s offered on spheres", a)
		}
	}
	m := e.tools.menu()
	for _, label := range []string{"By 2", "About x", "In x", "Centre", "Fill holes of each layer"} {
		if it := menuItem(m, label); it == nil || !it.Disabled {
			t.Errorf("%q offered on spheres", label)
		}
	}
	inside := menuItem(m, "Make inside optional")
	if inside == nil || inside.Disabled {
		t.Fatal("the inside is not offered on spheres")
	}
	inside.Action()
	if d := e.h.Doc(); len(d.Optional) == 0 || len(d.Optional) == len(d.Box) {
		t.Errorf("spheres: %d of %d cells inside", len(d.Optional), len(d.Box))
	}
}
