package ui

import "testing"

// TestRestrictionsShown: a puzzle's own restrictions (Lepage's lock and
// constraints) show in the pieces panel, and go with the puzzle.
func TestRestrictionsShown(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		p, err := fakeLoad(name, data)
		if err == nil && name == "locked.txt" {
			p.Restrictions = []string{"D locked to 1 orientation", "E kept in the origin octant"}
		}
		return p, err
	}
	if !w.openData("locked.txt", []byte(fourInARow)) {
		t.Fatalf("open failed: %s", w.errShown)
	}
	w.win.Canvas().Refresh(w.win.Content())
	if !w.restrictNote.Visible() || !hasLabel(w.win.Content(), "D locked to 1 orientation\nE kept in the origin octant") {
		t.Errorf("restrictions not shown among %q", labels(w.win.Content()))
	}
	if !w.openData("four.txt", []byte(fourInARow)) {
		t.Fatalf("open failed: %s", w.errShown)
	}
	if w.restrictNote.Visible() {
		t.Error("the last puzzle's restrictions are still shown")
	}
}
