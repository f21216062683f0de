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
	// budget does not bound.
	SetupSeconds float64 `json:"setup_seconds"`
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
	fs := pflag.NewFlagSet("estimate", pflag.ContinueOnError)
	probes := fs.Int("probes", estimate.DefaultProbes, "least number of stratified probes `N` (with --budget 0, the number)")
	budget := fs.Duration("budget", estimate.DefaultBudget, "go on probing until the solutions' interval is within --ratio, for at most this `time` (0: make --probes probes and stop)")
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
		fmt.Fprintln(std.Stderr, "(Knuth 1975, Chen 1992). It probes until the solutions' interval is within --ratio (10x) or --budget (10 s) is spent.")
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
	begin := time.Now()
	in, err := loadProblemN(ctx, std, fs.Arg(0), *format, *problem)
	if err != nil {
		return commandFailed(ctx, std, "estimate", err)
	}
	loaded := time.Since(begin)
	opt := estimate.Options{Probes: *probes, Seed: *seed, Budget: *budget, Ratio: *ratio, Confidence: *confidence, Workers: *workers}
	rep, err := estimateInput(ctx, in, mode, opt, *workers, *calibrate, eng)
	if err != nil {
		return commandFailed(ctx, std, "estimate", err)
	}
	rep.SetupSeconds += loaded.Seconds()
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

