package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// fakeRuns keeps the saved runs of the fake backend in memory. A saved run
// is the number of solutions the fake search had visited (it enumerates
// them in a fixed order) and the window's state; resuming skips that many.
// It saves when a run is stopped (not every few seconds) and deletes the
// run when a search ends.
//
// holdAt, when positive, makes the next run stop by itself after visiting
// that many solutions and wait there until it is cancelled (Stop): a test
// that stops a run midway does not race the search to its end, however
// slow the machine.
type fakeRuns struct {
	mu     sync.Mutex
	saved  map[string]fakeRun
	holdAt atomic.Int64
}

type fakeRun struct {
	visited int64
	state   []byte
	info    SavedRun
}

func (f *fakeRuns) key(p *Puzzle, d Distinct) string { return fmt.Sprintf("%s/%d", p.Name, d) }

func (f *fakeRuns) savedRun(p *Puzzle, d Distinct) (SavedRun, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.saved[f.key(p, d)]
	return r.info, ok
}

// solve wraps a fake search with saving and resuming, visiting each
// solution after a pause so that a test can stop it midway.
func (f *fakeRuns) solve(inner func(context.Context, *Puzzle, SolveOptions, func(Solution) bool) (SolveStats, error), pause time.Duration) func(context.Context, *Puzzle, SolveOptions, func(Solution) bool) (SolveStats, error) {
	return func(ctx context.Context, p *Puzzle, opt SolveOptions, visit func(Solution) bool) (SolveStats, error) {
		if !(opt.Save || opt.Resume) || opt.Max > 0 {
			return inner(ctx, p, opt, visit)
		}
		key := f.key(p, opt.Distinct)
		skip := int64(0)
		if opt.Resume {
			f.mu.Lock()
			r, ok := f.saved[key]
			f.mu.Unlock()
			if !ok {
				return SolveStats{}, fmt.Errorf("no saved run")
			}
			if err := opt.Restore(r.state); err != nil {
				return SolveStats{}, err
			}
			skip = r.visited
		}
		var visited int64
		hold := f.holdAt.Swap(0)
		st, err := inner(ctx, p, opt, func(s Solution) bool {
			visited++
			if visited <= skip {
				return true // visited before the run was saved
			}
			time.Sleep(pause)
			if !visit(s) {
				return false
			}
			if visited == hold {
				<-ctx.Done() // wait for Stop
			}
			return ctx.Err() == nil
		})
		f.mu.Lock()
		defer f.mu.Unlock()
		if err == nil && ctx.Err() == nil {
			delete(f.saved, key)
			return st, nil
		}
		f.saved[key] = fakeRun{visited: visited, state: opt.State(),
			info: SavedRun{Solutions: visited, Fraction: 0.25, Saved: time.Date(2026, 11, 22, 18, 2, 0, 0, time.Local)}}
		return st, context.Canceled
	}
}

// sixInARow packs a domino and four monominoes into a row of 6: 5·4! = 120
// solutions.
const sixInARow = "6\nD 2\nE 1\nF 1\nG 1\nH 1\n"

// TestResumeStoppedRun stops a run midway, opens the puzzle again, resumes
// it with the Resume button, and checks that the list and the count are
// those of an uninterrupted run, raw and distinct.
func TestResumeStoppedRun(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		want       int
	}{{"raw", "", 120}, {"distinct", "Up to rotation and reflection", 60}} {
		t.Run(c.name, func(t *testing.T) {
			w, q, _ := newTestWindow(t, false)
			runs := &fakeRuns{saved: map[string]fakeRun{}}
			w.b.SavedRun = runs.savedRun
			w.b.Solve = runs.solve(fakeSolve(false), 5*time.Millisecond)
			w.openData("six.txt", []byte(sixInARow))
			if c.kind != "" {
				w.browser.kind.SetSelected(c.kind)
			}
			w.solver.mode.SetSelected(modeAll)

			// uninterrupted
			w.solver.Start()
			q.drainUntil(t, "the whole run", func() bool { return !w.solver.Running() })
			want := slices.Clone(w.browser.sols)
			wantStatus := w.solver.status.Text
			if len(want) != c.want || w.browser.total != int64(c.want) {
				t.Fatalf("%d solutions (total %d), want %d", len(want), w.browser.total, c.want)
			}
			q.drainUntil(t, "the look for a saved run", func() bool { return q.pending() == 0 && w.solver.look > 0 })
			if w.solver.resumeRow.Visible() {
				t.Fatal("Resume shown after a run that ended")
			}

			// stopped midway: Resume appears, with what is saved
			runs.holdAt.Store(int64(c.want / 4))
			w.solver.Start()
			q.drainUntil(t, "some solutions", func() bool { return w.browser.Len() >= c.want/4 })
			test.Tap(w.solver.stop)
			q.drainUntil(t, "Resume", func() bool { return !w.solver.Running() && w.solver.resumeRow.Visible() })
			stoppedAt := w.browser.Len()
			if stoppedAt >= c.want {
				t.Fatalf("the run was not stopped midway (%d solutions)", stoppedAt)
			}
			if txt := w.solver.resumeNote.Text; !strings.Contains(txt, "25% done, saved 2026-11-22 18:02") {
				t.Errorf("Resume button %q", txt)
			}

			// open another puzzle, then this one again: Resume is there
			w.openData("four.txt", []byte(fourInARow))
			q.drainUntil(t, "the look for a saved run", func() bool { return q.pending() == 0 })
			if w.solver.resumeRow.Visible() {
				t.Error("Resume shown for another puzzle")
			}
			w.openData("six.txt", []byte(sixInARow))
			if c.kind != "" {
				w.browser.kind.SetSelected(c.kind)
			}
			q.drainUntil(t, "Resume after reopening", func() bool { return w.solver.resumeRow.Visible() })
			if w.browser.Len() != 0 {
				t.Fatalf("%d solutions listed before Resume", w.browser.Len())
			}
			test.Tap(w.solver.resume)
			if w.solver.resumeRow.Visible() || !w.solver.Running() {
				t.Fatal("Resume did not start a run")
			}
			q.drainUntil(t, "the resumed run", func() bool { return !w.solver.Running() })
			got := w.browser.sols
			if !slices.EqualFunc(got, want, slices.Equal) || w.browser.total != int64(c.want) {
				t.Errorf("resumed: %d solutions (total %d), want the %d of one run, in its order", len(got), w.browser.total, len(want))
			}
			if figures := func(s string) string { return strings.Join(strings.Split(s, " · ")[2:3], "") }; !strings.HasPrefix(w.solver.status.Text, "Done") || figures(w.solver.status.Text) != figures(wantStatus) {
				t.Errorf("status %q, uninterrupted %q", w.solver.status.Text, wantStatus)
			}
			q.drainUntil(t, "the look for a saved run", func() bool { return q.pending() == 0 })
			if w.solver.resumeRow.Visible() {
				t.Error("Resume still shown after the resumed run ended")
			}
			if _, ok := runs.savedRun(w.puzzle, w.browser.Mode()); ok {
				t.Error("the finished run is still saved")
			}
		})
	}
}

