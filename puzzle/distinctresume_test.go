package puzzle

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"polyviz/solver"
)

// TestDistinctResume stops distinct counts of pentomino 4x15 at random
// moments and resumes them from their last checkpoint, keeping the
// representatives visited so far in the checkpoint (as the window does):
// the distinct and raw counts, and the set of representatives, are those of
// one uninterrupted run.
func TestDistinctResume(t *testing.T) {
	name, stopWithin := "pentomino-4x15.txt", 100*time.Millisecond
	if raceEnabled {
		// tiny: a stop may come after the end
		name, stopWithin = "soma-3x3x3.txt", 5*time.Millisecond
	}
	data, err := os.ReadFile(referenceDir(t) + "/specs/" + name)
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(name, data, FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []Distinct{DistinctAll, DistinctRotations} {
		t.Run(mode.String(), func(t *testing.T) {
			var want []string
			ref, err := l.Puzzle.SolveDistinct(context.Background(), mode, solver.Options{Workers: 1}, func(s DistinctSolution) bool {
				want = append(want, fmt.Sprint(s.Options))
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(want)
			r := rand.New(rand.NewPCG(uint64(mode), 5))
			var kept *solver.Checkpoint
			stops := 0
			for runs := 1; ; runs++ {
				var found []string
				if kept != nil {
					if err := json.Unmarshal(kept.State, &found); err != nil {
						t.Fatal(err)
					}
				}
				ctx, cancel := context.WithCancel(context.Background())
				var mu sync.Mutex
				var last *solver.Checkpoint
				opt := solver.Options{
					Workers:         1 + r.IntN(2),
					CheckpointEvery: time.Duration(1+r.IntN(5)) * time.Millisecond,
					Resume:          kept,
					Checkpoint: func(c solver.Checkpoint) {
						mu.Lock()
						defer mu.Unlock()
						if !c.Done {
							last = &c
						}
					},
					CheckpointState: func(c *solver.Checkpoint) {
						c.State, _ = json.Marshal(found)
					},
				}
				maxStops := 20
				if raceEnabled || testing.Short() {
					maxStops = 3 // the race detector makes it ten times slower
				}
				stop := cancel
				if stops == maxStops {
					stop = func() {} // the last run goes to its end
				}
				timer := time.AfterFunc(time.Duration(r.Int64N(int64(stopWithin))), stop)
				st, err := l.Puzzle.SolveDistinct(ctx, mode, opt, func(s DistinctSolution) bool {
					found = append(found, fmt.Sprint(s.Options))
					return true
				})
				timer.Stop()
				cancel()
				if err == nil {
					slices.Sort(found)
					if st.Distinct != ref.Distinct || st.Raw != ref.Raw || st.Nodes != ref.Nodes || !slices.Equal(found, want) {
						t.Fatalf("after %d runs: %d distinct, %d raw, %d nodes, %d representatives; want %d, %d, %d, %d (same set: %v)",
							runs, st.Distinct, st.Raw, st.Nodes, len(found), ref.Distinct, ref.Raw, ref.Nodes, len(want), slices.Equal(found, want))
					}
					break
				}
				stops++
				mu.Lock()
				if last != nil {
					kept = last
				}
				mu.Unlock()
				if runs > 1000 {
					t.Fatal("no end in sight")
				}
			}
			t.Logf("%v: %d stops", mode, stops)
			if stops == 0 && !raceEnabled {
				t.Error("never stopped: the test tests nothing")
			}
		})
	}
}
