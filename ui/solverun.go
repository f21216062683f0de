package ui

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
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
	s.guess.stopForSearch() // the estimate would slow the search down
	s.guess.why.Hide()
	s.stopped = false
	s.counts = s.nextCounts(p)
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.solve.Disable()
	s.stop.Enable()
	s.bar.SetValue(0)
	s.status.SetText("Solving…")
	if s.onStart != nil {
		s.onStart(s.counts)
	}

	// the search goroutine hands solutions and progress to the reporter
	// through a mailbox
	mb := &mailbox{}
	started := time.Now()
	opt := s.options()
	opt.YieldToUI = true
	opt.Animating = s.animating
	opt.Distinct = s.counts
	if resume {
		opt.Max = 0 // a saved run counts all solutions
	}
	if s.b.SavedRun != nil && opt.Max == 0 {
		opt.Save, opt.Resume = true, resume
		opt.State, opt.Restore = mb.state, mb.restore
	}
	opt.Progress = mb.progress
	rep := &report{s: s, run: run, max: opt.Max, started: started, mb: mb}

	// solve, on its own goroutine
	result := make(chan struct{})
	s.ended = result
	var stats SolveStats
	var err error
	s.searching.Add(1)
	go func() {
		defer close(result)
		defer s.searching.Add(-1)
		stats, err = s.b.Solve(ctx, p, opt, mb.visit)
	}()
	// report, throttled, until the search ends
	go func() {
		tick := time.NewTicker(refreshFirst)
		defer tick.Stop()
		first := true
		for {
			select {
			case <-result:
				if errors.Is(err, context.Canceled) {
					err = nil // stopped by the user: not an error
				}
				rep.flush(true, stats, err)
				return
			case <-tick.C:
				if first && (mb.hasEstimate() || time.Since(started) >= busyAfter) {
					// the first update with an estimate (the bar moves), or
					// busyAfter without one (the endless bar shows)
					tick.Reset(refreshEvery)
					first = false
				}
				rep.flush(false, SolveStats{}, nil)
			}
		}
	}()
}

// report applies one run's mailbox to the widgets, on the UI goroutine:
// the reporter calls flush every refreshEvery while the search goes on,
// and once more, final, with the run's figures when it has ended.
type report struct {
	s       *solver
	run     int   // the run's number: a newer run owns the widgets
	max     int64 // the run's Max: a run that stopped at it is partial
	started time.Time
	mb      *mailbox
	// listed is the running total last handed to the list (on the UI
	// goroutine): past keptSolutions the batches are empty but the
	// total still moves
	listed int64
}

// flush hands the solutions found since the last flush to the list and
// shows the progress; the final flush resets the buttons and reports the
// end of the run.
func (r *report) flush(final bool, stats SolveStats, err error) {
	s := r.s
	b, pr := r.mb.take()
	if final {
		pr.Solutions, pr.Nodes = stats.Solutions, stats.Nodes
		if stats.Elapsed > 0 {
			pr.Elapsed, pr.Setup = stats.Elapsed, stats.Setup
		}
	}
	if pr.Elapsed == 0 {
		pr.Elapsed = time.Since(r.started)
	}
	s.do(func() {
		if r.run != s.run {
			return // a newer run owns the widgets
		}
		if final && (err != nil || s.stopped || (r.max > 0 && stats.Solutions >= r.max)) {
			stats.Raw = 0 // the raw count of a partial run means nothing
		}
		if (len(b) > 0 || pr.Solutions != r.listed) && s.onSolutions != nil {
			r.listed = pr.Solutions
			s.onSolutions(b, pr.Solutions)
		}
		s.showProgress(pr, final, stats.Raw, err)
		if final {
			stopped := s.stopped // finish resets it
			s.finish()
			if err == nil && !stopped && r.max == 0 && stats.Solutions == 0 {
				s.guess.explain(s.puzzle)
			}
			if s.onDone != nil {
				s.onDone(stats, err)
			}
			s.lookForSavedRun()
		}
	})
}

// mailbox is where the search goroutine leaves solutions and progress for
// the reporter, which applies them to the widgets at most every
// refreshEvery. A mutex guards it.
type mailbox struct {
	mu    sync.Mutex
	batch []Solution // found since the reporter last took them
	all   []Solution // the solutions kept, for a saved run's state
	found int64      // solutions visited: the count shown
	prog  Progress
	// enc is the JSON of all[:nEnc] for state, each solution followed by
	// a comma: a saved run's state grows by the solutions kept since the
	// last save, rather than encoding up to keptSolutions every time
	// while the search's solutions wait for it (SolveOptions.State)
	enc  []byte
	nEnc int
}

// visit keeps a copy of sol, while fewer than keptSolutions are kept, and
// counts it.
func (m *mailbox) visit(sol Solution) bool {
	m.mu.Lock()
	m.found++
	if len(m.all) < keptSolutions {
		sol = append(Solution(nil), sol...)
		m.batch = append(m.batch, sol)
		m.all = append(m.all, sol)
	}
	m.mu.Unlock()
	return true
}

// progress records the search's last snapshot.
func (m *mailbox) progress(pr Progress) {
	m.mu.Lock()
	m.prog = pr
	m.mu.Unlock()
}

// hasEstimate reports whether the search has sent an estimate of the
// fraction done.
func (m *mailbox) hasEstimate() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.prog.Fraction > 0
}

// take returns the solutions found since the last take and the last
// snapshot, its count of solutions the number visited.
func (m *mailbox) take() ([]Solution, Progress) {
	m.mu.Lock()
	b, pr := m.batch, m.prog
	pr.Solutions = m.found
	m.batch = nil
	m.mu.Unlock()
	return b, pr
}

// state is the window's part of a saved run (SolveOptions.State).
func (m *mailbox) state() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, sol := range m.all[m.nEnc:] {
		m.enc = append(m.enc, '[')
		for i, o := range sol {
			if i > 0 {
				m.enc = append(m.enc, ',')
			}
			m.enc = strconv.AppendInt(m.enc, int64(o), 10)
		}
		m.enc = append(m.enc, ']', ',')
	}
	m.nEnc = len(m.all)
	// windowState's JSON: {"found":N,"solutions":[[...],...]}
	out := make([]byte, 0, len(m.enc)+48)
	out = append(out, `{"found":`...)
	out = strconv.AppendInt(out, m.found, 10)
	out = append(out, `,"solutions":[`...)
	if len(m.enc) > 0 {
		out = append(out, m.enc[:len(m.enc)-1]...)
	}
	return append(out, ']', '}')
}

// restore reads back what state saved (SolveOptions.Restore): the count
// goes on from it, and the solutions it kept are listed first.
func (m *mailbox) restore(data []byte) error {
	var st windowState
	if err := json.Unmarshal(data, &st); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.found = st.Found
	m.all = st.Solutions[:min(len(st.Solutions), keptSolutions)]
	m.enc, m.nEnc = nil, 0
	m.batch = append(m.batch, m.all...)
	return nil
}
