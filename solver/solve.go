package solver

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Options control a Solve. The zero value counts all solutions on all CPUs.
type Options struct {
	// Workers is the number of goroutines searching; 0 means runtime.NumCPU().
	// Above MaxWorkers, Solve refuses with ErrTooManyWorkers.
	Workers int
	// MaxSolutions stops the search after this many solutions; 0 = all.
	// MaxSolutions 1 finds the first solution.
	MaxSolutions int64
	// Progress, if not nil, is called about ten times a second with a
	// snapshot, from one goroutine (never concurrently with itself), and
	// once more before Solve returns, with the final figures (Fraction 1
	// when the whole tree was searched).
	Progress func(Progress)
	// Ordered delivers solutions to visit in the order a one-worker search
	// finds them. Solutions found early by other workers are held until
	// their turn, at most maxHeld (16384) of them: a worker that would hold
	// more waits until the ones before it are delivered.
	Ordered bool
	// Control, if not nil, pauses and resumes the search.
	Control *Control
	// OnWorkerStart, if not nil, is called first thing on every goroutine
	// that searches, a goroutine of the search's own (also with one worker),
	// which ends when the search does: it may lock the goroutine to its
	// thread and lower that thread's priority, and the thread then ends with
	// the search (see runtime.LockOSThread).
	OnWorkerStart func()
	// Engine chooses dancing links (the zero value, DLX1's search and
	// figures) or the bitset engine for packings (see bits.go); EngineAuto
	// is the bitset engine unless Ordered asks for DLX1's order.
	Engine Engine
	// Checkpoint, if not nil, is called with the state of the search every
	// CheckpointEvery (default 5 s), when ctx ends (before the search
	// stops) and once at the end of a search that ran to its end (Done).
	// Resume continues the search of a checkpoint (see checkpoint.go):
	// the figures then include the checkpoint's, and it goes on with the
	// engine that took it, whatever Engine says. Both need unordered
	// delivery, and with dancing links a problem without multiplicities
	// (else ErrCheckpointUnsup). The bitset engine checkpoints by task:
	// it holds the solutions of each task until the task ends.
	Checkpoint      func(Checkpoint)
	CheckpointEvery time.Duration
	Resume          *Checkpoint
	// CheckpointState, if not nil, is called each time a checkpoint is
	// taken (not for the final one, Done), while the search is stopped for
	// it: every solution counted in c has been handed to visit, and visit
	// is not called again until it returns. It sets what goes with the
	// figures, c.Counters and c.State (the solutions the caller printed or
	// keeps, its own counts), which the caller reads back from
	// Resume.Counters and Resume.State: so a resumed run can give back
	// exactly the solutions of the searched part of the tree.
	CheckpointState func(c *Checkpoint)

	// pollEvery overrides pollInterval; when set (by tests), workers also
	// give work away at every poll, hungry workers or not, so that the tree
	// is split into as many tasks as possible.
	pollEvery int64
	// holdMax overrides maxHeld (tests).
	holdMax int
}

// A Choice is one level of a solution: the option chosen, the item that was
// branched on, and the option's place in that item's list: the K-th of D
// options left (as DLX1 prints "(K of D)").
type Choice struct {
	Option, Item int
	K, D         int
}

// A Solution is a set of options that covers every primary item exactly once
// (or within its bounds) and every secondary item at most once (or with one
// colour).
type Solution struct {
	Options []int    // option numbers, in the order they were chosen
	Choices []Choice // the same options with how they were chosen
}

// Progress is a snapshot of a running search.
type Progress struct {
	Solutions, Nodes, Updates int64
	// Fraction estimates how much of the search tree has been explored,
	// from 0 to 1 (Knuth's estimate: a uniform tree with the branching
	// degrees seen on the current path).
	Fraction float64
	Elapsed  time.Duration
	Workers  int
	Paused   bool
}

// Stats are the figures of a finished search, counted as Knuth's DLX1 counts
// them: Nodes is one per level entered plus one per solution; Updates one per
// item covered plus one per option node hidden. MaxLevel is the deepest level
// reached (a solution counts as a level below its last choice) and
// Profile[l] the number of nodes at level l.
type Stats struct {
	Solutions, Nodes, Updates int64
	MaxLevel                  int
	Profile                   []int64
	Elapsed                   time.Duration
	Workers                   int
	// Tasks is the number of pieces the tree was split into (1 when
	// sequential); Idle the total time workers spent waiting for one.
	Tasks int64
	Idle  time.Duration
	// Engine is the engine that ran: EngineDLX or EngineBits.
	Engine Engine
}

// pollInterval is how many updates a worker makes between looks at the
// world (cancellation, pause, hungry workers, progress): about a third of a
// millisecond.
const pollInterval = 1 << 16

// maxHeld is how many solutions ordered delivery holds, at most, while the
// ones before them are still being searched for (about half a kilobyte
// each in a packing puzzle, so some 10 MB).
const maxHeld = 1 << 14

