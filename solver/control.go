package solver

import (
	"context"
	"sync"
	"sync/atomic"
)

// A Control pauses and resumes a running Solve. The zero value is ready to
// use and not paused; one Control may serve several runs, one after another.
type Control struct {
	paused atomic.Bool
	mu     sync.Mutex
	resume chan struct{} // closed by Resume
}

// Pause asks the search to stop where it is, within a few milliseconds,
// until Resume is called or the context is cancelled.
func (c *Control) Pause() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.paused.Load() {
		c.resume = make(chan struct{})
		c.paused.Store(true)
	}
}

// Resume lets a paused search continue.
func (c *Control) Resume() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.paused.Load() {
		c.paused.Store(false)
		close(c.resume)
	}
}

// Paused reports whether Pause has been called without a Resume since.
func (c *Control) Paused() bool { return c.paused.Load() }

// wait blocks while the control is paused; it returns ctx.Err() if the
// context ends first.
func (c *Control) wait(ctx context.Context) error {
	c.mu.Lock()
	if !c.paused.Load() {
		c.mu.Unlock()
		return nil
	}
	ch := c.resume
	c.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
