package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"polyviz/estimate"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/why"
)

// estimateReport is what `polyviz estimate` finds, and its --json object.
type estimateReport struct {
	Name          string  `json:"name"`
	Distinct      string  `json:"distinct"`
	Solutions     float64 `json:"solutions"`
	SolutionsLow  float64 `json:"solutions_low"`
	SolutionsHigh float64 `json:"solutions_high"`
	Nodes         float64 `json:"nodes"`
	NodesLow      float64 `json:"nodes_low"`
	NodesHigh     float64 `json:"nodes_high"`
	Updates       float64 `json:"updates"`
	Seconds       float64 `json:"seconds"`
	SecondsLow    float64 `json:"seconds_low"`
	SecondsHigh   float64 `json:"seconds_high"`
	Probes        int     `json:"probes"`
	Hits          int     `json:"hits"`
	// Confidence is the probability the solutions' interval is meant to
	// hold the count with; Narrow is true when it is within the ratio
	// asked (Ratio: high at most Ratio times low), Exact when a probe
	// walked the whole tree, so that the count is exact.
	Confidence float64 `json:"confidence"`
	Ratio      float64 `json:"ratio"`
	Narrow     bool    `json:"narrow"`
	Exact      bool    `json:"exact"`
	// TreeExact is true when the nodes and updates are exact: the tree
	// searched was walked whole.
	TreeExact bool `json:"tree_exact"`
	// CountProbes is the number of probes of the count (Probes those of
	// the tree searched, the same probes unless solve counts by symmetry
	// or --distinct cuts the tree); ProbeSeconds the time they took, within
	// Budget seconds (0: a fixed number of probes).
	CountProbes  int     `json:"count_probes"`
	ProbeSeconds float64 `json:"probe_seconds"`
	Budget       float64 `json:"budget"`
	// Calibration says where the time comes from: the updates per second
	// of a short run of dancing links on this problem, or "measured" when
	// that run finished the search.
	Calibration      string  `json:"calibration"`
	UpdatesPerSecond float64 `json:"updates_per_second"`
	Workers          int     `json:"workers"`
	// CountedBy is "symmetry" when solve would make the raw count by
	// symmetry (its classes' sizes added up), so that the nodes and the
	// time are those of that search.
	CountedBy string `json:"counted_by,omitempty"`
	// SetupSeconds is the time of the setup before the first probe (the
	// input read, the problem built, solve's symmetry cut), which the
	// budget covers too; SetupOverBudget is true when the budget ran out
	// during it: nothing is estimated then.
	SetupSeconds    float64 `json:"setup_seconds"`
	SetupOverBudget bool    `json:"setup_over_budget,omitempty"`
	// NoSolution is why the puzzle has no solution, when that is seen
	// without a probe (polyviz why's reasons that list no placement): the
	// count is then exactly 0, and nothing is probed.
	NoSolution string `json:"no_solution,omitempty"`
}

