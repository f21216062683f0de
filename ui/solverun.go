package ui

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// windowState is the window's part of a saved run (SolveOptions.State):
// the number of solutions found and the ones kept for browsing.
type windowState struct {
	Found     int64      `json:"found"`
	Solutions []Solution `json:"solutions"`
}

// startRun solves p, or with resume goes on with its saved run.
func (s *solver) startRun(p *Puzzle, resume bool) {
	s.abandon()
	if p == nil || s.b.Solve == nil {
		return
	}
	s.run++
	run := s.run
	s.look++
	s.showResume("")
	s.stopped = false
	s.counts = s.nextCounts(p)
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.solve.Disable()
	s.stop.Enable()
	s.bar.SetValue(0)
	s.showBusy(true)
	s.status.SetText("Solving…")
	if s.onStart != nil {
		s.onStart(s.counts)
	}

	// The search goroutine hands solutions and progress to the reporter
	// through this mutex-guarded mailbox; the reporter applies them to the
	// widgets at most every refreshEvery.
	var (
		mu      sync.Mutex
		batch   []Solution
		all     []Solution // the solutions kept, for a saved run's state
		found   int64      // solutions visited: the count shown
		prog    Progress
		started = time.Now()
	)
	opt := s.options()
	opt.YieldToUI = true
	opt.Distinct = s.counts
	if resume {
		opt.Max = 0 // a saved run counts all solutions
	}
	if s.b.SavedRun != nil && opt.Max == 0 {
		opt.Save, opt.Resume = true, resume
		opt.State = func() []byte {
			mu.Lock()
			defer mu.Unlock()
			data, _ := json.Marshal(windowState{Found: found, Solutions: all})
			return data
		}
		opt.Restore = func(data []byte) error {
			var st windowState
			if err := json.Unmarshal(data, &st); err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			found = st.Found
			all = st.Solutions[:min(len(st.Solutions), keptSolutions)]
			batch = append(batch, all...)
			return nil
		}
	}
	opt.Progress = func(pr Progress) {
		mu.Lock()
		prog = pr
		mu.Unlock()
	}
	visit := func(sol Solution) bool {
		mu.Lock()
		found++
		if len(all) < keptSolutions {
			sol = append(Solution(nil), sol...)
			batch = append(batch, sol)
			all = append(all, sol)
		}
		mu.Unlock()
		return true
	}
	flush := func(final bool, stats SolveStats, err error) {
		mu.Lock()
		b, pr := batch, prog
		pr.Solutions = found
		batch = nil
		mu.Unlock()
		if final {
			pr.Solutions, pr.Nodes = stats.Solutions, stats.Nodes
			if stats.Elapsed > 0 {
				pr.Elapsed = stats.Elapsed
			}
		}
		if pr.Elapsed == 0 {
			pr.Elapsed = time.Since(started)
		}
		s.do(func() {
			if run != s.run {
				return // a newer run owns the widgets
			}
			if final && (err != nil || s.stopped || (opt.Max > 0 && stats.Solutions >= opt.Max)) {
				stats.Raw = 0 // the raw count of a partial run means nothing
			}
			if len(b) > 0 && s.onSolutions != nil {
				s.onSolutions(b, pr.Solutions)
			}
			s.showProgress(pr, final, stats.Raw, err)
			if final {
				s.finish()
				if s.onDone != nil {
					s.onDone(stats, err)
				}
				s.lookForSavedRun()
			}
		})
	}

	// solve, on its own goroutine
	result := make(chan struct{})
	s.ended = result
	var stats SolveStats
	var err error
	go func() {
		defer close(result)
		stats, err = s.b.Solve(ctx, p, opt, visit)
	}()
	// report, throttled, until the search ends
	go func() {
		tick := time.NewTicker(refreshEvery)
		defer tick.Stop()
		for {
			select {
			case <-result:
				if errors.Is(err, context.Canceled) {
					err = nil // stopped by the user: not an error
				}
				flush(true, stats, err)
				return
			case <-tick.C:
				flush(false, SolveStats{}, nil)
			}
		}
	}()
}
