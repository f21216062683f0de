package solver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// resumeUntilDone runs p from the whole tree, abandoning the run at a
// random moment each time (as a kill -9 would: the state kept is the last
// checkpoint delivered, and with probability 1/2 the one taken when the
// context ended is lost too) and resuming from what was kept, until a run
// ends. It returns the final figures and how many runs it took.
func resumeUntilDone(t *testing.T, p *Problem, r *rand.Rand, engine Engine, workers int, poll int64, window time.Duration) (Stats, int) {
	t.Helper()
	var kept *Checkpoint
	for runs := 1; ; runs++ {
		ctx, cancel := context.WithCancel(context.Background())
		var mu sync.Mutex
		var last *Checkpoint
		stopped := false
		opt := Options{
			Engine:          engine,
			Workers:         workers,
			CheckpointEvery: time.Duration((200+r.IntN(2000))*killScale) * time.Microsecond,
			Resume:          kept,
			pollEvery:       poll,
			Checkpoint: func(c Checkpoint) {
				mu.Lock()
				defer mu.Unlock()
				if stopped && r.IntN(2) == 0 {
					return // killed before the last one was written
				}
				last = &c
			},
		}
		timer := time.AfterFunc(killAt(r, window), func() {
			mu.Lock()
			stopped = true
			mu.Unlock()
			cancel()
		})
		st, err := Solve(ctx, p, opt, nil)
		timer.Stop()
		cancel()
		mu.Lock()
		lost := stopped && (last == nil || !last.Done) // killed as it ended
		mu.Unlock()
		if err == nil && !lost {
			if last == nil || !last.Done || len(last.Tasks) != 0 {
				t.Fatalf("run %d ended without a final checkpoint: %+v", runs, last)
			}
			if last.Solutions != st.Solutions || last.Nodes != st.Nodes || last.Updates != st.Updates {
				t.Fatalf("final checkpoint %d/%d/%d, stats %d/%d/%d", last.Solutions, last.Nodes, last.Updates, st.Solutions, st.Nodes, st.Updates)
			}
			return st, runs
		}
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
		window = widened(window, kept, last)
		if last != nil {
			kept = last
		}
		if runs > 10000 {
			t.Fatal("no end in sight")
		}
	}
}

// killScale stretches the random kill times under the race detector.
var killScale = map[bool]int{false: 1, true: 20}[raceEnabled]

// killWindow is how long after its start a run may be killed, given how
// long the uninterrupted run took: three times that, between 1 and 20 ms
// (stretched under the race detector). A fixed window let a tree that ends
// in a few milliseconds outrun most kills, and the kill counts below then
// depended on the machine's speed.
func killWindow(uninterrupted time.Duration) time.Duration {
	w := min(max(3*uninterrupted, time.Millisecond), 20*time.Millisecond)
	return w * time.Duration(killScale)
}

// widened is the kill window after a killed run that kept last (nil if
// it delivered no checkpoint) where kept was before: doubled when no task
// ended. On a loaded machine a task may outlast every kill in the window,
// and the chain would never end; kills stay random, and progress is sure.
func widened(window time.Duration, kept, last *Checkpoint) time.Duration {
	if last == nil || kept != nil && len(last.Tasks) >= len(kept.Tasks) && last.Nodes == kept.Nodes {
		return 2 * window
	}
	return window
}

// killAt draws a kill moment within the window.
func killAt(r *rand.Rand, window time.Duration) time.Duration {
	return time.Duration(r.Int64N(int64(window)))
}

// timedSolve runs p uninterrupted and says how long a run takes: the least
// of three, the first of which pays for warming up; visit sees the first.
func timedSolve(t *testing.T, p *Problem, opt Options, visit func(Solution) bool) (Stats, time.Duration) {
	t.Helper()
	var st Stats
	least := time.Duration(math.MaxInt64)
	for i := range 3 {
		v := visit
		if i > 0 {
			v = nil
		}
		start := time.Now()
		s, err := Solve(context.Background(), p, opt, v)
		if err != nil {
			t.Fatal(err)
		}
		least = min(least, time.Since(start))
		if i == 0 {
			st = s
		}
	}
	return st, least
}

