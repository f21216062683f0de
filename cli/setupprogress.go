package cli

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// setupProgress says once a second, on w, that the command is still
// setting up (what: reading the input, building its problem), as --progress
// does for a search; a setup that ends within the first second says
// nothing. The function it returns stops it and waits for it.
func setupProgress(w io.Writer, what string) (stop func()) {
	start := time.Now()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				fmt.Fprintf(w, " after %.1f s: setting up: %s\n", time.Since(start).Seconds(), what)
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
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
