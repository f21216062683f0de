package antislide

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Options are the settings of Count. The zero value counts every packing
// with every core.
type Options struct {
	// Workers is the number of goroutines searching (0: one per CPU).
	Workers int
	// MinPieces and MaxPieces keep the packings with that many pieces
	// (MaxPieces 0: no upper limit). The limit prunes the search.
	MinPieces, MaxPieces int
	// Distinct also counts the packings up to the problem's symmetries
	// (only its rotations when Rotations is true).
	Distinct, Rotations bool
	// Visit, when set, is called with each packing counted (with Distinct,
	// only the representative of each class, see Canonical): its moves,
	// increasing. Returning false stops the search. Calls never overlap.
	Visit func(moves []int) bool
	// Ordered visits the packings in the order of a sequential search (it
	// uses one worker for the visited search).
	Ordered bool
	// Progress, when set, receives a snapshot about ten times a second and
	// once at the end.
	Progress func(Progress)
}

// Progress is a snapshot of a running Count.
type Progress struct {
	Stage     string // "raw", or "fixed by g3" for the Burnside stages
	Stages    int    // stages in all
	StageNo   int    // 1-based
	Nodes     int64  // search-tree nodes so far, all stages
	TasksDone int    // subtrees finished in this stage
	Tasks     int    // subtrees in this stage
	Elapsed   time.Duration
}

// Fraction estimates the part of the work done, from 0 to 1.
func (pr Progress) Fraction() float64 {
	if pr.Stages == 0 {
		return 0
	}
	f := 0.0
	if pr.Tasks > 0 {
		f = float64(pr.TasksDone) / float64(pr.Tasks)
	}
	return (float64(pr.StageNo-1) + f) / float64(pr.Stages)
}

// Result holds the counts of a Count: index k is the number of packings
// with k pieces (the empty box is the one packing with 0 pieces).
type Result struct {
	Raw      []int64
	Distinct []int64 // nil unless Options.Distinct
	Group    int     // symmetries acting on the packings (Problem.Symmetries, told apart by their action; rotations only with Options.Rotations)
	Nodes    int64
	Complete bool // false when stopped early
}

// TotalRaw returns the number of packings.
func (r Result) TotalRaw() int64 { return sum(r.Raw) }

// TotalDistinct returns the number of classes.
func (r Result) TotalDistinct() int64 { return sum(r.Distinct) }

func sum(s []int64) int64 {
	t := int64(0)
	for _, v := range s {
		t += v
	}
	return t
}

// Count finds every antisliding packing of the problem: a set of
// non-overlapping placements of the piece such that no piece can move one
// cell in any of the six directions without leaving the box or running into
// another piece.
//
// The distinct counts come from Burnside's lemma: the number of classes
// with k pieces is the average, over the symmetries g, of the number of
// packings with k pieces that g maps to themselves. Those are counted by
// the same search on a smaller instance (the orbits of g on cells and
// moves), once per conjugacy class, so the cost is the raw search plus a
// little. When a Visit asks for one packing per class, the raw search
// checks each packing for being canonical as well.
//
// On cancellation Count returns what it has with Complete false and
// ctx.Err().
func Count(ctx context.Context, p *Problem, opt Options) (Result, error) {
	res := Result{}
	in, _ := p.plainInstance(nil)
	var g group
	var reps, sizes []int
	g = p.symmetryGroup(opt.Rotations)
	res.Group = len(g.cells)
	if opt.Distinct {
		reps, sizes = g.conjugacyClasses()
	}
	stages := 1
	if opt.Distinct {
		stages = len(reps)
	}
	run := &runner{opt: opt, stages: stages, began: time.Now()}

	// the raw packings, visiting them if asked
	var visit func(moves []int) bool
	if opt.Visit != nil {
		visit = func(moves []int) bool {
			if len(moves) < opt.MinPieces {
				return true
			}
			if opt.Distinct && !p.canonical(g, moves) {
				return true
			}
			return opt.Visit(moves)
		}
	}
	if visit == nil && len(g.moves) > 1 {
		in.orbits = newOrbitRoots(len(p.moves), g.moves, func(m int32) int { return p.spread(int(m)) })
	}
	raw, err := run.instance(ctx, in, "raw", 1, visit)
	res.Raw = trim(slices.Clone(raw), opt.MinPieces)
	res.Nodes = run.nodes.Load()
	if err == errVisitStopped {
		return res, nil // Complete stays false
	}
	if err != nil {
		return res, err
	}
	if !opt.Distinct {
		res.Complete = true
		return res, nil
	}

	// Burnside: fixed packings of one element of each other conjugacy class
	total := scale(raw, int64(sizes[0]))
	for i := 1; i < len(reps); i++ {
		fin := p.fixedInstance(g.cells[reps[i]], g.moves[reps[i]])
		fin.orbits = g.centralizerRoots(p, fin, reps[i])
		fixed, err := run.instance(ctx, fin, fmt.Sprintf("fixed by g%d", reps[i]), i+1, nil)
		res.Nodes = run.nodes.Load()
		if err != nil {
			return res, err
		}
		total = add(total, scale(fixed, int64(sizes[i])))
	}
	n := int64(len(g.cells))
	res.Distinct = make([]int64, len(total))
	for k, v := range total {
		if v%n != 0 {
			return res, fmt.Errorf("antislide: internal error: Burnside sum %d for %d pieces is not a multiple of %d", v, k, n)
		}
		res.Distinct[k] = v / n
	}
	res.Distinct = trim(res.Distinct, opt.MinPieces)
	res.Complete = true
	return res, nil
}

// trim zeroes the counts below min.
func trim(c []int64, min int) []int64 {
	for k := 0; k < min && k < len(c); k++ {
		c[k] = 0
	}
	return c
}