// TestSolveReplacesSavedRun: Solve while a run is saved asks nothing; the
// new run's state replaces the old when it stops, and a run that ends
// deletes it.
func TestSolveReplacesSavedRun(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	runs := &fakeRuns{saved: map[string]fakeRun{}}
	w.b.SavedRun = runs.savedRun
	w.b.Solve = runs.solve(fakeSolve(false), 5*time.Millisecond)
	w.openData("six.txt", []byte(sixInARow))
	w.solver.mode.SetSelected(modeAll)
	stopAfter := func(n int) int64 {
		t.Helper()
		runs.holdAt.Store(int64(n))
		test.Tap(w.solver.solve)
		q.drainUntil(t, "some solutions", func() bool { return w.browser.Len() >= n })
		test.Tap(w.solver.stop)
		q.drainUntil(t, "Resume", func() bool { return !w.solver.Running() && w.solver.resumeRow.Visible() })
		run, ok := runs.savedRun(w.puzzle, DistinctRaw)
		if !ok || run.Solutions < int64(n) || run.Solutions >= 120 {
			t.Fatalf("saved %+v (%v) after stopping at %d", run, ok, n)
		}
		return run.Solutions
	}
	first := stopAfter(60)
	if second := stopAfter(10); second >= first {
		t.Errorf("the second run's %d solutions did not replace the first's %d", second, first)
	}
	if !w.solver.resumeRow.Visible() || !strings.HasPrefix(w.solver.resumeNote.Text, fmt.Sprint(func() int64 { r, _ := runs.savedRun(w.puzzle, DistinctRaw); return r.Solutions }())) {
		t.Errorf("Resume note %q", w.solver.resumeNote.Text)
	}
	test.Tap(w.solver.solve)
	q.drainUntil(t, "the whole run", func() bool { return !w.solver.Running() })
	q.drainUntil(t, "the look for a saved run", func() bool { return q.pending() == 0 })
	if _, ok := runs.savedRun(w.puzzle, DistinctRaw); ok || w.solver.resumeRow.Visible() {
		t.Error("a run that ended left its saved state, or Resume")
	}
	if w.browser.Len() != 120 {
		t.Errorf("%d solutions, want 120", w.browser.Len())
	}
}

// TestMailboxState: a saved run's state, built up save after save from the
// solutions kept since the last, is the JSON of windowState (what restore
// reads), also after a restore and past keptSolutions.
func TestMailboxState(t *testing.T) {
	m := &mailbox{}
	want := func() []byte {
		data, err := json.Marshal(windowState{Found: m.found, Solutions: m.all})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	if got := string(m.state()); got != `{"found":0,"solutions":[]}` {
		t.Fatalf("empty state %s", got)
	}
	for round := 1; round <= 4; round++ {
		for i := range 3 * round {
			m.visit(Solution{round, i, 100 + i*i})
		}
		if got := m.state(); string(got) != string(want()) {
			t.Fatalf("round %d: state %s, want %s", round, got, want())
		}
	}
	saved := m.state()
	r := &mailbox{}
	if err := r.restore(saved); err != nil {
		t.Fatal(err)
	}
	r.visit(Solution{7, 8})
	m.visit(Solution{7, 8})
	if got := r.state(); string(got) != string(want()) {
		t.Fatalf("after restore: %s, want %s", got, want())
	}
	// past the solutions kept, only the count grows
	m.all = make([]Solution, keptSolutions)
	for i := range m.all {
		m.all[i] = Solution{i}
	}
	m.enc, m.nEnc = nil, 0
	m.visit(Solution{1})
	if got := m.state(); string(got) != string(want()) {
		t.Fatal("a full mailbox's state differs from its JSON")
	}
}
