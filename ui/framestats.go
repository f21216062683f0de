package ui

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"
)

// logFrames writes the view's frame figures to path (or stderr for "-")
// every second while frames are drawn, until ctx ends or the window closes.
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
					fmt.Fprintf(out, "frames %d draw mean %.1fms max %.1fms interval mean %.1fms p95 %.1fms max %.1fms%s\n",
						st.Frames, ms(st.DrawMean), ms(st.DrawMax), ms(st.IntervalMean), ms(st.IntervalP95), ms(st.IntervalMax), solving)
				}
			}
		}
	}()
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
