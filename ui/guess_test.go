package ui

import (
	"context"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestEstimateLine opens a puzzle and checks that the estimate's lines
// reach the panel as they are refined, and that opening another puzzle
// cancels the estimate under way.
func TestEstimateLine(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	cancelled := make(chan struct{})
	w.solver.b.Estimate = func(ctx context.Context, p *Puzzle, d Distinct, progress func(string)) error {
		if p.Name == "three.txt" {
			<-ctx.Done() // never done: the next load must cancel it
			close(cancelled)
			return ctx.Err()
		}
		progress("Estimate: about 5 solutions")
		progress("Estimate: about 6 solutions (4-8), about 0.0 s")
		return nil
	}
	w.openData("four.txt", []byte(fourInARow))
	q.drainUntil(t, "the last estimate", func() bool {
		return w.solver.guess.estimate.Text == "Estimate: about 6 solutions (4-8), about 0.0 s"
	})
	if !w.solver.guess.estimate.Visible() {
		t.Error("the estimate is hidden")
	}
	w.openData("three.txt", []byte(threeInARow))
	w.openData("four.txt", []byte(fourInARow))
	<-cancelled
	q.drainUntil(t, "the estimate of the puzzle opened last", func() bool {
		return strings.HasPrefix(w.solver.guess.estimate.Text, "Estimate: about 6")
	})
}

// TestWhyLine solves a puzzle with no solution (a domino and a monomino in
// a row of 4) and checks that the panel says why.
func TestWhyLine(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	asked := 0
	w.solver.b.Why = func(ctx context.Context, p *Puzzle) (string, bool, error) {
		asked++
		return "the pieces have 3 cells, but the box has 4 to fill", true, nil
	}
	w.openData("short.txt", []byte("4\nD 2\nM 1\n"))
	w.solver.mode.SetSelected(modeAll)
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	q.drainUntil(t, "the reason", func() bool { return strings.Contains(w.solver.guess.why.Text, "3 cells") })
	if got := w.solver.guess.why.Text; got != "No solution: the pieces have 3 cells, but the box has 4 to fill." || !w.solver.guess.why.Visible() {
		t.Errorf("why line %q (visible %v)", got, w.solver.guess.why.Visible())
	}
	// a puzzle with solutions asks nothing, and the line goes
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if asked != 1 || w.solver.guess.why.Visible() {
		t.Errorf("asked %d times; line visible %v", asked, w.solver.guess.why.Visible())
	}
}

// TestWhyNotAfterStop: a run stopped before it found a solution says
// nothing of why there is none; only a whole search can.
func TestWhyNotAfterStop(t *testing.T) {
	w, q, _ := newTestWindow(t, true) // slow: the search never ends by itself
	asked := 0
	w.solver.b.Why = func(ctx context.Context, p *Puzzle) (string, bool, error) {
		asked++
		return "the pieces have 3 cells, but the box has 4 to fill", true, nil
	}
	w.openData("short.txt", []byte("4\nD 2\nM 1\n"))
	w.solver.Start()
	q.drainUntil(t, "the run to start", func() bool { return w.solver.Running() })
	w.solver.Stop()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	q.drainUntil(t, "the status to say stopped", func() bool { return strings.HasPrefix(w.solver.status.Text, "Stopped") })
	if asked != 0 || w.solver.guess.why.Visible() {
		t.Errorf("after Stop: asked why %d times; why line %q visible %v", asked, w.solver.guess.why.Text, w.solver.guess.why.Visible())
	}
}

// TestHeatMapButton solves a puzzle and asks for the heat map of the
// solutions listed: the button waits for the run to end, and the backend
// gets every solution.
func TestHeatMapButton(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	got := make(chan int, 1)
	w.b.HeatMap = func(p *Puzzle, sols []Solution) (image.Image, error) {
		got <- len(sols)
		return image.NewNRGBA(image.Rect(0, 0, 40, 20)), nil
	}
	w.heat.Show()
	w.openData("four.txt", []byte(fourInARow))
	if !w.heat.Disabled() {
		t.Error("Heat map enabled before a run")
	}
	w.solver.mode.SetSelected(modeAll)
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.heat.Disabled() {
		t.Fatal("Heat map disabled after a run with solutions")
	}
	test.Tap(w.heat)
	if n := <-got; n != 6 {
		t.Errorf("heat map of %d solutions, want 6", n)
	}
}

// TestEstimateLineHidden: a puzzle the backend cannot estimate (it returns
// with no line) leaves no line in the panel.
func TestEstimateLineHidden(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	done := make(chan struct{})
	w.solver.b.Estimate = func(ctx context.Context, p *Puzzle, d Distinct, progress func(string)) error {
		defer close(done)
		return nil
	}
	w.openData("four.txt", []byte(fourInARow))
	<-done
	q.drainUntil(t, "the line to go", func() bool { return !w.solver.guess.estimate.Visible() })
}

// TestEstimateLineStoppedBySolve starts a search while the estimate has no
// figures yet: the estimate is cancelled and its "probing" line goes,
// rather than saying it probes through the whole search; an estimate with
// figures stays on show.
func TestEstimateLineStoppedBySolve(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	cancelled := make(chan struct{}, 2)
	figures := false
	w.solver.b.Estimate = func(ctx context.Context, p *Puzzle, d Distinct, progress func(string)) error {
		if figures {
			progress("Estimate: about 6 solutions (4-8), about 0.0 s")
		}
		<-ctx.Done()
		cancelled <- struct{}{}
		return ctx.Err()
	}
	w.openData("four.txt", []byte(fourInARow))
	if w.solver.guess.estimate.Text != probing || !w.solver.guess.estimate.Visible() {
		t.Fatalf("estimate line %q (visible %v) as the puzzle opens", w.solver.guess.estimate.Text, w.solver.guess.estimate.Visible())
	}
	w.solver.Start()
	<-cancelled
	if w.solver.guess.estimate.Visible() {
		t.Errorf("estimate line %q still shown during the search", w.solver.guess.estimate.Text)
	}
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })

	figures = true
	w.openData("four.txt", []byte(fourInARow))
	q.drainUntil(t, "the estimate's figures", func() bool { return strings.HasPrefix(w.solver.guess.estimate.Text, "Estimate: about 6") })
	w.solver.Start()
	<-cancelled
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if !w.solver.guess.estimate.Visible() || !strings.HasPrefix(w.solver.guess.estimate.Text, "Estimate: about 6") {
		t.Errorf("estimate line %q (visible %v) after a search", w.solver.guess.estimate.Text, w.solver.guess.estimate.Visible())
	}
}
