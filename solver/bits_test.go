package solver

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// solveSet solves p with opt and returns its solutions as sorted option
// lists, sorted.
func solveSet(t testing.TB, p *Problem, opt Options) ([][]int, Stats) {
	t.Helper()
	var sols [][]int
	st, err := Solve(context.Background(), p, opt, func(s Solution) bool {
		sols = append(sols, slices.Sorted(slices.Values(s.Options)))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return sortSolutions(sols), st
}

// The bitset engine finds the same solutions as brute force on the random
// problems of TestAgainstBruteForce that it applies to (no colours).
func TestBitsAgainstBruteForce(t *testing.T) {
	for _, kind := range []struct {
		name  string
		multi bool
	}{{"X", false}, {"M multiplicities", true}} {
		t.Run(kind.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, uint64(len(kind.name))))
			applied := 0
			for trial := range 400 {
				p := randomProblem(r, false, kind.multi)
				if ok, _ := BitsApplies(p); !ok {
					continue
				}
				applied++
				want := sortSolutions(bruteForce(p))
				for _, workers := range []int{1, 2, 3} {
					got, st := solveSet(t, p, Options{Workers: workers, Engine: EngineBits})
					if st.Engine != EngineBits {
						t.Fatalf("trial %d: engine %v ran", trial, st.Engine)
					}
					if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
						var buf strings.Builder
						p.WriteDLX(&buf)
						t.Fatalf("trial %d, workers=%d:\n%s got %v, want %v", trial, workers, buf.String(), got, want)
					}
					// without multiplicities, the option-bitset search makes
					// DLX1's tree: the same nodes and updates
					if !kind.multi {
						dl, _ := Solve(context.Background(), p, Options{Workers: 1}, nil)
						if st.Nodes != dl.Nodes || st.Updates != dl.Updates {
							t.Fatalf("trial %d, workers=%d: %d nodes, %d updates; dancing links %d, %d", trial, workers, st.Nodes, st.Updates, dl.Nodes, dl.Updates)
						}
					}
				}
			}
			if applied < 200 {
				t.Fatalf("the bitset engine applied to only %d of 400 problems", applied)
			}
		})
	}
}

// bitsRef reads one of Knuth's reference DLX files from testdata/dlx.
func bitsRef(t testing.TB, name string) *Problem {
	t.Helper()
	return loadRef(t, name)
}

// Every reference file: the bitset engine finds DLX1's number of
// solutions, the same set as dancing links where that is quick, and the
// same figures with one worker or several.
func TestBitsReference(t *testing.T) {
	// the big files take about 3.5 s of CPU together with the bitset
	// engine (pentacube 2x5x6 1.4 s): in the plain pass, and checked
	// against DLX1's counts and nodes only (dancing links would take a
	// minute); the bench command checks them too
	big := os.Getenv("POLYVIZ_BIG") != "" || (!testing.Short() && !raceEnabled)
	for _, ref := range dlx1Figures {
		t.Run(ref.file, func(t *testing.T) {
			if ref.big && !big {
				t.Skip("big file: set POLYVIZ_BIG=1")
			}
			if raceEnabled && ref.nodes > 100000 && !big {
				t.Skip("too slow under the race detector")
			}
			p := bitsRef(t, ref.file)
			got, st := solveSet(t, p, Options{Workers: 2, Engine: EngineBits})
			if st.Engine != EngineBits || int64(len(got)) != ref.solutions || st.Solutions != ref.solutions {
				t.Fatalf("engine %v: %d solutions (Stats %d), DLX1 %d", st.Engine, len(got), st.Solutions, ref.solutions)
			}
			// the option-bitset search makes DLX1's search tree, and
			// counts its updates
			if st.Nodes != ref.nodes || st.Updates != ref.updates {
				t.Errorf("%d nodes, %d updates; DLX1 %d, %d", st.Nodes, st.Updates, ref.nodes, ref.updates)
			}
			if !ref.big {
				want, _ := solveSet(t, p, Options{Workers: 2})
				if !reflect.DeepEqual(got, want) {
					t.Fatal("the bitset engine's solutions differ from dancing links'")
				}
				one, _ := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineBits}, nil)
				three, _ := Solve(context.Background(), p, Options{Workers: 3, Engine: EngineBits}, nil)
				if one.Nodes != three.Nodes || one.Updates != three.Updates || one.Solutions != three.Solutions || one.Nodes != sumProfile(one.Profile) {
					t.Errorf("1 worker %d/%d/%d (profile %d), 3 workers %d/%d/%d", one.Solutions, one.Nodes, one.Updates, sumProfile(one.Profile),
						three.Solutions, three.Nodes, three.Updates)
				}
			}
		})
	}
}

