package estimate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"polyviz/solver"
)

// Rate is the speed of an engine on one problem, measured by a short run
// of it.
type Rate struct {
	// Engine is the engine that ran: dancing links or the bitset engine,
	// which both make DLX1's tree, so the estimated updates are theirs.
	Engine solver.Engine
	// UpdatesPerSecond is Stats.Updates over the time of the run.
	UpdatesPerSecond float64
	// Done is true when the run searched the whole tree within the budget:
	// then Stats are the exact figures, and Elapsed the real time.
	Done  bool
	Stats solver.Stats
	// OwnTree is true for an engine whose tree is not DLX1's (the cell
	// search, the bitset engine's first-empty walk), so that DLX1's updates say nothing of its time: its time is
	// then the run's time over the fraction of its tree it searched
	// (Fraction, at Elapsed: the driver's estimate, its tasks taken in a
	// fixed pseudo-random order).
	OwnTree  bool
	Fraction float64
	Elapsed  time.Duration
	// Budget is how long the run was allowed: a run that ended in the
	// engine's setup reports no time of its own.
	Budget time.Duration
}

// Calibrate runs engine on p (as solve would run it: EngineAuto is the
// bitset engine where it applies) with the given number of workers for at
// most budget, and measures its updates per second: the estimate of the
// time is the estimated updates at this rate. The cell search makes a tree
// of its own, whose updates are not DLX1's: it is timed by the fraction of
// its tree the run searched (Rate.OwnTree). It returns ctx.Err() if ctx
// ends first.
func Calibrate(ctx context.Context, p *solver.Problem, workers int, budget time.Duration, engine solver.Engine) (Rate, error) {
	run, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	var last solver.Progress
	progress := func(pr solver.Progress) {
		// the report at the end repeats the last fraction with a later
		// time: keep the time the fraction was reached
		if pr.Fraction != last.Fraction {
			last = pr
		}
	}
	st, err := solver.Solve(run, p, solver.Options{Workers: workers, Engine: engine, Progress: progress}, nil)
	if err != nil && ctx.Err() != nil {
		return Rate{}, ctx.Err()
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return Rate{}, err
	}
	r := Rate{Engine: st.Engine, Done: err == nil, Stats: st, OwnTree: st.OwnTree,
		Fraction: last.Fraction, Elapsed: last.Elapsed, Budget: budget}
	if sec := st.Elapsed.Seconds(); sec > 0 {
		r.UpdatesPerSecond = float64(st.Updates) / sec
	}
	return r, nil
}

// CalibrateSome is Calibrate with the budget doubled, up to limit, while
// a run measured nothing (it ended in its setup: on a busy machine, or a
// puzzle whose setup is long, no fixed budget is sure to see a node).
func CalibrateSome(ctx context.Context, p *solver.Problem, workers int, budget, limit time.Duration, engine solver.Engine) (Rate, error) {
	for {
		rate, err := Calibrate(ctx, p, workers, budget, engine)
		if err != nil || rate.Measured() || 2*budget > limit {
			return rate, err
		}
		budget *= 2
	}
}

// Measured reports whether the run of r measured the engine's speed: it
// finished, or searched some of its tree.
func (rt Rate) Measured() bool {
	return rt.Done || (rt.OwnTree && rt.Fraction > 0) || (!rt.OwnTree && rt.UpdatesPerSecond > 0 && rt.Stats.Updates > 0)
}

// Seconds returns the time the updates of r take at the measured rate (the
// real time when the calibration run finished; for an engine with a tree of
// its own, the run's time over the fraction it searched, whatever the
// updates).
func (rt Rate) Seconds(updates float64) float64 {
	switch {
	case rt.Done:
		return rt.Stats.Elapsed.Seconds()
	case rt.OwnTree:
		if rt.Fraction <= 0 {
			return 0
		}
		return rt.Elapsed.Seconds() / rt.Fraction
	case rt.UpdatesPerSecond <= 0:
		return 0
	}
	return updates / rt.UpdatesPerSecond
}

// EngineWords names the engine of r in a sentence: "dancing links", "the
// bitset engine" or "the cell search".
func (rt Rate) EngineWords() string {
	switch rt.Engine {
	case solver.EngineBits:
		return "the bitset engine"
	case solver.EngineCell:
		return "the cell search"
	}
	return "dancing links"
}

// Words says how r was measured, for a report: the engine and its speed.
func (rt Rate) Words() string {
	switch {
	case rt.Done:
		return "measured: " + rt.EngineWords() + " searched the whole tree in the timed run"
	case !rt.Measured() && rt.Stats.Nodes == 0:
		return fmt.Sprintf("the timed run of %s ended in its setup: time unknown (a longer --calibrate may tell)", max(rt.Stats.Elapsed, rt.Budget).Round(time.Millisecond))
	case rt.OwnTree && rt.Fraction <= 0:
		return fmt.Sprintf("%s reported no part of its tree done in a %s run: time unknown (a longer --calibrate may tell)", rt.EngineWords(), rt.Stats.Elapsed.Round(time.Millisecond))
	case rt.OwnTree:
		return fmt.Sprintf("%s searched %.2g%% of its tree in a %s run on this problem", rt.EngineWords(), 100*rt.Fraction, rt.Elapsed.Round(time.Millisecond))
	}
	return fmt.Sprintf("%s at %s updates/s in a %s run on this problem", rt.EngineWords(), Round(rt.UpdatesPerSecond), rt.Stats.Elapsed.Round(time.Millisecond))
}
