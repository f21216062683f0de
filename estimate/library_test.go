package estimate

import (
	"context"
	"flag"
	"slices"
	"testing"

	"polyviz/assets"
)

var long = flag.Bool("long", false, "check the intervals on every library puzzle with a known count (minutes)")

// quick are the puzzles TestLibraryIntervals checks without -long.
var quick = []string{"soma", "soma-bathtub", "pentomino-3x20", "tetromino-4x10", "tetracube-2x2x8", "soma-crystal"}

// narrowing are the options of a run that goes on until its interval is
// narrow, as the command line's, with a number of probes for a limit
// rather than a time, so that the figures do not depend on the machine.
func narrowing(seed uint64) Options {
	return Options{Seed: seed, MaxProbes: 20000}
}

// TestLibraryIntervals runs the estimator until its interval is narrow on
// the library packings with a known raw count (all of them with -long),
// with several seeds, and checks that every interval becomes narrow and
// that the count lies in nearly all of them.
func TestLibraryIntervals(t *testing.T) {
	if raceEnabled && testing.Short() {
		t.Skip("-race -short: the probes are sequential (TestCancel checks the concurrent parts); run without -race")
	}
	runs, misses := 0, 0
	for _, e := range assets.Catalog() {
		if !e.Format.Packing() || !e.Counts.Raw.Known() || !*long && !slices.Contains(quick, e.Name) {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			l := load(t, e.Name)
			seeds := uint64(5)
			if !*long {
				seeds = 3
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				r, err := Run(context.Background(), l.Problem, narrowing(seed))
				if err != nil {
					t.Fatal(err)
				}
				s := r.Solutions
				truth := float64(e.Counts.Raw.N)
				t.Logf("seed %d: %.0f (%.0f-%.0f) truth %.0f, %d probes, hits %d, narrow %v, exact %v, %v", seed, s.Mean, s.Low, s.High, truth, r.Probes, r.Hits, r.Narrow, r.Exact, r.Elapsed)
				runs++
				if truth < s.Low || truth > s.High {
					misses++
					t.Logf("seed %d: %d solutions not in %.0f..%.0f", seed, e.Counts.Raw.N, s.Low, s.High)
				}
				if !r.Narrow {
					t.Errorf("seed %d: not within %dx after %d probes", seed, DefaultRatio, r.Probes)
				}
			}
		})
	}
	// 95% intervals miss now and then: TestCoverage measures how often
	if misses > 1+runs/10 {
		t.Errorf("%d of %d intervals miss the count", misses, runs)
	}
}

// TestTargets runs the estimator as `polyviz estimate` does (seed 1, until
// the interval is within 10x; a limit of probes instead of the 10 s budget)
// on the boxes whose counts take a solver seconds to minutes, and checks
// that each interval is within 10x and holds the count.
func TestTargets(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a minute of probes: run without -short and -race")
	}
	for _, c := range []struct {
		name  string
		truth float64
	}{
		{"pentomino-6x10", 9356}, {"pentomino-5x12", 4040}, {"pentomino-4x15", 1472},
		{"pentacube-2x5x6", 2112}, {"pentacube-3x4x5", 31520}, {"bedlam", 460464},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := load(t, c.name)
			r, err := Run(context.Background(), l.Problem, narrowing(1))
			if err != nil {
				t.Fatal(err)
			}
			s := r.Solutions
			t.Logf("%.0f (%.0f-%.0f), %.1fx, truth %.0f; %d probes, %d hits, %v", s.Mean, s.Low, s.High, s.High/s.Low, c.truth, r.Probes, r.Hits, r.Elapsed)
			if !r.Narrow || c.truth < s.Low || c.truth > s.High {
				t.Errorf("%.0f (%.0f-%.0f) after %d probes: want within %dx and holding %.0f", s.Mean, s.Low, s.High, r.Probes, DefaultRatio, c.truth)
			}
		})
	}
}
