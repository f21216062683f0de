package solver

import (
	"sync"
	"time"
)

// everyTick calls f every d on a goroutine of its own; the function it
// returns stops the goroutine and waits for it.
func everyTick(d time.Duration, f func()) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(d)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				f()
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// A monitor reports a search's progress to Options.Progress about ten
// times a second, from the snapshots of the run (dancing links' or the
// bitset engine's), and its end.
type monitor struct {
	progress func(Progress)
	snapshot func() Progress
	lastFrac float64 // the last fraction reported while searching (read after stop)
	// stop ends the reports and waits for the last one
	stop func()
}

// startMonitor starts reporting, if progress is not nil.
func startMonitor(progress func(Progress), snapshot func() Progress) *monitor {
	m := &monitor{progress: progress, snapshot: snapshot, stop: func() {}}
	if progress != nil {
		m.stop = everyTick(100*time.Millisecond, func() {
			pr := snapshot()
			m.lastFrac = pr.Fraction
			progress(pr)
		})
	}
	return m
}

// final reports the end of the search (after stop): the final
// figures, and a fraction of 1 when the whole tree was searched (a search
// that ends before the first tick is reported too). A search stopped early
// keeps the last fraction reported while it ran: tasks abandoned on the way
// out would count as done in the running estimate.
func (m *monitor) final(st Stats, stopped bool) {
	if m.progress == nil {
		return
	}
	pr := m.snapshot()
	pr.Solutions, pr.Nodes, pr.Updates, pr.Elapsed = st.Solutions, st.Nodes, st.Updates, st.Elapsed
	pr.Fraction = 1
	if stopped {
		pr.Fraction = m.lastFrac
	}
	m.progress(pr)
}
