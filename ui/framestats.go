package ui

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// logFrames writes the view's frame figures to path (or stderr for "-")
// every second while frames are drawn, until ctx ends or the window closes,
// and a line for each solve that ends (see solveLine), so that a script can
// time the window's searches against the command line's.
func (w *window) logFrames(ctx context.Context, path string) {
	var out io.Writer = os.Stderr
	if path != "-" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "polyviz:", err)
			return
		}
		out = f
	}
	var mu sync.Mutex // the ticker's goroutine and the UI goroutine write
	failed := false
	w.logLine = func(line string) {
		mu.Lock()
		defer mu.Unlock()
		if failed {
			return
		}
		if _, err := fmt.Fprintln(out, line); err != nil {
			failed = true // said once; the window goes on without its log
			fmt.Fprintln(os.Stderr, "polyviz: POLYVIZ_FRAMESTATS:", err)
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	w.frameCancel = cancel
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				st := w.view.FrameStats()
				if st.Frames > 1 {
					solving := ""
					if w.solver != nil && w.solver.searching.Load() > 0 {
						solving = " solving"
					}
					w.logLine(fmt.Sprintf("frames %d draw mean %.1fms max %.1fms interval mean %.1fms p95 %.1fms max %.1fms%s",
						st.Frames, ms(st.DrawMean), ms(st.DrawMax), ms(st.IntervalMean), ms(st.IntervalP95), ms(st.IntervalMax), solving))
				}
			}
		}
	}()
}

// solveLine is the line logFrames writes when a solve ends: the search's
// own time (SolveStats.Elapsed, what the status line shows, the command
// line's "N s, 2 workers"), its solutions and nodes, and the error if any.
func solveLine(st SolveStats, err error) string {
	line := fmt.Sprintf("solve done %.3fs %d solutions %d nodes", st.Elapsed.Seconds(), st.Solutions, st.Nodes)
	if st.Raw > 0 {
		line += fmt.Sprintf(" (%d raw)", st.Raw)
	}
	if err != nil {
		line += ": " + err.Error()
	}
	return line
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
