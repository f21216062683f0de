package solver

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// The driver: one run of Solve, whatever the engine. The tree is cut into
// tasks once, before the workers start (cutTree: breadth first from the
// root, at least minTasks of them when the tree is that big); the workers
// take the tasks one after another from a shared counter, each replaying a
// task's prefix in its own search and searching the subtree below. The
// same tasks in the same order whatever the number of workers: the counts
// (nodes, updates) are those of one worker, and one worker finds the
// solutions in the order Options.Ordered delivers with any number. The
// order is the tree's for dancing links (DLX1's order of the solutions) and
// a fixed pseudo-random one for the bitset engine (see cutTree).
//
// Ordered delivery: the solutions of the task at the head (the first one
// not finished) go straight to visit; those of later tasks are held until
// their task becomes the head. At most maxHeld are held: a worker that
// would hold more waits until its task is the head. The head's task has
// always been taken (tasks are taken in order), by a worker that does not
// wait, so the head moves on.

// pollInterval is how many updates a dancing-links worker makes between
// looks at the world (cancellation, pause, progress): about a third of a
// millisecond. The bitset searches look every bitsPollEvery nodes.
const pollInterval = 1 << 16

// maxHeld is how many solutions ordered delivery holds, at most, while the
// ones before them are still being searched for (about half a kilobyte
// each in a packing puzzle, so some 10 MB).
const maxHeld = 1 << 14

// A searchEngine is an engine as the driver runs it: how to make its task
// searches, and what it promises.
type searchEngine struct {
	kind      Engine                     // Stats.Engine
	name      string                     // Checkpoint.Engine: "" dancing links, "bits" the bitset engine
	newSearch func() (taskSearch, error) // one search per worker, or ctx's error if it ends the build
	shuffle   bool                       // tasks in pseudo-random order (else the tree's)
	noCk      string                     // why checkpoints and splits are refused; "" if they are not
	ownTree   bool                       // its tree is not DLX1's (Stats.OwnTree)
}

// A run is the shared state of one Solve.
type run struct {
	ctx     context.Context
	opt     Options
	visit   func(Solution) bool
	start   time.Time
	before  time.Duration // a resumed run's time before this one (set before the monitor starts)
	eng     searchEngine
	tasks   [][]int32
	weights []float64 // each task's share of the tree (progress)
	base    Checkpoint
	workers []*worker
	ordered bool
	want    bool // solutions are built (visit or MaxSolutions)

	next     atomic.Int64  // the next task to take
	doneFrac atomic.Uint64 // float64 bits: share of the tree done (finished tasks, and before a resume)
	stop     atomic.Bool

	mu        sync.Mutex // guards what follows, and calls to visit
	cond      *sync.Cond
	err       error
	delivered int64
	head      int           // ordered: the task whose solutions go straight out
	done      []bool        // ordered: tasks finished
	held      [][]Solution  // ordered: solutions of tasks after head
	nHeld     int           // ordered: how many are held
	maxHeldAt int           // the most held at once (tests)
	waited    time.Duration // time workers waited for room to hold one
	idle      time.Duration // time workers waited at the end for the others

	ck *ckRun // checkpoints, if asked for (drivercheckpoint.go)

	// the setup (progress: Progress.Setup): searching is set once the
	// tasks and the base figures are ready; while the tree is cut into
	// tasks, the tasks so far and the number wanted
	searching, cutting atomic.Bool
	cutSeen, cutWant   atomic.Int64
}

// A worker is one goroutine of a run.
type worker struct {
	run                            *run
	s                              taskSearch
	f                              *taskFigures
	index                          int // in run.workers
	task                           int
	taken                          int // tasks taken (tests: the worker that holds off)
	root                           int
	pubNodes, pubUpdates, pubCount atomic.Int64
	pubFrac                        atomic.Uint64
	ended                          time.Time
	ck                             taskStart // with checkpoints
}