func scale(c []int64, f int64) []int64 {
	out := make([]int64, len(c))
	for i, v := range c {
		out[i] = v * f
	}
	return out
}

func add(a, b []int64) []int64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := append([]int64(nil), a...)
	for i, v := range b {
		out[i] += v
	}
	return out
}

// errVisitStopped says that Visit asked to stop.
var errVisitStopped = errors.New("stopped by Visit")

// runner runs the stages of one Count and reports progress.
type runner struct {
	opt    Options
	stages int
	began  time.Time
	nodes  atomic.Int64
}

// instance counts the packings of one instance by number of pieces, on
// the workers, splitting the top of the tree into tasks.
func (r *runner) instance(ctx context.Context, in *instance, stage string, stageNo int, visit func([]int) bool) ([]int64, error) {
	workers := r.opt.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if visit != nil && r.opt.Ordered {
		workers = 1
	}
	in.prepare()
	var stop atomic.Bool
	var done, ntasks atomic.Int64
	var mu sync.Mutex
	engineVisit := func(e *engine) bool {
		if visit == nil {
			return true
		}
		moves := make([]int, len(e.chosen))
		for i, m := range e.chosen {
			moves[i] = int(e.in.rep[m])
		}
		slices.Sort(moves)
		mu.Lock()
		defer mu.Unlock()
		if stop.Load() {
			return false
		}
		return visit(moves)
	}
	newE := func() *engine {
		e := newEngine(ctx, in, r.opt.MaxPieces, &stop, &r.nodes)
		e.visit = engineVisit
		return e
	}

	// progress reports
	report := func() {
		if r.opt.Progress != nil {
			r.opt.Progress(Progress{Stage: stage, Stages: r.stages, StageNo: stageNo, Nodes: r.nodes.Load(),
				TasksDone: int(done.Load()), Tasks: int(ntasks.Load()), Elapsed: time.Since(r.began)})
		}
	}
	quit := make(chan struct{})
	var reporter sync.WaitGroup
	if r.opt.Progress != nil {
		reporter.Add(1)
		go func() {
			defer reporter.Done()
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-quit:
					return
				case <-t.C:
					report()
				}
			}
		}()
	}
	finish := func(counts []int64) ([]int64, error) {
		close(quit)
		reporter.Wait()
		report()
		if err := ctx.Err(); err != nil {
			return counts, err
		}
		if stop.Load() {
			return counts, errVisitStopped
		}
		return counts, nil
	}

	if workers == 1 {
		e := newE()
		ntasks.Store(1)
		if lo, hi, ok := e.start(); ok {
			e.walk(lo, hi)
		}
		r.nodes.Add(int64(e.tick))
		done.Store(1)
		c, err := finish(e.counts)
		return addRoots(c, e.wcounts), err
	}

	// split the top of the tree: deepen until there are enough subtrees
	// (the packings found above the split are visited once the depth is chosen)
	var tasks []task
	var top *engine
	var above [][]int32
	target := 48 * workers
	for depth := 1; ; depth++ {
		top = newE()
		top.splitAt = depth
		tasks, above = tasks[:0], above[:0]
		top.emit = func(t task) { tasks = append(tasks, t) }
		if visit != nil {
			top.visit = func(e *engine) bool {
				above = append(above, append([]int32(nil), e.chosen...))
				return true
			}
		}
		if lo, hi, ok := top.start(); ok {
			top.walk(lo, hi)
		}
		r.nodes.Add(int64(top.tick))
		if len(tasks) == 0 || len(tasks) >= target || depth >= 64 || stop.Load() {
			break
		}
	}
	for _, chosen := range above {
		if !engineVisit(&engine{in: in, chosen: chosen}) {
			stop.Store(true)
			break
		}
	}
	ntasks.Store(int64(len(tasks)))
	counts := [][]int64{top.counts}
	var next atomic.Int64
	var wg sync.WaitGroup
	results := make([][]int64, workers)
	wresults := make([][][]int64, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(tasks) || stop.Load() {
					return
				}
				e := newE()
				lo, hi, _ := e.start()
				lo, hi = e.replay(tasks[i], lo, hi)
				e.walk(lo, hi)
				r.nodes.Add(int64(e.tick))
				results[w] = add(results[w], e.counts)
				wresults[w] = addRows(wresults[w], e.wcounts)
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	counts = append(counts, results...)
	total := []int64{}
	for _, c := range counts {
		total = add(total, c)
	}
	wtotal := top.wcounts
	for _, w := range wresults {
		wtotal = addRows(wtotal, w)
	}
	total, err := finish(total)
	return addRoots(total, wtotal), err
}

// addRows adds two tables of counts.
func addRows(a, b [][]int64) [][]int64 {
	for len(a) < len(b) {
		a = append(a, nil)
	}
	for i, row := range b {
		a[i] = add(a[i], row)
	}
	return a
}

// addRoots adds to counts the packings of a search by orbit roots:
// w[k][a] is the sum of |O| over the visits of packings with k pieces and
// a moves in their first orbit O, and the number of packings with k pieces
// is the sum of w[k][a]/a (see orbitRoots).
func addRoots(counts []int64, w [][]int64) []int64 {
	for k, row := range w {
		sum := new(big.Rat)
		for a, v := range row {
			if v != 0 {
				sum.Add(sum, big.NewRat(v, int64(a)))
			}
		}
		if sum.Sign() == 0 {
			continue
		}
		for len(counts) <= k {
			counts = append(counts, 0)
		}
		if !sum.IsInt() || !sum.Num().IsInt64() {
			// cannot happen for a complete search; a stopped one is partial
			sum.SetInt(new(big.Int).Quo(sum.Num(), sum.Denom()))
		}
		counts[k] += sum.Num().Int64()
	}
	return counts
}