// Solve searches for the solutions of p and calls visit (if not nil) for
// each, until the search is exhausted, MaxSolutions have been found, visit
// returns false or ctx is cancelled (then the error is ctx.Err(), and the
// statistics are those gathered so far). Calls to visit never overlap, even
// with several workers; they come in the sequential order if opt.Ordered.
// With several workers the counts (solutions, nodes, updates) are identical
// to a one-worker run whenever the whole tree is searched.
func Solve(ctx context.Context, p *Problem, opt Options, visit func(Solution) bool) (Stats, error) {
	_, st, err := solveRun(ctx, p, opt, visit)
	return st, err
}

// solveRun is Solve, returning also the run's state for tests.
func solveRun(ctx context.Context, p *Problem, opt Options, visit func(Solution) bool) (*run, Stats, error) {
	start := time.Now()
	if p.err != nil {
		return nil, Stats{}, p.err
	}
	if opt.Workers > MaxWorkers {
		return nil, Stats{}, fmt.Errorf("solver: %d workers: %w (at most MaxWorkers = %d)", opt.Workers, ErrTooManyWorkers, MaxWorkers)
	}
	if c := opt.Resume; c != nil {
		// a checkpoint goes on with the engine that took it
		if c.Engine == engineBitsName {
			st, err := solveBitsResumed(ctx, p, opt, visit, start)
			return nil, st, err
		}
		if c.Engine != "" {
			return nil, Stats{}, fmt.Errorf("solver: %w: taken by engine %q", ErrCheckpointBad, c.Engine)
		}
		opt.Engine = EngineDLX
	}
	if opt.Engine == EngineAuto && opt.Ordered {
		opt.Engine = EngineDLX // an ordered listing keeps DLX1's order
	}
	if opt.Engine != EngineDLX {
		if st, err, ok := solveBits(ctx, p, opt, visit, start); ok {
			return nil, st, err
		}
	}
	workers := resolveWorkers(opt.Workers)
	multi := p.hasMultiplicities()
	r := &run{
		ctx:     ctx,
		p:       p,
		opt:     opt,
		visit:   visit,
		start:   start,
		workers: make([]*worker, workers),
		ordered: opt.Ordered && workers > 1,
	}
	r.cond = sync.NewCond(&r.mu)
	want := visit != nil || opt.MaxSolutions > 0
	base := newEngine(p)
	if multi {
		base.initBounds(p)
	}
	for i := range r.workers {
		e := base
		if i > 0 {
			e = base.clone()
		}
		w := &worker{run: r, e: e, wantSolutions: want}
		e.w = w
		e.nextPoll = r.pollEvery()
		r.workers[i] = w
	}
	stopCheckpoints := func() {}
	if opt.Checkpoint != nil || opt.Resume != nil {
		tasks, err := r.setupCheckpoints(ctx)
		if err != nil {
			return nil, Stats{}, err
		}
		r.initial = tasks
		stopCheckpoints = r.startCheckpoints()
	}
	mon := startMonitor(opt.Progress, r.snapshot)
	switch {
	case workers > 1 || r.ck != nil:
		r.runParallel()
	case opt.OnWorkerStart != nil:
		done := make(chan struct{})
		go func() {
			defer close(done)
			opt.OnWorkerStart()
			r.runSequential()
		}()
		<-done
	default:
		r.runSequential()
	}
	mon.stop()
	stopCheckpoints()
	st := r.stats()
	st.Elapsed = time.Since(start)
	mon.final(st, r.stop.Load())
	return r, st, r.err
}

// resolveWorkers returns the number of workers Options.Workers asks for.
func resolveWorkers(n int) int {
	if n <= 0 {
		return runtime.NumCPU()
	}
	return n
}

// A run is the shared state of one Solve.
type run struct {
	ctx     context.Context
	p       *Problem
	opt     Options
	visit   func(Solution) bool
	start   time.Time
	workers []*worker
	ordered bool

	stop atomic.Bool // set once: the search must end

	mu        sync.Mutex // guards everything below, and calls to visit
	cond      *sync.Cond
	err       error
	delivered int64
	pool      []*task       // tasks waiting for a worker, oldest first
	active    int           // workers running a task
	hungry    atomic.Int32  // workers waiting for a task
	queued    atomic.Int32  // len(pool), readable without the lock
	head      *segment      // ordered mode: the segment being delivered
	held      int           // ordered mode: solutions waiting in segments
	maxHeldAt int           // the most held at once (tests)
	waited    time.Duration // time workers waited for room to hold one
	doneFrac  atomic.Uint64 // float64 bits: weight of the finished tasks
	tasks     int64
	idle      time.Duration

	initial []*task     // the tasks to start with; nil: the whole tree
	ck      *ckState    // checkpoints, if asked for (checkpoint.go)
	ckWant  atomic.Bool // a checkpoint is being taken: workers park
}

// pollEvery is the number of updates between polls.
func (r *run) pollEvery() int64 {
	if r.opt.pollEvery > 0 {
		return r.opt.pollEvery
	}
	return pollInterval
}

// halt stops the search, remembering err if it is the first error.
func (r *run) halt(err error) {
	r.mu.Lock()
	if r.err == nil {
		r.err = err
	}
	r.stop.Store(true)
	r.cond.Broadcast()
	r.mu.Unlock()
}

