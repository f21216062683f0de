package ui

import (
	"strings"
	"testing"
	"time"
)

// TestLoadOffUIGoroutine: the window reads a file on a goroutine of its
// own, saying "Loading NAME…" meanwhile, and shows it once read; the UI
// goroutine (the test's, here) is free while Load runs. A big board kept
// the window black for seconds while it was read in place. A file that
// cannot be read leaves the puzzle shown.
func TestLoadOffUIGoroutine(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.background = func(f func()) { go f() }
	release := make(chan struct{})
	load := w.b.Load
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		select {
		case <-release:
		case <-time.After(10 * time.Second): // a guard: on the UI goroutine it would wait for ever
			t.Error("Load ran on the UI goroutine: the window stood still until it ended")
		}
		return load(name, data)
	}
	opened := false
	w.openFileData("three.txt", []byte(threeInARow), func(ok bool) { opened = ok })
	if !strings.Contains(w.info.Text, "Loading three.txt…") || !strings.Contains(w.win.Title(), "loading three.txt") {
		t.Errorf("while three.txt loads: info %q, title %q", w.info.Text, w.win.Title())
	}
	if w.puzzle.Name != "four.txt" || opened {
		t.Errorf("showing %q (opened %v) before three.txt is read", w.puzzle.Name, opened)
	}
	close(release)
	q.drainUntil(t, "three.txt to open", func() bool { return opened })
	if w.puzzle.Name != "three.txt" || w.win.Title() != "polyviz — three.txt" || strings.Contains(w.info.Text, "Loading") {
		t.Errorf("after the load: showing %q, title %q, info %q", w.puzzle.Name, w.win.Title(), w.info.Text)
	}

	failed := false
	w.openFileData("broken.txt", []byte("4\nD 2\nbad\n"), func(ok bool) { failed = !ok })
	q.drainUntil(t, "broken.txt to fail", func() bool { return failed })
	if w.puzzle.Name != "three.txt" || w.win.Title() != "polyviz — three.txt" || !strings.Contains(w.errShown, "Cannot open broken.txt") {
		t.Errorf("after a bad file: showing %q, title %q, error %q", w.puzzle.Name, w.win.Title(), w.errShown)
	}
}

// TestDoneSaysSetup: the final status gives the whole run the user waited
// for, the setup before the search too (a torus's symmetry took minutes,
// and "Done" said only the search's seconds), and the setup apart.
func TestDoneSaysSetup(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.showProgress(Progress{Solutions: 6, Nodes: 5, Elapsed: 54200 * time.Millisecond, Setup: 287 * time.Second}, true, 0, nil)
	if got := w.solver.status.Text; !strings.HasPrefix(got, "Done · 5m41.2s (setup 4m47s) · 6 solutions") {
		t.Errorf("status %q", got)
	}
	w.solver.showProgress(Progress{Solutions: 6, Elapsed: 2 * time.Second, Setup: time.Second}, false, 0, nil)
	if got := w.solver.status.Text; !strings.HasPrefix(got, "Solving · 3s · 6 solutions") {
		t.Errorf("status while solving %q", got)
	}
}

// TestFirstLoadNothingToSolve: while the first file loads there is no
// puzzle: Solve is off (it did nothing) and the view bar shows its hint
// alone (the sliders stood over it); the loaded puzzle turns Solve on.
func TestFirstLoadNothingToSolve(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.background = func(f func()) { go f() }
	release := make(chan struct{})
	load := w.b.Load
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		<-release
		return load(name, data)
	}
	opened := false
	w.openFileData("four.txt", []byte(fourInARow), func(ok bool) { opened = ok })
	if w.puzzle != nil || !w.solver.solve.Disabled() || w.viewCtl.Visible() || !w.viewHint.Visible() {
		t.Errorf("while the first file loads: puzzle %v, Solve off %v, sliders shown %v, hint shown %v",
			w.puzzle != nil, w.solver.solve.Disabled(), w.viewCtl.Visible(), w.viewHint.Visible())
	}
	close(release)
	q.drainUntil(t, "four.txt to open", func() bool { return opened })
	if w.solver.solve.Disabled() {
		t.Error("Solve still off once the puzzle is shown")
	}
}
