package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync/atomic"
)

// The engine seam. Every engine (dancing links, dlxsearch.go; the bitset
// engine's two searches, bitssearch.go and bitsopt.go) is a taskSearch: a
// search whose work is cut into tasks, each the subtree below a prefix of
// choices (numbers of the engine's own: a node of the dancing-links array,
// a candidate of the bitset plan). The driver (driver.go) does the rest,
// the same for every engine: it cuts the tree into tasks once, runs them
// on workers, polls for cancellation and pause, reports progress, delivers
// the solutions (in order if asked), takes checkpoints and resumes them,
// and cuts split jobs.

// A taskSearch is one worker's search, as the driver drives it. Each
// worker owns one; a search is never used by two goroutines at once.
type taskSearch interface {
	// replay sets the state after the prefix's choices, counting nothing.
	replay(prefix []int32)
	// search explores the subtree below the replayed prefix, entering
	// level root = len(prefix); it returns false if it was stopped (a hook
	// said so). Either way the search is ready for the next replay.
	search(root int) bool
	// children expands the node the prefix leads to: if it has options to
	// try, it counts it (if count: the node, and the updates that the
	// search would make at that node), appends the prefixes of its
	// children to out in the search's order and returns true; a leaf or a
	// dead end returns false and counts nothing (the task of that prefix
	// will), and so does a node whose expansion the poll hook stopped.
	children(prefix []int32, out *[][]int32, count bool) bool
	// position is Knuth's estimate of the share of the subtree below root
	// searched so far (called from a poll hook).
	position(root int) float64
	// solutionAt builds the solution at the current leaf (called from the
	// solution hook).
	solutionAt() Solution
	// figures gives the counts and the hooks.
	figures() *taskFigures
	// stepOf names a choice of a prefix by the problem's numbers, and
	// choiceOf reads the name back (false: no choice of this search has
	// that name, so a prefix naming it is foreign), so that tasks can be
	// written out (checkpoints, split jobs) and read back.
	stepOf(choice int32) Step
	choiceOf(st Step) (int32, bool)
}

