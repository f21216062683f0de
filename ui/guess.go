package ui

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// guesser owns the solve panel's two background helpers: the estimate of
// a puzzle's search, started as the puzzle opens and refined while its
// probes run, and the reason why a search found no solution. Each runs on
// a goroutine of its own with a context the guesser cancels when another
// puzzle opens, a search starts (the estimate: it would slow the search
// down) or the window closes; widgets change only through do.
type guesser struct {
	b        *Backend
	do       func(func())
	estimate *widget.Label
	why      *widget.Label
	cancel   context.CancelFunc
	gen      int // the number of the current job, to drop stale lines
}

// newGuesser returns the helpers with their (hidden) lines.
func newGuesser(b *Backend, do func(func())) *guesser {
	g := &guesser{b: b, do: do, estimate: widget.NewLabel(""), why: widget.NewLabel("")}
	g.estimate.Wrapping = fyne.TextWrapWord
	g.why.Wrapping = fyne.TextWrapWord
	g.estimate.Hide()
	g.why.Hide()
	return g
}

// probing is the estimate line until the first figures come.
const probing = "Estimate: probing the search tree…"

// stopForSearch cancels the job under way as a search starts: an estimate
// that has no figures yet is hidden rather than left saying it probes.
func (g *guesser) stopForSearch() {
	g.stop()
	if g.estimate.Text == probing {
		g.estimate.Hide()
	}
}

// stop cancels the job under way; the lines stay as they are.
func (g *guesser) stop() {
	if g.cancel != nil {
		g.cancel()
		g.cancel = nil
	}
	g.gen++
}

// begin cancels the job under way and returns the context and number of a
// new one.
func (g *guesser) begin() (context.Context, int) {
	g.stop()
	ctx, cancel := context.WithCancel(context.Background())
	g.cancel = cancel
	return ctx, g.gen
}

// show sets a line from any goroutine, unless job gen is stale.
func (g *guesser) show(l *widget.Label, gen int, text string) {
	g.do(func() {
		if gen != g.gen {
			return
		}
		l.SetText(text)
		l.Show()
	})
}

// start estimates the search of p in mode d (p nil: clears the lines).
// Runs on the UI goroutine.
func (g *guesser) start(p *Puzzle, d Distinct) {
	g.stop()
	g.estimate.Hide()
	g.why.Hide()
	if p == nil || g.b.Estimate == nil || g.b.Solve == nil {
		return
	}
	ctx, gen := g.begin()
	g.estimate.SetText(probing)
	g.estimate.Show()
	go func() {
		err := g.b.Estimate(ctx, p, d, func(line string) { g.show(g.estimate, gen, line) })
		switch {
		case ctx.Err() != nil:
		case err != nil:
			g.show(g.estimate, gen, "Estimate: "+err.Error())
		default:
			g.do(func() {
				if gen == g.gen && g.estimate.Text == probing {
					g.estimate.Hide() // nothing to estimate for this kind of puzzle
				}
			})
		}
	}()
}

// explain asks why p has no solution and shows the answer. Runs on the UI
// goroutine.
func (g *guesser) explain(p *Puzzle) {
	if p == nil || g.b.Why == nil {
		return
	}
	ctx, gen := g.begin()
	g.why.SetText("Why no solution: looking…")
	g.why.Show()
	go func() {
		text, found, err := g.b.Why(ctx, p)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			text = "Why no solution: " + err.Error()
		case found:
			text = "No solution: " + text + "."
		default:
			text = "No solution, and no short reason: " + strings.TrimPrefix(text, "no short reason found ") + "."
		}
		g.show(g.why, gen, text)
	}()
}
