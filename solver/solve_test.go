package solver

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func mustParse(t testing.TB, in string) *Problem {
	t.Helper()
	p, err := ParseDLX(strings.NewReader(in), "test.dlx")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solveAll returns every solution as a sorted list of option numbers.
func solveAll(t testing.TB, p *Problem, opt Options) ([][]int, Stats) {
	t.Helper()
	var mu sync.Mutex
	var sols [][]int
	st, err := Solve(context.Background(), p, opt, func(s Solution) bool {
		mu.Lock()
		defer mu.Unlock()
		sols = append(sols, slices.Sorted(slices.Values(s.Options)))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return sols, st
}

// Knuth's textbook examples, from the introductions of DLX1, DLX2 and DLX3:
// each has exactly one solution.
func TestTextbookExamples(t *testing.T) {
	tests := []struct {
		name, in string
		want     []int
	}{
		{"DLX1", "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n", []int{0, 3, 4}},
		// DLX2's option "X:0 Y:1" has no primary item: DLX2 and ParseDLX
		// drop it, so the options after it are numbered 2 and 3
		{"DLX2 colours", "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n", []int{1, 2}},
		{"DLX3 multiplicities", "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n", []int{1, 3, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.in)
			for _, workers := range []int{1, 2} {
				sols, st := solveAll(t, p, Options{Workers: workers})
				if len(sols) != 1 || !reflect.DeepEqual(sols[0], tt.want) || st.Solutions != 1 {
					t.Errorf("workers=%d: got %v (%d), want [%v]", workers, sols, st.Solutions, tt.want)
				}
			}
		})
	}
}

// The DLX1 example, searched by hand: level 0 branches on A (A, B, C, D all
// have two options; A is leftmost) and its second option "A D" leads to the
// solution: then E has one option left, "C E F", and B one, "B G". DLX1
// prints it as "A D", "E F C", "B G".
func TestTextbookStats(t *testing.T) {
	p := mustParse(t, "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n")
	var got Solution
	st, err := Solve(context.Background(), p, Options{Workers: 1}, func(s Solution) bool { got = s; return true })
	if err != nil {
		t.Fatal(err)
	}
	want := []Choice{{Option: 3, Item: 0, K: 2, D: 2}, {Option: 0, Item: 4, K: 1, D: 1}, {Option: 4, Item: 1, K: 1, D: 1}}
	if !reflect.DeepEqual(got.Choices, want) {
		t.Errorf("choices %+v, want %+v", got.Choices, want)
	}
	if st.Nodes != int64(sumProfile(st.Profile)) || st.MaxLevel != len(st.Profile)-1 {
		t.Errorf("profile %v does not add up to %d nodes, max level %d", st.Profile, st.Nodes, st.MaxLevel)
	}
}

func sumProfile(p []int64) (n int64) {
	for _, x := range p {
		n += x
	}
	return n
}

// randomProblem builds a small random problem with colours and
// multiplicities (if asked), and brute force gives its solutions.
func randomProblem(r *rand.Rand, colors, multi bool) *Problem {
	np, ns := 2+r.IntN(4), r.IntN(3)
	var prim, sec []string
	for i := range np {
		prim = append(prim, fmt.Sprintf("p%d", i))
	}
	for i := range ns {
		sec = append(sec, fmt.Sprintf("s%d", i))
	}
	p := NewProblem(prim, sec)
	if multi {
		for _, name := range prim {
			if r.IntN(2) == 0 {
				lo := r.IntN(3)
				p.SetMultiplicity(name, lo, max(lo, 1)+r.IntN(2))
			}
		}
	}
	for range 3 + r.IntN(9) {
		var items []string
		items = append(items, prim[r.IntN(np)])
		for _, name := range prim {
			if name != items[0] && r.IntN(3) == 0 {
				items = append(items, name)
			}
		}
		for _, name := range sec {
			if r.IntN(2) == 0 {
				if colors && r.IntN(3) > 0 {
					name += ":" + string(rune('a'+r.IntN(2)))
				}
				items = append(items, name)
			}
		}
		r.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
		p.AddOption(items...)
	}
	return p
}

// bruteForce lists the sets of options that are solutions, by trying all.
func bruteForce(p *Problem) [][]int {
	var sols [][]int
	n := p.NumOptions()
	for mask := 0; mask < 1<<n; mask++ {
		count := make([]int, p.NumItems())
		color := make([]int32, p.NumItems())
		ok := true
		for o := 0; o < n && ok; o++ {
			if mask&(1<<o) == 0 {
				continue
			}
			for at := p.optStart[o]; at < p.optStart[o+1]; at++ {
				i, col := p.entries[at].item, p.color(at)
				count[i]++
				if p.items[i].secondary {
					if col == 0 || (count[i] > 1 && color[i] != col) {
						color[i] = -1
					} else {
						color[i] = col
					}
					if color[i] < 0 && count[i] > 1 {
						ok = false
					}
				}
			}
		}
		for i := 0; i < p.nPrimary && ok; i++ {
			ok = count[i] >= p.items[i].min && count[i] <= p.items[i].max
		}
		if ok {
			var s []int
			for o := range n {
				if mask&(1<<o) != 0 {
					s = append(s, o)
				}
			}
			sols = append(sols, s)
		}
	}
	return sols
}

func sortSolutions(s [][]int) [][]int {
	slices.SortFunc(s, slices.Compare)
	return s
}

func TestAgainstBruteForce(t *testing.T) {
	for _, kind := range []struct {
		name          string
		colors, multi bool
	}{{"X", false, false}, {"C colours", true, false}, {"M multiplicities", false, true}, {"M with colours", true, true}} {
		t.Run(kind.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, uint64(len(kind.name))))
			for trial := range 400 {
				p := randomProblem(r, kind.colors, kind.multi)
				want := sortSolutions(bruteForce(p))
				for _, opt := range []Options{{Workers: 1}, {Workers: 2}, {Workers: 3, pollEvery: 1}} {
					workers := opt.Workers
					got, st := solveAll(t, p, opt)
					got = sortSolutions(got)
					if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
						var buf strings.Builder
						p.WriteDLX(&buf)
						t.Fatalf("trial %d, workers=%d:\n%s got %v, want %v", trial, workers, buf.String(), got, want)
					}
					if st.Solutions != int64(len(want)) {
						t.Fatalf("trial %d: Stats.Solutions %d, want %d", trial, st.Solutions, len(want))
					}
				}
			}
		})
	}
}

