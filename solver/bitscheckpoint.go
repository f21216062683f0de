package solver

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Checkpoints of the bitset engine are taken by task: the run cuts the tree
// into many prefix tasks (see bitsrun.go), and a checkpoint is the figures
// of the nodes above the cut and of the tasks finished, and the list of the
// tasks not finished, each named by its prefix of choices as item and
// option numbers (a Task with From -1). The tasks running when it is taken
// are in the list: a resumed run starts them again from their root, and
// what they had counted is not in the figures. Resuming runs exactly the
// listed prefixes, in the order listed (the run's pseudo-random order), and
// ends with exactly the figures of one uninterrupted run of the bitset
// engine (its nodes and updates are its own, not DLX1's: a checkpoint says
// which engine took it, and Solve resumes it with that engine).
//
// Nothing has to stand still for a checkpoint: a task is finished, counted
// and its solutions handed to visit in one step under run.mu, and the
// solutions of a running task are held back until then, so the figures,
// the list of tasks and what visit has seen always agree under run.mu.
//
// The conversion between a prefix of the search (choices of the task
// search's own, as replay takes them) and a prefix of steps lives in
// bitsPrefixSteps and bitsPrefixChoices only, on the task search's
// optionOf and choiceOf. A step of a bitset task names the option only
// (Item -1): the option is what replay needs.

// engineBitsName names the bitset engine in checkpoints (Checkpoint.Engine).
const engineBitsName = "bits"

// bitsCk is the checkpoint machinery of a bitset run (bitsRun.ck).
type bitsCk struct {
	hash   string
	names  taskSearch // names the choices of prefixes (bitsPrefixSteps)
	base   Checkpoint // figures of the resumed checkpoint, or of the cut above the tasks
	weight float64    // each task's share of the tree, for the progress estimate
	// under run.mu
	done []bool     // the tasks finished and counted
	fig  Checkpoint // the figures of the finished tasks
}

// bitsTaskStart is what a worker had counted when its task started, and
// the solutions of the task, held until it ends (bitsWorker.ck).
type bitsTaskStart struct {
	nodes, updates, count int64
	profile               []int64
	held                  []Solution
}

// bitsPrefixSteps names a prefix of the search (choices of s's own) by the
// problem's option numbers.
func bitsPrefixSteps(s taskSearch, prefix []int32) []Step {
	out := make([]Step, len(prefix))
	for l, c := range prefix {
		out[l] = Step{Item: -1, Option: s.optionOf(c)}
	}
	return out
}

// bitsPrefixChoices is the inverse of bitsPrefixSteps.
func bitsPrefixChoices(s taskSearch, steps []Step) ([]int32, error) {
	out := make([]int32, len(steps))
	for l, st := range steps {
		c, ok := s.choiceOf(st.Option)
		if !ok {
			return nil, fmt.Errorf("%w: option %d is not a choice of the bitset search", ErrCheckpointBad, st.Option)
		}
		out[l] = c
	}
	return out, nil
}

// setupBitsCheckpoints prepares a run for checkpoints: it returns the tasks
// to run (the resumed checkpoint's, or the cut of the whole tree, whose
// nodes become the base figures) and sets r.ck.
func (r *bitsRun) setupBitsCheckpoints(p *Problem, newSearch func() taskSearch) ([][]int32, error) {
	opt := r.opt
	if opt.Ordered {
		return nil, fmt.Errorf("solver: %w: with ordered delivery", ErrCheckpointUnsup)
	}
	hash, err := ProblemHash(p)
	if err != nil {
		return nil, err
	}
	ck := &bitsCk{hash: hash, names: newSearch()}
	var tasks [][]int32
	if c := opt.Resume; c != nil {
		if c.Problem != hash {
			return nil, fmt.Errorf("solver: %w: it names %s, this problem is %s", ErrCheckpointProblem, c.Problem, hash)
		}
		ck.base = *c
		ck.base.Tasks = nil
		for k, t := range c.Tasks {
			if t.From >= 0 {
				return nil, fmt.Errorf("solver: task %d: %w: a piece of a level, not a bitset task", k+1, ErrCheckpointBad)
			}
			prefix, err := bitsPrefixChoices(ck.names, t.Prefix)
			if err != nil {
				return nil, fmt.Errorf("solver: task %d: %w", k+1, err)
			}
			tasks = append(tasks, prefix)
			ck.weight = t.Weight
		}
		r.delivered = c.Solutions
	} else {
		split := newSearch()
		tasks = cutTasks(split)
		f := split.figures()
		ck.base = Checkpoint{Nodes: f.nodes, Updates: f.updates, Solutions: f.count,
			Profile: addProfiles(f.profile, nil)}
		ck.weight = 1 / float64(max(len(tasks), 1))
	}
	ck.done = make([]bool, len(tasks))
	r.ck = ck
	return tasks, nil
}

// startTask notes what the worker has counted as its task starts.
func (w *bitsWorker) startTask() {
	s := w.f
	w.ck.nodes, w.ck.updates, w.ck.count = s.nodes, s.updates, s.count
	w.ck.profile = append(w.ck.profile[:0], s.profile...)
	w.ck.held = w.ck.held[:0]
}

