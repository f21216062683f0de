package solver

import (
	"math"
	"sync"
	"time"
)

// Parallel search. The tree is split into tasks by prefixes of choices: a
// task is "with the options prefix[0..l-1] chosen at levels 0..l-1, try the
// options of level l's item from node start up to (not including) node end".
// The first worker starts with the whole tree. A worker that runs out of work
// says it is hungry; a busy worker notices at its next poll (a fraction of a
// millisecond) and gives away half of the untried options at its shallowest
// level that still has some, which is the biggest piece of work it can hand
// over without stopping. So the tree is split further exactly where the work
// turns out to be, and idle workers take work from busy ones.
//
// The counts stay identical to a sequential run: the donor has already
// counted the node of level l and the covering of its item, and the receiver
// replays the prefix without counting it; every later node and update is
// counted by exactly one worker.
//
// Ordered delivery: the tasks' outputs form a linked list of segments in
// depth-first order. A donation splits off the end of the donor's remaining
// work, which comes right after the donor's own segment: the donor gives only
// from its shallowest level with options left, so nothing it still has to do
// lies after the piece it gives away. Solutions of the head segment go
// straight to visit; the others wait in their segment until it becomes the
// head. At most maxHeld wait: a worker that finds one more waits until the
// head moves on, and the task of the head segment is always taken first
// from the pool, so the head is always being searched by a worker that
// does not wait.

// A task is a piece of the search tree (see above).
type task struct {
	prefix     []int32
	tweaks     []int32 // firstTweak of levels 0..l (Algorithm M; zeros in X and C)
	scores     []int32 // branching degree of levels 0..l
	start, end int32
	seg        *segment
	weight     float64 // share of the whole tree
	startPos   float64 // tree position of its first node (Knuth's estimate)
}

// A segment collects the solutions of one task in ordered mode.
type segment struct {
	next *segment
	sols []Solution
	done bool
}

// runParallel runs the workers until the tree is exhausted or the run stops.
func (r *run) runParallel() {
	r.mu.Lock()           // the checkpoint monitor may look already
	if r.initial != nil { // resumed (checkpoint.go)
		r.pool = append(r.pool, r.initial...)
	} else {
		whole := &task{start: -1, weight: 1}
		if r.ordered {
			whole.seg = &segment{}
			r.head = whole.seg
		}
		r.pool = append(r.pool, whole)
	}
	r.queued.Store(int32(len(r.pool)))
	r.mu.Unlock()
	var wg sync.WaitGroup
	for _, w := range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r.opt.OnWorkerStart != nil {
				r.opt.OnWorkerStart()
			}
			w.loop()
		}()
	}
	wg.Wait()
}

// loop takes tasks until there are none left.
func (w *worker) loop() {
	for {
		t := w.run.take()
		if t == nil {
			w.publishDone()
			return
		}
		w.runTask(t)
		w.run.finish(w, t)
	}
}

// take returns the next task, waiting while other workers may still give
// some; nil when the search is over.
func (r *run) take() *task {
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		if r.stop.Load() {
			return nil
		}
		if len(r.pool) > 0 {
			t := r.pool[0]
			if i := r.headTaskLocked(); i > 0 {
				// ordered: the head's task goes first, so that the
				// head is always being searched (workers may be
				// waiting for it: see worker.solution)
				t = r.pool[i]
				copy(r.pool[1:i+1], r.pool[:i])
			}
			r.pool[0] = nil
			r.pool = r.pool[1:]
			r.queued.Store(int32(len(r.pool)))
			r.active++
			r.tasks++
			return t
		}
		if r.active == 0 {
			r.cond.Broadcast()
			return nil
		}
		r.hungry.Add(1)
		start := time.Now()
		r.cond.Wait()
		r.idle += time.Since(start)
		r.hungry.Add(-1)
	}
}

// headTaskLocked returns the place in the pool of the task whose segment
// is the head, or -1.
func (r *run) headTaskLocked() int {
	if r.head == nil {
		return -1
	}
	for i, t := range r.pool {
		if t.seg == r.head {
			return i
		}
	}
	return -1
}