// runEstimate is `polyviz estimate [flags] FILE|PUZZLE`: stratified random
// probes of the search tree of dancing links estimate the solutions, nodes
// and time of a solve before it runs; the probes go on until the
// solutions' interval is narrow or the budget is spent.
func runEstimate(ctx context.Context, std IO, args []string) int {
	begin := time.Now() // the budget covers the setup too
	fs := pflag.NewFlagSet("estimate", pflag.ContinueOnError)
	probes := fs.Int("probes", estimate.DefaultProbes, "least number of stratified probes `N` (with --budget 0, the number)")
	budget := fs.Duration("budget", estimate.DefaultBudget, "go on probing until the solutions' interval is within --ratio, for at most this `time` from the start, the setup included (0: make --probes probes and stop)")
	ratio := fs.Float64("ratio", estimate.DefaultRatio, "narrow enough: the interval's high end at most `R` times its low end")
	confidence := fs.Float64("confidence", estimate.DefaultConfidence, "the probability `P` the solutions' interval is meant to hold the count with")
	seed := fs.Uint64("seed", 1, "random seed `S`")
	asJSON := fs.Bool("json", false, "print a JSON object on standard output")
	distinct := fs.String("distinct", "none", "estimate the packings distinct up to `none`, rotations, or all (and the time of the search solve --distinct makes)")
	format := fs.String("format", "", "input format (default: detect)")
	problem := fs.Int("problem", 1, "the problem of a BurrTools file that holds several, from 1")
	workers := fs.IntP("jobs", "j", runtime.NumCPU(), "workers of the solve whose time is estimated, and of the probes (the figures depend on the seed and on this number)")
	calibrate := fs.Duration("calibrate", 300*time.Millisecond, "length of the timed run of the engine that measures its speed")
	engine := fs.String("engine", "auto", "the engine whose time is estimated, as solve --engine: `auto` (what solve runs: a plain count by symmetry where it can, the cell search or the bitset engine where they apply), dlx, bits or cell")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz estimate [flags] FILE|PUZZLE")
		fmt.Fprintln(std.Stderr, "Estimates the solutions, search-tree nodes and time of a solve by stratified random probes of DLX1's tree")
		fmt.Fprintln(std.Stderr, "(Knuth 1975, Chen 1992). It probes until the solutions' interval is within --ratio (10x) or --budget (10 s, the setup included) is spent.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *probes < 1 || *workers < 1 {
		fmt.Fprintln(std.Stderr, "polyviz estimate: --probes and -j must be at least 1")
		return 2
	}
	if *budget < 0 || *calibrate <= 0 {
		fmt.Fprintln(std.Stderr, "polyviz estimate: --budget must not be negative and --calibrate must be positive")
		return 2
	}
	if !(*ratio > 1) || !(*confidence > 0 && *confidence < 1) {
		fmt.Fprintln(std.Stderr, "polyviz estimate: --ratio must be above 1 and --confidence between 0 and 1")
		return 2
	}
	*workers = clampJobs(std, "estimate", *workers)
	mode, err := puzzle.ParseDistinct(*distinct)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz estimate: %v\n", err)
		return 2
	}
	eng, ok := parseEngineFlag(std, "estimate", *engine)
	if !ok {
		return 2
	}
	opt := estimate.Options{Probes: *probes, Seed: *seed, Budget: *budget, Ratio: *ratio, Confidence: *confidence, Workers: *workers}
	if *budget > 0 {
		opt.Deadline = begin.Add(*budget)
	}
	rep, _, err := estimateArg(ctx, std, fs.Arg(0), estimateRun{format: *format, problem: *problem, mode: mode, opt: opt, calibrate: *calibrate, engine: eng})
	if err != nil {
		return commandFailed(ctx, std, "estimate", err)
	}
	if *asJSON {
		if err := json.NewEncoder(std.Stdout).Encode(rep); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz estimate: write: %v\n", err)
			return 1
		}
		return 0
	}
	if _, err := fmt.Fprint(std.Stdout, rep.text()); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz estimate: write: %v\n", err)
		return 1
	}
	return 0
}

// estimateRun is what `polyviz estimate` is asked besides its input.
type estimateRun struct {
	format    string
	problem   int // of a BurrTools file, from 1
	mode      puzzle.Distinct
	opt       estimate.Options // opt.Workers: the solve's, and the probes'
	calibrate time.Duration
	engine    solver.Engine
}

// estimateArg estimates the search that solve makes of the input arg
// (a file or a built-in), as estimateInput, and returns the input as it
// was loaded: its problem is built only when why.Quick does not settle
// the count first (a board can have millions of placements).
//
// run.opt.Deadline, when set, is the budget's end, counted from the start
// of the command: the setup (the input read, the problem built, solve's
// symmetry cut or the cut a distinct search searches) stops there, and
// the report says the budget ran out during it (SetupOverBudget).
func estimateArg(ctx context.Context, std IO, arg string, run estimateRun) (estimateReport, *loadedInput, error) {
	start := time.Now()
	setup, cancel := setupContext(ctx, run.opt.Deadline)
	defer cancel()
	in, err := loadPiecesN(setup, std, arg, run.format, run.problem)
	if setupOverBudget(setup, err) {
		name := arg
		if arg == "-" {
			name = "<stdin>"
		}
		return overBudget(estimateReport{Name: name, Distinct: run.mode.String(), Workers: run.opt.Workers}, run.opt, start), in, nil
	}
	if err != nil {
		return estimateReport{}, in, err
	}
	rep, err := estimateInput(ctx, in, run, start)
	return rep, in, err
}

