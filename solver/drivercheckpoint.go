package solver

import (
	"context"
	"fmt"
	"math"
	"time"
)

// Checkpoints, the same for every engine: a checkpoint is the figures of
// the nodes above the cut and of the tasks finished, and the list of the
// tasks not finished, each named by its prefix of choices (the engine's
// stepOf: item and option numbers for dancing links, the option alone for
// the bitset engine). The tasks running when it is taken are in the list:
// a resumed run starts them again from their root, and what they had
// counted is not in the figures. Resuming runs exactly the listed prefixes,
// in the order listed, and ends with exactly the figures of one
// uninterrupted run of the engine that took it (the figures are the
// engine's own: a checkpoint says which engine took it, and Solve resumes
// it with that engine).
//
// Nothing has to stand still for a checkpoint: a task is finished, counted
// and its solutions handed to visit in one step under run.mu, and the
// solutions of a running task are held back until then, so the figures,
// the list of tasks and what visit has seen always agree under run.mu.
//
// Checkpoints need unordered delivery, and with dancing links a problem
// without multiplicities.

// A ckRun is the checkpoint machinery of a run (run.ck).
type ckRun struct {
	hash  string
	steps [][]Step // each task's prefix, named
	// under run.mu
	done []bool     // the tasks finished and counted
	fig  Checkpoint // the figures of the finished tasks
}

// taskStart is what a worker had counted when its task started, and the
// solutions of the task, held until it ends (worker.ck).
type taskStart struct {
	nodes, updates, count int64
	profile               []int64
	held                  []Solution
}

// prefixSteps names a prefix of the search (choices of s's own).
func prefixSteps(s taskSearch, prefix []int32) []Step {
	out := make([]Step, len(prefix))
	for l, c := range prefix {
		out[l] = s.stepOf(c)
	}
	return out
}

// prefixChoices is the inverse of prefixSteps.
func prefixChoices(s taskSearch, steps []Step) ([]int32, error) {
	out := make([]int32, len(steps))
	for l, st := range steps {
		c, ok := s.choiceOf(st)
		if !ok {
			if st.Item < 0 {
				return nil, fmt.Errorf("%w: option %d is not a choice of the search", ErrCheckpointBad, st.Option)
			}
			return nil, fmt.Errorf("%w: option %d does not contain item %d", ErrCheckpointBad, st.Option, st.Item)
		}
		out[l] = c
	}
	return out, nil
}

// prefixFits reports why the steps of a resumed task's prefix cannot be
// taken one after the other by any search of p, or nil: an option named
// twice, a branch item that is not primary, an item covered more often
// than it may be (once, or its multiplicity's most), a secondary item
// given two colours or a colour and none, an item covered after a null
// move finished it. Every prefix a search writes fits; replaying one that
// does not would cover an item twice, which breaks the dancing links'
// lists (the search then never ends) and counts packings that are none.
func prefixFits(p *Problem, steps []Step) error {
	taken := map[int]bool{}
	covered := map[int]int{}
	colour := map[int]int32{}
	finished := map[int]bool{}
	for _, st := range steps {
		if st.Item >= p.nPrimary || st.Item < -1 {
			return fmt.Errorf("%w: item %d is not a primary item", ErrCheckpointBad, st.Item)
		}
		if st.Option < 0 {
			if st.Item < 0 || finished[st.Item] {
				return fmt.Errorf("%w: a null move on item %d, finished already", ErrCheckpointBad, st.Item)
			}
			finished[st.Item] = true
			continue
		}
		if st.Option >= p.NumOptions() {
			continue // prefixChoices says so
		}
		if taken[st.Option] {
			return fmt.Errorf("%w: option %d chosen twice", ErrCheckpointBad, st.Option)
		}
		taken[st.Option] = true
		for at := p.optStart[st.Option]; at < p.optStart[st.Option+1]; at++ {
			i, col := int(p.entries[at].item), p.color(at)
			if finished[i] {
				return fmt.Errorf("%w: option %d covers item %d, finished by a null move before it", ErrCheckpointBad, st.Option, i)
			}
			if col != 0 {
				if c, ok := colour[i]; (ok && c != col) || covered[i] > 0 {
					return fmt.Errorf("%w: option %d gives item %d another colour", ErrCheckpointBad, st.Option, i)
				}
				colour[i] = col
				continue
			}
			covered[i]++
			most := 1
			if i < p.nPrimary {
				_, most = p.Multiplicity(i)
			}
			if _, ok := colour[i]; ok || covered[i] > most {
				return fmt.Errorf("%w: option %d covers item %d once too often", ErrCheckpointBad, st.Option, i)
			}
		}
	}
	return nil
}

// checkpointable reports why the run cannot take checkpoints, or nil.
func (e searchEngine) checkpointable(opt Options) error {
	if e.noCk != "" {
		return fmt.Errorf("solver: %w: %s", ErrCheckpointUnsup, e.noCk)
	}
	if opt.Ordered {
		return fmt.Errorf("solver: %w: with ordered delivery", ErrCheckpointUnsup)
	}
	return nil
}

