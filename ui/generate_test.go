package ui

import (
	"context"
	"strings"
	"testing"

	"polyviz/editor"
	"polyviz/geometry"
)

// TestGeneratePieces: Edit > Generate Pieces… is there when the backend
// generates; the dialog sends the editor's box and the choices made, runs
// off the UI goroutine, and adds the pieces as one Undo step, in place of
// the pieces, or as a new puzzle whose box is the template.
func TestGeneratePieces(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	hasItem := func() bool {
		for _, it := range w.menu().Items[1].Items {
			if it.Label == "Generate Pieces…" {
				return true
			}
		}
		return false
	}
	w.b.Generate = nil
	if hasItem() {
		t.Fatal("the item without a backend to answer it")
	}
	var asked GenerateRequest
	w.b.Generate = func(ctx context.Context, r GenerateRequest, progress func(done, total uint64)) ([]geometry.Shape, string, error) {
		asked = r
		progress(1, 2)
		return []geometry.Shape{editor.Cells(0, 0, 0), editor.Cells(0, 0, 0, 1, 0, 0)}, "Generated 2 pieces.", ctx.Err()
	}
	if !hasItem() {
		t.Fatal("no Generate Pieces… in the Edit menu")
	}
	doc := editor.New(editor.Cubes)
	doc.Box = editor.Cuboid(2, 1, 1)
	doc.Pieces = []editor.Piece{{Name: "A", Cells: editor.Cells(0, 0, 0), Min: 1, Max: 1}}
	e := newEditMode(w, doc, "")
	w.openEditor(e)

	run := func(dest string, notchable bool, max string) {
		t.Helper()
		e := w.editor
		e.showGenerate()
		f := e.genForm
		f.dest.SetSelected(dest)
		f.notchable.SetChecked(notchable)
		f.max.SetText(max)
		f.run.OnTapped()
		q.drainUntil(t, "the generator to end", func() bool { return !f.run.Disabled() })
		if !strings.HasPrefix(f.status.Text, "Generated 2 pieces.\n") {
			t.Errorf("the dialog says %q", f.status.Text)
		}
	}
	run(genAdd, true, "2")
	if !asked.Doc.Equal(doc) || !asked.Notchable || asked.Max != 2 || asked.Connected != "face" || asked.Unique != "rotation" {
		t.Errorf("asked %+v", asked)
	}
	if n := len(w.editor.h.Doc().Pieces); n != 3 {
		t.Fatalf("%d pieces after adding 2 to 1", n)
	}
	w.editor.Undo()
	if n := len(w.editor.h.Doc().Pieces); n != 1 {
		t.Fatalf("%d pieces after one Undo, want 1", n)
	}
	run(genReplace, false, "")
	if d := w.editor.h.Doc(); len(d.Pieces) != 2 || len(d.Pieces[1].Cells) != 2 {
		t.Fatalf("replaced: %+v", d.Pieces)
	}
	old := w.editor
	old.h.MarkSaved() // else the new puzzle asks first (guardUnsaved)
	run(genNew, false, "")
	if w.editor == old {
		t.Fatal("no new puzzle")
	}
	if d := w.editor.h.Doc(); len(d.Pieces) != 2 || !d.Box.Equal(doc.Box) {
		t.Errorf("new puzzle: box %v, %d pieces", d.Box, len(d.Pieces))
	}
	// a bad number is said, and nothing is asked
	asked = GenerateRequest{}
	w.editor.showGenerate()
	f := w.editor.genForm
	f.min.SetText("many")
	f.run.OnTapped()
	if f.status.Text == "" || asked.Unique != "" {
		t.Errorf("a bad cell count: status %q, asked %+v", f.status.Text, asked)
	}
}

// TestGeneratedPiecesMove: pieces generated one of each shape up to
// rotation on a board are one-sided (mirror pairs are two pieces), up to
// translation fixed, up to mirror free; on cubes every piece only turns.
func TestGeneratedPiecesMove(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.b.Generate = func(ctx context.Context, r GenerateRequest, progress func(done, total uint64)) ([]geometry.Shape, string, error) {
		return []geometry.Shape{editor.Cells(0, 0, 0, 1, 0, 0, 1, 1, 0), editor.Cells(0, 0, 0, 1, 0, 0)}, "Generated 2 pieces.", ctx.Err()
	}
	for _, c := range []struct {
		lattice editor.Lattice
		unique  string
		want    editor.Motion
	}{
		{editor.Squares, "rotation", editor.OneSided},
		{editor.Squares, "mirror", editor.Free},
		{editor.Squares, "translation", editor.Fixed},
		{editor.Squares, "none", editor.Fixed},
		{editor.Cubes, "rotation", editor.Free},
		{editor.Cubes, "translation", editor.Fixed},
	} {
		doc := editor.New(c.lattice)
		doc.Box = editor.Cuboid(3, 3, 1)
		doc.Pieces = []editor.Piece{{Name: "A", Cells: editor.Cells(0, 0, 0), Min: 1, Max: 1}}
		if w.editor != nil {
			w.editor.h.MarkSaved()
		}
		w.openEditor(newEditMode(w, doc, ""))
		e := w.editor
		e.showGenerate()
		f := e.genForm
		f.dest.SetSelected(genAdd)
		f.unique.SetSelected(c.unique)
		f.run.OnTapped()
		q.drainUntil(t, "the generator to end", func() bool { return !f.run.Disabled() })
		w.dismissDialog()
		d := e.h.Doc()
		if len(d.Pieces) != 3 || d.Pieces[0].Motion != editor.Free {
			t.Fatalf("%v up to %s: pieces %+v", c.lattice, c.unique, d.Pieces)
		}
		for _, p := range d.Pieces[1:] {
			if p.Motion != c.want {
				t.Errorf("%v up to %s: piece %s is %v, want %v", c.lattice, c.unique, p.Name, p.Motion, c.want)
			}
		}
	}
}
