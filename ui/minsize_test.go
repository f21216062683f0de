package ui

import (
	"strings"
	"testing"
)

// TestWindowShrinksAndLongTextDoesNotGrowIt: the window used not to shrink
// below 1134x690 and grew by itself when the status line got long. Its
// content's minimum size must stay small, and long texts in the status,
// the player's line, the solutions label and the note must not change it.
func TestWindowShrinksAndLongTextDoesNotGrowIt(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	min0 := w.win.Content().MinSize()
	if min0.Width > 900 || min0.Height > 400 {
		t.Errorf("minimum size %v, want at most 900x400", min0)
	}
	long := strings.Repeat("a long status line that keeps going ", 20)
	w.solver.status.SetText(long)
	w.player.setInfo(long)
	w.browser.label.SetText(long)
	w.setNote(long)
	w.viewHint.SetText(long)
	if got := w.win.Content().MinSize(); got.Width > min0.Width+1 || got.Height > min0.Height+1 {
		t.Errorf("long texts grew the minimum size from %v to %v", min0, got)
	}
}
