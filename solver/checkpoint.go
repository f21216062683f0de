package solver

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"
)

// Checkpoints. A Checkpoint is a consistent cut of a search: the figures
// of everything searched so far, and the exact set of subtrees not searched
// yet, each named by the choices that lead to it (a prefix) and, for a piece
// of a level, by the first and the end option of the level's item. Every
// node of the tree is either counted in the figures or lies in exactly one
// pending subtree, so resuming from any checkpoint ends with exactly the
// figures of an uninterrupted run, whatever happened after it was taken.
//
// Taking one stops the world for a moment: the workers running a task park
// at their next poll (a fraction of a millisecond), each turning the rest of
// its task into pending subtrees (see worker.remaining); the pool's tasks are
// pending as they are; idle workers hold nothing. A parked worker has
// already counted the node of the level it is entering, and that node is
// pending (a fresh subtree), so the cut subtracts it from the figures.
//
// Subtrees are named by item and option numbers, not by node positions, so
// a checkpoint is meaningful for any build of the same problem; the problem
// is named by the SHA-256 of its DLX file (ProblemHash), and resuming
// against another problem fails with ErrCheckpointProblem.
//
// Checkpoints need Algorithm X or C (no item with multiplicities: the
// untried branches of a tweaked item cannot be given away, see donate) and
// unordered delivery.

// Errors of checkpoints and splits.
var (
	ErrCheckpointProblem = errors.New("checkpoint is for another problem")
	ErrCheckpointBad     = errors.New("checkpoint is damaged")
	ErrCheckpointUnsup   = errors.New("checkpoints are not supported here")
)

// A Checkpoint is the state of a search that can be resumed (see above).
type Checkpoint struct {
	Problem string `json:"problem"` // ProblemHash of the problem
	// Engine is the engine that took it: "" for dancing links, "bits" for
	// the bitset engine (see bitscheckpoint.go). Nodes and updates are the
	// engine's own, so a checkpoint is resumed with the engine that took it.
	Engine    string  `json:"engine,omitempty"`
	Solutions int64   `json:"solutions"`
	Nodes     int64   `json:"nodes"`
	Updates   int64   `json:"updates"`
	Profile   []int64 `json:"profile"`
	MaxLevel  int     `json:"max_level"`
	// Elapsed is the search time spent so far, over every resumption.
	Elapsed time.Duration `json:"elapsed_ns"`
	// Tasks are the subtrees not searched yet; none when Done.
	Tasks []Task `json:"tasks"`
	Done  bool   `json:"done"`
	// Counters and State are what the layers above the solver keep with
	// the figures (see Options.CheckpointState): named counts (a distinct
	// count keeps "distinct" and "raw" here) and the caller's own state as
	// JSON (the solutions it printed or keeps).
	Counters map[string]int64 `json:"counters,omitempty"`
	State    json.RawMessage  `json:"state,omitempty"`
}

// A Step is one choice of a prefix: option Option taken for item Item
// (0-based numbers, as in Problem). In a task of the bitset engine Item is
// -1: the option alone names the choice.
type Step struct {
	Item   int `json:"item"`
	Option int `json:"option"`
}

// A Task is a pending subtree. With From < 0 it is the whole subtree
// entered after the choices of Prefix (the whole tree when Prefix is
// empty); otherwise it is the options of Item from option From up to (not
// including) option To (-1: to the end of the item's list), tried at level
// len(Prefix) after the choices of Prefix.
type Task struct {
	Prefix []Step `json:"prefix"`
	Item   int    `json:"item"`
	From   int    `json:"from"`
	To     int    `json:"to"`
	// Scores are the branching degrees of levels 0..len(Prefix) (of the
	// levels of Prefix for a whole subtree): they serve the progress
	// estimate only.
	Scores []int32 `json:"scores,omitempty"`
	// Weight is the task's share of the whole tree in Knuth's estimate,
	// Pos the estimated position of its first node.
	Weight float64 `json:"weight"`
	Pos    float64 `json:"pos"`
}