// taskFigures are the counts of a task search and its hooks.
type taskFigures struct {
	nodes, updates, count int64
	profile               []int64
	maxl                  int
	level                 int // the level being entered, for solution and poll
	pollLeft              int

	// poll is called every so often (bitsPollEvery nodes in the bitset
	// searches, pollInterval updates in dancing links) and solution at
	// each solution (only when solutions are wanted); each reports whether
	// the search goes on.
	poll     func() bool
	solution func() bool

	// abandon says a search stopped by a hook is not used again (a run's
	// workers): dancing links then skips undoing its levels, seconds on a
	// big board after a signal.
	abandon bool
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

// minTasks is how many tasks a run cuts the tree into, at least (when it
// is that big). More tasks give finer checkpoints and split jobs, a
// smoother progress fraction and workers that finish together; the price
// is the nodes above the cut, expanded by the cut and replayed by every
// task, which on a tree of a few thousand nodes are most of the run.
const minTasks = 4096

// tasksPerWorker is how many tasks a run in tree order without checkpoints
// cuts for each worker (see cutTasks): enough that the workers end within
// a few percent of each other, while a small tree's cut stays cheap; 512
// and 2048 made no difference on Bedlam.
const tasksPerWorker = 128

// A cut is the tree cut into tasks: the prefixes, each task's share of
// the tree (for the progress estimate), and the figures of the nodes above
// the tasks, counted in the search that cut.
type cut struct {
	tasks   [][]int32
	weights []float64
	above   *taskFigures
}

// cutTree cuts the tree into at least n tasks (or into its leaves, for a
// small tree): it expands the nodes breadth first, from the root, until
// the frontier is that big, counting the nodes it expanded in s. A task is
// the prefix of choices that leads to a node of the frontier (or to a
// leaf or dead end met on the way). The tasks are in the tree's
// depth-first order, so that one worker running them one after another
// makes the search's own order, and each has Knuth's share of the tree:
// the product of 1/d over the branching degrees d above it. With shuffle
// they are put in a fixed pseudo-random order instead, each with an equal
// share.
//
// The random order is what makes the progress estimate converge: the tasks
// done are a uniform sample of all the tasks, so the share of tasks done
// (plus Knuth's estimate inside the running ones) estimates the share of
// the work done without the bias of a depth-first walk, whose first
// branches are rarely typical. On a long run the estimate is within a few
// per cent after the first tenth of the run (see the bench command).
// Dancing links keeps the tree order: it promises DLX1's order of the
// solutions to one worker, and to Options.Ordered with any number.
//
// The cut stops with ctx's error when ctx is cancelled (on a problem with
// many items a node's expansion alone can take a millisecond), and returns
// the tasks it has so far: still a cut of the whole tree (see expand).
func cutTree(ctx context.Context, s taskSearch, n int, shuffle bool, seen *atomic.Int64) (cut, error) {
	all, err := expand(ctx, s, [][]int32{{}}, []float64{1}, n, seen)
	c := cut{above: s.figures()}
	if shuffle {
		rand.New(rand.NewPCG(11, 2026)).Shuffle(len(all), func(i, j int) {
			all[i], all[j] = all[j], all[i]
		})
		for _, t := range all {
			c.tasks = append(c.tasks, t.prefix)
			c.weights = append(c.weights, 1/float64(len(all)))
		}
		return c, err
	}
	return inOrder(all, c), err
}

// recut cuts the given tasks further, each in place, until there are at
// least n (a resumed job or checkpoint with fewer tasks than that, for
// several workers), counting the nodes it expands in s. The tasks keep
// their order, and each one's pieces are in the tree's order.
func recut(ctx context.Context, s taskSearch, tasks [][]int32, weights []float64, n int, seen *atomic.Int64) (cut, error) {
	all, err := expand(ctx, s, tasks, weights, n, seen)
	return inOrder(all, cut{above: s.figures()}), err
}

// A cutNode is a node of the tree met by a cut: the prefix that leads to
// it, its share of the tree, and its place in depth-first order (the
// index of its starting task, then the child indices below it).
type cutNode struct {
	prefix []int32
	weight float64
	order  []int32
}

// expand expands the starting tasks' nodes breadth first until there are
// at least n tasks or none can be expanded; it returns the leaves and dead
// ends met, then the frontier. When ctx is cancelled it stops with ctx's
// error and what it has: a cut too (each node expanded is counted, the
// others are tasks), fewer than n. seen, if not nil, is kept at the number
// of tasks so far (for progress).
func expand(ctx context.Context, s taskSearch, tasks [][]int32, weights []float64, n int, seen *atomic.Int64) ([]cutNode, error) {
	// one node's expansion can take seconds (dancing links on a big
	// board): it looks at ctx too
	f := s.figures()
	saved := f.poll
	f.poll = func() bool { return ctx.Err() == nil }
	defer func() { f.poll = saved }()
	var frontier []cutNode
	for i, t := range tasks {
		frontier = append(frontier, cutNode{prefix: t, weight: weights[i], order: []int32{int32(i)}})
	}
	var ends []cutNode // leaves and dead ends: tasks as they are
	var kids [][]int32
	for len(frontier) > 0 && len(frontier)+len(ends) < n {
		if err := ctx.Err(); err != nil {
			return append(ends, frontier...), err
		}
		if seen != nil {
			seen.Store(int64(len(frontier) + len(ends)))
		}
		p := frontier[0]
		frontier = frontier[1:]
		kids = kids[:0]
		if !s.children(p.prefix, &kids, true) {
			ends = append(ends, p)
			if err := ctx.Err(); err != nil {
				return append(ends, frontier...), err // p stays a task as it is
			}
			continue
		}
		for i, k := range kids {
			frontier = append(frontier, cutNode{prefix: k, weight: p.weight / float64(len(kids)),
				order: append(slices.Clip(p.order), int32(i))})
		}
	}
	return append(ends, frontier...), nil
}

// inOrder puts the nodes in depth-first order as c's tasks.
func inOrder(all []cutNode, c cut) cut {
	sortByOrder(all, func(t cutNode) []int32 { return t.order })
	for _, t := range all {
		c.tasks = append(c.tasks, t.prefix)
		c.weights = append(c.weights, t.weight)
	}
	return c
}

// sortByOrder sorts s by the lexicographic order of key: depth-first order
// of tree paths (a prefix comes before its extensions).
func sortByOrder[T any](s []T, key func(T) []int32) {
	less := func(a, b []int32) int {
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				return int(a[i]) - int(b[i])
			}
		}
		return len(a) - len(b)
	}
	slices.SortFunc(s, func(x, y T) int { return less(key(x), key(y)) })
}
