package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// A flipCtx is a context whose Err reports context.Canceled from its
// (after+1)th call on, and which records where that first call came from:
// a cancellation that lands at a chosen look, wherever it is, without a
// clock.
type flipCtx struct {
	context.Context // Background: no deadline, no values
	left            atomic.Int64
	flipped         atomic.Bool
	done            chan struct{}
	site            string // the function that saw the cancellation first
}

func newFlipCtx(after int64) *flipCtx {
	c := &flipCtx{Context: context.Background(), done: make(chan struct{})}
	c.left.Store(after)
	return c
}

func (c *flipCtx) Done() <-chan struct{} { return c.done }

func (c *flipCtx) Err() error {
	if c.left.Add(-1) >= 0 {
		return nil
	}
	if c.flipped.CompareAndSwap(false, true) {
		pc := make([]uintptr, 1)
		runtime.Callers(2, pc) // Err's caller
		f, _ := runtime.CallersFrames(pc).Next()
		c.site = f.Function
		close(c.done)
	}
	return context.Canceled
}

// buildSites are the loops that build an engine's tables.
var buildSites = []string{"newEngine", ".clone", "newBitsPlan", ".regions"}

// siteName is the short name of a build site that fn is, or "".
func siteName(fn string) string {
	for _, s := range buildSites {
		if strings.Contains(fn, s) {
			return strings.TrimPrefix(s, ".")
		}
	}
	return ""
}

// longOptions is a problem whose dancing links are 1.4M nodes: 120,000
// items in a ring and an option of ten items from each.
func longOptions(t testing.TB) *Problem {
	const n, k = 120_000, 10
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprint("i", i)
	}
	p := NewProblem(names, nil)
	items := make([]int32, k)
	for i := range n {
		for j := range items {
			items[j] = int32((i + j) % n)
		}
		if err := p.AddOptionIndexes(items); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// gridShapes is a problem for the bitset engine's first-empty search: the
// 400 cells of a 20x20 box, and 50 random shapes of four linked cells from
// each, 20,000 options (past the option-bitset search's 8192).
func gridShapes(t testing.TB) *Problem {
	const w = 20
	names := make([]string, w*w)
	for i := range names {
		names[i] = fmt.Sprint("c", i)
	}
	p := NewProblem(names, nil)
	r := rand.New(rand.NewPCG(3, 5))
	for c := range w * w {
		for range 50 {
			cells := []int32{int32(c)}
			for len(cells) < 4 {
				from := cells[r.IntN(len(cells))]
				x, y := int(from)%w, int(from)/w
				switch r.IntN(4) {
				case 0:
					x++
				case 1:
					x--
				case 2:
					y++
				default:
					y--
				}
				next := int32(y*w + x)
				if x < 0 || y < 0 || x >= w || y >= w || containsInt32(cells, next) {
					continue
				}
				cells = append(cells, next)
			}
			if err := p.AddOptionIndexes(cells); err != nil {
				t.Fatal(err)
			}
		}
	}
	return p
}

func containsInt32(s []int32, v int32) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestBuildCancel: a run cancelled while its engine's tables are built
// (dancing links' structure and each further worker's copy of it, the
// bitset engine's plan) stops there, at the build's next look, and
// returns ctx's error with zero figures: on a big board the build and the
// copies took seconds without a look, past a signal's grace. The context
// is cancelled at each of its looks in turn, until the search's own.
func TestBuildCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds problems of a million nodes")
	}
	cases := []struct {
		name  string
		p     *Problem
		opt   Options
		sites []string // the build loops that must have looked more than once
	}{
		{"dlx", longOptions(t), Options{Workers: 2, Engine: EngineDLX}, []string{"newEngine", "clone"}},
		{"bits", gridShapes(t), Options{Workers: 2, Engine: EngineBits}, []string{"newBitsPlan"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seen := map[string]int{}
			for after := int64(0); after < 200; after++ {
				ctx := newFlipCtx(after)
				st, err := Solve(ctx, c.p, c.opt, nil)
				site := siteName(ctx.site)
				if ctx.site == "" {
					t.Fatalf("cancelled at look %d: the run ended first (%v)", after, err)
				}
				if site == "" {
					if !strings.Contains(ctx.site, "runTasks") {
						break // past the build
					}
					continue
				}
				seen[site]++
				if !errors.Is(err, context.Canceled) {
					t.Errorf("cancelled in %s (look %d): err = %v, want context.Canceled", site, after, err)
				}
				if st.Nodes != 0 || st.Updates != 0 || st.Solutions != 0 || st.Workers != 0 {
					t.Errorf("cancelled in %s (look %d): %+v, want zero figures", site, after, st)
				}
			}
			for _, s := range c.sites {
				// the first look of a loop is at its start: a second one is
				// in the middle of the build
				if seen[s] < 2 {
					t.Errorf("%s looked at the context %d times while it built (want 2 or more); looks seen: %v", s, seen[s], seen)
				}
			}
		})
	}
}

// TestBuildCancelCounts: a run whose context never ends has the figures of
// one under context.Background, and two workers (the second on a copy of
// the first's structure) those of one.
func TestBuildCancelCounts(t *testing.T) {
	p := bitsRef(t, "pentomino-3x20.dlx")
	for _, e := range []Engine{EngineDLX, EngineBits} {
		var ref Stats
		for i, workers := range []int{1, 2} {
			for _, ctx := range []context.Context{context.Background(), newFlipCtx(1 << 60)} {
				st, err := Solve(ctx, p, Options{Workers: workers, Engine: e}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if i == 0 && ctx == context.Background() {
					ref = st
					continue
				}
				if st.Solutions != ref.Solutions || st.Nodes != ref.Nodes || st.Updates != ref.Updates || fmt.Sprint(st.Profile) != fmt.Sprint(ref.Profile) {
					t.Errorf("%v, %d workers: %d solutions, %d nodes, %d updates, want %d, %d, %d",
						e, workers, st.Solutions, st.Nodes, st.Updates, ref.Solutions, ref.Nodes, ref.Updates)
				}
			}
		}
		if ref.Solutions != 8 {
			t.Errorf("%v: %d solutions, want 8", e, ref.Solutions)
		}
	}
}
