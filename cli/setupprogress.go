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
