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
// false otherwise. Problems without multiplicities go to the option-bitset
// search (bitsopt.go), the others to the first-empty search (bitssearch.go).
func solveBits(ctx context.Context, p *Problem, opt Options, visit func(Solution) bool, start time.Time) (st Stats, err error, ok bool) {
	w, why := bitsWords(p)
	if why != "" {
		return Stats{}, nil, false
	}
	var factory func() taskSearch
	if optApplies(p) {
		factory = optFactory(p)
	} else {
		factory = firstEmptyFactory(p, w)
	}
	st, err = runBits(ctx, p, factory, opt, visit, start)
	return st, err, true
}

// optFactory returns the maker of option-bitset searches on p's plan.
func optFactory(p *Problem) func() taskSearch {
	switch optWords(p.NumOptions()) {
	case 16:
		return optMaker(newOptPlan[[16]uint64](p))
	case 32:
		return optMaker(newOptPlan[[32]uint64](p))
	case 64:
		return optMaker(newOptPlan[[64]uint64](p))
	default:
		return optMaker(newOptPlan[[128]uint64](p))
	}
}

func optMaker[O optSet](x *optPlan[O]) func() taskSearch {
	return func() taskSearch { return newOptSearch(x) }
}

// firstEmptyFactory returns the maker of first-empty searches on p's plan
// with masks of w words.
func firstEmptyFactory(p *Problem, w int) func() taskSearch {
	order := bitsOrder(p)
	switch w {
	case 1:
		return bitsMaker(newBitsPlan[[1]uint64](p, order))
	case 2:
		return bitsMaker(newBitsPlan[[2]uint64](p, order))
	case 4:
		return bitsMaker(newBitsPlan[[4]uint64](p, order))
	default:
		return bitsMaker(newBitsPlan[[8]uint64](p, order))
	}
}

func bitsMaker[M mask](b *bitsPlan[M]) func() taskSearch {
	return func() taskSearch { return newBitsSearch(b) }
}

// A taskSearch is one worker's search as a bitset run drives it: a search
// whose tasks are prefixes of choices (numbers of the search's own).
type taskSearch interface {
	// replay sets the state after the prefix's choices, counting nothing.
	replay(prefix []int32)
	// search explores the subtree below, entering level root; it returns
	// false if it was stopped.
	search(root int) bool
	// children expands the node the prefix leads to (see bitsTasks): if
	// it has options to try, it counts it (if count), appends the prefixes
	// of its children to out and returns true; a leaf or a dead end
	// returns false.
	children(prefix []int32, out *[][]int32, count bool) bool
	// position is Knuth's estimate of the share of the subtree below root
	// searched so far.
	position(root int) float64
	// solutionAt builds the solution at the current leaf.
	solutionAt() Solution
	// figures gives the counts and the hooks.
	figures() *taskFigures
	// optionOf returns the problem's number of the option a choice of a
	// prefix names, and choiceOf the other way round (false: the option
	// is not a choice of this search, so a prefix naming it is foreign),
	// so that tasks can be written out (checkpoints) and read back.
	optionOf(choice int32) int
	choiceOf(option int) (int32, bool)
}

// taskFigures are the counts of a task search and its hooks.
type taskFigures struct {
	nodes, updates, count int64
	profile               []int64
	maxl                  int
	level                 int // the level being entered, for solution and poll
	pollLeft              int

	// poll is called every bitsPollEvery nodes, and solution at each
	// solution (only when solutions are wanted); each reports whether the
	// search goes on.
	poll     func() bool
	solution func() bool
}

func newTaskFigures(levels int) taskFigures {
	return taskFigures{profile: make([]int64, levels+1), pollLeft: bitsPollEvery}
}

func (f *taskFigures) figures() *taskFigures { return f }

// count1 counts a node at level l.
func (f *taskFigures) count1(l int) {
	f.nodes++
	f.profile[l]++
	f.maxl = max(f.maxl, l)
}

// enter counts a node at level l and polls when it is time; it reports
// whether the search goes on.
func (f *taskFigures) enter(l int) bool {
	f.count1(l)
	if f.pollLeft--; f.pollLeft <= 0 && f.poll != nil {
		f.pollLeft = bitsPollEvery
		f.level = l
		return f.poll()
	}
	return true
}

// A bitsRun is the shared state of one bitset Solve.
type bitsRun struct {
	ctx     context.Context
	opt     Options
	visit   func(Solution) bool
	start   time.Time
	tasks   [][]int32
	workers []*bitsWorker
	ordered bool
	want    bool // solutions are built (visit or MaxSolutions)

	next     atomic.Int64 // the next task to take
	finished atomic.Int64 // tasks done
	stop     atomic.Bool

	mu        sync.Mutex // guards what follows, and calls to visit
	err       error
	delivered int64
	head      int          // ordered: the task whose solutions go straight out
	done      []bool       // ordered: tasks finished
	held      [][]Solution // ordered: solutions of tasks after head

	ck *bitsCk // checkpoints, if asked for (bitscheckpoint.go)
}

// A bitsWorker is one goroutine of a bitset run.
type bitsWorker struct {
	run                            *bitsRun
	s                              taskSearch
	f                              *taskFigures
	task                           int
	root                           int
	pubNodes, pubUpdates, pubCount atomic.Int64
	pubFrac                        atomic.Uint64
	ck                             bitsTaskStart // with checkpoints
}

