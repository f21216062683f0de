package ui

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/geometry"
)

// TestMakeUniqueMenu: Edit > Make It Unique… is there when the backend
// answers it; it asks about the puzzle shown off the UI goroutine behind a
// dialog, lists the proposals, and Open opens the changed puzzle (a
// proposal without a spec has its Open disabled).
func TestMakeUniqueMenu(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	item := func() *fyne.MenuItem {
		for _, it := range w.menu().Items[1].Items {
			if it.Label == "Make It Unique…" {
				return it
			}
		}
		return nil
	}
	w.b.Unique = nil
	if item() != nil {
		t.Fatal("the item without a backend to answer it")
	}
	var asked atomic.Pointer[Puzzle]
	w.b.Unique = func(_ context.Context, p *Puzzle, progress func(string)) (UniqueReport, error) {
		asked.Store(p)
		progress("Counting the solutions: 2 so far…")
		return UniqueReport{Summary: "four.txt: 2 raw solutions", Proposals: []UniqueProposal{
			{Text: "fix A at 000", Name: "four-unique-1.txt", Spec: []byte(fourInARow)},
			{Text: "fix B at 100", Changes: []UniqueChange{{Piece: "B", Cells: geometry.Shape{{X: 1}}}}},
		}}, nil
	}
	w.b.EditSource = func(*Puzzle) (editor.Source, error) { return editor.Source{}, nil }
	if !w.openData("four.txt", []byte(fourInARow)) {
		t.Fatalf("open failed: %s", w.errShown)
	}
	shown := w.puzzle
	item().Action()
	waiting := w.win.Canvas().Overlays().Top()
	if waiting == nil {
		t.Fatal("no dialog while the backend works")
	}
	q.drainUntil(t, "the proposals", func() bool { top := w.win.Canvas().Overlays().Top(); return top != nil && top != waiting })
	if asked.Load() != shown {
		t.Error("the backend was not asked about the puzzle shown")
	}
	list := w.win.Canvas().Overlays().Top()
	if !hasLabel(list, "four.txt: 2 raw solutions") || !hasLabel(list, "fix A at 000") || !hasLabel(list, "fix B at 100") {
		t.Fatalf("the dialog shows %q", labels(list))
	}
	open, apply := buttonsNamed(list, "Open"), buttonsNamed(list, "Apply")
	if len(open) != 2 || open[0].Disabled() || !open[1].Disabled() {
		t.Fatalf("%d Open buttons; want two, the second disabled", len(open))
	}
	if len(apply) != 2 || !apply[0].Disabled() || apply[1].Disabled() {
		t.Fatalf("%d Apply buttons; want two, the first disabled (no changes to apply)", len(apply))
	}
	test.Tap(open[0])
	if w.puzzle == shown || w.puzzle == nil || w.puzzle.Name != "four-unique-1.txt" {
		t.Errorf("Open did not open the changed puzzle (showing %v)", w.puzzle)
	}
}

// buttonsNamed returns the buttons of o labelled text, in order.
func buttonsNamed(o fyne.CanvasObject, text string) []*widget.Button {
	var out []*widget.Button
	for _, c := range test.LaidOutObjects(o) {
		if b, ok := c.(*widget.Button); ok && b.Text == text {
			out = append(out, b)
		}
	}
	return out
}

// runUnique runs Edit > Make It Unique… and returns the proposals' dialog.
func runUnique(t *testing.T, w *window, q *uiQueue) fyne.CanvasObject {
	t.Helper()
	before := w.win.Canvas().Overlays().Top()
	w.makeUnique()
	waiting := w.win.Canvas().Overlays().Top()
	if waiting == nil || waiting == before {
		t.Fatalf("no dialog while the backend works (error %q)", w.errShown)
	}
	q.drainUntil(t, "the proposals", func() bool { top := w.win.Canvas().Overlays().Top(); return top != nil && top != waiting })
	return w.win.Canvas().Overlays().Top()
}

// fourDoc is fourInARow as the editor's document: a row of 4 squares,
// the domino D and the monominoes E and F.
func fourDoc() editor.Document {
	d := editor.New(editor.Squares)
	d.Box = editor.Cuboid(4, 1, 1)
	for _, p := range []struct {
		name string
		n    int
	}{{"D", 2}, {"E", 1}, {"F", 1}} {
		d.Pieces = append(d.Pieces, editor.Piece{Name: p.name, Min: 1, Max: 1, Cells: editor.Cuboid(p.n, 1, 1), Colour: -1})
	}
	return d
}