// finishTask counts task t, finished by w, and hands its solutions to
// visit, in one step. A task that ends as the run stops is not counted
// (its solutions could not all be delivered): it stays in the checkpoints.
func (w *bitsWorker) finishTask(t int) {
	r, ck, s := w.run, w.run.ck, w.f
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stop.Load() {
		return
	}
	for _, sol := range w.ck.held {
		if !r.deliverLocked(sol) {
			return
		}
	}
	w.ck.held = w.ck.held[:0]
	ck.done[t] = true
	ck.fig.Nodes += s.nodes - w.ck.nodes
	ck.fig.Updates += s.updates - w.ck.updates
	ck.fig.Solutions += s.count - w.ck.count
	for len(ck.fig.Profile) < len(s.profile) {
		ck.fig.Profile = append(ck.fig.Profile, 0)
	}
	for l, n := range s.profile {
		if l < len(w.ck.profile) {
			n -= w.ck.profile[l]
		}
		ck.fig.Profile[l] += n
	}
}

// holdSolution keeps a solution of the worker's task until the task ends.
func (w *bitsWorker) holdSolution() bool {
	w.ck.held = append(w.ck.held, w.s.solutionAt())
	return !w.run.stop.Load()
}

// cutLocked is the checkpoint of the run as it stands (under r.mu).
func (r *bitsRun) cutLocked(done bool) Checkpoint {
	ck := r.ck
	c := Checkpoint{Problem: ck.hash, Engine: engineBitsName,
		Solutions: ck.base.Solutions + ck.fig.Solutions,
		Nodes:     ck.base.Nodes + ck.fig.Nodes,
		Updates:   ck.base.Updates + ck.fig.Updates,
		Elapsed:   ck.base.Elapsed + time.Since(r.start),
		Done:      done,
	}
	c.Profile = addProfiles(ck.base.Profile, ck.fig.Profile)
	c.MaxLevel = len(c.Profile) - 1
	if !done {
		for t, d := range ck.done {
			if !d {
				c.Tasks = append(c.Tasks, Task{Prefix: bitsPrefixSteps(ck.names, r.tasks[t]), From: -1, To: -1, Weight: ck.weight})
			}
		}
		if r.opt.CheckpointState != nil {
			r.opt.CheckpointState(&c)
		}
	}
	return c
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

// startBitsCheckpoints starts the goroutine that takes a checkpoint every
// opt.CheckpointEvery; the function it returns stops it and takes the last
// one: Done when the whole tree was searched.
func (r *bitsRun) startBitsCheckpoints() func() {
	every := r.opt.CheckpointEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	save := func(done bool) {
		r.mu.Lock()
		c := r.cutLocked(done)
		r.mu.Unlock()
		if r.opt.Checkpoint != nil {
			r.opt.Checkpoint(c)
		}
	}
	stop := everyTick(every, func() { save(false) })
	return func() {
		stop()
		save(!r.stop.Load() && r.err == nil)
	}
}

// addBitsBase adds the figures of the resumed checkpoint (or of the cut)
// to st, and the progress estimate's share done before this run.
func (ck *bitsCk) addBase(st *Stats) {
	b := ck.base
	st.Nodes += b.Nodes
	st.Updates += b.Updates
	st.Solutions += b.Solutions
	st.Profile = addProfiles(st.Profile, b.Profile)
	st.MaxLevel = max(st.MaxLevel, len(st.Profile)-1)
}

// doneBefore is the share of the tree searched before this run.
func (ck *bitsCk) doneBefore(tasks int) float64 {
	f := 1 - float64(tasks)*ck.weight
	if math.IsNaN(f) {
		return 0
	}
	return min(max(f, 0), 1)
}

// solveBitsResumed resumes a checkpoint of the bitset engine; ok is false
// when the engine does not apply to p.
func solveBitsResumed(ctx context.Context, p *Problem, opt Options, visit func(Solution) bool, start time.Time) (Stats, error) {
	st, err, ok := solveBits(ctx, p, opt, visit, start)
	if !ok {
		return Stats{}, fmt.Errorf("solver: %w: it was taken by the bitset engine, which does not apply to this problem", ErrCheckpointBad)
	}
	return st, err
}

// SplitBits cuts the search tree of p as a bitset run does, into the same
// tasks in the same order (at least 4096 when the tree is that big), for
// runs on other machines: the Checkpoint it returns holds the figures of
// the nodes above the tasks and the tasks, each a whole subtree after a
// prefix, with Engine "bits". Resuming it (or any partition of its tasks,
// each with zero figures) with Solve and adding the figures gives exactly
// the figures of one bitset run. ok is false when the bitset engine does
// not apply to p.
func SplitBits(ctx context.Context, p *Problem) (c Checkpoint, ok bool, err error) {
	if p.err != nil {
		return Checkpoint{}, false, p.err
	}
	w, why := bitsWords(p)
	if why != "" {
		return Checkpoint{}, false, nil
	}
	if err := ctx.Err(); err != nil {
		return Checkpoint{}, true, err
	}
	factory := firstEmptyFactory(p, w)
	if optApplies(p) {
		factory = optFactory(p)
	}
	c, err = splitBits(p, factory)
	return c, true, err
}

// splitBits is SplitBits with the task searches newSearch makes.
func splitBits(p *Problem, newSearch func() taskSearch) (Checkpoint, error) {
	hash, err := ProblemHash(p)
	if err != nil {
		return Checkpoint{}, err
	}
	split := newSearch()
	tasks := cutTasks(split)
	f := split.figures()
	c := Checkpoint{Problem: hash, Engine: engineBitsName, Nodes: f.nodes, Updates: f.updates,
		Solutions: f.count, Profile: addProfiles(f.profile, nil)}
	c.MaxLevel = len(c.Profile) - 1
	for _, t := range tasks {
		c.Tasks = append(c.Tasks, Task{Prefix: bitsPrefixSteps(split, t), From: -1, To: -1, Weight: 1 / float64(len(tasks))})
	}
	c.Done = len(c.Tasks) == 0
	return c, nil
}