// deliver hands one solution to visit, under r.mu; it reports whether the
// search goes on.
func (r *run) deliverLocked(s Solution) bool {
	if r.stop.Load() {
		return false
	}
	r.delivered++
	goOn := true
	if r.visit != nil {
		goOn = r.visit(s)
	}
	if !goOn || (r.opt.MaxSolutions > 0 && r.delivered >= r.opt.MaxSolutions) {
		r.stop.Store(true)
		r.cond.Broadcast()
		return false
	}
	return true
}

// stats sums the workers' figures.
func (r *run) stats() Stats {
	st := Stats{Workers: len(r.workers), Tasks: max(r.tasks, 1), Idle: r.idle}
	for _, w := range r.workers {
		e := w.e
		st.Nodes += e.nodes
		st.Updates += e.updates
		st.Solutions += e.count
		if e.maxl > st.MaxLevel {
			st.MaxLevel = e.maxl
		}
	}
	st.Profile = make([]int64, st.MaxLevel+1)
	for _, w := range r.workers {
		for l, n := range w.e.profile {
			if l < len(st.Profile) {
				st.Profile[l] += n
			}
		}
	}
	if r.ck != nil {
		r.ck.addBase(&st)
	}
	if r.visit != nil || r.opt.MaxSolutions > 0 {
		st.Solutions = r.delivered
	}
	return st
}

// snapshot gathers the figures the workers last published.
func (r *run) snapshot() Progress {
	pr := Progress{Elapsed: time.Since(r.start), Workers: len(r.workers)}
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
	if r.ck != nil { // resumed: the figures so far include the checkpoint's
		pr.Nodes += r.ck.base.Nodes
		pr.Updates += r.ck.base.Updates
		pr.Solutions += r.ck.base.Solutions
	}
	return pr
}

// runSequential searches the whole tree in the calling goroutine.
func (r *run) runSequential() {
	w := r.workers[0]
	w.weight, w.startPos = 1, 0
	w.e.search(0, false)
	w.publishDone()
}

// A worker is one goroutine's search: its engine and the task it runs.
type worker struct {
	run           *run
	e             *engine
	wantSolutions bool

	root     int      // level at which the current task starts
	seg      *segment // ordered mode: where this task's solutions go
	weight   float64  // share of the whole tree this task still owns
	startPos float64  // Knuth's estimate of the tree position of its start

	pubNodes, pubUpdates, pubCount atomic.Int64
	pubFrac                        atomic.Uint64
}

// poll is called by the engine every pollInterval updates, at the entry to a
// level. It reports whether the search goes on.
func (w *worker) poll(e *engine) bool {
	r := w.run
	e.nextPoll = e.updates + r.pollEvery()
	if r.ckWant.Load() {
		w.park(e)
	}
	if r.stop.Load() {
		return false
	}
	if err := r.ctx.Err(); err != nil {
		r.halt(err)
		return false
	}
	if c := r.opt.Control; c != nil && c.Paused() {
		w.publish()
		if err := c.wait(r.ctx); err != nil {
			r.halt(err)
			return false
		}
	}
	w.publish()
	if r.hungry.Load() > r.queued.Load() || r.opt.pollEvery > 0 {
		w.donate(e)
	}
	return !r.stop.Load()
}

// publish makes the worker's figures visible to the progress monitor.
func (w *worker) publish() {
	e := w.e
	w.pubNodes.Store(e.nodes)
	w.pubUpdates.Store(e.updates)
	w.pubCount.Store(e.count)
	if w.run.opt.Progress != nil {
		f := e.position() - w.startPos
		w.pubFrac.Store((math.Float64bits(min(max(f, 0), w.weight))))
	}
}

// publishDone publishes the figures of a worker whose task is over.
func (w *worker) publishDone() {
	e := w.e
	w.pubNodes.Store(e.nodes)
	w.pubUpdates.Store(e.updates)
	w.pubCount.Store(e.count)
	w.pubFrac.Store(math.Float64bits(0))
}

// solution builds the current solution and delivers it (or buffers it, in
// ordered mode). It reports whether the search goes on.
func (w *worker) solution(e *engine) bool {
	s := e.current()
	r := w.run
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ordered {
		// hold the solution until its segment is the head; wait while
		// too many are held (the head's worker never waits, so the
		// held ones are delivered and the wait ends)
		if w.seg != r.head && r.held >= r.holdLimit() {
			start := time.Now()
			for w.seg != r.head && r.held >= r.holdLimit() && !r.stop.Load() {
				r.cond.Wait()
			}
			r.waited += time.Since(start)
		}
		if r.stop.Load() {
			return false
		}
		if w.seg != r.head {
			w.seg.sols = append(w.seg.sols, s)
			r.held++
			r.maxHeldAt = max(r.maxHeldAt, r.held)
			return true
		}
	}
	return r.deliverLocked(s)
}

// holdLimit is the most solutions ordered delivery holds.
func (r *run) holdLimit() int {
	if r.opt.holdMax > 0 {
		return r.opt.holdMax
	}
	return maxHeld
}
