package backend

import (
	"context"
	"errors"
	"fmt"
	"image"
	"runtime"
	"time"

	"polyviz/estimate"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
	"polyviz/why"
)

// calibrate times the search (a variable for the test that slows it).
var calibrate = estimate.CalibrateSome

// estimateLine estimates the search of a packing or DLX problem in mode d
// with package estimate: a short timed run of the engine the solve uses for
// the speed, then probes, the line refined about ten times a second until
// the count's interval is within 10x or estimate.DefaultBudget has passed,
// then a second timed run, whose time the last line gives if it is shorter.
func estimateLine(ctx context.Context, p *ui.Puzzle, d ui.Distinct, progress func(string)) error {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Problem == nil {
		return nil // fillomino, antislide: no estimate (the line stays hidden)
	}
	noun := "solutions"
	opt := estimate.Options{Seed: 1, Budget: estimate.DefaultBudget}
	plan := puzzle.Plan(l.Puzzle, windowRequest(l, d, 0))
	searched := l.Problem // the problem the search searches, for the time
	engine := plan.Engine // and the engine that searches it
	cut := false
	// sized first, as the solve is: the cut took the window past ulimit -v
	if err := searchTooBig(p, l, runtime.NumCPU()); err != nil {
		return err
	}
	need, fits := cutFits(p, l, runtime.NumCPU())
	if plan.Cut != puzzle.DistinctNone && !plan.BySymmetry && !fits {
		return cutTooBig(p, need)
	}
	if plan.BySymmetry && !fits {
		engine = plan.Whole.Engine // the solve searches the whole tree
	} else if plan.Cut != puzzle.DistinctNone && !plan.BySymmetry {
		mode := plan.Cut
		sym, err := l.Puzzle.SymmetryContext(ctx)
		if err != nil {
			return err
		}
		opt.Weigh = func(options []int) float64 { return 1 / float64(sym.ClassSize(mode, options)) }
		noun = "distinct solutions"
		if searched, err = l.Puzzle.DistinctProblemContext(ctx, mode); err != nil {
			return err
		}
		cut = true
	} else if plan.BySymmetry {
		// all solutions are counted by symmetry where the box has some
		// (solvePacking): time that search
		if c, ok, err := l.Puzzle.BySymmetryProblem(ctx); ctx.Err() != nil {
			return ctx.Err()
		} else if err == nil && ok {
			searched, cut = c, true
		} else {
			engine = plan.Whole.Engine
		}
	}
	// a longer run where the first ended in its setup (a busy machine)
	timeSearch := func() (estimate.Rate, error) {
		return calibrate(ctx, searched, runtime.NumCPU(), 200*time.Millisecond, 3200*time.Millisecond, engine)
	}
	rate, err := timeSearch()
	if err != nil {
		return err
	}
	updates := -1.0 // the search's updates, when they come from other probes
	if cut {
		r, err := estimate.Run(ctx, searched, estimate.Options{Probes: estimate.DefaultProbes / 4, Seed: 2, Strata: estimate.DefaultStrata / 4})
		if err != nil {
			return err
		}
		updates = r.Updates.Mean
		opt.CountOnly = true // the count's probes need not weigh updates
		if r.Exact {
			// the search is small enough to be walked whole: it gives the
			// count exactly, where probes of the whole tree would give an
			// interval (as polyviz estimate does)
			c, err := l.Puzzle.ExactCount(ctx, plan, solver.Options{Workers: runtime.NumCPU()})
			if err == nil {
				n := float64(c)
				progress(estimateWords(estimate.Result{Probes: 1, Exact: true, Solutions: estimate.Figure{Mean: n, Low: n, High: n}}, noun, rate, updates))
			}
			return err
		}
	}
	opt.Progress = func(r estimate.Result) {
		progress(estimateWords(r, noun, rate, updates))
	}
	r, err := estimate.Run(ctx, l.Problem, opt)
	if errors.Is(err, estimate.ErrUnsupported) {
		return nil
	}
	if err == nil && r.Probes == 0 && !r.Exact {
		progress(fmt.Sprintf("Estimate: unknown: no probe finished within %s", estimate.Duration(opt.Budget.Seconds())))
	}
	if err == nil && r.Probes > 0 && rate.Measured() && !rate.Done {
		// the first timing ran as the window opened, beside its first
		// frames, and read Bedlam's search two to three times as slow as it
		// runs; other work only slows a timing, so the faster of two is
		// the better guess
		again, err := timeSearch()
		if err != nil {
			return err
		}
		if u := searchUpdates(r, updates); again.Measured() && again.Seconds(u) < rate.Seconds(u) {
			progress(estimateWords(r, noun, again, updates))
		}
	}
	return err
}

// searchUpdates is the search's updates: updates when not negative (they
// come from other probes), else those of r's probes.
func searchUpdates(r estimate.Result, updates float64) float64 {
	if updates >= 0 {
		return updates
	}
	return r.Updates.Mean
}

// estimateWords is the estimate line for the figures r of the count's
// probes, the search's time at rate (of updates, when not negative, or
// r's own).
func estimateWords(r estimate.Result, noun string, rate estimate.Rate, updates float64) string {
	if r.Probes == 0 && !r.Exact {
		// no figure yet (a deep tree's probes are long): zeros here are
		// no count, and Sentence would call them exact
		return "Estimate: no probe has finished yet"
	}
	line := "Estimate: " + estimate.Sentence(r.Solutions, noun, rate.Seconds(searchUpdates(r, updates)))
	if rate.Measured() { // else the engine never ran: no time, nor its name
		line += " with " + rate.EngineWords()
	}
	return line
}

// estimateBelowUI is estimateLine on a thread at the search's priority
// (lowerThreadPriority, nice 10): the estimate's probes run for seconds
// after a puzzle opens or the counting mode changes, and at the window's
// own priority they took a core from it, and half the 3D view's frame
// rate with it. The short timed run that measures the search's
// speed (estimate.Calibrate) keeps its own goroutines, as the search it
// times.
func estimateBelowUI(ctx context.Context, p *ui.Puzzle, d ui.Distinct, progress func(string)) error {
	lowerThreadPriority()
	return estimateLine(ctx, p, d, progress)
}

// whyNone says why a packing has no solution, with package why.
func whyNone(ctx context.Context, p *ui.Puzzle) (string, bool, error) {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Problem == nil {
		return "", false, errors.New("no exact cover problem")
	}
	r, err := why.Explain(ctx, l.Puzzle, l.Problem, why.Options{Budget: 3 * time.Second})
	return r.Text, r.Found, err
}

// heatMap draws the heat map of the solutions listed with package heatmap.
func heatMap(p *ui.Puzzle, sols []ui.Solution) (image.Image, error) {
	m, err := countHeat(p, sols)
	if err != nil {
		return nil, err
	}
	img, err := m.Image(4)
	if err != nil {
		return nil, err
	}
	return img, nil
}