// runTasks is Solve with engine eng: cut (or resume), run, sum up.
func runTasks(ctx context.Context, p *Problem, eng searchEngine, opt Options, visit func(Solution) bool, start time.Time) (*run, Stats, error) {
	n := resolveWorkers(opt.Workers)
	r := &run{ctx: ctx, opt: opt, visit: visit, start: start, eng: eng,
		ordered: opt.Ordered && n > 1, want: visit != nil || opt.MaxSolutions > 0}
	r.cond = sync.NewCond(&r.mu)
	if opt.Resume != nil {
		r.before = opt.Resume.Elapsed
	}
	r.workers = make([]*worker, n) // its length is read by the monitor
	// the progress reports begin with the setup: the searches' building
	// (a big board's links and their copies take seconds), then the cut
	mon := startMonitor(opt.Progress, r.snapshot)
	// every search is made before any of them searches; a search being
	// built or copied stops when ctx ends, and the run with it
	for i := range n {
		s, err := eng.newSearch()
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			mon.stop()
			return r, Stats{}, err
		}
		r.workers[i] = &worker{run: r, s: s, f: s.figures(), index: i}
	}
	searchStart := time.Now()
	// the tasks: the checkpoint's, or the cut of the whole tree, whose
	// figures are the run's base (counted in the first worker's search,
	// then moved)
	if opt.Checkpoint != nil || opt.Resume != nil {
		if err := r.setupCheckpoints(p); err != nil {
			mon.stop()
			return r, Stats{}, err
		}
	} else if err := r.cutTasks(); err != nil {
		mon.stop()
		return r, Stats{}, err
	}
	for _, w := range r.workers {
		w.f.poll = w.poll
		w.f.abandon = true // a worker whose search stops takes no other task
		if r.want {
			w.f.solution = w.solution
			if r.ck != nil {
				w.f.solution = w.holdSolution
			}
		}
	}
	if r.ordered {
		r.done = make([]bool, len(r.tasks))
		r.held = make([][]Solution, len(r.tasks))
	}
	r.searching.Store(true)
	stopCheckpoints := func() {}
	if r.ck != nil {
		stopCheckpoints = r.startCheckpoints()
	}
	if n == 1 && opt.OnWorkerStart == nil {
		r.workers[0].loop()
	} else {
		// each worker on a goroutine of its own, which OnWorkerStart may
		// lock to a thread of lower priority
		var wg sync.WaitGroup
		for i, w := range r.workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if opt.OnWorkerStart != nil {
					opt.OnWorkerStart(i, len(r.workers))
				}
				w.loop()
			}()
		}
		wg.Wait()
	}
	end := time.Now()
	for _, w := range r.workers {
		r.idle += end.Sub(w.ended)
	}
	mon.stop()
	stopCheckpoints()
	st := r.stats()
	st.Elapsed = r.before + time.Since(start) // a resumed run's too
	st.Search = time.Since(searchStart)
	mon.final(st, r.stop.Load())
	return r, st, r.err
}

// cutTasks cuts the tree with the first worker's search and moves the
// figures of the cut to the run's base. One worker of an engine that keeps
// the tree's order needs no cut (one task, the whole tree, runs the same
// search), unless it takes checkpoints (see setupCheckpoints); so does an
// engine that shuffles its tasks when the caller needs no order
// (Options.AnyOrder). It returns the context's error when the run is
// cancelled during the cut, unless it takes checkpoints.
func (r *run) cutTasks() error {
	n := minTasks
	inOrder := !r.eng.shuffle || (r.opt.AnyOrder && r.opt.Progress == nil && !r.opt.Ordered)
	if inOrder && r.opt.Checkpoint == nil && r.opt.Resume == nil {
		// tasks in tree order without checkpoints: tasksPerWorker each is
		// enough to keep the workers busy to the end (idle 2% on pentomino
		// 3x20, 0.2% on pentacube 2x5x6 with two), and on a small tree the
		// nodes above a cut of 4096, expanded by the cut and replayed by the
		// tasks, cost a third of the run (pentomino 3x20). One worker runs
		// the whole tree as one task.
		n = min(minTasks, tasksPerWorker*len(r.workers))
		if len(r.workers) == 1 {
			n = 1
		}
	}
	f := r.workers[0].f
	c, err := r.cutWith(n, func(seen *atomic.Int64) (cut, error) {
		return cutTree(r.ctx, r.workers[0].s, n, r.eng.shuffle, seen)
	})
	if err != nil && r.opt.Checkpoint == nil {
		return err
	}
	// a cut stopped by a cancelled ctx is still a cut: with checkpoints
	// the run goes on with it, its workers stop at once, and the last
	// checkpoint keeps the cut's work
	r.tasks, r.weights = c.tasks, c.weights
	r.base = Checkpoint{Nodes: f.nodes, Updates: f.updates, Solutions: f.count,
		Profile: addProfiles(f.profile, nil)}
	f.nodes, f.updates, f.count, f.maxl = 0, 0, 0, 0
	clear(f.profile)
	return nil
}

// cutWith runs a cut of the tree into n tasks, shown as the setup in the
// progress snapshots while it runs.
func (r *run) cutWith(n int, cutIt func(seen *atomic.Int64) (cut, error)) (cut, error) {
	r.cutWant.Store(int64(n))
	r.cutSeen.Store(0)
	r.cutting.Store(true)
	defer r.cutting.Store(false)
	return cutIt(&r.cutSeen)
}