// estimateInput estimates the search of in that solve makes in run.mode:
// the count from probes of the raw problem (each solution weighted by one
// over its class in a distinct mode, which makes the estimate of classes
// unbiased), the nodes and time from probes of the problem solve searches
// (for --distinct, the cut problem; solve's count by symmetry, its cut)
// and a timed run of it. Where the probes walk that cut whole, it is
// small: its search is run, and gives the count exactly.
//
// The setup began at start (the load, before in). opt.Budget bounds it and
// all the probes together, up to opt.Deadline: the setup stops there, and
// each run of probes too, even in the middle of a probe; the nodes' fixed
// number of probes gets at most half of what is left. The timed run
// (calibrate) comes after, as long as it was asked to be.
func estimateInput(ctx context.Context, in *loadedInput, run estimateRun, start time.Time) (estimateReport, error) {
	opt, mode, workers := run.opt, run.mode, run.opt.Workers
	rep := estimateReport{Name: in.Name, Distinct: mode.String(), Workers: workers}
	setup, cancel := setupContext(ctx, opt.Deadline)
	defer cancel()
	s, err := setUp(setup, in, mode, run.engine)
	rep.SetupSeconds = time.Since(start).Seconds()
	switch {
	case err == nil && s.noSolution != "":
		// a board whose pieces cannot fill it has no solution, which
		// probes would put at days of search
		rep.NoSolution, rep.Exact, rep.Narrow, rep.Confidence = s.noSolution, true, true, 1
		return rep, nil
	case setupOverBudget(setup, err), err == nil && !opt.Deadline.IsZero() && !time.Now().Before(opt.Deadline):
		return overBudget(rep, opt, start), nil
	case err != nil:
		return rep, err
	}
	rep.CountedBy = s.countedBy
	cut := mode != puzzle.DistinctNone || s.countedBy != ""
	nodes := opt
	if cut {
		// the count has probes of its own, which go on until narrow; the
		// nodes' spread is far smaller
		nodes.Budget, nodes.Probes = 0, max(1, opt.Probes/4)
		if opt.Budget > 0 {
			// half of what is left, so that the count gets its share
			nodes.Deadline = time.Now().Add(time.Until(opt.Deadline) / 2)
		}
	}
	r, err := estimate.Run(ctx, s.searched, nodes)
	if err != nil {
		return rep, err
	}
	count := r
	switch {
	case cut && r.Exact:
		// the cut tree was walked whole, so it is small: its search
		// gives the exact count, where probes of the raw tree would give
		// an interval beside exact nodes
		if count, err = exactResult(ctx, in.Puzzle, s.plan, workers); err != nil {
			return rep, err
		}
	case mode != puzzle.DistinctNone:
		// the classes from probes of the raw tree, each solution weighing
		// one over the size of its class
		classes := opt
		classes.Weigh = func(options []int) float64 { return 1 / float64(s.sym.ClassSize(mode, options)) }
		classes.CountOnly = true // the updates come from probes of the tree searched
		if count, err = estimate.Run(ctx, s.raw, classes); err != nil {
			return rep, err
		}
	case cut:
		// the solutions from probes of the whole tree
		whole := opt
		whole.CountOnly = true // the updates come from probes of the tree searched
		if count, err = estimate.Run(ctx, in.Problem, whole); err != nil {
			return rep, err
		}
	}
	rep.setCount(count, opt)
	rep.Nodes, rep.NodesLow, rep.NodesHigh = r.Nodes.Mean, r.Nodes.Low, r.Nodes.High
	rep.TreeExact = r.Exact
	rep.Updates = r.Updates.Mean
	rep.Probes = r.Probes
	// doubled while a run ends in the engine's setup (a busy machine), up
	// to 16 times, as the window does: one run of 300 ms often measured
	// nothing under a load of several processes a core
	rate, err := estimate.CalibrateSome(ctx, s.searched, workers, run.calibrate, 16*run.calibrate, s.engine)
	if err != nil {
		return rep, err
	}
	rep.UpdatesPerSecond = rate.UpdatesPerSecond
	rep.Calibration = rate.Words()
	rep.Seconds = rate.Seconds(r.Updates.Mean)
	rep.SecondsLow, rep.SecondsHigh = rate.Seconds(r.Updates.Low), rate.Seconds(r.Updates.High)
	if rate.OwnTree && !rate.Done && r.Updates.Mean > 0 {
		// the probes' spread, as a spread of that time
		rep.SecondsLow = rep.Seconds * r.Updates.Low / r.Updates.Mean
		rep.SecondsHigh = rep.Seconds * r.Updates.High / r.Updates.Mean
	}
	return rep, nil
}

// estimateSetup is what the probes of estimateInput need, made first.
type estimateSetup struct {
	// noSolution is why.Quick's reason when the puzzle has no solution:
	// the rest is then not made.
	noSolution string
	plan       puzzle.SearchPlan
	// searched is the problem of the search solve makes, engine its engine,
	// countedBy "symmetry" when that is its count by symmetry.
	searched  *solver.Problem
	engine    solver.Engine
	countedBy string
	// raw and sym are the raw problem and its symmetry, whose classes
	// weigh the count's probes in a distinct mode.
	raw *solver.Problem
	sym *puzzle.Symmetry
}

