package solver

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"
)

// The bitset engine's run: the tree is cut into many tasks (the prefixes of
// choices down to the first level with at least bitsMinTasks of them), the
// tasks are put in a fixed pseudo-random order, and the workers take them
// one after another from a shared counter. The same tasks in the same order
// whatever the number of workers: one worker finds the solutions in the
// order Options.Ordered delivers, and the counts (nodes, updates) are the
// same for any number of workers.
//
// The random order is what makes the progress estimate converge: the tasks
// done are a uniform sample of all the tasks, so the share of tasks done
// (plus Knuth's estimate inside the running ones) estimates the share of
// the work done without the bias of a depth-first walk, whose first
// branches are rarely typical. On a long run the estimate is within a few
// per cent after the first tenth of the run (see the bench command).

// bitsMinTasks is how many tasks the tree is cut into, at least (when it is
// that big).
const bitsMinTasks = 4096

// solveBits runs Solve with the bitset engine if it applies to p; ok is
// false otherwise.
func solveBits(ctx context.Context, p *Problem, opt Options, visit func(Solution) bool, start time.Time) (st Stats, err error, ok bool) {
	w, why := bitsWords(p)
	if why != "" {
		return Stats{}, nil, false
	}
	order := bitsOrder(p)
	switch w {
	case 1:
		st, err = runBits(ctx, newBitsPlan[[1]uint64](p, order), opt, visit, start)
	case 2:
		st, err = runBits(ctx, newBitsPlan[[2]uint64](p, order), opt, visit, start)
	case 4:
		st, err = runBits(ctx, newBitsPlan[[4]uint64](p, order), opt, visit, start)
	default:
		st, err = runBits(ctx, newBitsPlan[[8]uint64](p, order), opt, visit, start)
	}
	return st, err, true
}

// A bitsRun is the shared state of one bitset Solve.
type bitsRun[M mask] struct {
	ctx     context.Context
	opt     Options
	visit   func(Solution) bool
	start   time.Time
	plan    *bitsPlan[M]
	tasks   [][]int32
	workers []*bitsWorker[M]
	ordered bool
	want    bool // solutions are built (visit or MaxSolutions)

	next     atomic.Int64 // the next task to take
	finished atomic.Int64 // tasks done
	stop     atomic.Bool
	lastFrac float64

	mu        sync.Mutex // guards what follows, and calls to visit
	err       error
	delivered int64
	head      int          // ordered: the task whose solutions go straight out
	done      []bool       // ordered: tasks finished
	held      [][]Solution // ordered: solutions of tasks after head
}

// A bitsWorker is one goroutine of a bitset run.
type bitsWorker[M mask] struct {
	run                            *bitsRun[M]
	s                              *bitsSearch[M]
	task                           int
	root                           int
	pubNodes, pubUpdates, pubCount atomic.Int64
	pubFrac                        atomic.Uint64
}

// runBits cuts the tree into tasks and runs them.
func runBits[M mask](ctx context.Context, plan *bitsPlan[M], opt Options, visit func(Solution) bool, start time.Time) (Stats, error) {
	n := resolveWorkers(opt.Workers)
	r := &bitsRun[M]{ctx: ctx, opt: opt, visit: visit, start: start, plan: plan,
		ordered: opt.Ordered && n > 1, want: visit != nil || opt.MaxSolutions > 0}
	// cut the tree: the nodes above the tasks are counted here
	split := newBitsSearch(plan)
	r.tasks = bitsTasks(split)
	rand.New(rand.NewPCG(11, 2026)).Shuffle(len(r.tasks), func(i, j int) {
		r.tasks[i], r.tasks[j] = r.tasks[j], r.tasks[i]
	})
	if r.ordered {
		r.done = make([]bool, len(r.tasks))
		r.held = make([][]Solution, len(r.tasks))
	}
	for range n {
		w := &bitsWorker[M]{run: r, s: newBitsSearch(plan)}
		w.s.poll = w.poll
		if r.want {
			w.s.solution = w.solution
		}
		r.workers = append(r.workers, w)
	}
	stopMonitor := r.startMonitor()
	if n == 1 && opt.OnWorkerStart == nil {
		r.workers[0].loop()
	} else {
		// each worker on a goroutine of its own, which OnWorkerStart may
		// lock to a thread of lower priority
		var wg sync.WaitGroup
		for _, w := range r.workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if opt.OnWorkerStart != nil {
					opt.OnWorkerStart()
				}
				w.loop()
			}()
		}
		wg.Wait()
	}
	stopMonitor()
	st := r.stats(split)
	st.Elapsed = time.Since(start)
	r.finalProgress(st)
	return st, r.err
}

// bitsTasks cuts the tree at the first depth that gives at least
// bitsMinTasks prefixes (or at the leaves, for a small tree), and counts
// the nodes above that depth in s.
func bitsTasks[M mask](s *bitsSearch[M]) [][]int32 {
	var tasks [][]int32
	depth := 0
	for ; depth <= s.b.nBranch; depth++ {
		tasks = tasks[:0]
		deeper := s.prefixes(depth, nil, &tasks, false)
		if !deeper || len(tasks) >= bitsMinTasks {
			break
		}
	}
	tasks = tasks[:0]
	s.prefixes(depth, nil, &tasks, true)
	return tasks
}

