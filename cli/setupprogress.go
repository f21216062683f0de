package cli

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"
)

// setupReport says every so often, on w, that the command is still
// setting up (what: reading the input, building its problem), as --progress
// does for a search and split for its cut; a setup that ends sooner says
// nothing. Its seconds are the command's, from its start.
type setupReport struct {
	mu   sync.Mutex
	what string
	done chan struct{}
	wg   sync.WaitGroup
	once sync.Once
}

// reportSetup starts a setupReport that writes a line every interval.
func reportSetup(w io.Writer, start time.Time, every time.Duration, what string) *setupReport {
	r := &setupReport{what: what, done: make(chan struct{})}
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-r.done:
				return
			case <-tick.C:
				r.mu.Lock()
				what := r.what
				r.mu.Unlock()
				fmt.Fprintf(w, " after %.1f s: setting up: %s\n", time.Since(start).Seconds(), what)
			}
		}
	}()
	return r
}

// phase changes what the next lines say the setup is doing.
func (r *setupReport) phase(what string) {
	r.mu.Lock()
	r.what = what
	r.mu.Unlock()
}

// stop ends the reports and waits for them, so that no line comes after
// the caller's own; it may be called again.
func (r *setupReport) stop() {
	r.once.Do(func() { close(r.done) })
	r.wg.Wait()
}

// setupLine writes, after a search's closing line, the setup the user
// waited for before the solver began (reading, placements, symmetry) when
// it took a second or more: the closing line's time (elapsed, the
// solver's own) leaves it out, and on a big board it can be minutes.
func setupLine(w io.Writer, t commandTimes, elapsed time.Duration) error {
	_, setup := t.seconds(elapsed)
	if setup < 1 {
		return nil
	}
	_, err := fmt.Fprintf(w, "Setup: %.1f s before the solver began (reading the input, placing the pieces, the symmetry); %.1f s in all.\n",
		setup, setup+elapsed.Seconds())
	return err
}

// stoppedInSetup reports whether ctx stopped a run (err its error) before
// its search began: no worker had started, so the closing line's zeros
// would read as a search's.
func stoppedInSetup(ctx context.Context, err error, workers int) bool {
	_, stopped := interrupted(ctx, err)
	return stopped && workers == 0
}

// setupStopped closes a solve that ctx stopped before its search began
// with a line that says so, in place of the closing line and the Setup
// line, and with --json the summary object writeJSON writes (given times
// marked noSearch). It returns the signal's status.
func setupStopped(ctx context.Context, std IO, f solveFlags, err error, writeJSON func(commandTimes) error) int {
	t := f.times
	t.noSearch = true
	_, setup := t.seconds(0)
	_, werr := fmt.Fprintf(std.Stderr, "Stopped during setup after %.1f s: no search ran.\n", setup)
	if f.json && werr == nil {
		werr = writeJSON(t)
	}
	if werr != nil {
		return solveStatus(ctx, std, nil, werr)
	}
	return commandFailed(ctx, std, "solve", err) // no counts to call partial
}

// setupReading is what a setup report says while arg is read and made an
// exact-cover problem (solve's and split's words alike).
func setupReading(arg string) string {
	return "reading " + arg + " and building its exact cover problem"
}