// recutTasks cuts the resumed tasks further, into 64 per worker, for the
// workers to share (a job of a split, or the end of a checkpointed run,
// run on several), and adds the figures of the nodes it expanded to the
// run's base.
func (r *run) recutTasks() error {
	f := r.workers[0].f
	n := 64 * len(r.workers)
	c, err := r.cutWith(n, func(seen *atomic.Int64) (cut, error) {
		return recut(r.ctx, r.workers[0].s, r.tasks, r.weights, n, seen)
	})
	if err != nil && r.opt.Checkpoint == nil {
		return err
	} // else as in cutTasks
	r.tasks, r.weights = c.tasks, c.weights
	r.base.Nodes += f.nodes
	r.base.Updates += f.updates
	r.base.Solutions += f.count
	r.base.Profile = addProfiles(r.base.Profile, f.profile)
	r.base.MaxLevel = max(r.base.MaxLevel, len(r.base.Profile)-1)
	f.nodes, f.updates, f.count, f.maxl = 0, 0, 0, 0
	clear(f.profile)
	return nil
}

// loop takes tasks until there are none left or the run stops.
func (w *worker) loop() {
	r := w.run
	for w.check(false) {
		if !w.holdOff(false) {
			break
		}
		t := int(r.next.Add(1) - 1)
		if t >= len(r.tasks) {
			break
		}
		w.task, w.taken = t, w.taken+1
		w.root = len(r.tasks[t])
		if r.ck != nil {
			w.startTask()
		}
		w.s.replay(r.tasks[t])
		w.f.level = w.root
		if !w.s.search(w.root) {
			break
		}
		if r.ck != nil {
			w.finishTask(t)
		}
		r.addDone(r.weights[t])
		w.publish(false)
		if r.ordered {
			r.finishOrdered(t)
		}
	}
	w.publish(false)
	w.ended = time.Now()
}

// yieldPoll is how often a worker holding off for Options.Yield looks
// again.
const yieldPoll = 10 * time.Millisecond

// holdOff waits, for the last of two or more workers, while Options.Yield
// asks for a core and tasks are left for the others to take (see
// Options.Yield); running says whether it holds inside a task. It reports
// whether the run goes on.
func (w *worker) holdOff(running bool) bool {
	r := w.run
	if r.opt.Yield == nil || len(r.workers) < 2 || w.index != len(r.workers)-1 {
		return true
	}
	var t *time.Ticker
	for r.opt.Yield() && r.next.Load() < int64(len(r.tasks)) {
		if t == nil {
			t = time.NewTicker(yieldPoll)
			defer t.Stop()
			w.publish(running)
		}
		select {
		case <-t.C:
		case <-r.ctx.Done():
		}
		if !w.check(running) {
			return false
		}
	}
	return true
}

// addDone adds a finished task's share of the tree to the share done.
func (r *run) addDone(weight float64) {
	for {
		old := r.doneFrac.Load()
		if r.doneFrac.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+weight)) {
			return
		}
	}
}

// poll looks at the world: cancellation, pause, progress.
func (w *worker) poll() bool {
	if !w.check(true) {
		return false
	}
	// in the middle of a task too: a worker that took one before the
	// caller asked (a task can take seconds) holds there, unless the order
	// of delivery waits for its task
	if !w.run.ordered && !w.holdOff(true) {
		return false
	}
	w.publish(true)
	return !w.run.stop.Load()
}

// check looks at cancellation and waits while the run is paused; running
// says whether the worker is inside a task. It reports whether the run
// goes on.
func (w *worker) check(running bool) bool {
	r := w.run
	if r.stop.Load() {
		return false
	}
	if err := r.ctx.Err(); err != nil {
		r.halt(err)
		return false
	}
	if m := r.opt.MaxNodes; m > 0 && w.nodesWalked() > m {
		r.halt(ErrNodeLimit)
		return false
	}
	if c := r.opt.Control; c != nil && c.Paused() {
		w.publish(running)
		if err := c.wait(r.ctx); err != nil {
			r.halt(err)
			return false
		}
	}
	return true
}

// nodesWalked is the run's nodes as this worker sees them: the cut's, its
// own so far, and the others' last published (exact with one worker).
func (w *worker) nodesWalked() int64 {
	n := w.run.base.Nodes + w.f.nodes
	for _, o := range w.run.workers {
		if o != w {
			n += o.pubNodes.Load()
		}
	}
	return n
}

// publish makes the worker's figures visible to the progress monitor;
// running says whether it is inside a task.
func (w *worker) publish(running bool) {
	s := w.f
	w.pubNodes.Store(s.nodes)
	w.pubUpdates.Store(s.updates)
	w.pubCount.Store(s.count)
	f := 0.0
	if running && w.run.opt.Progress != nil {
		f = min(max(w.s.position(w.root), 0), 1) * w.run.weights[w.task]
	}
	w.pubFrac.Store(math.Float64bits(f))
}

