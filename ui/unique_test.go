package ui

import (
	"context"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
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
			{Text: "fix B at 100"},
		}}, nil
	}
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
	var open []*widget.Button
	for _, o := range test.LaidOutObjects(list) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Open" {
			open = append(open, b)
		}
	}
	if len(open) != 2 || open[0].Disabled() || !open[1].Disabled() {
		t.Fatalf("%d Open buttons; want two, the second disabled", len(open))
	}
	test.Tap(open[0])
	if w.puzzle == shown || w.puzzle == nil || w.puzzle.Name != "four-unique-1.txt" {
		t.Errorf("Open did not open the changed puzzle (showing %v)", w.puzzle)
	}
}
