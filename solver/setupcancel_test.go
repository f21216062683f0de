package solver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// ringProblem is a problem with n items and n options, option i covering
// items i and i+1 (mod n): every node's choice scans all the active items,
// so the cut of its tree and each node take long, with few updates.
func ringProblem(t testing.TB, n int) *Problem {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprint("i", i)
	}
	p := NewProblem(names, nil)
	for i := range n {
		if err := p.AddOption(names[i], names[(i+1)%n]); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestSetupCancel: a run stops soon after its context is cancelled also
// while it cuts the tree into tasks and while its nodes scan many items
// (the cut did not look at the context, and dancing links polled by
// updates only), for a plain run, a run with checkpoints (which keeps the
// part of the cut it made) and a split; --progress speaks during the cut.
func TestSetupCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a problem of 50,000 items")
	}
	p := ringProblem(t, 50_000)
	var mu sync.Mutex
	var setup []string
	var last *Checkpoint
	cases := []struct {
		name string
		run  func(ctx context.Context) error
	}{
		{"solve", func(ctx context.Context) error {
			_, err := Solve(ctx, p, Options{Workers: 2, Engine: EngineDLX, Progress: func(pr Progress) {
				mu.Lock()
				defer mu.Unlock()
				if pr.Setup != "" {
					setup = append(setup, pr.Setup)
				}
			}}, nil)
			return err
		}},
		{"checkpoint", func(ctx context.Context) error {
			_, err := Solve(ctx, p, Options{Workers: 2, Engine: EngineDLX, Checkpoint: func(c Checkpoint) {
				mu.Lock()
				defer mu.Unlock()
				last = &c
			}}, nil)
			return err
		}},
		{"split", func(ctx context.Context) error {
			_, err := splitTree(ctx, p, SplitOptions{Engine: EngineDLX, Pieces: 4096})
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- c.run(ctx) }()
			select {
			case err := <-done:
				t.Fatalf("ended before it was cancelled: %v", err)
			case <-time.After(1500 * time.Millisecond):
			}
			cancel()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("err = %v, want context.Canceled", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("still running 5 s after the cancellation")
			}
		})
	}
	mu.Lock()
	defer mu.Unlock()
	if len(setup) == 0 || !strings.Contains(setup[len(setup)-1], "cutting the tree into tasks") {
		t.Errorf("progress during the cut: %q", setup)
	}
	if last == nil || last.Done || len(last.Tasks) == 0 {
		t.Errorf("the last checkpoint of a run cancelled in its cut: %+v, want its tasks", last)
	}
}
