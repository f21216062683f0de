package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// Interrupted is the cause of a context that a signal cancelled: a command
// that finds its context cancelled with it stops, says it was interrupted
// and exits with 128 plus the signal's number (130 for SIGINT, 143 for
// SIGTERM), as a shell reports a process killed by that signal.
type Interrupted struct {
	Signal os.Signal
}

func (e *Interrupted) Error() string {
	switch e.Signal {
	case syscall.SIGINT:
		return "interrupted by SIGINT"
	case syscall.SIGTERM:
		return "interrupted by SIGTERM"
	}
	return "interrupted by " + e.Signal.String()
}

// ExitCode returns 128 plus the signal's number.
func (e *Interrupted) ExitCode() int {
	if s, ok := e.Signal.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}

// SignalContext returns a context that the first SIGINT or SIGTERM cancels
// with an *Interrupted cause naming it. After that first signal the default
// handling comes back, so a second Ctrl+C ends a command that does not stop.
// stop releases the signals.
func SignalContext(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(&Interrupted{Signal: s})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel(nil)
	}
}

// StopGrace is how long a command has, after the signal that cancelled its
// context, to stop by itself (its workers stop at their next poll, its last
// checkpoint is written, its closing line printed) before AfterInterrupt's
// function ends the process: a stage that does not look at its context
// must not keep a signal waiting. Three quarters of a second leaves the
// process's own exit and a loaded scheduler room within the second a
// signal is promised.
const StopGrace = 750 * time.Millisecond

// AfterInterrupt calls late with the signal when ctx was cancelled by one
// (see SignalContext) and grace has passed; cancel stops it. cmd/polyviz
// exits there, so that a signal is honoured within a second at any
// stage.
func AfterInterrupt(ctx context.Context, grace time.Duration, late func(*Interrupted)) (cancel func()) {
	var mu sync.Mutex
	var timer *time.Timer
	stopped := false
	stopWatch := context.AfterFunc(ctx, func() {
		var in *Interrupted
		if !errors.As(context.Cause(ctx), &in) {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if !stopped {
			timer = time.AfterFunc(grace, func() { late(in) })
		}
	})
	return func() {
		stopWatch()
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		if timer != nil {
			timer.Stop()
		}
	}
}

// interrupted reports whether err (or ctx) says the work was cancelled, and
// the exit status for it: the signal's (see Interrupted), or 130 for a
// context cancelled in another way.
func interrupted(ctx context.Context, err error) (int, bool) {
	if ctx.Err() == nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return 0, false
	}
	var in *Interrupted
	if errors.As(context.Cause(ctx), &in) {
		return in.ExitCode(), true
	}
	return 130, true
}

// interruptMessage is what a command says when it was interrupted.
func interruptMessage(ctx context.Context) string {
	var in *Interrupted
	if errors.As(context.Cause(ctx), &in) {
		return in.Error()
	}
	return "interrupted"
}

// commandFailed reports a command's error and returns the exit status: 1,
// or 130/143 when a signal stopped the work.
func commandFailed(ctx context.Context, std IO, cmd string, err error) int {
	if code, stopped := interrupted(ctx, err); stopped {
		fmt.Fprintf(std.Stderr, "polyviz %s: %s\n", cmd, interruptMessage(ctx))
		return code
	}
	fmt.Fprintf(std.Stderr, "polyviz %s: %v\n", cmd, err)
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

// usageError is an error of the command's flags or arguments (exit 2 in
// commandFailed), not of its input.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// signalStatus is the exit status of a run that ctx's cancellation stopped:
// 128 plus the signal's number (130 for SIGINT, 143 for SIGTERM).
func signalStatus(ctx context.Context) int {
	code, _ := interrupted(ctx, context.Canceled)
	return code
}
