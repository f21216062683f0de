package ui

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// allKnown says whether every solution listed has its facts.
func allKnown(br *browser) bool {
	for _, k := range br.known {
		if !k {
			return false
		}
	}
	return len(br.known) == len(br.sols)
}

// dominoAt is where the domino lies in solution i of the list.
func dominoAt(w *window, i int) int {
	for _, o := range w.browser.sols[i] {
		if pl := w.puzzle.Placements[o]; w.puzzle.Pieces[pl.Piece].Name == "D" {
			return pl.Cells[0].X
		}
	}
	return -1
}

func TestSolutionsListShowsLevels(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.mode.SetSelected(modeAll)
	test.Tap(w.solver.solve)
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	// until the facts job's results are applied (on the UI goroutine, the
	// test's queue here), a row says "…"
	if !allKnown(w.browser) {
		for i, k := range w.browser.known {
			if got := w.browser.rowText(i); !k && !strings.Contains(got, "L…") {
				t.Errorf("row before the level is known: %q", got)
			}
		}
	}
	w.browser.known[0] = false
	if got := w.browser.rowText(0); !strings.Contains(got, "L…") {
		t.Errorf("row before the level is known: %q", got)
	}
	w.facts.Add(0, w.browser.sols[:1]) // worked out again
	q.drainUntil(t, "every level", func() bool { return allKnown(w.browser) })
	for i := range w.browser.sols {
		row := w.browser.rowText(i)
		want := []string{"L1", "locked", "L3"}[dominoAt(w, i)]
		if !strings.Contains(row, want) || !strings.Contains(row, "corner ") || !strings.Contains(row, "layer 1: ") {
			t.Errorf("row %d %q, want %s, the corner piece and the first layer", i, row, want)
		}
	}
	// the corner piece is the one on cell 0
	if row, want := w.browser.rowText(0), "corner "+w.puzzle.Pieces[pieceAt(w, 0)].Name; !strings.Contains(row, want) {
		t.Errorf("row %q, want %q", row, want)
	}

	// sorted by level: L1, L1, L3, L3, then the locked ones
	w.browser.byLevel.SetChecked(true)
	var got []int
	for _, i := range w.browser.order {
		got = append(got, dominoAt(w, i))
	}
	if want := []int{0, 0, 2, 2, 1, 1}; !equalInts(got, want) {
		t.Errorf("domino positions sorted by level %v, want %v", got, want)
	}
	// the solution shown stays shown, and N steps through the list's order
	cur := w.browser.cur
	if p := w.browser.position(cur); p < 0 || w.browser.list == nil {
		t.Fatal("the solution shown is not in the list")
	}
	w.browser.Show(w.browser.order[0])
	w.browser.Step(1)
	if w.browser.cur != w.browser.order[1] {
		t.Errorf("Next from the first row went to solution %d, want %d", w.browser.cur, w.browser.order[1])
	}
	// filtered to those that come apart: the locked ones go
	w.browser.onlyApart.SetChecked(true)
	if len(w.browser.order) != 4 {
		t.Fatalf("%d listed, want the 4 that come apart", len(w.browser.order))
	}
	for _, i := range w.browser.order {
		if dominoAt(w, i) == 1 {
			t.Error("a locked solution is listed")
		}
	}
	if !strings.Contains(w.browser.label.Text, "4 listed") {
		t.Errorf("label %q does not say how many are listed", w.browser.label.Text)
	}
	for range 5 {
		w.browser.Step(1)
		if dominoAt(w, w.browser.cur) == 1 {
			t.Fatal("Next reached a locked solution filtered out")
		}
	}
	w.browser.byLevel.SetChecked(false)
	w.browser.onlyApart.SetChecked(false)
	if len(w.browser.order) != 6 {
		t.Errorf("%d listed with no filter", len(w.browser.order))
	}
}

// TestHiddenLevelControls: on a puzzle without levels the level controls
// are hidden, and their ticks, left from a puzzle with levels, neither
// filter nor sort: every solution is listed and Next steps through them.
func TestHiddenLevelControls(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.browser.onlyApart.SetChecked(true)
	w.browser.byLevel.SetChecked(true)
	w.b.Facts = nil // no levels: as fillomino and antislide puzzles
	w.openData("four.txt", []byte(fourInARow))
	if w.browser.onlyApart.Visible() || w.browser.byLevel.Visible() {
		t.Error("the level controls show on a puzzle without levels")
	}
	w.solver.mode.SetSelected(modeAll)
	test.Tap(w.solver.solve)
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if len(w.browser.order) != 6 || !strings.Contains(w.browser.label.Text, "of 6") || strings.Contains(w.browser.label.Text, "listed") {
		t.Fatalf("%d listed, label %q; want all 6", len(w.browser.order), w.browser.label.Text)
	}
	w.browser.Show(0)
	w.browser.Step(1)
	if w.browser.cur != 1 {
		t.Errorf("Next from the first solution went to %d, want 1", w.browser.cur)
	}
}

func TestSolutionsListClassSizeAndReset(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.mode.SetSelected(modeAll)
	w.browser.kind.SetSelectedIndex(int(DistinctAll))
	test.Tap(w.solver.solve)
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	q.drainUntil(t, "every level", func() bool { return allKnown(w.browser) })
	if row := w.browser.rowText(0); !strings.Contains(row, "×2") {
		t.Errorf("distinct row %q does not give the class size", row)
	}
	// a new puzzle drops the list; results of the old job never land on it
	w.openData("three.txt", []byte(threeInARow))
	q.drainUntil(t, "nothing", func() bool { return true })
	if w.browser.Len() != 0 || len(w.browser.facts) != 0 {
		t.Error("the list survived loading another puzzle")
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestFactsWaitForTheSearch: while a search runs, the levels of the
// solutions it has listed are not worked out (the job would take the
// search's CPU); they come once it is over.
func TestFactsWaitForTheSearch(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	var worked atomic.Int32
	facts := w.b.Facts
	w.b.Facts = func(p *Puzzle, d Distinct) func(ctx context.Context, s Solution) (SolutionFacts, error) {
		f := facts(p, d)
		return func(ctx context.Context, s Solution) (SolutionFacts, error) {
			worked.Add(1)
			return f(ctx, s)
		}
	}
	release := make(chan struct{})
	solve := w.b.Solve
	w.b.Solve = func(ctx context.Context, p *Puzzle, opt SolveOptions, visit func(Solution) bool) (SolveStats, error) {
		st, err := solve(ctx, p, opt, visit)
		<-release // the search goes on after its solutions
		return st, err
	}
	w.openData("four.txt", []byte(fourInARow))
	w.solver.mode.SetSelected(modeAll)
	test.Tap(w.solver.solve)
	q.drainUntil(t, "the solutions listed", func() bool { return w.browser.Len() == 6 })
	time.Sleep(100 * time.Millisecond) // time the job would take to start on them
	q.drainUntil(t, "the queue to empty", func() bool { return q.pending() == 0 })
	if n := worked.Load(); n != 0 || allKnown(w.browser) {
		t.Errorf("%d levels worked out while the search ran", n)
	}
	close(release)
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	q.drainUntil(t, "every level", func() bool { return allKnown(w.browser) })
	if n := worked.Load(); n != 6 {
		t.Errorf("%d levels worked out, want 6", n)
	}
}
