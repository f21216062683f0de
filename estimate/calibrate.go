package estimate

import (
	"context"
	"errors"
	"time"

	"polyviz/solver"
)

// Rate is the speed of the dancing-links engine on one problem, measured
// by a short run of it.
type Rate struct {
	// UpdatesPerSecond is Stats.Updates over the time of the run.
	UpdatesPerSecond float64
	// Done is true when the run searched the whole tree within the budget:
	// then Stats are the exact figures, and Elapsed the real time.
	Done  bool
	Stats solver.Stats
}

// Calibrate runs the dancing-links engine on p with the given number of
// workers for at most budget, and measures its updates per second: the
// estimate of the time is the estimated updates at this rate. It returns
// ctx.Err() if ctx ends first.
func Calibrate(ctx context.Context, p *solver.Problem, workers int, budget time.Duration) (Rate, error) {
	run, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	st, err := solver.Solve(run, p, solver.Options{Workers: workers, Engine: solver.EngineDLX}, nil)
	if err != nil && ctx.Err() != nil {
		return Rate{}, ctx.Err()
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return Rate{}, err
	}
	r := Rate{Done: err == nil, Stats: st}
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