// setUp makes estimateInput's setup of in in mode with engine asked for,
// stopping when ctx ends. The problem is built only when why.Quick, which
// needs none, finds no reason for no solution.
func setUp(ctx context.Context, in *loadedInput, mode puzzle.Distinct, engine solver.Engine) (estimateSetup, error) {
	var s estimateSetup
	if in.Puzzle != nil {
		r, err := why.Quick(ctx, in.Puzzle)
		if err != nil {
			return s, err
		}
		if r.Found {
			s.noSolution = r.Text
			return s, nil
		}
	}
	if err := in.buildProblem(ctx, defaultMaxMemory()); err != nil {
		return s, withoutMemoryFlag(err)
	}
	s.searched = in.Problem
	s.plan = puzzle.Plan(in.Puzzle, puzzle.Request{Distinct: mode, Engine: engine, Restricted: len(in.Restrictions) > 0})
	s.engine = s.plan.Engine
	if s.plan.BySymmetry {
		// solve counts by symmetry where it can: time that search
		cut, ok, err := in.Puzzle.BySymmetryProblem(ctx)
		if err != nil {
			return s, err
		}
		if ok {
			s.searched, s.countedBy = cut, "symmetry"
		} else {
			s.engine = s.plan.Whole.Engine
		}
	}
	if mode == puzzle.DistinctNone {
		return s, nil
	}
	if in.Puzzle == nil {
		return s, fmt.Errorf("--distinct needs a packing puzzle; %s is an exact-cover problem whose items are not cells", in.Name)
	}
	if len(in.Restrictions) > 0 {
		return s, fmt.Errorf("--distinct: %s already cuts symmetric solutions with its own restrictions (%s)", in.Name, strings.Join(in.Restrictions, ", "))
	}
	var err error
	if s.raw, err = in.Puzzle.ProblemContext(ctx); err != nil {
		return s, err
	}
	if s.sym, err = in.Puzzle.SymmetryContext(ctx); err != nil {
		return s, err
	}
	s.searched, err = in.Puzzle.DistinctProblemContext(ctx, mode)
	return s, err
}

// exactResult is the count of plan's search of pz, run whole
// (Puzzle.ExactCount), as a result of probes that walked its tree.
func exactResult(ctx context.Context, pz *puzzle.Puzzle, plan puzzle.SearchPlan, workers int) (estimate.Result, error) {
	start := time.Now()
	c, err := pz.ExactCount(ctx, plan, solver.Options{Workers: workers})
	if err != nil {
		return estimate.Result{}, err
	}
	n := float64(c)
	return estimate.Result{Solutions: estimate.Figure{Mean: n, Low: n, High: n}, Probes: 1, Hits: min(1, int(c)),
		Exact: true, Narrow: c > 0, Confidence: 1, Elapsed: time.Since(start)}, nil
}

// errSetupBudget ends the setup's context at the budget's deadline.
var errSetupBudget = errors.New("the budget ran out during the setup")

// setupContext is ctx ending at deadline (never when it is zero), for the
// steps before the first probe.
func setupContext(ctx context.Context, deadline time.Time) (context.Context, context.CancelFunc) {
	if deadline.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadlineCause(ctx, deadline, errSetupBudget)
}

// setupOverBudget reports whether err is setup's end at the budget's
// deadline, not a signal's nor the input's.
func setupOverBudget(setup context.Context, err error) bool {
	return err != nil && errors.Is(err, context.DeadlineExceeded) && errors.Is(context.Cause(setup), errSetupBudget)
}

// overBudget is rep when the budget ran out during the setup, which began
// at start: nothing is estimated.
func overBudget(rep estimateReport, opt estimate.Options, start time.Time) estimateReport {
	rep.SetupOverBudget, rep.Budget, rep.Ratio = true, opt.Budget.Seconds(), opt.Ratio
	rep.SetupSeconds = time.Since(start).Seconds()
	return rep
}

// setCount puts the figures of the count's probes r, made with opt, in
// the report.
func (rep *estimateReport) setCount(r estimate.Result, opt estimate.Options) {
	rep.Solutions, rep.SolutionsLow, rep.SolutionsHigh = r.Solutions.Mean, r.Solutions.Low, r.Solutions.High
	rep.Hits = r.Hits
	rep.Confidence, rep.Narrow, rep.Exact = r.Confidence, r.Narrow, r.Exact
	rep.Ratio = opt.Ratio
	if rep.Ratio == 0 {
		rep.Ratio = estimate.DefaultRatio
	}
	rep.CountProbes = r.Probes
	rep.ProbeSeconds = r.Elapsed.Seconds()
	rep.Budget = opt.Budget.Seconds()
}

