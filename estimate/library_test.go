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

// TestLibraryIntervals runs the estimator at the default number of probes
// on the library packings with a known raw count (all of them with -long),
// with several seeds, and checks that the count lies in the interval.
func TestLibraryIntervals(t *testing.T) {
	if raceEnabled && testing.Short() {
		t.Skip("-race -short: the probes are sequential (TestCancel checks the concurrent parts); run without -race")
	}
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
				r, err := Run(context.Background(), l.Problem, Options{Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				s := r.Solutions
				truth := float64(e.Counts.Raw.N)
				t.Logf("seed %d: %.0f (%.0f-%.0f) truth %.0f, hits %d, %v", seed, s.Mean, s.Low, s.High, truth, r.Hits, r.Elapsed)
				if truth < s.Low || truth > s.High {
					t.Errorf("seed %d: %d solutions not in %.0f..%.0f", seed, e.Counts.Raw.N, s.Low, s.High)
				}
			}
		})
	}
}
