package solver

import (
	"context"
	"fmt"
	"runtime"
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
	// MaxNodes, when positive, stops the search with ErrNodeLimit once it
	// has walked more nodes than this, as the engine looks up from its
	// walk (every few thousand nodes or updates): a budget that, unlike a
	// timeout, ends the same way on every machine with one worker.
	MaxNodes int64
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
	// AnyOrder says the caller needs neither the solutions in the same
	// order with any number of workers (it counts, or sorts what it keeps)
	// nor Progress's fraction: then the bitset engine and the cell search,
	// which cut the tree into minTasks tasks in a pseudo-random order for
	// those, cut it as dancing links does, tasksPerWorker a worker and not
	// at all for one (on a small tree the cut is most of the work).
	AnyOrder bool
	// Control, if not nil, pauses and resumes the search.
	Control *Control
	// OnWorkerStart, if not nil, is called first thing on every goroutine
	// that searches, a goroutine of the search's own (also with one worker),
	// which ends when the search does, with the worker's index and the
	// number of workers (the last of two or more is the one that holds off
	// for Yield): it may lock the goroutine to its thread and lower that
	// thread's priority, and the thread then ends with the search (see
	// runtime.LockOSThread).
	OnWorkerStart func(worker, workers int)
	// Yield, if not nil, is asked by the last of two or more workers
	// before it takes a task and, unless Ordered, whenever it looks at the
	// world inside one (a few times a millisecond): while it reports true
	// and tasks are left for the others, that worker waits, looking again
	// every yieldPoll, so the run leaves one core to whatever asks (the
	// window while its view animates: a frame of the spinning view takes
	// most of a core with a software GL driver). The other workers go on;
	// once every task is taken, the worker finishes its own, so the run
	// still ends. It must be cheap and safe to call from any goroutine.
	Yield func() bool
	// Engine chooses dancing links (the zero value, DLX1's search and
	// figures), the bitset engine (DLX1's tree, bits.go) or the cell
	// search (its own tree on one-word bitboards, cellsearch.go); each
	// falls back where it does not apply (the cell search on the bitset
	// engine, the bitset engine on dancing links). EngineAuto is the
	// bitset engine unless Ordered asks for DLX1's order. puzzle.Plan
	// chooses it for packings.
	Engine Engine
	// Checkpoint, if not nil, is called with the state of the search every
	// CheckpointEvery (default 5 s), when ctx ends (before the search
	// stops) and once at the end of a search that ran to its end (Done).
	// Resume continues the search of a checkpoint (see checkpoint.go):
	// the figures then include the checkpoint's, and it goes on with the
	// engine that took it, whatever Engine says. Both need unordered
	// delivery, and with dancing links a problem without multiplicities
	// (else ErrCheckpointUnsup). Every engine checkpoints by task (see
	// drivercheckpoint.go): a run holds the solutions of each task until
	// the task ends.
	Checkpoint      func(Checkpoint)
	CheckpointEvery time.Duration
	Resume          *Checkpoint
	// CheckpointState, if not nil, is called each time a checkpoint is
	// taken (the final one, Done, too), while the search is stopped for
	// it: every solution counted in c has been handed to visit, and visit
	// is not called again until it returns. It sets what goes with the
	// figures, c.Counters and c.State (the solutions the caller printed or
	// keeps, its own counts), which the caller reads back from
	// Resume.Counters and Resume.State: so a resumed run can give back
	// exactly the solutions of the searched part of the tree.
	CheckpointState func(c *Checkpoint)

	// pollEvery overrides pollInterval for dancing links (tests: polls,
	// and so checkpoints and cancellation, at many more places).
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
	// Elapsed is the time the search has run, a resumed one's over
	// every resumption (as its solutions and nodes are).
	Elapsed time.Duration
	Workers int
	Paused  bool
	// Setup, when not empty, says what the search is setting up before it
	// searches (the cut of the tree into tasks, with how far it got); the
	// figures are then zero.
	Setup string
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
	// Elapsed is the time the search ran, a resumed one's over every
	// resumption (as Solutions and Nodes are).
	Elapsed time.Duration
	// Search is the part of this run's Elapsed after the engine's tables
	// were built: the cut into tasks and the workers' walk, with the
	// solutions handed out (the rest of this run's time is setup).
	Search  time.Duration
	Workers int
	// OwnTree is true when the engine's tree is not DLX1's (the cell
	// search, and the bitset engine's first-empty walk on problems with
	// multiplicities): its nodes and updates are then not DLX1's, nor on
	// DLX1's scale.
	OwnTree bool
	// Tasks is the number of tasks the tree was cut into (1 when one
	// dancing-links worker runs the whole tree); Idle the total time
	// workers spent waiting, at the end, for the others to finish.
	Tasks int64
	Idle  time.Duration
	// Engine is the engine that ran: EngineDLX, EngineBits or EngineCell.
	Engine Engine
}

// Solve searches for the solutions of p and calls visit (if not nil) for
// each, until the search is exhausted, MaxSolutions have been found, visit
// returns false or ctx is cancelled (then the error is ctx.Err(), and the
// statistics are those gathered so far). Calls to visit never overlap, even
// with several workers; they come in the sequential order if opt.Ordered.
// With several workers the counts (solutions, nodes, updates) are identical
// to a one-worker run whenever the whole tree is searched. Every engine
// runs under the same driver (driver.go).
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
	eng, err := pickEngine(ctx, p, opt)
	if err != nil {
		return nil, Stats{}, err
	}
	return runTasks(ctx, p, eng, opt, visit, start)
}

// resolveWorkers returns the number of workers Options.Workers asks for.
func resolveWorkers(n int) int {
	if n <= 0 {
		return runtime.NumCPU()
	}
	return n
}