// solution delivers (or holds, in ordered mode) the solution at the
// search's leaf.
func (w *worker) solution() bool {
	sol := w.s.solutionAt()
	r := w.run
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ordered && w.task != r.head {
		if r.nHeld >= r.holdLimit() {
			start := time.Now()
			for w.task != r.head && r.nHeld >= r.holdLimit() && !r.stop.Load() {
				r.cond.Wait()
			}
			r.waited += time.Since(start)
		}
		if r.stop.Load() {
			return false
		}
		if w.task != r.head {
			r.held[w.task] = append(r.held[w.task], sol)
			r.nHeld++
			r.maxHeldAt = max(r.maxHeldAt, r.nHeld)
			return true
		}
	}
	return r.deliverLocked(sol)
}

// holdLimit is the most solutions ordered delivery holds.
func (r *run) holdLimit() int {
	if r.opt.holdMax > 0 {
		return r.opt.holdMax
	}
	return maxHeld
}

// finishOrdered marks task t done and delivers the solutions held for the
// tasks that have become the head.
func (r *run) finishOrdered(t int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done[t] = true
	for r.head < len(r.tasks) && r.done[r.head] {
		r.head++
		r.cond.Broadcast() // a new head, and room to hold more
		if r.head == len(r.tasks) {
			return
		}
		sols := r.held[r.head]
		r.held[r.head] = nil
		r.nHeld -= len(sols)
		for _, sol := range sols {
			if !r.deliverLocked(sol) {
				return
			}
		}
	}
}

// deliverLocked hands one solution to visit, under r.mu; it reports whether
// the search goes on.
func (r *run) deliverLocked(sol Solution) bool {
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
		r.cond.Broadcast()
		return false
	}
	return true
}

// halt stops the run, remembering the first error.
func (r *run) halt(err error) {
	r.mu.Lock()
	if r.err == nil {
		r.err = err
	}
	r.stop.Store(true)
	r.cond.Broadcast()
	r.mu.Unlock()
}

// stats sums the figures of the base (the cut, or the resumed checkpoint)
// and of the workers.
func (r *run) stats() Stats {
	st := Stats{Workers: len(r.workers), Tasks: int64(max(len(r.tasks), 1)), Engine: r.eng.kind, OwnTree: r.eng.ownTree, Idle: r.idle}
	b := r.base
	st.Nodes, st.Updates, st.Solutions = b.Nodes, b.Updates, b.Solutions
	st.Profile = append([]int64(nil), b.Profile...)
	for _, w := range r.workers {
		s := w.f
		st.Nodes += s.nodes
		st.Updates += s.updates
		st.Solutions += s.count
		st.Profile = addProfiles(st.Profile, s.profile)
	}
	if len(st.Profile) == 0 {
		st.Profile = []int64{0}
	}
	st.MaxLevel = len(st.Profile) - 1
	if r.want {
		st.Solutions = r.delivered
	}
	return st
}

// snapshot gathers the figures the workers last published. The fraction
// done is the share of the finished tasks plus the running tasks'
// estimates.
func (r *run) snapshot() Progress {
	pr := Progress{Elapsed: r.before + time.Since(r.start), Workers: len(r.workers)}
	if !r.searching.Load() {
		pr.Setup = "preparing the search"
		if r.cutting.Load() {
			pr.Setup = fmt.Sprintf("cutting the tree into tasks: %d of %d", r.cutSeen.Load(), r.cutWant.Load())
		}
		return pr
	}
	pr.Nodes, pr.Updates, pr.Solutions = r.base.Nodes, r.base.Updates, r.base.Solutions
	if r.opt.Control != nil {
		pr.Paused = r.opt.Control.Paused()
	}
	frac := math.Float64frombits(r.doneFrac.Load())
	for _, w := range r.workers {
		pr.Nodes += w.pubNodes.Load()
		pr.Updates += w.pubUpdates.Load()
		pr.Solutions += w.pubCount.Load()
		frac += math.Float64frombits(w.pubFrac.Load())
	}
	pr.Fraction = min(max(frac, 0), 1)
	return pr
}

// addProfiles is the sum of two profiles, without the zero levels at the
// end.
func addProfiles(a, b []int64) []int64 {
	out := make([]int64, max(len(a), len(b)))
	copy(out, a)
	for l, n := range b {
		out[l] += n
	}
	for len(out) > 1 && out[len(out)-1] == 0 {
		out = out[:len(out)-1]
	}
	return out
}
