package backend

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"polyviz/ui"
)

// The main goroutine keeps the main thread, as Fyne's does in the app, so
// that the search runs on threads of its own.
func init() { runtime.LockOSThread() }

// threadNices returns the nice value of every thread of the process.
func threadNices(t *testing.T) map[int]int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skip("no /proc/self/task")
	}
	out := map[int]int{}
	for _, e := range ents {
		data, err := os.ReadFile("/proc/self/task/" + e.Name() + "/stat")
		if err != nil {
			continue // the thread ended
		}
		// the fields after the command's closing parenthesis; nice is field 19
		s := string(data)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		tid, _ := strconv.Atoi(e.Name())
		nice, _ := strconv.Atoi(fields[16])
		out[tid] = nice
	}
	return out
}

// TestYieldToUILowersOnlySolverThreads: with YieldToUI the search runs on
// threads at nice 10, the others keep their priority, and when the solve
// ends no thread is left lowered.
func TestYieldToUILowersOnlySolverThreads(t *testing.T) {
	before := threadNices(t)
	for tid, n := range before {
		if n != 0 {
			t.Skipf("thread %d already at nice %d", tid, n)
		}
	}
	b := New()
	p := library(t, b, "soma-pyramid")
	for _, workers := range []int{1, 2} {
		var seen []int
		tids := map[int]bool{}
		others := 0
		st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: workers, YieldToUI: true}, func(ui.Solution) bool {
			tids[syscall.Gettid()] = true
			prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
			if err == nil {
				seen = append(seen, 20-prio) // the raw call returns 20 - nice
			}
			if len(seen) == 1 {
				for tid, n := range threadNices(t) {
					if tid != syscall.Gettid() && n != 0 && n != solverNice {
						others++
					}
				}
			}
			return true
		})
		if err != nil || st.Solutions == 0 {
			t.Fatalf("-j%d: %v, %d solutions", workers, err, st.Solutions)
		}
		for _, n := range seen {
			if n != solverNice {
				t.Fatalf("-j%d: a solution was found on a thread at nice %d, want %d", workers, n, solverNice)
			}
		}
		if others != 0 {
			t.Errorf("-j%d: %d threads at an unexpected nice value", workers, others)
		}
		// the lowered threads end with their goroutines
		deadline := time.Now().Add(5 * time.Second)
		for {
			lowered := 0
			for _, n := range threadNices(t) {
				if n != 0 {
					lowered++
				}
			}
			if lowered == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("-j%d: %d threads still lowered after the solve: %v (solutions on %v)", workers, lowered, threadNices(t), tids)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	// without YieldToUI nothing is lowered
	if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2}, func(ui.Solution) bool {
		prio, _ := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		if 20-prio != 0 {
			t.Errorf("nice %d without YieldToUI", 20-prio)
			return false
		}
		return true
	}); err != nil {
		t.Fatal(err)
	}
}

// The goroutine that works out the listed solutions' levels runs at nice
// 19 in the SCHED_IDLE class, below the search (nice 10), so that it never
// slows a solve down;
// its thread ends with it.
func TestFactsThreadBelowSolver(t *testing.T) {
	b := New()
	if b.OnFactsStart == nil {
		t.Fatal("the backend sets no OnFactsStart")
	}
	got := make(chan int)
	go func() {
		b.OnFactsStart()
		prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		if err != nil {
			got <- -100
			return
		}
		got <- 20 - prio // the raw call returns 20 - nice
		got <- threadPolicy()
	}()
	if n := <-got; n != factsNice || factsNice <= solverNice {
		t.Fatalf("facts thread at nice %d, want %d (solver %d)", n, factsNice, solverNice)
	}
	if p := <-got; p != schedIdle {
		t.Fatalf("facts thread in scheduling policy %d, want SCHED_IDLE (%d)", p, schedIdle)
	}
}

