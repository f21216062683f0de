package ui

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
)

// TestShapeTableView: the dialog's table has a row per shape and the
// header, every cell filled from the backend's table, and the notes below.
func TestShapeTableView(t *testing.T) {
	test.NewTempApp(t)
	st := ShapeTable{
		Header: []string{"Shape", "Cells", "Symmetry"},
		Rows:   [][]string{{"A", "4", "2 (2 rot.)"}, {"box", "27", "48 (24 rot.)"}},
		Notes:  []string{"A: identity; half turn about y+z"},
	}
	split, ok := shapeTableView(st).(*container.Split)
	if !ok {
		t.Fatal("not a split of table and notes")
	}
	table := split.Leading.(*widget.Table)
	if rows, cols := table.Length(); rows != 3 || cols != 3 {
		t.Fatalf("%d rows, %d columns; want 3 and 3", rows, cols)
	}
	l := widget.NewLabel("")
	table.UpdateCell(widget.TableCellID{Row: 2, Col: 2}, l)
	if l.Text != "48 (24 rot.)" {
		t.Errorf("cell (2,2): %q", l.Text)
	}
	table.UpdateCell(widget.TableCellID{Row: 0, Col: 0}, l)
	if l.Text != "Shape" || !l.TextStyle.Bold {
		t.Errorf("header cell %q bold %v", l.Text, l.TextStyle.Bold)
	}
	notes := split.Trailing.(*container.Scroll).Content.(*widget.Label)
	if notes.Text != "A: identity; half turn about y+z" {
		t.Errorf("notes %q", notes.Text)
	}
}

// TestShapesMenu: Edit > Shape Information… is there when the backend
// describes shapes; it asks the backend about the puzzle shown off the UI
// goroutine, shows a dialog meanwhile, and then the table.
func TestShapesMenu(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	item := func() *fyne.MenuItem {
		for _, it := range w.menu().Items[1].Items {
			if it.Label == "Shape Information…" {
				return it
			}
		}
		return nil
	}
	w.b.Shapes = nil
	if item() != nil {
		t.Fatal("the item without a backend to answer it")
	}
	var asked atomic.Pointer[Puzzle]
	w.b.Shapes = func(_ context.Context, p *Puzzle) (ShapeTable, error) {
		asked.Store(p)
		return ShapeTable{Header: []string{"Shape"}, Rows: [][]string{{"A"}}}, nil
	}
	it := item()
	if it == nil {
		t.Fatal("no Shape Information… in the Edit menu")
	}
	w.puzzle = &Puzzle{}
	it.Action()
	waiting := w.win.Canvas().Overlays().Top()
	if waiting == nil {
		t.Fatal("no dialog while the shapes are described")
	}
	q.drainUntil(t, "the table", func() bool { top := w.win.Canvas().Overlays().Top(); return top != nil && top != waiting })
	if asked.Load() != w.puzzle {
		t.Error("the backend was not asked about the puzzle shown")
	}
}

// TestShapesOfTheEditedPuzzle: in the editor, Shape Information… describes
// the puzzle being edited, not the one shown behind the editor.
func TestShapesOfTheEditedPuzzle(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	var asked atomic.Pointer[Puzzle]
	w.b.Shapes = func(_ context.Context, p *Puzzle) (ShapeTable, error) {
		asked.Store(p)
		return ShapeTable{Header: []string{"Shape"}, Rows: [][]string{{"A"}}}, nil
	}
	var loaded atomic.Pointer[string]
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		s := string(data)
		loaded.Store(&s)
		return &Puzzle{Name: name}, nil
	}
	w.openEditor(newEditMode(w, editor.New(editor.Cubes), ""))
	w.editor.apply(editor.SetBox(editor.Cuboid(2, 2, 1)))
	w.editor.apply(editor.AddPiece("A", editor.Cuboid(2, 2, 1)))
	w.showShapes()
	q.drainUntil(t, "the table", func() bool { return asked.Load() != nil })
	if p := asked.Load(); p.Name != "new-puzzle.txt" {
		t.Errorf("described %q, want the edited puzzle", p.Name)
	}
	if s := loaded.Load(); s == nil || !strings.Contains(*s, "A ") {
		t.Errorf("loaded %v, want the editor's spec with piece A", s)
	}
}