// runBits cuts the tree into tasks and runs them.
func runBits(ctx context.Context, p *Problem, newSearch func() taskSearch, opt Options, visit func(Solution) bool, start time.Time) (Stats, error) {
	n := resolveWorkers(opt.Workers)
	r := &bitsRun{ctx: ctx, opt: opt, visit: visit, start: start,
		ordered: opt.Ordered && n > 1, want: visit != nil || opt.MaxSolutions > 0}
	// cut the tree: the nodes above the tasks are counted here (or in the
	// checkpoints' figures)
	split := newSearch()
	if opt.Checkpoint != nil || opt.Resume != nil {
		tasks, err := r.setupBitsCheckpoints(p, newSearch)
		if err != nil {
			return Stats{}, err
		}
		r.tasks = tasks
	} else {
		r.tasks = cutTasks(split)
	}
	if r.ordered {
		r.done = make([]bool, len(r.tasks))
		r.held = make([][]Solution, len(r.tasks))
	}
	for range n {
		w := &bitsWorker{run: r, s: newSearch()}
		w.f = w.s.figures()
		w.f.poll = w.poll
		if r.want {
			w.f.solution = w.solution
			if r.ck != nil {
				w.f.solution = w.holdSolution
			}
		}
		r.workers = append(r.workers, w)
	}
	mon := startMonitor(opt.Progress, r.snapshot)
	stopCheckpoints := func() {}
	if r.ck != nil {
		stopCheckpoints = r.startBitsCheckpoints()
	}
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
	mon.stop()
	stopCheckpoints()
	st := r.stats(split)
	st.Elapsed = time.Since(start)
	mon.final(st, r.stop.Load())
	return st, r.err
}

// cutTasks cuts the tree into tasks, counting the nodes above them in
// split, and puts them in the run's pseudo-random order.
func cutTasks(split taskSearch) [][]int32 {
	tasks := bitsTasks(split)
	rand.New(rand.NewPCG(11, 2026)).Shuffle(len(tasks), func(i, j int) {
		tasks[i], tasks[j] = tasks[j], tasks[i]
	})
	return tasks
}

// bitsTasks cuts the tree into at least bitsMinTasks tasks (or into its
// leaves, for a small tree): it expands the nodes breadth first, from the
// root, until the frontier is that big, and counts the nodes it expanded
// in s. A task is the prefix of choices that leads to a node of the
// frontier (or to a leaf or dead end met on the way).
func bitsTasks(s taskSearch) [][]int32 {
	frontier := [][]int32{{}}
	var ends [][]int32 // leaves and dead ends: tasks as they are
	for len(frontier) > 0 && len(frontier)+len(ends) < bitsMinTasks {
		p := frontier[0]
		frontier = frontier[1:]
		if !s.children(p, &frontier, true) {
			ends = append(ends, p)
		}
	}
	return append(ends, frontier...)
}

// loop takes tasks until there are none left or the run stops.
func (w *bitsWorker) loop() {
	r := w.run
	for w.check(false) {
		t := int(r.next.Add(1) - 1)
		if t >= len(r.tasks) {
			break
		}
		w.task = t
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
		r.finished.Add(1)
		w.publish(false)
		if r.ordered {
			r.finishOrdered(t)
		}
	}
	w.publish(false)
}

// poll looks at the world: cancellation, pause, progress.
func (w *bitsWorker) poll() bool {
	if !w.check(true) {
		return false
	}
	w.publish(true)
	return !w.run.stop.Load()
}

// check looks at cancellation and waits while the run is paused; running
// says whether the worker is inside a task. It reports whether the run
// goes on.
func (w *bitsWorker) check(running bool) bool {
	r := w.run
	if r.stop.Load() {
		return false
	}
	if err := r.ctx.Err(); err != nil {
		r.halt(err)
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

// publish makes the worker's figures visible to the progress monitor;
// running says whether it is inside a task.
func (w *bitsWorker) publish(running bool) {
	s := w.f
	w.pubNodes.Store(s.nodes)
	w.pubUpdates.Store(s.updates)
	w.pubCount.Store(s.count)
	f := 0.0
	if running && w.run.opt.Progress != nil {
		f = min(max(w.s.position(w.root), 0), 1)
	}
	w.pubFrac.Store(math.Float64bits(f))
}

// solution delivers (or holds, in ordered mode) the solution at s's leaf.
func (w *bitsWorker) solution() bool {
	sol := w.s.solutionAt()
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
func (r *bitsRun) finishOrdered(t int) {
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
func (r *bitsRun) deliverLocked(sol Solution) bool {
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
func (r *bitsRun) halt(err error) {
	r.mu.Lock()
	if r.err == nil {
		r.err = err
	}
	r.stop.Store(true)
	r.mu.Unlock()
}

// stats sums the figures of the cut and of the workers.
func (r *bitsRun) stats(split taskSearch) Stats {
	st := Stats{Workers: len(r.workers), Tasks: int64(max(len(r.tasks), 1)), Engine: EngineBits}
	all := []*taskFigures{split.figures()}
	for _, w := range r.workers {
		all = append(all, w.f)
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
	if r.ck != nil {
		r.ck.addBase(&st)
	}
	if r.want {
		st.Solutions = r.delivered
	}
	return st
}

// snapshot gathers the figures the workers last published. The fraction
// done is the share of tasks finished plus the running tasks' estimates.
func (r *bitsRun) snapshot() Progress {
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
	if r.ck != nil {
		frac = r.ck.doneBefore(len(r.tasks)) + frac*r.ck.weight
		pr.Nodes += r.ck.base.Nodes // the checkpoint's, or the cut's
		pr.Updates += r.ck.base.Updates
		pr.Solutions += r.ck.base.Solutions
	} else {
		frac /= float64(max(len(r.tasks), 1))
	}
	pr.Fraction = min(max(frac, 0), 1)
	return pr
}
