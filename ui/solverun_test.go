package ui

import (
	"strings"
	"testing"
	"time"
)

// TestCountPastKept: once the list holds keptSolutions, the search's
// batches are empty, and the label's total must still follow the count
// while the run goes on (not only when it ends).
func TestCountPastKept(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	mb := &mailbox{}
	r := &report{s: w.solver, run: w.solver.run, started: time.Now(), mb: mb}
	mb.visit(Solution{0, 1, 2})
	r.flush(false, SolveStats{}, nil)
	q.drainUntil(t, "the first batch", func() bool { return w.browser.Len() == 1 })
	mb.mu.Lock()
	mb.found = 250_520 // as when keptSolutions are kept: no batch
	mb.mu.Unlock()
	r.flush(false, SolveStats{}, nil)
	q.drainUntil(t, "the count", func() bool { return w.browser.total == 250_520 })
	if got, want := w.browser.label.Text, "Solution 1 of 250,520"; !strings.HasPrefix(got, want) {
		t.Errorf("label %q, want %q…", got, want)
	}
	if w.browser.Len() != 1 {
		t.Errorf("%d solutions listed, want 1", w.browser.Len())
	}
}
