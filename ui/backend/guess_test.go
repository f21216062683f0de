package backend

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"polyviz/estimate"
	"polyviz/solver"
	"polyviz/ui"
)

// TestEstimateAndWhy runs the window's estimate on the Soma cube (raw and
// up to rotation: searches small enough to be walked whole, so exact) and
// on pentominoes in 6x10 (probes), and its why on the mutilated chessboard.
func TestEstimateAndWhy(t *testing.T) {
	if raceEnabled {
		// a plain call (the window's goroutine around it is tested in ui
		// with a fake backend): 2000 probes twice take most of a minute
		// under the race detector
		t.Skip("plain computation, run by go test without -race")
	}
	b := New()
	for _, c := range []struct {
		name string
		d    ui.Distinct
		want string
	}{
		{"soma", ui.DistinctRaw, "Estimate: exactly 11,520 solutions"},
		{"soma", ui.DistinctRotations, "Estimate: exactly 480 distinct solutions"},
		{"pentomino-6x10", ui.DistinctRaw, "Estimate: about "},
	} {
		p := library(t, b, c.name)
		var lines []string
		if err := b.Estimate(context.Background(), p, c.d, func(l string) { lines = append(lines, l) }); err != nil {
			t.Fatal(err)
		}
		if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], c.want) {
			t.Errorf("%s mode %v: lines %q", c.name, c.d, lines)
		}
	}
	m, err := b.Load("mutilated.txt", []byte("[1-7]0 [0-7][1-6] [0-6]7\n31|D 00 01\n"))
	if err != nil {
		t.Fatal(err)
	}
	text, found, err := b.Why(context.Background(), m)
	if err != nil || !found || !strings.Contains(text, "checkerboard") {
		t.Errorf("why: %q found %v err %v", text, found, err)
	}
}

// TestEstimateTimesTheSearchThatRuns: the window's estimate times the
// search its Solve makes: all solutions of pentominoes in 3x20 are counted
// by symmetry with the cell search (a board), so the line names it; with
// POLYVIZ_ENGINE=bits, the bitset engine on DLX1's tree.
func TestEstimateTimesTheSearchThatRuns(t *testing.T) {
	if raceEnabled {
		t.Skip("plain computation, run by go test without -race")
	}
	b := New()
	p := library(t, b, "pentomino-3x20")
	last := func() string {
		var lines []string
		if err := b.Estimate(context.Background(), p, ui.DistinctRaw, func(l string) { lines = append(lines, l) }); err != nil {
			t.Fatal(err)
		}
		if len(lines) == 0 {
			t.Fatal("no estimate line")
		}
		return lines[len(lines)-1]
	}
	if l := last(); !strings.HasSuffix(l, "with the cell search") {
		t.Errorf("all solutions: %q", l)
	}
	t.Setenv("POLYVIZ_ENGINE", "bits")
	if l := last(); !strings.HasSuffix(l, "with the bitset engine") {
		t.Errorf("POLYVIZ_ENGINE=bits: %q", l)
	}
}

// TestEstimateTimedAgain: the window's first timing runs beside its first
// frames; a second one after the probes gives the last line's time where
// it is shorter. The first timing is slowed tenfold here, as a busy
// machine would: the last line's time must be the second timing's.
func TestEstimateTimedAgain(t *testing.T) {
	if raceEnabled {
		t.Skip("plain computation, run by go test without -race")
	}
	calls := 0
	real := calibrate
	t.Cleanup(func() { calibrate = real })
	calibrate = func(ctx context.Context, p *solver.Problem, workers int, budget, limit time.Duration, engine solver.Engine) (estimate.Rate, error) {
		r, err := real(ctx, p, workers, budget, limit, engine)
		calls++
		if calls == 1 {
			r.UpdatesPerSecond /= 10
			r.Elapsed *= 10
		}
		return r, err
	}
	b := New()
	p := library(t, b, "pentacube-3x4x5") // a search of about a second: its timing does not finish it
	var lines []string
	if err := b.Estimate(context.Background(), p, ui.DistinctRaw, func(l string) { lines = append(lines, l) }); err != nil {
		t.Fatal(err)
	}
	if calls != 2 {
		t.Fatalf("%d timings, want 2", calls)
	}
	seconds := func(l string) float64 {
		m := regexp.MustCompile(`, about ([0-9.]+) (s|min) with `).FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("no time in %q", l)
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		if m[2] == "min" {
			v *= 60
		}
		return v
	}
	first, last := seconds(lines[0]), seconds(lines[len(lines)-1])
	if last > first/4 {
		t.Errorf("first line %q, last %q: the second timing's time should be about a tenth", lines[0], lines[len(lines)-1])
	}
}