// Ordered delivery with several workers gives the one-worker order;
// MaxSolutions stops; a coloured problem falls back to dancing links.
func TestBitsOrderedMaxFallback(t *testing.T) {
	file, want := "soma-3x3x3.dlx", 11520
	if raceEnabled {
		file, want = "pentomino-3x20.dlx", 8
	}
	p := bitsRef(t, file)
	var one, three [][]int
	for _, run := range []struct {
		workers int
		out     *[][]int
	}{{1, &one}, {3, &three}} {
		_, err := Solve(context.Background(), p, Options{Workers: run.workers, Ordered: true, Engine: EngineBits}, func(s Solution) bool {
			*run.out = append(*run.out, s.Options)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(one) != want || !reflect.DeepEqual(one, three) {
		t.Fatalf("ordered: %d solutions with 1 worker, %d with 3, or a different order", len(one), len(three))
	}
	for _, workers := range []int{1, 2} {
		n := 0
		st, err := Solve(context.Background(), p, Options{Workers: workers, MaxSolutions: 7, Engine: EngineAuto}, func(Solution) bool { n++; return true })
		if err != nil || n != 7 || st.Solutions != 7 {
			t.Errorf("workers=%d, MaxSolutions 7: visited %d, Stats %d, err %v", workers, n, st.Solutions, err)
		}
	}
	c := mustParse(t, "A B | x\nA x:1\nB x:2\nA B\n")
	st, err := Solve(context.Background(), c, Options{Engine: EngineBits}, nil)
	if err != nil || st.Engine != EngineDLX || st.Solutions != 1 {
		t.Errorf("coloured problem: engine %v, %d solutions, %v", st.Engine, st.Solutions, err)
	}
	if ok, why := BitsApplies(c); ok || why != "colours" {
		t.Errorf("BitsApplies = %v, %q", ok, why)
	}
}

// Cancel stops the bitset search promptly, pause holds it, and progress
// reports a fraction that ends at 1.
func TestBitsControl(t *testing.T) {
	p := bitsRef(t, "pentacube-2x5x6.dlx")
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	if _, err := Solve(ctx, p, Options{Workers: 2, Engine: EngineBits}, nil); err != context.Canceled {
		t.Fatalf("cancelled: %v", err)
	}
	var c Control
	c.Pause()
	ctx, cancel = context.WithCancel(context.Background())
	var paused bool
	// cancelled once a report says paused (however long the setup takes
	// on a loaded machine), or after a minute without one
	stop := time.AfterFunc(time.Minute, cancel)
	defer stop.Stop()
	st, err := Solve(ctx, p, Options{Workers: 2, Engine: EngineBits, Control: &c, Progress: func(pr Progress) {
		if pr.Paused {
			paused = true
			cancel()
		}
	}}, nil)
	if err != context.Canceled || st.Solutions != 0 || !paused {
		t.Fatalf("paused run: %v, %d solutions, paused reported %v", err, st.Solutions, paused)
	}
	q := bitsRef(t, "soma-3x3x3.dlx")
	var last Progress
	var reports int
	_, err = Solve(context.Background(), q, Options{Workers: 2, Engine: EngineBits, Progress: func(pr Progress) {
		reports++
		if pr.Fraction < 0 || pr.Fraction > 1 {
			t.Errorf("fraction %v", pr.Fraction)
		}
		last = pr
	}}, nil)
	if err != nil || reports == 0 || last.Fraction != 1 || last.Solutions != 11520 {
		t.Fatalf("progress: %v, %d reports, last %+v", err, reports, last)
	}
}

// OnWorkerStart is called once on each worker's goroutine, with one
// worker too, as dancing links does, with each index once and the number
// of workers.
func TestBitsOnWorkerStart(t *testing.T) {
	p := bitsRef(t, "pentomino-3x20.dlx")
	for _, workers := range []int{1, 2, 3} {
		var calls atomic.Int32
		var seen [3]atomic.Int32
		start := func(i, n int) {
			calls.Add(1)
			if n == workers && i >= 0 && i < n {
				seen[i].Add(1)
			}
		}
		st, err := Solve(context.Background(), p, Options{Workers: workers, Engine: EngineBits, OnWorkerStart: start}, nil)
		if err != nil || st.Solutions != 8 || calls.Load() != int32(workers) {
			t.Errorf("workers=%d: %d calls, %d solutions, %v", workers, calls.Load(), st.Solutions, err)
		}
		for i := range workers {
			if seen[i].Load() != 1 {
				t.Errorf("workers=%d: worker %d started %d times with the right count", workers, i, seen[i].Load())
			}
		}
	}
}

func TestParseEngine(t *testing.T) {
	for _, e := range []Engine{EngineDLX, EngineBits, EngineAuto, EngineCell} {
		if got, err := ParseEngine(e.String()); got != e || err != nil {
			t.Errorf("ParseEngine(%q) = %v, %v", e.String(), got, err)
		}
	}
	if _, err := ParseEngine("fast"); !errors.Is(err, ErrBadEngine) {
		t.Errorf("ParseEngine(fast): %v", err)
	}
}

// benchBits counts all solutions of a reference file with the bitset
// engine.
func benchBits(b *testing.B, file string, workers int) {
	p := bitsRef(b, file)
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		st, err := Solve(context.Background(), p, Options{Workers: workers, Engine: EngineBits}, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += st.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkBitsSoma(b *testing.B)           { benchBits(b, "soma-3x3x3.dlx", 1) }
func BenchmarkBitsPentomino3x20(b *testing.B)  { benchBits(b, "pentomino-3x20.dlx", 1) }
func BenchmarkBitsPentomino6x10(b *testing.B)  { benchBits(b, "pentomino-6x10.dlx", 1) }
func BenchmarkBitsPentacube2x5x6(b *testing.B) { benchBits(b, "pentacube-2x5x6.dlx", 1) }
func BenchmarkBitsPentacube3x4x5(b *testing.B) { benchBits(b, "pentacube-3x4x5.dlx", 1) }

// BenchmarkBitsRule measures the branching rules and dead-end tests of the
// bitset engine, one worker, without the task split: the option-bitset
// search (DLX1's rule, the engine's search without multiplicities),
// first-empty (the engine's search with them, with its dead-end tests) in
// three orders, with the region test, and without the dead-end tests. The nodes
// per solve are reported beside the time.
func BenchmarkBitsRule(b *testing.B) {
	for _, file := range []string{"soma-3x3x3.dlx", "pentomino-3x20.dlx", "pentomino-4x15.dlx", "pentacube-2x3x10.dlx",
		"pentomino-6x10.dlx", "pentacube-2x5x6.dlx"} {
		p := bitsRef(b, file)
		for _, rule := range []string{"dlx", "options", "first-empty", "by-distance", "by-count", "region", "no-prune"} {
			b.Run(strings.TrimSuffix(file, ".dlx")+"/"+rule, func(b *testing.B) {
				order := bitsOrder(p)
				switch rule {
				case "by-distance":
					order, _ = greedyOrder(p, true)
				case "by-count":
					order, _ = greedyOrder(p, false)
				}
				plan, err := newBitsPlan[[2]uint64](context.Background(), p, order, nil)
				if err != nil {
					b.Fatal(err)
				}
				plan.noDead = rule == "no-prune"
				if rule == "region" {
					if err := plan.regions(context.Background(), bitsHitting(p, plan.bitOf, plan.nBranch)); err != nil {
						b.Fatal(err)
					}
					plan.region = plan.regionMax > 0
				}
				var nodes int64
				cpu := cpuTime()
				for b.Loop() {
					s := newBitsSearch(plan)
					if rule == "dlx" {
						st, _ := Solve(context.Background(), p, Options{Workers: 1}, nil)
						nodes = st.Nodes
						continue
					}
					if rule == "options" {
						o := optFactory(p)()
						o.replay(nil)
						o.search(0)
						nodes = o.figures().nodes
						continue
					}
					s.search(0)
					nodes = s.nodes
				}
				b.ReportMetric(float64(nodes), "nodes")
				b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// cpuTime is the process's user CPU time: on a busy machine it measures
// the work better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano())
}

// A task's choices name options of the problem and back (for checkpoints),
// in both bitset searches and in dancing links.
func TestBitsChoiceNames(t *testing.T) {
	p := bitsRef(t, "pentomino-3x20.dlx")
	q := mustParse(t, "2:3|A B | x\nA x\nA\nA B\nB x\nB\n") // multiplicities: first-empty
	fe, err := firstEmptyFactory(context.Background(), q, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []taskSearch{optFactory(p)(), fe(), madeSearch(t, dlxFactory(context.Background(), p, pollInterval)),
		madeSearch(t, dlxFactory(context.Background(), q, pollInterval))} {
		var tasks [][]int32
		if !s.children(nil, &tasks, false) || len(tasks) == 0 {
			t.Fatalf("%T: no children at the root", s)
		}
		for _, task := range tasks {
			for _, c := range task {
				o := s.stepOf(c)
				back, ok := s.choiceOf(o)
				if !ok || back != c {
					t.Errorf("%T: choice %d -> option %d -> %d, %v", s, c, o, back, ok)
				}
			}
		}
		if _, ok := s.choiceOf(Step{Item: -1, Option: -1}); ok {
			t.Errorf("%T: option -1 named a choice", s)
		}
	}
}

// TestBitsRegionCount: the region test, left off in the engine and set up
// only on demand (BenchmarkBitsRule), cuts nodes but no solution (Soma).
func TestBitsRegionCount(t *testing.T) {
	p := bitsRef(t, "soma-3x3x3.dlx")
	plan, err := newBitsPlan[[2]uint64](context.Background(), p, bitsOrder(p), nil)
	if err != nil {
		t.Fatal(err)
	}
	off := newBitsSearch(plan)
	off.search(0)
	if err := plan.regions(context.Background(), bitsHitting(p, plan.bitOf, plan.nBranch)); err != nil {
		t.Fatal(err)
	}
	if plan.regionMax == 0 {
		t.Fatal("no region test")
	}
	plan.region = true
	on := newBitsSearch(plan)
	on.search(0)
	if on.count != off.count || on.nodes >= off.nodes {
		t.Errorf("region test: %d solutions in %d nodes, without it %d in %d", on.count, on.nodes, off.count, off.nodes)
	}
}
