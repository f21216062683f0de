package estimate

import (
	"context"
	"testing"

	"polyviz/puzzle"
)

// TestCoverage checks that the intervals are honest: on small puzzles
// whose counts are known, runs with many seeds, each stopped as soon as
// its interval is within 10x (as the command line stops), must hold the
// count in at least 90% of the runs at the stated 95%. A method that is
// right holds it in 95% or more, and falls below 90% over 200 runs with a
// probability of the order of 1e-3; an interval of z standard errors on
// both sides, which ignores the long right tail of the probes' figures,
// holds it in about 85% to 90% and fails. Coarse strata (and Knuth's plain
// probes), where the spread is largest, are checked beside the default.
func TestCoverage(t *testing.T) {
	if raceEnabled {
		t.Skip("minutes of probes under the race detector: run without -race")
	}
	for _, c := range []struct {
		name     string
		distinct puzzle.Distinct
		truth    float64
		strata   float64
		seeds    int  // runs: the rows whose probes are dear have fewer
		quick    bool // run under -short, with 40 seeds
	}{
		{"soma", puzzle.DistinctNone, 11520, 1, 200, false},
		{"tetracube-2x2x8", puzzle.DistinctNone, 1792, 2, 200, true},
		{"tetracube-2x2x8", puzzle.DistinctAll, 112, 2, 200, false},
		{"soma-crystal", puzzle.DistinctNone, 2800, -1, 200, true},
		{"tetromino-4x10", puzzle.DistinctNone, 1796, 0, 60, false}, // multiplicities: the walker by flags
		{"pentomino-3x20", puzzle.DistinctNone, 8, 0, 100, false},
	} {
		if testing.Short() && !c.quick {
			continue
		}
		seeds := c.seeds
		if testing.Short() {
			seeds = 40
		}
		t.Run(c.name+"/"+c.distinct.String(), func(t *testing.T) {
			l := load(t, c.name)
			if c.distinct == puzzle.DistinctNone {
				// the truth from the whole tree, as the probes see it
				tree, err := Walk(context.Background(), l.Problem)
				if err != nil || float64(tree.Solutions) != c.truth {
					t.Fatalf("the walk finds %d solutions (%v), want %.0f", tree.Solutions, err, c.truth)
				}
			}
			var weigh func([]int) float64
			if c.distinct != puzzle.DistinctNone {
				sym := l.Puzzle.Symmetry()
				weigh = func(options []int) float64 { return 1 / float64(sym.ClassSize(c.distinct, options)) }
			}
			held, narrow, exact, probes := 0, 0, 0, 0
			for seed := range seeds {
				opt := narrowing(uint64(seed))
				opt.Strata, opt.Weigh, opt.MaxProbes = c.strata, weigh, 5000
				r, err := Run(context.Background(), l.Problem, opt)
				if err != nil {
					t.Fatal(err)
				}
				s := r.Solutions
				if s.Low <= c.truth && c.truth <= s.High {
					held++
				}
				if r.Narrow {
					narrow++
				}
				if r.Exact {
					exact++
				}
				probes += r.Probes
			}
			t.Logf("held %d of %d, narrow %d, exact %d, %.0f probes a run", held, seeds, narrow, exact, float64(probes)/float64(seeds))
			if exact > 0 {
				t.Errorf("%d runs walked the whole tree: the test checks nothing there", exact)
			}
			if narrow < seeds*9/10 {
				t.Errorf("only %d of %d runs became narrow", narrow, seeds)
			}
			if held < seeds*9/10 {
				t.Errorf("the interval held the count in %d of %d runs, want at least 90%%", held, seeds)
			}
		})
	}
}