// estimateInput estimates the search of in that solve makes in mode: the
// count from probes of the raw problem (each solution weighted by one over
// its class in a distinct mode, which makes the estimate of classes
// unbiased), the nodes and time from probes of the problem solve searches
// (for --distinct, the cut problem) and a timed run of it.
//
// opt.Budget bounds all the probes together, from the end of the setup
// (solve's symmetry cut, or the cut a distinct search searches): each run stops at a deadline they share, even
// in the middle of a probe, and the nodes' fixed number of probes gets
// at most half of it. The timed run (calibrate) comes after, as long as
// it was asked to be.
func estimateInput(ctx context.Context, in *loadedInput, mode puzzle.Distinct, opt estimate.Options, workers int, calibrate time.Duration, engine solver.Engine) (estimateReport, error) {
	start := time.Now()
	rep := estimateReport{Name: in.Name, Distinct: mode.String(), Workers: workers}
	if in.Puzzle != nil {
		// a board whose pieces cannot fill it has no solution, which
		// probes would put at days of search
		r, err := why.Quick(ctx, in.Puzzle)
		if err != nil {
			return rep, err
		}
		if r.Found {
			rep.NoSolution, rep.Exact, rep.Narrow, rep.Confidence = r.Text, true, true, 1
			rep.SetupSeconds = time.Since(start).Seconds()
			return rep, nil
		}
	}
	searched := in.Problem
	plan := puzzle.Plan(in.Puzzle, puzzle.Request{Distinct: mode, Engine: engine, Restricted: len(in.Restrictions) > 0})
	engine = plan.Engine
	if plan.BySymmetry {
		// solve counts by symmetry where it can: time that search
		cut, ok, err := in.Puzzle.BySymmetryProblem(ctx)
		if err != nil {
			return rep, err
		}
		if ok {
			searched, rep.CountedBy = cut, "symmetry"
		} else {
			engine = plan.Whole.Engine
		}
	}
	var raw *solver.Problem
	var sym *puzzle.Symmetry
	if mode != puzzle.DistinctNone {
		if in.Puzzle == nil {
			return rep, fmt.Errorf("--distinct needs a packing puzzle; %s is an exact-cover problem whose items are not cells", in.Name)
		}
		if len(in.Restrictions) > 0 {
			return rep, fmt.Errorf("--distinct: %s already cuts symmetric solutions with its own restrictions (%s)", in.Name, strings.Join(in.Restrictions, ", "))
		}
		// the cut searched is setup too, made before the budget starts
		var err error
		if raw, err = in.Puzzle.ProblemContext(ctx); err != nil {
			return rep, err
		}
		if sym, err = in.Puzzle.SymmetryContext(ctx); err != nil {
			return rep, err
		}
		if searched, err = in.Puzzle.DistinctProblemContext(ctx, mode); err != nil {
			return rep, err
		}
	}
	rep.SetupSeconds = time.Since(start).Seconds()
	if opt.Budget > 0 {
		opt.Deadline = time.Now().Add(opt.Budget)
	}
	if mode != puzzle.DistinctNone {
		count := opt
		count.Weigh = func(options []int) float64 { return 1 / float64(sym.ClassSize(mode, options)) }
		count.CountOnly = true // the updates come from probes of the tree searched
		r, err := estimate.Run(ctx, raw, count)
		if err != nil {
			return rep, err
		}
		rep.setCount(r, count)
	}
	nodes := opt
	if mode != puzzle.DistinctNone || rep.CountedBy != "" {
		// the count has probes of its own, which go on until narrow; the
		// nodes' spread is far smaller
		nodes.Budget, nodes.Probes = 0, max(1, opt.Probes/4)
		if opt.Budget > 0 {
			// half of what is left, so that the count gets its share
			nodes.Deadline = time.Now().Add(time.Until(opt.Deadline) / 2)
		}
	}
	r, err := estimate.Run(ctx, searched, nodes)
	if err != nil {
		return rep, err
	}
	if mode == puzzle.DistinctNone {
		count := r
		switch {
		case rep.CountedBy != "" && r.Exact:
			// the cut tree was walked whole, so it is small: its search
			// gives the exact count, where probes of the whole tree
			// would give an interval beside exact nodes
			if count, err = exactBySymmetry(ctx, in.Puzzle, workers, engine); err != nil {
				return rep, err
			}
		case rep.CountedBy != "":
			// the solutions from probes of the whole tree
			whole := opt
			whole.CountOnly = true // the updates come from probes of the tree searched
			if count, err = estimate.Run(ctx, in.Problem, whole); err != nil {
				return rep, err
			}
		}
		rep.setCount(count, opt)
	}
	rep.Nodes, rep.NodesLow, rep.NodesHigh = r.Nodes.Mean, r.Nodes.Low, r.Nodes.High
	rep.TreeExact = r.Exact
	rep.Updates = r.Updates.Mean
	rep.Probes = r.Probes
	// doubled while a run ends in the engine's setup (a busy machine), up
	// to 16 times, as the window does: one run of 300 ms often measured
	// nothing under a load of several processes a core
	rate, err := estimate.CalibrateSome(ctx, searched, workers, calibrate, 16*calibrate, engine)
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

// exactBySymmetry is the exact raw count of a puzzle counted by symmetry,
// as an estimate's result: for a cut tree small enough to be walked whole.
func exactBySymmetry(ctx context.Context, pz *puzzle.Puzzle, workers int, engine solver.Engine) (estimate.Result, error) {
	start := time.Now()
	st, ok, err := pz.CountBySymmetry(ctx, solver.Options{Workers: workers, Engine: engine}, nil)
	if err != nil {
		return estimate.Result{}, err
	}
	if !ok {
		return estimate.Result{}, errors.New("estimate: the count by symmetry did not apply after all")
	}
	n := float64(st.Raw)
	return estimate.Result{Solutions: estimate.Figure{Mean: n, Low: n, High: n}, Probes: 1, Hits: min(1, int(st.Raw)),
		Exact: true, Narrow: st.Raw > 0, Confidence: 1, Elapsed: time.Since(start)}, nil
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
		// the budget bounds the probes only: say where the rest went
		s += fmt.Sprintf("  setup:   %s before the first probe (reading the input, building the problem and its symmetry cut), outside the %s budget\n",
			estimate.Duration(r.SetupSeconds), estimate.Duration(r.Budget))
	}
	return s
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
