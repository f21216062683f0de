package ui

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// SolutionFacts tell one solution apart from the others in the list.
type SolutionFacts struct {
	// Level is the solution's disassembly level (1: a piece slides straight
	// out), LevelLocked when it cannot be taken apart, LevelUnknown when
	// the search reached its bound or does not apply.
	Level int
	// Notation is the level in BurrTools' notation ("4.9.3"), when the
	// solution comes apart.
	Notation string
	// Class is, in a distinct mode, how many solutions this one stands for
	// (0: not known or not asked).
	Class int
}

// Levels that are not a number of moves.
const (
	LevelLocked  = 0
	LevelUnknown = -1
	// LevelSingle: nothing to take apart (a single piece, or one group
	// that may stay together); BurrTools does not call it a solution.
	LevelSingle = -3
	// LevelNone: disassembly does not apply to the puzzle's grid (spheres,
	// rhombic, tetra-octa) or is not done on it: the list shows no level.
	LevelNone = -2
)

// levelText is the level as the list shows it.
func (f SolutionFacts) levelText() string {
	switch {
	case f.Level == LevelLocked:
		return "locked"
	case f.Level == LevelNone:
		return ""
	case f.Level == LevelSingle:
		return "single"
	case f.Level < 0:
		return "L?"
	}
	if f.Notation != "" {
		return "L" + f.Notation
	}
	return fmt.Sprintf("L%d", f.Level)
}

// factsFlushEvery is the least time between two batches of facts applied
// to the list. Each batch repaints the whole window, which with a software
// GL driver costs tens of milliseconds of CPU (see refreshEvery); the
// facts come once the search is over, so twice a second costs it nothing.
const factsFlushEvery = 500 * time.Millisecond

// factsJob is the controller of the background work that finds each
// listed solution's facts (Backend.Facts): it owns the goroutine and its
// context, takes the solutions as they are listed, and applies the facts
// found in batches on the UI goroutine (do). Reset cancels the work for
// the old list; Stop, on closing, cancels it for good. Its methods are
// called on the UI goroutine.
type factsJob struct {
	b     *Backend
	do    func(func())
	apply func(idx []int, fs []SolutionFacts)

	cancel context.CancelFunc
	gen    int // counts Resets: results of an older list are dropped

	mu      sync.Mutex
	pending []factsItem
	wake    chan struct{}

	// searching is set while a search runs (SetSearching).
	searching atomic.Bool
}

// SetSearching says whether a search is running. While one runs the job
// waits: the levels are worked out when the search is over. Even at the
// lowest priority the kernel has (nice 19, SCHED_IDLE) the job slowed
// Bedlam's search in the window by a quarter, as its goroutine holds one
// of the Go scheduler's Ps while the kernel keeps its thread waiting.
func (j *factsJob) SetSearching(on bool) {
	j.searching.Store(on)
	if !on {
		j.mu.Lock()
		wake := j.wake
		j.mu.Unlock()
		poke(wake)
	}
}

// poke wakes the job's goroutine if it waits (wake nil: no job).
func poke(wake chan struct{}) {
	select {
	case wake <- struct{}{}:
	default:
	}
}

type factsItem struct {
	i int
	s Solution
}

// Reset starts over for a new list of p's solutions in mode d (p nil: no
// list).
func (j *factsJob) Reset(p *Puzzle, d Distinct) {
	j.Stop()
	j.gen++
	j.searching.Store(false)
	if p == nil || j.b.Facts == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	wake := make(chan struct{}, 1)
	j.mu.Lock()
	j.pending, j.wake = nil, wake
	j.mu.Unlock()
	go j.run(ctx, j.gen, p, d, wake)
}

// Add queues solutions first, first+1, … of the list.
func (j *factsJob) Add(first int, batch []Solution) {
	if j.cancel == nil {
		return
	}
	j.mu.Lock()
	j.pending = growList(j.pending, len(batch))
	for k, s := range batch {
		j.pending = append(j.pending, factsItem{first + k, s})
	}
	wake := j.wake
	j.mu.Unlock()
	poke(wake)
}

// Stop cancels the work under way.
func (j *factsJob) Stop() {
	if j.cancel != nil {
		j.cancel()
		j.cancel = nil
	}
	j.mu.Lock()
	j.pending = nil
	j.mu.Unlock()
}

// run is the goroutine: it waits for solutions, works their facts out one
// by one and applies them every factsFlushEvery, until ctx ends.
func (j *factsJob) run(ctx context.Context, gen int, p *Puzzle, d Distinct, wake chan struct{}) {
	if j.b.OnFactsStart != nil {
		j.b.OnFactsStart()
	}
	facts := j.b.Facts(p, d) // may take a moment (the box's symmetries)
	var idx []int
	var fs []SolutionFacts
	last := time.Now()
	flush := func() {
		if len(idx) == 0 {
			return
		}
		bi, bf := idx, fs
		idx, fs = nil, nil
		last = time.Now()
		j.do(func() {
			if j.gen == gen {
				j.apply(bi, bf)
			}
		})
	}
	for {
		j.mu.Lock()
		todo := j.pending
		if j.searching.Load() {
			todo = nil // keep them for the search's end
		} else {
			j.pending = nil
		}
		j.mu.Unlock()
		if len(todo) == 0 {
			flush()
			select {
			case <-ctx.Done():
				return
			case <-wake:
				continue
			}
		}
		for _, it := range todo {
			f, err := facts(ctx, it.s)
			if ctx.Err() != nil {
				return
			}
			if err != nil {
				f = SolutionFacts{Level: LevelUnknown}
			}
			idx, fs = append(idx, it.i), append(fs, f)
			if time.Since(last) >= factsFlushEvery {
				flush()
			}
		}
	}
}

// compareLevels orders BurrTools level strings by their numbers in turn
// ("2" before "10", "4.9" before "4.9.3"; the empty string first).
func compareLevels(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := range min(len(as), len(bs)) {
		x, _ := strconv.Atoi(as[i])
		y, _ := strconv.Atoi(bs[i])
		if x != y {
			return x - y
		}
	}
	return len(as) - len(bs)
}