// TestMakeUniqueApply: Make It Unique in the editor works on the document
// being edited, and Apply makes the proposal one edit of it: D and E fixed
// in place, saved with a "| in-place" line; Undo gives back the document
// as it was, Redo the proposal again. A report made before the document
// changed is not applied to it.
func TestMakeUniqueApply(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	var loaded atomic.Value
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		loaded.Store(string(data))
		return fakeLoad(name, []byte(fourInARow))
	}
	w.b.Unique = func(_ context.Context, p *Puzzle, _ func(string)) (UniqueReport, error) {
		return UniqueReport{Summary: p.Name + ": 6 raw solutions", Proposals: []UniqueProposal{{
			Text:    "fix D at 00 10; fix E at 20",
			Changes: []UniqueChange{{Piece: "D", Cells: geometry.Shape{{X: 0}, {X: 1}}}, {Piece: "E", Cells: geometry.Shape{{X: 2}}}},
		}}}, nil
	}
	doc := fourDoc()
	w.openEditor(newEditMode(w, doc, ""))
	e := w.editor
	list := runUnique(t, w, q)
	if s, _ := loaded.Load().(string); !strings.Contains(s, "D 00 10") || !hasLabel(list, "new-puzzle.txt: 6 raw solutions") {
		t.Fatalf("the backend was not asked about the document (it read %q); the dialog shows %q", s, labels(list))
	}
	test.Tap(buttonsNamed(list, "Apply")[0])
	d := e.h.Doc()
	if !strings.HasPrefix(e.h.UndoLabel(), "make it unique") || !d.Pieces[0].InPlace.Equal(geometry.Shape{{X: 0}, {X: 1}}) || len(d.Pieces[1].InPlace) != 1 {
		t.Fatalf("after Apply: undo %q, pieces %+v", e.h.UndoLabel(), d.Pieces)
	}
	spec, err := d.Spec()
	if err != nil || !strings.Contains(string(spec), "\nD 00 10\nE 20\n") || !strings.Contains(string(spec), "| in-place D E\n") {
		t.Errorf("the spec saved (%v):\n%s", err, spec)
	}
	if !strings.HasSuffix(e.itemText(1), "in place") || strings.Contains(e.itemText(3), "in place") {
		t.Errorf("the piece list says %q and %q", e.itemText(1), e.itemText(3))
	}
	var drawn []string // the box's view: D and E in their places, then the box's two cells left
	for _, p := range e.scene(d).Pieces {
		drawn = append(drawn, fmt.Sprintf("%s:%d", p.Name, len(p.Cells)))
	}
	if strings.Join(drawn, " ") != "D:2 E:1 box:1" {
		t.Errorf("the box's view draws %v, want D:2 E:1 box:1", drawn)
	}
	tapButton(t, e.content, "Undo")
	if !e.h.Doc().Equal(doc) {
		t.Fatal("Undo does not give back the document as it was")
	}
	tapButton(t, e.content, "Redo")
	if !e.h.Doc().Equal(d) {
		t.Fatal("Redo does not apply the proposal again")
	}

	// proposals made, then the document edited: Apply refuses
	e.h.Undo()
	list = runUnique(t, w, q)
	e.apply(editor.SetTitle("changed"))
	w.errShown = ""
	test.Tap(buttonsNamed(list, "Apply")[0])
	if !strings.Contains(w.errShown, "edited after") || len(e.h.Doc().Pieces[0].InPlace) != 0 {
		t.Errorf("a stale proposal: shown %q, pieces %+v", w.errShown, e.h.Doc().Pieces)
	}
}

// TestMakeUniqueApplyShown: Apply on the puzzle shown opens the editor on
// it and applies the proposal there, here an optional cell removed and a
// piece fixed; one Undo gives the puzzle back as it was opened.
func TestMakeUniqueApplyShown(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	doc := fourDoc()
	doc.Box = editor.Cuboid(5, 1, 1)
	doc.Optional = geometry.Shape{{X: 4}}
	w.b.EditSource = func(p *Puzzle) (editor.Source, error) {
		src := editor.Source{Planar: true, Box: doc.Box, Optional: doc.Optional}
		for _, pc := range doc.Pieces {
			src.Pieces = append(src.Pieces, editor.SourcePiece{Name: pc.Name, Min: 1, Max: 1, Orientations: geometry.Squares().Orientations(pc.Cells)})
		}
		return src, nil
	}
	w.b.Unique = func(_ context.Context, p *Puzzle, _ func(string)) (UniqueReport, error) {
		return UniqueReport{Summary: p.Name, Proposals: []UniqueProposal{{
			Text:    "remove optional cell 40 from the box; fix D at 20 30",
			Changes: []UniqueChange{{Cells: geometry.Shape{{X: 4}}}, {Piece: "D", Cells: geometry.Shape{{X: 2}, {X: 3}}}},
		}}}, nil
	}
	if !w.openData("four.txt", []byte(fourInARow)) {
		t.Fatalf("open failed: %s", w.errShown)
	}
	list := runUnique(t, w, q)
	test.Tap(buttonsNamed(list, "Apply")[0])
	e := w.editor
	if e == nil {
		t.Fatalf("Apply did not open the editor (%s)", w.errShown)
	}
	d := e.h.Doc()
	if len(d.Box) != 4 || len(d.Optional) != 0 || !d.Pieces[0].InPlace.Equal(geometry.Shape{{X: 2}, {X: 3}}) {
		t.Fatalf("after Apply: box %v, optional %v, pieces %+v", d.Box, d.Optional, d.Pieces)
	}
	tapButton(t, e.content, "Undo")
	if d := e.h.Doc(); len(d.Box) != 5 || len(d.Optional) != 1 || len(d.Pieces[0].InPlace) != 0 || e.h.CanUndo() {
		t.Errorf("after Undo: box %v, optional %v, pieces %+v", d.Box, d.Optional, d.Pieces)
	}
}
