package ui

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
)

// TestInstructionsExport: File > Export Assembly Instructions… is in the
// menu only with a backend that writes them; it passes the solution shown
// and the path to the backend off the UI goroutine, shows the pages done,
// and shows the backend's error.
func TestInstructionsExport(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	hasItem := func() bool {
		return slices.ContainsFunc(w.menu().Items[0].Items, func(it *fyne.MenuItem) bool { return it.Label == "Export Assembly Instructions…" })
	}
	if hasItem() {
		t.Error("the menu offers instructions with no backend to write them")
	}
	var gotSol Solution
	var gotPath string
	fail := error(nil)
	w.b.WriteInstructions = func(ctx context.Context, p *Puzzle, s Solution, path string, progress func(done, total int)) ([]string, error) {
		gotSol, gotPath = s, path
		for n := 1; n <= 3; n++ {
			progress(n, 3)
		}
		if fail != nil {
			return nil, fail
		}
		return []string{path}, ctx.Err()
	}
	if !hasItem() {
		t.Error("the menu has no Export Assembly Instructions…")
	}
	w.openData("four.txt", []byte(fourInARow))
	w.instructionsDialog() // no solution yet
	if w.errShown == "" {
		t.Error("instructions of no solution: no error shown")
	}
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	path := filepath.Join(t.TempDir(), "four.pdf")
	var files []string
	var err error
	done := false
	w.writeInstructions(path, w.browser.Current(), func(f []string, e error) { files, err, done = f, e, true })
	q.drainUntil(t, "the instructions", func() bool { return done })
	if err != nil || len(files) != 1 || gotPath != path || !slices.Equal(gotSol, w.browser.Current()) {
		t.Errorf("files %v, error %v; the backend got %q and %v", files, err, gotPath, gotSol)
	}
	w.errShown, done = "", false
	fail = errors.New("disk full")
	w.writeInstructions(path, w.browser.Current(), func(f []string, e error) { err, done = e, true })
	q.drainUntil(t, "the failed instructions", func() bool { return done })
	if err == nil || w.errShown == "" {
		t.Errorf("a failed write: error %v, shown %q", err, w.errShown)
	}
}