// loop takes tasks until there are none left or the run stops.
func (w *bitsWorker[M]) loop() {
	r := w.run
	for !r.stop.Load() {
		t := int(r.next.Add(1) - 1)
		if t >= len(r.tasks) {
			break
		}
		w.task = t
		w.root = len(r.tasks[t])
		w.s.replay(r.tasks[t])
		w.s.level = w.root
		if !w.s.search(w.root) {
			break
		}
		r.finished.Add(1)
		w.publish(false)
		if r.ordered {
			r.finishOrdered(t)
		}
	}
	w.publish(false)
}

// poll looks at the world: cancellation, pause, progress.
func (w *bitsWorker[M]) poll(s *bitsSearch[M]) bool {
	r := w.run
	if r.stop.Load() {
		return false
	}
	if err := r.ctx.Err(); err != nil {
		r.halt(err)
		return false
	}
	if c := r.opt.Control; c != nil && c.Paused() {
		w.publish(true)
		if err := c.wait(r.ctx); err != nil {
			r.halt(err)
			return false
		}
	}
	w.publish(true)
	return !r.stop.Load()
}

// publish makes the worker's figures visible to the progress monitor;
// running says whether it is inside a task.
func (w *bitsWorker[M]) publish(running bool) {
	s := w.s
	w.pubNodes.Store(s.nodes)
	w.pubUpdates.Store(s.updates)
	w.pubCount.Store(s.count)
	f := 0.0
	if running && w.run.opt.Progress != nil {
		f = min(max(s.position(w.root), 0), 1)
	}
	w.pubFrac.Store(math.Float64bits(f))
}

// solution delivers (or holds, in ordered mode) the solution at s's leaf.
func (w *bitsWorker[M]) solution(s *bitsSearch[M]) bool {
	sol := s.solutionAt()
	r := w.run
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ordered && w.task != r.head {
		if r.stop.Load() {
			return false
		}
		r.held[w.task] = append(r.held[w.task], sol)
		return true
	}
	return r.deliverLocked(sol)
}

// finishOrdered marks task t done and delivers the solutions held for the
// tasks that have become the head.
func (r *bitsRun[M]) finishOrdered(t int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done[t] = true
	for r.head < len(r.tasks) && r.done[r.head] {
		r.head++
		if r.head == len(r.tasks) {
			return
		}
		sols := r.held[r.head]
		r.held[r.head] = nil
		for _, sol := range sols {
			if !r.deliverLocked(sol) {
				return
			}
		}
	}
}

// deliverLocked hands one solution to visit, under r.mu; it reports whether
// the search goes on.
func (r *bitsRun[M]) deliverLocked(sol Solution) bool {
	if r.stop.Load() {
		return false
	}
	r.delivered++
	goOn := true
	if r.visit != nil {
		goOn = r.visit(sol)
	}
	if !goOn || (r.opt.MaxSolutions > 0 && r.delivered >= r.opt.MaxSolutions) {
		r.stop.Store(true)
		return false
	}
	return true
}

// halt stops the run, remembering the first error.
func (r *bitsRun[M]) halt(err error) {
	r.mu.Lock()
	if r.err == nil {
		r.err = err
	}
	r.stop.Store(true)
	r.mu.Unlock()
}

// stats sums the figures of the cut and of the workers.
func (r *bitsRun[M]) stats(split *bitsSearch[M]) Stats {
	st := Stats{Workers: len(r.workers), Tasks: int64(max(len(r.tasks), 1)), Engine: EngineBits}
	all := append([]*bitsSearch[M]{split}, make([]*bitsSearch[M], 0, len(r.workers))...)
	for _, w := range r.workers {
		all = append(all, w.s)
	}
	for _, s := range all {
		st.Nodes += s.nodes
		st.Updates += s.updates
		st.Solutions += s.count
		st.MaxLevel = max(st.MaxLevel, s.maxl)
	}
	st.Profile = make([]int64, st.MaxLevel+1)
	for _, s := range all {
		for l, n := range s.profile[:min(len(s.profile), st.MaxLevel+1)] {
			st.Profile[l] += n
		}
	}
	if r.want {
		st.Solutions = r.delivered
	}
	return st
}

// snapshot gathers the figures the workers last published. The fraction
// done is the share of tasks finished plus the running tasks' estimates.
func (r *bitsRun[M]) snapshot() Progress {
	pr := Progress{Elapsed: time.Since(r.start), Workers: len(r.workers)}
	if r.opt.Control != nil {
		pr.Paused = r.opt.Control.Paused()
	}
	frac := float64(r.finished.Load())
	for _, w := range r.workers {
		pr.Nodes += w.pubNodes.Load()
		pr.Updates += w.pubUpdates.Load()
		pr.Solutions += w.pubCount.Load()
		frac += math.Float64frombits(w.pubFrac.Load())
	}
	pr.Fraction = min(max(frac/float64(max(len(r.tasks), 1)), 0), 1)
	return pr
}

// startMonitor starts the goroutine that reports progress about ten times
// a second, if asked for; the function it returns stops it.
func (r *bitsRun[M]) startMonitor() func() {
	if r.opt.Progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				pr := r.snapshot()
				r.lastFrac = pr.Fraction
				r.opt.Progress(pr)
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// finalProgress reports the end of the run: the final figures, with a
// fraction of 1 when the whole tree was searched.
func (r *bitsRun[M]) finalProgress(st Stats) {
	if r.opt.Progress == nil {
		return
	}
	pr := r.snapshot()
	pr.Solutions, pr.Nodes, pr.Updates, pr.Elapsed = st.Solutions, st.Nodes, st.Updates, st.Elapsed
	pr.Fraction = 1
	if r.stop.Load() {
		pr.Fraction = r.lastFrac
	}
	r.opt.Progress(pr)
}