// TestEstimateThreadBelowUI: the window's estimate probes on a thread at
// the search's nice, not the window's (its progress lines come from the
// probing goroutine).
func TestEstimateThreadBelowUI(t *testing.T) {
	if prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Getpid()); err == nil && 20-prio >= solverNice {
		t.Skipf("the test runs at nice %d already: a lowered thread would not show", 20-prio)
	}
	b := New()
	p := library(t, b, "soma")
	got := make(chan int, 1)
	go func() {
		nice := -100
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		_ = b.Estimate(ctx, p, ui.DistinctRaw, func(string) {
			if prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid()); err == nil && nice == -100 {
				nice = 20 - prio // the raw call returns 20 - nice
			}
			cancel() // one line is enough
		})
		got <- nice
	}()
	if n := <-got; n != solverNice {
		t.Fatalf("estimate thread at nice %d, want the search's %d", n, solverNice)
	}
}

// TestSolveSetupBelowUI: with YieldToUI what comes before the search (the
// problem, its symmetries, the cut into tasks) runs on a thread at the
// search's nice, not on the caller's, and without it on the caller's.
func TestSolveSetupBelowUI(t *testing.T) {
	if n, _ := syscall.Getpriority(syscall.PRIO_PROCESS, 0); 20-n != 0 {
		t.Skipf("the test runs at nice %d", 20-n)
	}
	// the caller keeps its thread, so that another goroutine's is another
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b := New()
	p := library(t, b, "soma")
	defer func() { solveKindStarts = nil }()
	for _, yield := range []bool{true, false} {
		nice, caller := -1, syscall.Gettid()
		setupTid := 0
		solveKindStarts = func() {
			setupTid = syscall.Gettid()
			if prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, setupTid); err == nil {
				nice = 20 - prio
			}
		}
		st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2, Max: 1, YieldToUI: yield}, func(ui.Solution) bool { return true })
		if err != nil || st.Solutions != 1 {
			t.Fatalf("yield %v: %v, %d solutions", yield, err, st.Solutions)
		}
		switch {
		case yield && (nice != solverNice || setupTid == caller):
			t.Errorf("with YieldToUI the setup ran at nice %d on thread %d (the caller's %d)", nice, setupTid, caller)
		case !yield && nice != 0:
			t.Errorf("without YieldToUI the setup ran at nice %d", nice)
		}
	}
}

// TestWorkerPriority: with YieldToUI every search thread runs at nice 10,
// and every one but the worker that holds off while the view animates (the
// last of two or more) in the SCHED_IDLE class, so that the UI's threads
// never wait for a search thread; a one-worker solve finds its solutions on
// such a thread.
func TestWorkerPriority(t *testing.T) {
	if n, _ := syscall.Getpriority(syscall.PRIO_PROCESS, 0); 20-n != 0 {
		t.Skipf("the test runs at nice %d", 20-n)
	}
	type prio struct{ nice, policy int }
	on := func(f func()) prio {
		got := make(chan prio)
		go func() {
			f()
			p, _ := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
			got <- prio{20 - p, threadPolicy()} // the raw call returns 20 - nice
		}()
		return <-got
	}
	for _, c := range []struct {
		worker, workers int
		idle            bool
	}{{0, 1, true}, {0, 2, true}, {1, 2, false}, {0, 3, true}, {1, 3, true}, {2, 3, false}} {
		want := prio{solverNice, 0}
		if c.idle {
			want.policy = schedIdle
		}
		if got := on(func() { workerPriority(c.worker, c.workers) }); got != want {
			t.Errorf("worker %d of %d: nice %d, policy %d; want %d, %d", c.worker, c.workers, got.nice, got.policy, want.nice, want.policy)
		}
	}
	b := New()
	p := library(t, b, "soma-pyramid")
	policies := map[int]int64{}
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, YieldToUI: true}, func(ui.Solution) bool {
		policies[threadPolicy()]++
		return true
	})
	if err != nil || st.Solutions == 0 || policies[schedIdle] != st.Solutions {
		t.Fatalf("-j1: %v, %d solutions, found under policies %v", err, st.Solutions, policies)
	}
}