// text is the report as `polyviz estimate` prints it.
func (r estimateReport) text() string {
	if r.NoSolution != "" {
		return fmt.Sprintf("%s: no solution, so nothing to search: %s\n", r.Name, r.NoSolution)
	}
	noun := "solutions"
	if r.Distinct != puzzle.DistinctNone.String() {
		noun = "distinct solutions (" + r.Distinct + ")"
	}
	if r.SetupOverBudget {
		return fmt.Sprintf("%s: %s unknown: the %s budget ran out during the setup (reading the input, building the problem and its symmetry cut), before the first probe (a longer --budget may tell)\n",
			r.Name, noun, budgetWords(r.Budget))
	}
	s := fmt.Sprintf("%s: %s\n", r.Name, estimate.Sentence(estimate.Figure{Mean: r.Solutions, Low: r.SolutionsLow, High: r.SolutionsHigh}, noun, r.Seconds))
	if !r.Exact && r.CountProbes == 0 {
		// no figures at all, which Sentence would call exactly 0
		s = fmt.Sprintf("%s: %s unknown: no probe finished within the budget (a longer --budget may tell)\n", r.Name, noun)
	}
	tree := "DLX1's search tree"
	if r.CountedBy == "symmetry" {
		tree = "DLX1's tree of the search solve makes (it counts by symmetry: the classes, each with its size; --engine bits estimates DLX1's whole tree)"
	}
	switch {
	case r.TreeExact:
		s += fmt.Sprintf("  nodes:   exactly %s in %s\n", estimate.Exactly(r.Nodes), tree)
	case r.Probes == 0:
		s += fmt.Sprintf("  nodes:   unknown: no probe of %s finished within the budget (a longer --budget may tell)\n", tree)
	default:
		s += fmt.Sprintf("  nodes:   about %s (%s-%s) in %s\n", estimate.Round(r.Nodes), estimate.Round(r.NodesLow), estimate.Round(r.NodesHigh), tree)
	}
	if r.Seconds > 0 {
		s += fmt.Sprintf("  time:    about %s (%s-%s) with -j %d; %s\n", estimate.Duration(r.Seconds), estimate.Duration(r.SecondsLow), estimate.Duration(r.SecondsHigh), r.Workers, r.Calibration)
	} else {
		s += fmt.Sprintf("  time:    with -j %d: %s\n", r.Workers, r.Calibration)
	}
	s += fmt.Sprintf("  probes:  %s\n", r.probeWords())
	if r.Budget > 0 && r.SetupSeconds >= max(1, r.Budget/2) {
		// the budget covers the setup: say where much of it went
		s += fmt.Sprintf("  setup:   %s of the %s budget before the first probe (reading the input, building the problem and its symmetry cut)\n",
			estimate.Duration(r.SetupSeconds), estimate.Duration(r.Budget))
	}
	return s
}

// budgetWords is a budget of sec seconds as --budget takes it below a
// second, where estimate.Duration would call 1ms "0.01 s".
func budgetWords(sec float64) string {
	if sec >= 1 {
		return estimate.Duration(sec)
	}
	return time.Duration(sec * float64(time.Second)).Round(time.Microsecond).String()
}

// probeWords says how the count was made: its probes, the confidence of
// its interval and whether it became narrow within the budget; and how
// the tree searched was, when it is not the count's.
func (r estimateReport) probeWords() string {
	s := "the tree was walked whole: the count is exact"
	if !r.Exact {
		s = fmt.Sprintf("%d, %d meeting a solution, in %s; the interval holds the count with %.0f%% confidence", r.CountProbes, r.Hits, estimate.Duration(r.ProbeSeconds), 100*r.Confidence)
		switch {
		case r.Narrow:
			s += fmt.Sprintf(", within %gx", r.Ratio)
		case r.Budget > 0 && (r.CountProbes < estimate.MinProbes || r.Hits < estimate.MinHits):
			// the interval may look narrow, but is not called so on fewer probes
			s += fmt.Sprintf("; the %s budget ran out (--budget) before the %d probes, %d of them meeting a solution, that an interval needs to be called within %gx",
				estimate.Duration(r.Budget), estimate.MinProbes, estimate.MinHits, r.Ratio)
		case r.Budget > 0:
			s += fmt.Sprintf("; not within %gx when the %s budget ran out (--budget)", r.Ratio, estimate.Duration(r.Budget))
		}
	}
	switch {
	case r.TreeExact && !r.Exact:
		s += "; the tree searched was walked whole: its nodes are exact"
	case !r.TreeExact && (r.Exact || r.Probes != r.CountProbes):
		s += fmt.Sprintf("; %s of the tree searched", count(r.Probes, "probe", "probes"))
	}
	return s
}