// TestCheckpointKill abandons runs at random moments and resumes them from
// their last checkpoint: every chain of runs ends with exactly the figures
// of one uninterrupted run.
func TestCheckpointKill(t *testing.T) {
	names := []string{"soma-3x3x3.dlx", "pentomino-3x20.dlx"}
	switch {
	case raceEnabled:
		names = names[1:] // the smaller tree
	case testing.Short():
		names = names[:1]
	}
	for _, tc := range checkpointCases(names) {
		name, engine := tc.name, tc.engine
		if raceEnabled && engine == EngineCell {
			// the cell search's trees of 3x20 and Soma are over before 20
			// kills land
			name = "pentomino-4x15.dlx"
		}
		p := loadTestdata(t, "dlx/"+name)
		want, took := timedSolve(t, p, Options{Workers: 1, Engine: engine}, nil)
		window := killWindow(took)
		if want.Engine != engine {
			t.Fatalf("%s: engine %v ran, want %v", name, want.Engine, engine)
		}
		ws := []int{1, 2, 3}
		if raceEnabled {
			ws = []int{2} // the race detector makes it some ten times slower
		}
		for i, workers := range ws {
			r := rand.New(rand.NewPCG(uint64(i), 13))
			kills, trial := 0, 0
			trials := 2
			if testing.Short() || raceEnabled {
				trials = 1
			}
			for ; (trial < trials || kills < 20) && trial < 200; trial++ { // at least 20 kills
				poll := int64(1 + r.IntN(5000)) // and poll (so checkpoint) often
				if raceEnabled {
					poll = 0
				}
				st, runs := resumeUntilDone(t, p, r, engine, workers, poll, window)
				kills += runs - 1
				if st.Solutions != want.Solutions || st.Nodes != want.Nodes || st.Updates != want.Updates {
					t.Errorf("%s %v -j %d after %d runs: %d solutions, %d nodes, %d updates; want %d, %d, %d",
						name, engine, workers, runs, st.Solutions, st.Nodes, st.Updates, want.Solutions, want.Nodes, want.Updates)
				}
				if !slices.Equal(st.Profile, want.Profile) {
					t.Errorf("%s %v -j %d: profile %v, want %v", name, engine, workers, st.Profile, want.Profile)
				}
			}
			t.Logf("%s %v -j %d: %d kills in %d chains (kills within %v)", name, engine, workers, kills, trial, window)
			if kills < 20 {
				t.Errorf("%s %v -j %d: only %d kills", name, engine, workers, kills)
			}
		}
	}
}

// TestCheckpointOtherProblem: a checkpoint resumed against another problem
// is refused.
func TestCheckpointOtherProblem(t *testing.T) {
	a, b := loadTestdata(t, "dlx1/knuth-example.dlx"), loadTestdata(t, "dlx/soma-3x3x3.dlx")
	var c *Checkpoint
	_, err := Solve(context.Background(), a, Options{Workers: 1, Checkpoint: func(x Checkpoint) { c = &x }}, nil)
	if err != nil || c == nil || !c.Done {
		t.Fatal(err, c)
	}
	if _, err := Solve(context.Background(), b, Options{Resume: c}, nil); !errors.Is(err, ErrCheckpointProblem) {
		t.Fatalf("resumed against another problem: %v", err)
	}
	m := mustParse(t, "a b\na\nb\n")
	m.SetMultiplicity("a", 1, 2)
	if _, err := Solve(context.Background(), m, Options{Checkpoint: func(Checkpoint) {}}, nil); !errors.Is(err, ErrCheckpointUnsup) {
		t.Fatalf("multiplicities: %v", err)
	}
}

