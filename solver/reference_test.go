package solver

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// refDir holds copies of Knuth's reference DLX files (see its README.md).
const refDir = "testdata/dlx"

// dlx1Figures are DLX1's figures, from the README of the shared reference
// outputs (Knuth's DLX1 run on these files).
var dlx1Figures = []struct {
	file                      string
	solutions, nodes, updates int64
	big                       bool // too slow for go test; see polyviz bench
}{
	{"pentomino-3x20.dlx", 8, 32576, 10901833, false},
	{"soma-3x3x3.dlx", 11520, 256917, 29724469, false},
	{"pentomino-4x15.dlx", 1472, 845438, 277230986, true},
	{"pentomino-5x12.dlx", 4040, 2257140, 755022110, true},
	{"pentomino-6x10.dlx", 9356, 3615972, 1234494906, true},
	{"pentacube-2x3x10.dlx", 96, 446248, 146047732, true},
	{"pentacube-2x5x6.dlx", 2112, 3432860, 1300387958, true},
}

func loadRef(t testing.TB, name string) *Problem {
	t.Helper()
	path := filepath.Join(refDir, name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("reference file missing from the repository: %v", err)
	}
	defer f.Close()
	p, err := ParseDLX(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDLX1Figures(t *testing.T) {
	// The big files take seconds each: they run in the plain pass (not with
	// -short, nor under the race detector), with one worker count.
	big := os.Getenv("POLYVIZ_BIG") != "" || (!testing.Short() && !raceEnabled)
	for _, ref := range dlx1Figures {
		t.Run(ref.file, func(t *testing.T) {
			if ref.big && !big {
				t.Skip("big file: set POLYVIZ_BIG=1 or run polyviz bench")
			}
			if raceEnabled && ref.nodes > 100000 && !big {
				t.Skip("too slow under the race detector")
			}
			p := loadRef(t, ref.file)
			workerCounts := []int{1, 2, 3, 16}
			if raceEnabled || ref.big {
				workerCounts = []int{2}
			}
			for _, workers := range workerCounts {
				st, err := Solve(context.Background(), p, Options{Workers: workers}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != ref.solutions || st.Nodes != ref.nodes || st.Updates != ref.updates {
					t.Errorf("workers=%d: got %d solutions, %d nodes, %d updates; DLX1: %d, %d, %d",
						workers, st.Solutions, st.Nodes, st.Updates, ref.solutions, ref.nodes, ref.updates)
				}
			}
			// split into thousands of tasks, the counts stay the same
			if raceEnabled || ref.big {
				return
			}
			st, err := Solve(context.Background(), p, Options{Workers: 3, pollEvery: 64}, nil)
			if err != nil || st.Solutions != ref.solutions || st.Nodes != ref.nodes || st.Updates != ref.updates {
				t.Errorf("finely split: got %d solutions, %d nodes, %d updates (%d tasks); DLX1: %d, %d, %d",
					st.Solutions, st.Nodes, st.Updates, st.Tasks, ref.solutions, ref.nodes, ref.updates)
			}
		})
	}
}