// The engine must leave its structure as it found it, even when stopped at
// any point (the parallel search reuses engines): X, C and M, on random
// problems, stopped after each of their solutions.
func TestEngineRestoredRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for trial := range 2000 {
		colors, multi := trial%2 == 0, trial%4 < 2
		p := randomProblem(r, colors, multi)
		e := testEngine(t, p)
		if p.hasMultiplicities() {
			e.initBounds(p)
		}
		e.grow(4)
		nd, cl, bound := slices.Clone(e.nd), slices.Clone(e.cl), slices.Clone(e.bound)
		e.search(0)
		total := e.count
		if !slices.Equal(nd, e.nd) || !slices.Equal(cl, e.cl) || !slices.Equal(bound, e.bound) {
			t.Fatalf("trial %d: search did not restore the structure", trial)
		}
		for stop := int64(1); stop <= total; stop++ {
			e.solution = stopAfter(stop)
			e.search(0)
			if !slices.Equal(nd, e.nd) || !slices.Equal(cl, e.cl) || !slices.Equal(bound, e.bound) {
				var buf strings.Builder
				p.WriteDLX(&buf)
				t.Fatalf("trial %d: search stopped after %d solutions did not restore the structure\n%s", trial, stop, buf.String())
			}
		}
	}
}

// stopAfter is a solution hook that stops the search at the n-th solution,
// as MaxSolutions n does.
func stopAfter(n int64) func() bool {
	k := int64(0)
	return func() bool { k++; return k < n }
}

