package estimate

import (
	"context"
	"errors"
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
}

// Calibrate runs engine on p (as solve would run it: EngineAuto is the
// bitset engine where it applies) with the given number of workers for at
// most budget, and measures its updates per second: the estimate of the
// time is the estimated updates at this rate. The cell search counts
// updates of its own, so it is calibrated as EngineAuto (the engine that
// makes DLX1's tree in its place). It returns ctx.Err() if ctx ends first.
func Calibrate(ctx context.Context, p *solver.Problem, workers int, budget time.Duration, engine solver.Engine) (Rate, error) {
	if engine == solver.EngineCell {
		engine = solver.EngineAuto
	}
	run, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	st, err := solver.Solve(run, p, solver.Options{Workers: workers, Engine: engine}, nil)
	if err != nil && ctx.Err() != nil {
		return Rate{}, ctx.Err()
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return Rate{}, err
	}
	r := Rate{Engine: st.Engine, Done: err == nil, Stats: st}
	if sec := st.Elapsed.Seconds(); sec > 0 {
		r.UpdatesPerSecond = float64(st.Updates) / sec
	}
	return r, nil
}

// Seconds returns the time the updates of r take at the measured rate (the
// real time when the calibration run finished).
func (rt Rate) Seconds(updates float64) float64 {
	if rt.Done {
		return rt.Stats.Elapsed.Seconds()
	}
	if rt.UpdatesPerSecond <= 0 {
		return 0
	}
	return updates / rt.UpdatesPerSecond
}

// EngineWords names the engine of r in a sentence: "dancing links" or "the
// bitset engine".
func (rt Rate) EngineWords() string {
	if rt.Engine == solver.EngineBits {
		return "the bitset engine"
	}
	return "dancing links"
}