// finish records the end of a task: its share of the tree is done, its
// segment complete.
func (r *run) finish(w *worker, t *task) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active--
	r.doneFrac.Store(math.Float64bits(math.Float64frombits(r.doneFrac.Load()) + w.weight))
	w.weight, w.startPos = 0, 0
	w.pubFrac.Store(0)
	if t.seg != nil {
		t.seg.done = true
		r.flushLocked()
	}
	if (r.active == 0 && len(r.pool) == 0) || r.ckWant.Load() {
		r.cond.Broadcast() // the end, or one fewer to park (checkpoint.go)
	}
}

// flushLocked delivers, in order, the solutions of the segments that have
// become the head.
func (r *run) flushLocked() {
	for r.head != nil && r.head.done {
		r.head = r.head.next
		if r.head == nil {
			return
		}
		sols := r.head.sols
		r.head.sols = nil
		r.held -= len(sols)
		r.cond.Broadcast() // a new head, and room to hold more
		for _, s := range sols {
			if !r.deliverLocked(s) {
				return
			}
		}
	}
}

// runTask replays the task's prefix without counting it, searches the
// task's subtree and restores the engine. The item of the task's level is
// one that was covered (in M, not tweaked).
func (w *worker) runTask(t *task) {
	e := w.e
	w.seg = t.seg
	w.weight, w.startPos = t.weight, t.startPos
	l := len(t.prefix)
	e.grow(l + 2)
	e.replay(t.prefix, t.tweaks[:l])
	if t.start < 0 { // the whole subtree after the prefix (the whole tree)
		copy(e.scor, t.scores[:l])
		e.maxl = max(e.maxl, l)
		w.root = l
		e.level = l
		if e.search(l, false) {
			e.unwind(l)
		}
		return
	}
	copy(e.scor, t.scores)
	best := e.nd[t.start].itm
	saved := e.updates
	if e.multi {
		e.bound[best]--
	}
	e.coverItem(best)
	e.updates = saved
	e.choice[l], e.end[l], e.firstTweak[l] = t.start, t.end, 0
	w.root = l
	e.level = l
	if e.search(l, true) {
		e.unwind(l) // the prefix; a stopped search has undone it already
	}
}

// donate gives away half of the untried options at the shallowest level of
// the worker's task that has some, as a new task for a hungry worker.
func (w *worker) donate(e *engine) {
	for l := w.root; l < e.level; l++ {
		if e.firstTweak[l] != 0 {
			// A tweaked item (see multiplicity.go): its untried
			// branches cannot be given away. In ordered mode nothing
			// deeper can be either: the branches left here come after
			// any deeper piece in the sequential order, and the donated
			// piece's segment would come before them.
			if w.seg != nil {
				return
			}
			continue
		}
		first, end := e.nd[e.choice[l]].down, e.end[l]
		if first == end {
			continue
		}
		left := 0
		for x := first; x != end; x = e.nd[x].down {
			left++
		}
		give := max(left/2, 1)
		m := first
		for range left - give {
			m = e.nd[m].down
		}
		t := &task{
			prefix: append([]int32(nil), e.choice[:l]...),
			tweaks: append([]int32(nil), e.firstTweak[:l+1]...),
			scores: append([]int32(nil), e.scor[:l+1]...),
			start:  m,
			end:    end,
		}
		// the task's share of the tree, and where it starts
		pos, fd := 0.0, 1.0
		for i := 0; i < l; i++ {
			k, d := e.rank(i, e.choice[i])
			fd *= float64(d)
			pos += float64(k-1) / fd
		}
		k, d := e.rank(l, m)
		fd *= float64(d)
		t.startPos = pos + float64(k-1)/fd
		t.weight = float64(give) / fd
		e.end[l] = m

		r := w.run
		r.mu.Lock()
		w.weight -= t.weight
		if w.seg != nil {
			t.seg = &segment{next: w.seg.next}
			w.seg.next = t.seg
		}
		r.pool = append(r.pool, t)
		r.queued.Store(int32(len(r.pool)))
		r.cond.Signal()
		r.mu.Unlock()
		return
	}
}