// The engine must leave its structure as it found it, even when stopped.
func TestEngineRestored(t *testing.T) {
	p := medium(t)
	e := testEngine(t, p)
	nd, cl := slices.Clone(e.nd), slices.Clone(e.cl)
	e.search(0)
	if !slices.Equal(nd, e.nd) || !slices.Equal(cl, e.cl) {
		t.Error("search did not restore the links")
	}
	e.solution = stopAfter(7)
	if e.search(0) {
		t.Error("search was not stopped by MaxSolutions")
	}
	if !slices.Equal(nd, e.nd) || !slices.Equal(cl, e.cl) {
		t.Error("stopped search did not restore the links")
	}
}

func TestMaxSolutions(t *testing.T) {
	p := medium(t)
	for _, workers := range []int{1, 2} {
		for _, max := range []int64{1, 5, 100} {
			n := int64(0)
			st, err := Solve(context.Background(), p, Options{Workers: workers, MaxSolutions: max}, func(Solution) bool { n++; return true })
			if err != nil || n != max || st.Solutions != max {
				t.Errorf("workers=%d max=%d: visited %d, Solutions %d, err %v", workers, max, n, st.Solutions, err)
			}
		}
		// visit can stop the search too, with no error
		n := 0
		st, err := Solve(context.Background(), p, Options{Workers: workers}, func(Solution) bool { n++; return n < 3 })
		if err != nil || n != 3 || st.Solutions != 3 {
			t.Errorf("workers=%d: visit stop: %d visits, %d solutions, %v", workers, n, st.Solutions, err)
		}
	}
}