// ProblemHash returns "sha256:" and the hex SHA-256 of p's DLX file, the
// name of the problem in checkpoints and job files.
func ProblemHash(p *Problem) (string, error) {
	h := sha256.New()
	if err := p.WriteDLX(h); err != nil {
		return "", err
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// ckState is the checkpoint machinery of one run (run.ck).
type ckState struct {
	hash   string
	base   Checkpoint      // figures of the resumed checkpoint
	nodeOf map[Step]int32  // node of option o in item i's list
	ctx    context.Context // the caller's context; the run's own is not cancelled by it
	cancel context.CancelFunc

	// under run.mu
	gen     int64 // incremented when a cut is complete: parked workers go on
	parked  int
	pending []Task
	drop    []parkedAt // the node counted by each parked worker, not in the cut
}

type parkedAt struct {
	w     *worker
	level int
}

// setupCheckpoints prepares a run for checkpoints (opt.Checkpoint or
// opt.Resume set): it checks the problem, swaps the run's context for one
// that the caller's cancellation does not reach (the monitor takes a last
// checkpoint first) and returns the tasks to start with.
func (r *run) setupCheckpoints(ctx context.Context) ([]*task, error) {
	p, opt := r.p, r.opt
	if p.hasMultiplicities() {
		return nil, fmt.Errorf("solver: %w: the problem has items with multiplicities (Algorithm M)", ErrCheckpointUnsup)
	}
	if opt.Ordered {
		return nil, fmt.Errorf("solver: %w: with ordered delivery", ErrCheckpointUnsup)
	}
	if opt.Control != nil {
		// a paused worker would hold up the cut
		return nil, fmt.Errorf("solver: %w: with a Control", ErrCheckpointUnsup)
	}
	hash, err := ProblemHash(p)
	if err != nil {
		return nil, err
	}
	ck := &ckState{hash: hash, ctx: ctx}
	e := r.workers[0].e
	ck.nodeOf = e.nodeIndex()
	tasks := []*task{{start: -1, weight: 1}}
	if c := opt.Resume; c != nil {
		if c.Problem != hash {
			return nil, fmt.Errorf("solver: %w: it names %s, this problem is %s", ErrCheckpointProblem, c.Problem, hash)
		}
		ck.base = *c
		ck.base.Tasks = nil
		tasks = tasks[:0]
		done := 1.0
		for i, t := range c.Tasks {
			it, err := ck.internal(e, t)
			if err != nil {
				return nil, fmt.Errorf("solver: task %d: %w", i+1, err)
			}
			tasks = append(tasks, it)
			done -= t.Weight
		}
		r.doneFrac.Store(math.Float64bits(min(max(done, 0), 1)))
		r.delivered = c.Solutions
	}
	var ictx context.Context
	ictx, ck.cancel = context.WithCancel(context.WithoutCancel(ctx))
	r.ctx = ictx
	r.ck = ck
	return tasks, nil
}

// nodeIndex maps every (item, option) pair to its node.
func (e *engine) nodeIndex() map[Step]int32 {
	m := make(map[Step]int32, len(e.nd))
	o := 0
	for x := e.lastItm + 1; x < int32(len(e.nd)); x++ {
		if k := e.nd[x].itm; k <= 0 {
			o++
		} else {
			m[Step{Item: int(k) - 1, Option: o}] = x
		}
	}
	return m
}

// internal turns a saved task into a run's task, checking every name.
func (ck *ckState) internal(e *engine, t Task) (*task, error) {
	node := func(item, opt int) (int32, error) {
		x, ok := ck.nodeOf[Step{item, opt}]
		if !ok {
			return 0, fmt.Errorf("%w: option %d does not contain item %d", ErrCheckpointBad, opt, item)
		}
		return x, nil
	}
	it := &task{weight: t.Weight, startPos: t.Pos, start: -1}
	for _, s := range t.Prefix {
		x, err := node(s.Item, s.Option)
		if err != nil {
			return nil, err
		}
		it.prefix = append(it.prefix, x)
	}
	l := len(t.Prefix)
	it.tweaks = make([]int32, l+1)
	it.scores = make([]int32, l+1)
	copy(it.scores, t.Scores)
	if t.From >= 0 {
		var err error
		if it.start, err = node(t.Item, t.From); err != nil {
			return nil, err
		}
		it.end = int32(t.Item + 1)
		if t.To >= 0 {
			if it.end, err = node(t.Item, t.To); err != nil {
				return nil, err
			}
		}
	}
	return it, nil
}

// external names a run's task by items and options.
func (e *engine) external(t *task) Task {
	x := Task{From: -1, To: -1, Weight: t.weight, Pos: t.startPos}
	for _, n := range t.prefix {
		x.Prefix = append(x.Prefix, Step{Item: int(e.nd[n].itm) - 1, Option: e.optionOf(n)})
	}
	x.Scores = append([]int32(nil), t.scores...)
	if t.start >= 0 {
		x.Item = int(e.nd[t.start].itm) - 1
		x.From = e.optionOf(t.start)
		if t.end > e.lastItm {
			x.To = e.optionOf(t.end)
		}
	}
	return x
}

// remaining returns the rest of the worker's task when it is about to enter
// level e.level: that level's subtree afresh, and the untried options of
// every level from the task's root down.
func (w *worker) remaining(e *engine) []*task {
	L := e.level
	pos, fd := 0.0, 1.0
	before := make([]float64, L+1) // position of the prefix of level l
	fds := make([]float64, L+1)    // product of the degrees above level l
	for l := 0; l < L; l++ {
		k, d := e.rank(l, e.choice[l])
		before[l], fds[l] = pos, fd
		fd *= float64(d)
		pos += float64(k-1) / fd
	}
	out := []*task{{
		prefix:   append([]int32(nil), e.choice[:L]...),
		tweaks:   make([]int32, L+1),
		scores:   append([]int32(nil), e.scor[:L]...),
		start:    -1,
		weight:   1 / fd,
		startPos: pos,
	}}
	for l := L - 1; l >= w.root; l-- {
		next, end := e.nd[e.choice[l]].down, e.end[l]
		if next == end {
			continue
		}
		k, d := e.rank(l, next)
		left := 0
		for x := next; x != end; x = e.nd[x].down {
			left++
		}
		f := fds[l] * float64(d)
		out = append(out, &task{
			prefix:   append([]int32(nil), e.choice[:l]...),
			tweaks:   make([]int32, l+1),
			scores:   append([]int32(nil), e.scor[:l+1]...),
			start:    next,
			end:      end,
			weight:   float64(left) / f,
			startPos: before[l] + float64(k-1)/f,
		})
	}
	return out
}

// park is called by a worker at a poll when a checkpoint is wanted: it
// adds the rest of its task to the cut and waits until the cut is taken.
func (w *worker) park(e *engine) {
	r := w.run
	ck := r.ck
	rest := w.remaining(e)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, t := range rest {
		ck.pending = append(ck.pending, e.external(t))
	}
	ck.drop = append(ck.drop, parkedAt{w, e.level})
	ck.parked++
	gen := ck.gen
	r.cond.Broadcast()
	for ck.gen == gen && !r.stop.Load() {
		r.cond.Wait()
	}
}

// cut parks every worker that runs a task and returns the checkpoint; ok
// is false when the search ended (or stopped) before the cut was complete.
func (r *run) cut() (c Checkpoint, ok bool) {
	ck := r.ck
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ckWant.Store(true)
	for ck.parked < r.active && !r.stop.Load() {
		r.cond.Wait()
	}
	r.ckWant.Store(false)
	if r.stop.Load() || (r.active == 0 && len(r.pool) == 0) {
		ck.release()
		r.cond.Broadcast()
		return c, false
	}
	c = ck.base
	c.Problem = ck.hash
	c.Tasks = append([]Task(nil), ck.pending...)
	e0 := r.workers[0].e
	for _, t := range r.pool {
		c.Tasks = append(c.Tasks, e0.external(t))
	}
	c.Profile = append([]int64(nil), ck.base.Profile...)
	for _, w := range r.workers {
		r.addFigures(&c, w.e)
	}
	for _, d := range ck.drop {
		c.Nodes--
		c.Profile[d.level]--
	}
	c.Elapsed = ck.base.Elapsed + time.Since(r.start)
	c.Counters, c.State = nil, nil
	if r.opt.CheckpointState != nil {
		// the world is stopped and visit runs under r.mu: every solution
		// counted in c has been handed to visit, and no other will be
		// until the workers go on
		r.opt.CheckpointState(&c)
	}
	ck.release()
	r.cond.Broadcast()
	return c, true
}

// release lets the parked workers go on (under run.mu).
func (ck *ckState) release() {
	ck.gen++
	ck.parked = 0
	ck.pending = ck.pending[:0]
	ck.drop = ck.drop[:0]
}

// addFigures adds an engine's figures to c.
func (r *run) addFigures(c *Checkpoint, e *engine) {
	c.Nodes += e.nodes
	c.Updates += e.updates
	c.Solutions += e.count
	c.MaxLevel = max(c.MaxLevel, e.maxl)
	for len(c.Profile) <= e.maxl {
		c.Profile = append(c.Profile, 0)
	}
	for l, n := range e.profile[:min(e.maxl+1, len(e.profile))] {
		c.Profile[l] += n
	}
}

// startCheckpoints starts the goroutine that takes a checkpoint every
// opt.CheckpointEvery and a last one when the caller's context ends; the
// function it returns stops it and reports the final state of a search
// that ran to its end.
func (r *run) startCheckpoints() func() {
	ck := r.ck
	every := r.opt.CheckpointEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ck.ctx.Done():
				c, ok := r.cut()
				if ok && r.opt.Checkpoint != nil {
					r.opt.Checkpoint(c)
				}
				if ok || r.stop.Load() {
					r.halt(ck.ctx.Err())
				} // else the search ended first: it is complete, and the final checkpoint says so
				ck.cancel()
				return
			case <-tick.C:
				if c, ok := r.cut(); ok && r.opt.Checkpoint != nil {
					r.opt.Checkpoint(c)
				}
			}
		}
	}()
	return func() {
		close(done)
		<-finished
		ck.cancel()
		if r.stop.Load() || r.opt.Checkpoint == nil {
			return
		}
		c := ck.base
		c.Problem = ck.hash
		c.Tasks = nil
		c.Profile = append([]int64(nil), ck.base.Profile...)
		for _, w := range r.workers {
			r.addFigures(&c, w.e)
		}
		c.Elapsed = ck.base.Elapsed + time.Since(r.start)
		c.Done = true
		r.opt.Checkpoint(c)
	}
}

// addBase adds the figures of the resumed checkpoint to st.
func (ck *ckState) addBase(st *Stats) {
	b := ck.base
	st.Nodes += b.Nodes
	st.Updates += b.Updates
	st.Solutions += b.Solutions
	st.MaxLevel = max(st.MaxLevel, b.MaxLevel)
	for len(st.Profile) < len(b.Profile) {
		st.Profile = append(st.Profile, 0)
	}
	for l, n := range b.Profile {
		st.Profile[l] += n
	}
	st.Profile = st.Profile[:min(len(st.Profile), st.MaxLevel+1)]
}
