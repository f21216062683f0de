package estimate

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"polyviz/solver"
)

// TestCalibrateFirstEmptyOwnTree: on a problem with multiplicities (the
// dominoes of a 4x6 board as one piece item covered twelve times, as
// BurrTools' puzzles with repeated pieces are) the bitset engine runs its
// first-empty walk, whose updates are not on DLX1's scale: the rate says
// so, and the time is not DLX1's estimated updates at that walk's rate
// (which made a 0.3 s search "about 3 min").
func TestCalibrateFirstEmptyOwnTree(t *testing.T) {
	const w, h = 4, 6
	var items []string
	for c := range w * h {
		items = append(items, fmt.Sprintf("c%d", c))
	}
	p := solver.NewProblem(append(items, "D"), nil)
	if err := p.SetMultiplicity("D", w*h/2, w*h/2); err != nil {
		t.Fatal(err)
	}
	for c := range w * h {
		if c%w+1 < w {
			_ = p.AddOption("D", items[c], items[c+1])
		}
		if c+w < w*h {
			_ = p.AddOption("D", items[c], items[c+w])
		}
	}
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	rate, err := calibrateSome(p, 1, 300*time.Millisecond, solver.EngineBits)
	if err != nil || rate.Engine != solver.EngineBits || !rate.OwnTree {
		t.Fatalf("Calibrate: %+v, %v", rate, err)
	}
	if rate.Done && (rate.Stats.Solutions != 281 || rate.Seconds(1e9) != rate.Stats.Elapsed.Seconds()) {
		t.Errorf("Calibrate done: %d solutions, %v s for 1e9 updates", rate.Stats.Solutions, rate.Seconds(1e9))
	}
	if !rate.Done && rate.Seconds(1) != rate.Seconds(1e9) {
		t.Errorf("Calibrate: its time follows DLX1's updates: %v s and %v s", rate.Seconds(1), rate.Seconds(1e9))
	}
}

// TestCalibrateSome: a run that ended in its setup measured nothing, says
// so and gives no time; CalibrateSome lengthens the run until it measures.
func TestCalibrateSome(t *testing.T) {
	var none Rate
	if none.Measured() || none.Seconds(1e6) != 0 || !strings.Contains(none.Words(), "ended in its setup") {
		t.Errorf("a run that ended in its setup: measured %v, %v s, %q", none.Measured(), none.Seconds(1e6), none.Words())
	}
	// the run's time is its budget when the engine's setup reported none
	// (it said "the timed run of 0s")
	if w := (Rate{Budget: 300 * time.Millisecond}).Words(); !strings.Contains(w, "the timed run of 300ms ended in its setup") {
		t.Errorf("a 300 ms run that ended in its setup: %q", w)
	}
	l := load(t, "pentomino-6x10")
	rate, err := CalibrateSome(context.Background(), l.Problem, 1, time.Microsecond, 2*time.Minute, solver.EngineBits)
	if err != nil || !rate.Measured() || rate.Seconds(1e6) <= 0 || strings.Contains(rate.Words(), "setup") {
		t.Errorf("CalibrateSome: %+v, %v: %q", rate, err, rate.Words())
	}
}