// Ordered delivery gives the solutions in the order of the sequential search.
func TestOrdered(t *testing.T) {
	p := loadRef(t, "pentomino-3x20.dlx")
	collect := func(opt Options) [][]int {
		var out [][]int
		if _, err := Solve(context.Background(), p, opt, func(s Solution) bool {
			out = append(out, s.Options)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if raceEnabled {
		p = queens(10)
	}
	want := collect(Options{Workers: 1})
	for _, workers := range []int{2, 4} {
		if got := collect(Options{Workers: workers, Ordered: true}); !reflect.DeepEqual(got, want) {
			t.Errorf("workers=%d: ordered solutions differ from the sequential ones", workers)
		}
	}
	// the same with the tree split into as many tasks as possible
	if got := collect(Options{Workers: 3, Ordered: true, pollEvery: 1}); !reflect.DeepEqual(got, want) {
		t.Errorf("finely split: ordered solutions differ from the sequential ones")
	}
	p = medium(t)
	want = collect(Options{Workers: 1})[:50]
	var got [][]int
	Solve(context.Background(), p, Options{Workers: 3, Ordered: true, MaxSolutions: 50}, func(s Solution) bool {
		got = append(got, s.Options)
		return true
	})
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ordered first 50 differ from the sequential ones")
	}
}

// Cancelling a long run returns promptly with ctx.Err() and leaves no
// goroutine behind. The search polls its context every 65536 updates (a
// fraction of a millisecond), so it returns within 50 ms unless the machine
// does not run us; a late return is therefore retried twice before failing.
func TestCancel(t *testing.T) {
	for _, multi := range []bool{false, true} {
		t.Run(fmt.Sprintf("multi=%v", multi), func(t *testing.T) { testCancel(t, long(multi)) })
	}
}

func testCancel(t *testing.T, p *Problem) {
	before := runtime.NumGoroutine()
	// Not a performance assertion: a guard against a search that does not
	// stop. The latency itself (well under 50 ms) is logged, and measured by
	// BenchmarkCancel.
	limit := time.Second
	if raceEnabled {
		limit *= 10
	}
	for _, workers := range []int{1, 2, 4} {
		var lates []time.Duration
		for range 3 {
			late := cancelLatency(t, p, workers)
			t.Logf("workers=%d: returned %v after cancel", workers, late)
			if late <= limit {
				break
			}
			lates = append(lates, late)
		}
		if len(lates) == 3 {
			t.Errorf("workers=%d: returned %v after cancel", workers, lates)
		}
	}
	// an already cancelled context stops at once
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, p, Options{}, nil); err != context.Canceled {
		t.Errorf("cancelled context: %v", err)
	}
	checkNoLeak(t, before)
}

// cancelLatency cancels a run in its middle and returns how long Solve took
// to return.
func cancelLatency(t *testing.T, p *Problem, workers int) time.Duration {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	var once sync.Once
	opt := Options{Workers: workers, Progress: func(pr Progress) {
		// in the walk: on a loaded machine the cut alone can pass 150 ms,
		// and a run cancelled there has walked no node yet
		if pr.Setup == "" && pr.Elapsed > 150*time.Millisecond {
			once.Do(func() { cancelled = time.Now(); cancel() })
		}
	}}
	st, err := Solve(ctx, p, opt, nil)
	late := time.Since(cancelled)
	if err != context.Canceled || cancelled.IsZero() {
		t.Fatalf("workers=%d: err = %v", workers, err)
	}
	if st.Nodes == 0 {
		t.Errorf("workers=%d: %d nodes when cancelled", workers, st.Nodes)
	}
	return late
}

// checkNoLeak waits a little for goroutines to end and fails if more are
// left than before.
func checkNoLeak(t *testing.T, before int) {
	t.Helper()
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	t.Errorf("goroutines leaked: %d before, %d after\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
}

func TestPauseResume(t *testing.T) {
	p := medium(t)
	full, _ := Solve(context.Background(), p, Options{Workers: 1}, nil)
	before := runtime.NumGoroutine()
	for _, workers := range []int{1, 2} {
		var ctl Control
		ctl.Pause()
		done := make(chan Stats)
		go func() {
			st, err := Solve(context.Background(), p, Options{Workers: workers, Control: &ctl}, nil)
			if err != nil {
				t.Error(err)
			}
			done <- st
		}()
		select {
		case <-done:
			t.Fatalf("workers=%d: search finished while paused", workers)
		case <-time.After(100 * time.Millisecond):
		}
		ctl.Resume()
		if st := <-done; st.Solutions != full.Solutions || st.Updates != full.Updates {
			t.Errorf("workers=%d: after resume %d solutions, %d updates", workers, st.Solutions, st.Updates)
		}
	}
	// a paused search can still be cancelled
	var ctl Control
	ctl.Pause()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := Solve(ctx, p, Options{Workers: 2, Control: &ctl}, nil); err != context.DeadlineExceeded {
		t.Errorf("paused and cancelled: %v", err)
	}
	checkNoLeak(t, before)
}

func TestProgress(t *testing.T) {
	p := medium(t)
	for _, workers := range []int{1, 2} {
		var got []Progress
		st, err := Solve(context.Background(), p, Options{Workers: workers, Progress: func(pr Progress) {
			got = append(got, pr)
		}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, pr := range got {
			if pr.Fraction < 0 || pr.Fraction > 1 || pr.Nodes > st.Nodes || pr.Workers != workers {
				t.Errorf("workers=%d: bad progress %+v", workers, pr)
			}
			if i > 0 && pr.Nodes < got[i-1].Nodes {
				t.Errorf("workers=%d: nodes went down: %+v after %+v", workers, pr, got[i-1])
			}
		}
	}
}

// Knuth's estimate on a uniform tree is exact: with the first of two
// choices at level 0 done, half the tree is done.
func TestPosition(t *testing.T) {
	p := mustParse(t, "A B\nA\nA\nB\n")
	e := testEngine(t, p)
	e.coverItem(1)
	e.choice[0], e.scor[0] = e.nd[1].down, 2
	if f := e.position(); f != 0.5 {
		t.Errorf("empty path: %v, want 0.5", f)
	}
	e.level = 1
	if f := e.position(); f != 0.25 {
		t.Errorf("first of two: %v, want 0.25", f)
	}
	e.choice[0] = e.nd[e.choice[0]].down
	if f := e.position(); f != 0.75 {
		t.Errorf("second of two: %v, want 0.75", f)
	}
}

// TestFinalProgress: even a search that ends before the first tick reports
// its final figures, with Fraction 1 when it searched the whole tree.
func TestFinalProgress(t *testing.T) {
	p := loadRef(t, "pentomino-3x20.dlx")
	if raceEnabled {
		p = medium(t)
	}
	for _, workers := range []int{1, 2} {
		var last Progress
		calls := 0
		st, err := Solve(context.Background(), p, Options{Workers: workers, Progress: func(pr Progress) { last = pr; calls++ }}, nil)
		if err != nil || calls == 0 {
			t.Fatalf("workers=%d: err %v, %d progress calls", workers, err, calls)
		}
		if last.Fraction != 1 || last.Solutions != st.Solutions || last.Nodes != st.Nodes || last.Updates != st.Updates {
			t.Errorf("workers=%d: last progress %+v, stats %+v", workers, last, st)
		}
		// Stopped early: the fraction is the estimate, below 1.
		_, err = Solve(context.Background(), p, Options{Workers: workers, MaxSolutions: 1, Progress: func(pr Progress) { last = pr }}, nil)
		if err != nil || last.Fraction >= 1 || last.Solutions != 1 {
			t.Errorf("workers=%d, first solution: last progress %+v, err %v", workers, last, err)
		}
	}
}

// slowThenFast is a problem whose first subtree is slow and has few
// solutions and whose second is fast with many: item R has two options,
// "R and all of B" (then queens A remains) and "R and all of A" (then the
// 2^k independent choices of B remain). In a parallel ordered run the
// second subtree's worker runs far ahead of the first.
func slowThenFast(n, k int) *Problem {
	q := queens(n)
	var prim, sec, bItems []string
	prim = append(prim, "R")
	for i := range q.nPrimary {
		prim = append(prim, q.items[i].name)
	}
	for i := range k {
		bItems = append(bItems, fmt.Sprintf("e%d", i))
	}
	prim = append(prim, bItems...)
	for _, it := range q.items[q.nPrimary:] {
		sec = append(sec, it.name)
	}
	p := NewProblem(prim, sec)
	p.AddOption(append([]string{"R"}, bItems...)...)
	p.AddOption(append([]string{"R"}, prim[1:1+q.nPrimary]...)...)
	for o := range q.NumOptions() {
		p.AddOption(q.OptionItems(o)...)
	}
	for _, e := range bItems {
		p.AddOption(e)
		p.AddOption(e)
	}
	return p
}

// Ordered delivery holds the solutions of a subtree that ran ahead of the
// one being delivered, but at most holdMax of them (the worker that finds
// more waits), and the order is still the sequential one.
func TestOrderedHoldsBounded(t *testing.T) {
	n, k := 11, 13 // 2680 slow solutions, then 8192 fast ones
	if raceEnabled {
		n, k = 9, 11
	}
	p := slowThenFast(n, k)
	var want [][]int
	st1, err := Solve(context.Background(), p, Options{Workers: 1}, func(s Solution) bool {
		want = append(want, s.Options)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []Options{
		{Workers: 2, Ordered: true, holdMax: 100},
		{Workers: 3, Ordered: true, holdMax: 1},
		{Workers: 3, Ordered: true, holdMax: 7, pollEvery: 16},
	} {
		var got [][]int
		var maxHeld int
		r, st, err := solveRun(context.Background(), p, opt, func(s Solution) bool {
			got = append(got, s.Options)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		maxHeld = r.maxHeldAt
		if !reflect.DeepEqual(got, want) || st.Nodes != st1.Nodes || st.Updates != st1.Updates {
			t.Errorf("%+v: the ordered solutions or figures differ from the sequential ones", opt)
		}
		if maxHeld > opt.holdMax {
			t.Errorf("%+v: held %d solutions at once, limit %d", opt, maxHeld, opt.holdMax)
		}
		t.Logf("workers=%d holdMax=%d: held at most %d, %d tasks, workers waited %v for room", opt.Workers, opt.holdMax, maxHeld, st.Tasks, r.waited)
	}
	// a waiting worker still ends when the search is cancelled or has
	// enough solutions
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	visits := 0
	_, err = Solve(ctx, p, Options{Workers: 3, Ordered: true, holdMax: 1}, func(Solution) bool {
		if visits++; visits == 10 {
			cancel()
		}
		return true
	})
	if err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
	st2, err := Solve(context.Background(), p, Options{Workers: 3, Ordered: true, holdMax: 1, MaxSolutions: 5}, nil)
	if err != nil || st2.Solutions != 5 {
		t.Errorf("MaxSolutions 5: %d, %v", st2.Solutions, err)
	}
	checkNoLeak(t, before)
}

// TestAnyOrder: a count that needs no order (Options.AnyOrder) cuts the
// tree of the shuffling engines as dancing links does (not at all for one
// worker), and finds the same solutions with the same nodes and updates
// as the shuffled cut, with one worker and two, on Knuth's pentominoes in
// 3x20 and random packings.
func TestAnyOrder(t *testing.T) {
	probs := []*Problem{loadTestdata(t, "dlx/pentomino-3x20.dlx")}
	r := rand.New(rand.NewPCG(7, 26))
	for range 20 {
		probs = append(probs, randomPacking(r))
	}
	for i, p := range probs {
		for _, e := range []Engine{EngineBits, EngineCell} {
			for _, w := range []int{1, 2} {
				var want, got []string
				collect := func(out *[]string) func(Solution) bool {
					return func(s Solution) bool {
						*out = append(*out, fmt.Sprint(slices.Sorted(slices.Values(s.Options))))
						return true
					}
				}
				a, err := Solve(context.Background(), p, Options{Workers: w, Engine: e}, collect(&want))
				if err != nil {
					t.Fatal(err)
				}
				b, err := Solve(context.Background(), p, Options{Workers: w, Engine: e, AnyOrder: true}, collect(&got))
				if err != nil {
					t.Fatal(err)
				}
				slices.Sort(want)
				slices.Sort(got)
				if w == 1 && b.Tasks != 1 || b.Tasks > int64(2*tasksPerWorker*w) { // a cut overshoots its n a little
					t.Errorf("problem %d, %v, %d workers: any order cut %d tasks", i, e, w, b.Tasks)
				}
				if a.Solutions != b.Solutions || a.Nodes != b.Nodes || a.Updates != b.Updates || !slices.Equal(want, got) || a.Engine != b.Engine {
					t.Errorf("problem %d, %v, %d workers: shuffled cut %d solutions %d nodes %d updates, any order %d %d %d",
						i, e, w, a.Solutions, a.Nodes, a.Updates, b.Solutions, b.Nodes, b.Updates)
				}
			}
		}
	}
}

// TestYield: while Options.Yield asks for a core, the last of two or more
// workers takes no task, and the run still finds every solution and ends;
// once it stops asking, the worker takes tasks again.
func TestYield(t *testing.T) {
	p := loadTestdata(t, "dlx/pentomino-3x20.dlx")
	for _, e := range []Engine{EngineDLX, EngineBits, EngineCell} {
		full, err := Solve(context.Background(), p, Options{Workers: 1, Engine: e}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{2, 3} {
			always := func() bool { return true }
			r, st, err := solveRun(context.Background(), p, Options{Workers: workers, Engine: e, Yield: always, Progress: func(Progress) {}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != full.Solutions || st.Nodes != full.Nodes {
				t.Errorf("%v, %d workers, yielding: %d solutions %d nodes, want %d %d", e, workers, st.Solutions, st.Nodes, full.Solutions, full.Nodes)
			}
			taken := 0
			for _, w := range r.workers {
				taken += w.taken
			}
			if last := r.workers[workers-1].taken; last != 0 || taken != len(r.tasks) {
				t.Errorf("%v, %d workers, yielding: the last worker took %d tasks, all %d of %d", e, workers, last, taken, len(r.tasks))
			}
		}
	}
	// holding off ends when Yield stops asking, and at once when no task
	// is left
	var ask atomic.Bool
	ask.Store(true)
	r := &run{ctx: context.Background(), tasks: make([][]int32, 3), opt: Options{Yield: ask.Load}}
	r.workers = []*worker{{run: r, index: 0}, {run: r, index: 1}}
	for _, w := range r.workers {
		w.f = &taskFigures{}
	}
	if !r.workers[0].holdOff(false) {
		t.Error("the first worker held off")
	}
	// holds runs wait (holding off between tasks, or poll inside one)
	// while Yield asks, and checks that it goes on once Yield stops
	holds := func(what string, wait func() bool) {
		t.Helper()
		ask.Store(true)
		done := make(chan bool)
		go func() { done <- wait() }()
		select {
		case <-done:
			t.Fatalf("the last worker did not hold off %s while Yield asked", what)
		case <-time.After(5 * yieldPoll):
		}
		ask.Store(false)
		if !<-done {
			t.Errorf("holding off %s stopped the run", what)
		}
	}
	holds("between tasks", func() bool { return r.workers[1].holdOff(false) })
	holds("inside a task", r.workers[1].poll)
	// with ordered delivery it holds only between tasks (its task may be
	// the one the others' solutions wait for)
	ask.Store(true)
	r.ordered = true
	if !r.workers[1].poll() {
		t.Error("an ordered run stopped at a poll")
	}
	r.ordered = false
	r.next.Store(3)
	if !r.workers[1].holdOff(false) {
		t.Error("with no task left, holding off stopped the run")
	}
	// a worker holding off is stopped with the run
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	big := loadTestdata(t, "dlx/pentomino-6x10.dlx")
	before := runtime.NumGoroutine()
	if _, err := Solve(ctx, big, Options{Workers: 2, Engine: EngineBits, Yield: func() bool { return true }}, nil); err != context.DeadlineExceeded {
		t.Errorf("yielding and cancelled: %v", err)
	}
	checkNoLeak(t, before)
}

// TestMaxNodes: a node budget stops the search with ErrNodeLimit, having
// walked a little more than the budget, and with one worker at the same
// node every time; a budget the tree fits in changes nothing.
func TestMaxNodes(t *testing.T) {
	p := loadTestdata(t, "dlx/pentomino-3x20.dlx")
	for _, e := range []Engine{EngineDLX, EngineBits, EngineCell} {
		full, err := Solve(context.Background(), p, Options{Engine: e, Workers: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var nodes []int64
		for range 2 {
			st, err := Solve(context.Background(), p, Options{Engine: e, Workers: 1, MaxNodes: full.Nodes / 3}, nil)
			if !errors.Is(err, ErrNodeLimit) || st.Nodes <= full.Nodes/3 || st.Nodes >= full.Nodes {
				t.Fatalf("%v: a third of %d nodes: %d walked, %v", e, full.Nodes, st.Nodes, err)
			}
			nodes = append(nodes, st.Nodes)
		}
		if nodes[0] != nodes[1] {
			t.Errorf("%v: stopped at %d nodes, then at %d", e, nodes[0], nodes[1])
		}
		st, err := Solve(context.Background(), p, Options{Engine: e, Workers: 2, MaxNodes: full.Nodes + 1}, nil)
		if err != nil || st.Solutions != full.Solutions || st.Nodes != full.Nodes {
			t.Errorf("%v: budget above the tree: %d solutions, %d nodes, %v; want %d, %d", e, st.Solutions, st.Nodes, err, full.Solutions, full.Nodes)
		}
	}
}