// setupCheckpoints prepares a run for checkpoints: the tasks to run (the
// resumed checkpoint's, or the cut of the whole tree, whose nodes become
// the base figures), and r.ck.
func (r *run) setupCheckpoints(p *Problem) error {
	if err := r.eng.checkpointable(r.opt); err != nil {
		return err
	}
	hash, err := problemHash(r.ctx, p)
	if err != nil {
		return err
	}
	ck := &ckRun{hash: hash}
	names := r.workers[0].s
	if c := r.opt.Resume; c != nil {
		if c.Problem != hash {
			return fmt.Errorf("solver: %w: it names %s, this problem is %s", ErrCheckpointProblem, c.Problem, hash)
		}
		if err := c.Check(p); err != nil {
			return fmt.Errorf("solver: %w: %v", ErrCheckpointBad, err)
		}
		r.base = *c
		r.base.Tasks = nil
		left := 0.0
		for k, t := range c.Tasks {
			if t.From >= 0 {
				return fmt.Errorf("solver: task %d: %w: a piece of a level's options, as polyviz wrote before tasks were cut once for every engine; this version cannot resume it: start the search again", k+1, ErrCheckpointOld)
			}
			if err := prefixFits(p, t.Prefix); err != nil {
				return fmt.Errorf("solver: task %d: %w", k+1, err)
			}
			prefix, err := prefixChoices(names, t.Prefix)
			if err != nil {
				return fmt.Errorf("solver: task %d: %w", k+1, err)
			}
			r.tasks = append(r.tasks, prefix)
			r.weights = append(r.weights, t.Weight)
			ck.steps = append(ck.steps, t.Prefix)
			left += t.Weight
		}
		r.doneFrac.Store(math.Float64bits(min(max(1-left, 0), 1)))
		r.delivered = c.Solutions
		if n := len(r.workers); n > 1 && len(r.tasks) < 8*n {
			if err := r.recutTasks(); err != nil {
				return err
			}
			ck.steps = ck.steps[:0]
			for _, t := range r.tasks {
				ck.steps = append(ck.steps, prefixSteps(names, t))
			}
		}
	} else {
		if err := r.cutTasks(); err != nil {
			return err
		}
		for _, t := range r.tasks {
			ck.steps = append(ck.steps, prefixSteps(names, t))
		}
	}
	ck.done = make([]bool, len(r.tasks))
	r.ck = ck
	return nil
}

// startTask notes what the worker has counted as its task starts.
func (w *worker) startTask() {
	s := w.f
	w.ck.nodes, w.ck.updates, w.ck.count = s.nodes, s.updates, s.count
	w.ck.profile = append(w.ck.profile[:0], s.profile...)
	w.ck.held = w.ck.held[:0]
}

// finishTask counts task t, finished by w, and hands its solutions to
// visit, in one step. A task that ends as the run stops is not counted
// (its solutions could not all be delivered): it stays in the checkpoints.
func (w *worker) finishTask(t int) {
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
func (w *worker) holdSolution() bool {
	w.ck.held = append(w.ck.held, w.s.solutionAt())
	return !w.run.stop.Load()
}

// checkpointLocked is the checkpoint of the run as it stands (under r.mu).
func (r *run) checkpointLocked(done bool) Checkpoint {
	ck := r.ck
	c := Checkpoint{Problem: ck.hash, Engine: r.eng.name,
		Solutions: r.base.Solutions + ck.fig.Solutions,
		Nodes:     r.base.Nodes + ck.fig.Nodes,
		Updates:   r.base.Updates + ck.fig.Updates,
		Elapsed:   r.base.Elapsed + time.Since(r.start),
		Done:      done,
	}
	c.Profile = addProfiles(r.base.Profile, ck.fig.Profile)
	c.MaxLevel = max(len(c.Profile)-1, 0) // 0 before any node is counted, as Check wants
	if !done {
		for t, d := range ck.done {
			if !d {
				c.Tasks = append(c.Tasks, Task{Prefix: ck.steps[t], From: -1, To: -1, Weight: r.weights[t]})
			}
		}
	}
	// the final one too: a run killed after writing it is resumed from it,
	// and its caller's counts (a distinct count's classes) must be there
	if r.opt.CheckpointState != nil {
		r.opt.CheckpointState(&c)
	}
	return c
}

// startCheckpoints starts the goroutine that takes a checkpoint every
// opt.CheckpointEvery; the function it returns stops it and takes the last
// one: Done when the whole tree was searched.
func (r *run) startCheckpoints() func() {
	every := r.opt.CheckpointEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	save := func(done bool) {
		r.mu.Lock()
		c := r.checkpointLocked(done)
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

// splitTasks cuts the tree of p as a run of eng does, into at least n
// tasks, for runs on other machines (see Split).
func splitTasks(ctx context.Context, p *Problem, eng searchEngine, n int) (Checkpoint, error) {
	if err := eng.checkpointable(Options{}); err != nil {
		return Checkpoint{}, err
	}
	if err := ctx.Err(); err != nil {
		return Checkpoint{}, err
	}
	hash, err := ProblemHash(p)
	if err != nil {
		return Checkpoint{}, err
	}
	s, err := eng.newSearch()
	if err != nil {
		return Checkpoint{}, err
	}
	cut, err := cutTree(ctx, s, n, eng.shuffle, nil)
	if err != nil {
		return Checkpoint{}, err
	}
	f := cut.above
	c := Checkpoint{Problem: hash, Engine: eng.name, Nodes: f.nodes, Updates: f.updates,
		Solutions: f.count, Profile: addProfiles(f.profile, nil)}
	c.MaxLevel = max(len(c.Profile)-1, 0) // 0 before any node is counted, as Check wants
	for k, t := range cut.tasks {
		c.Tasks = append(c.Tasks, Task{Prefix: prefixSteps(s, t), From: -1, To: -1, Weight: cut.weights[k]})
	}
	c.Done = len(c.Tasks) == 0
	return c, nil
}