// TestCheckpointOldPiece: a dancing-links checkpoint of the versions that
// gave work away may hold a piece of a level (From >= 0); this version
// refuses it with ErrCheckpointOld, and still reads whole subtrees named
// by item and option (as those versions and split jobs wrote them).
func TestCheckpointOldPiece(t *testing.T) {
	p := queens(6)
	hash, err := ProblemHash(p)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Solve(context.Background(), p, Options{Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	piece := &Checkpoint{Problem: hash, Tasks: []Task{{Item: 0, From: 0, To: -1, Weight: 1}}}
	if _, err := Solve(context.Background(), p, Options{Resume: piece}, nil); !errors.Is(err, ErrCheckpointOld) || !strings.Contains(err.Error(), "start the search again") {
		t.Errorf("a piece of a level: %v", err)
	}
	whole := &Checkpoint{Problem: hash, Tasks: []Task{{From: -1, To: -1, Weight: 1}}}
	got, err := Solve(context.Background(), p, Options{Workers: 2, Resume: whole}, nil)
	if err != nil || got.Solutions != want.Solutions || got.Nodes != want.Nodes || got.Updates != want.Updates {
		t.Errorf("the whole tree as an old task: %d %d %d, %v; want %d %d %d", got.Solutions, got.Nodes, got.Updates, err, want.Solutions, want.Nodes, want.Updates)
	}
}

// TestCheckpointState abandons runs that visit every solution at random
// moments, keeping the solutions visited so far in each checkpoint's State
// (as a window or solve --print does): the solutions of the last kept
// checkpoint and those visited by the runs after it are exactly the
// solutions of one uninterrupted run, each once.
func TestCheckpointState(t *testing.T) {
	for _, engine := range []Engine{EngineDLX, EngineBits, EngineCell} {
		t.Run(engine.String(), func(t *testing.T) {
			if raceEnabled && engine != EngineDLX {
				t.Skip("some ten times slower under the race detector: TestCheckpointKill runs the bitset engine's checkpoints there")
			}
			testCheckpointState(t, engine)
		})
	}
}

func testCheckpointState(t *testing.T, engine Engine) {
	name := "dlx/soma-3x3x3.dlx"
	if raceEnabled {
		name = "dlx/pentomino-3x20.dlx" // a smaller tree, 8 solutions
	}
	p := loadTestdata(t, name)
	var want []string
	_, took := timedSolve(t, p, Options{Workers: 1, Engine: engine}, func(s Solution) bool {
		want = append(want, solutionKey(s.Options))
		return true
	})
	window := killWindow(took)
	slices.Sort(want)
	r := rand.New(rand.NewPCG(7, 13))
	kills, want20 := 0, 20
	if raceEnabled {
		want20 = 3 // some ten times slower
	}
	for trial := 0; kills < want20 && trial < 200; trial++ {
		var kept *Checkpoint
		w := window
		for runs := 1; ; runs++ {
			var mu sync.Mutex
			var found []string // guarded by the solver (visit and CheckpointState never overlap)
			if kept != nil {
				if err := json.Unmarshal(kept.State, &found); err != nil {
					t.Fatal(err)
				}
				if int64(len(found)) != kept.Solutions || kept.Counters["visited"] != kept.Solutions {
					t.Fatalf("checkpoint with %d solutions keeps %d (counter %d)", kept.Solutions, len(found), kept.Counters["visited"])
				}
			}
			ctx, cancel := context.WithCancel(context.Background())
			var last *Checkpoint
			opt := Options{
				Engine:          engine,
				Workers:         1 + r.IntN(3),
				CheckpointEvery: time.Duration((200+r.IntN(2000))*killScale) * time.Microsecond,
				Resume:          kept,
				pollEvery:       statePoll(r),
				Checkpoint: func(c Checkpoint) {
					mu.Lock()
					defer mu.Unlock()
					if !c.Done {
						last = &c
					}
				},
				CheckpointState: func(c *Checkpoint) {
					data, err := json.Marshal(found)
					if err != nil {
						t.Error(err)
					}
					c.State = data
					c.Counters = map[string]int64{"visited": int64(len(found))}
				},
			}
			timer := time.AfterFunc(killAt(r, w), cancel)
			st, err := Solve(ctx, p, opt, func(s Solution) bool {
				found = append(found, solutionKey(s.Options))
				return true
			})
			timer.Stop()
			cancel()
			if err == nil {
				slices.Sort(found)
				if !slices.Equal(found, want) || st.Solutions != int64(len(want)) {
					t.Fatalf("after %d runs: %d solutions (stats %d), want %d; equal sets: %v", runs, len(found), st.Solutions, len(want), slices.Equal(found, want))
				}
				kills += runs - 1
				break
			}
			mu.Lock()
			w = widened(w, kept, last)
			if last != nil {
				kept = last
			}
			mu.Unlock()
			if runs > 10000 {
				t.Fatal("no end in sight")
			}
		}
	}
	if kills < want20 {
		t.Errorf("only %d kills", kills)
	}
}

// statePoll is the poll interval of a TestCheckpointState run: random, and
// so giving work away at every poll, except under the race detector.
func statePoll(r *rand.Rand) int64 {
	if raceEnabled {
		return 0
	}
	return int64(1 + r.IntN(5000))
}

// solutionKey names a solution by its sorted options.
func solutionKey(opts []int) string {
	s := slices.Sorted(slices.Values(opts))
	return fmt.Sprint(s)
}

// checkpointCases are the problems of the kill tests, with each engine.
func checkpointCases(names []string) []struct {
	name   string
	engine Engine
} {
	var out []struct {
		name   string
		engine Engine
	}
	for _, e := range []Engine{EngineDLX, EngineBits, EngineCell} {
		for _, n := range names {
			out = append(out, struct {
				name   string
				engine Engine
			}{n, e})
		}
	}
	return out
}

// TestSolutionDepthFills: the level of every solution is fixed only when
// every node there is a solution: each piece's options cover as many
// primary items, and all pieces together cover them all. Pieces smaller
// than the box (cells that may stay empty) leave nodes at that level that
// are dead ends, so there is no such level to check.
func TestSolutionDepthFills(t *testing.T) {
	for _, tc := range []struct {
		primary []string
		options [][]string
		want    int
	}{
		{[]string{"P", "Q", "a", "b", "c"}, [][]string{{"P", "a", "b"}, {"P", "b", "c"}, {"Q", "c"}, {"Q", "a"}}, 2},
		{[]string{"P", "Q", "a", "b", "c", "d"}, [][]string{{"P", "a", "b"}, {"P", "b", "c"}, {"Q", "c"}, {"Q", "d"}}, 0},
		{[]string{"P", "Q", "a", "b", "c"}, [][]string{{"P", "a", "b"}, {"P", "c"}, {"Q", "c"}, {"Q", "a"}}, 0},
	} {
		p := NewProblem(tc.primary, nil)
		for _, o := range tc.options {
			if err := p.AddOption(o...); err != nil {
				t.Fatal(err)
			}
		}
		if got := SolutionDepth(p); got != tc.want {
			t.Errorf("%v %v: depth %d, want %d", tc.primary, tc.options, got, tc.want)
		}
	}
}

// TestCheckpointElapsed: a resumed run's time counts the time saved with
// its checkpoint, as its solutions and nodes do: a window's rate of
// solutions a second would otherwise divide the whole run's count by the
// last part's time.
func TestCheckpointElapsed(t *testing.T) {
	p := queens(6)
	hash, err := ProblemHash(p)
	if err != nil {
		t.Fatal(err)
	}
	saved := &Checkpoint{Problem: hash, Tasks: []Task{{From: -1, To: -1, Weight: 1}}, Elapsed: time.Hour}
	var last Progress
	st, err := Solve(context.Background(), p, Options{Workers: 1, Resume: saved, Progress: func(pr Progress) { last = pr }}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Elapsed < time.Hour || st.Elapsed > time.Hour+time.Minute {
		t.Errorf("resumed after an hour: elapsed %v", st.Elapsed)
	}
	if last.Elapsed < time.Hour {
		t.Errorf("resumed after an hour: last progress at %v", last.Elapsed)
	}
	if st.Search > time.Minute {
		t.Errorf("search %v: only this run's", st.Search)
	}
}
