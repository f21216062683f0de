package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"polyviz/formats"
	"polyviz/lepage"
	"polyviz/polystick"
	"polyviz/puzzle"
	"polyviz/solver"
)

// solveFlags are the settings of `polyviz solve`.
type solveFlags struct {
	workers  int
	max      int64
	first    bool
	print    bool
	json     bool
	progress bool
	profile  bool
	format   string
	distinct string
	// checkpoints (checkpoint.go)
	checkpoint, resume string
	checkpointEvery    time.Duration
	overwrite          bool   // --checkpoint may replace an unfinished one
	input              string // the FILE|PUZZLE argument, for the resume hint
	// fillomino holds --max-label and --labels (see solveFillomino).
	fillomino labelFlags
	problem   int

	disassemble bool             // take every solution apart (solveDisassemble)
	heatmap     string           // --heatmap FILE (solveHeatmap)
	dis         disassemblyFlags // its settings
	// printAs is what --print lists: "options" (DLX1's lines) or "slices"
	// (Lepage's Z slices); slices is its printer, for a packing puzzle.
	printAs string
	slices  *lepage.SlicePrinter
	memory  byteSize
	// engine is --engine until puzzle.Plan has chosen, then the plan's;
	// asked stays --engine
	engine, asked solver.Engine
	times         commandTimes
}

// commandTimes are when a solve began and how long its input took to load
// (read, placed and made an exact-cover problem), for --json's
// load_seconds and setup_seconds: the setup a user waits for, timed
// inside the process, without its start and exit. noSearch marks a run
// stopped before its search began (see setupStopped).
type commandTimes struct {
	start    time.Time
	reading  time.Time // when the command began to read its input, after its flags
	load     time.Duration
	placed   time.Duration // from reading to the placements, when the load tells (puzzle.Loaded.Placed)
	noSearch bool
}

// searchJSON returns --json's workers and engine of a search, and none for
// a run stopped before it began, whose zero figures name neither truly.
func (t commandTimes) searchJSON(st solver.Stats) (workers *int, engine string) {
	if t.noSearch {
		return nil, ""
	}
	return &st.Workers, st.Engine.String()
}

// seconds returns the load and the setup (the command's time so far less
// the search), zero when the command was not timed.
func (t commandTimes) seconds(search time.Duration) (load, setup float64) {
	if t.start.IsZero() {
		return 0, 0
	}
	return t.load.Seconds(), max(time.Since(t.start)-search, 0).Seconds()
}

// placedSeconds is --json's placed_seconds: reading, orientations and
// placements, 0 (left out) when the load did not time them apart. It
// starts at the read, not at the command's start: parsing the flags and
// sizing the memory cost every input the same (setup_seconds has them).
func (t commandTimes) placedSeconds() float64 { return t.placed.Seconds() }

// runSolve is `polyviz solve [flags] FILE|-`: it solves a DLX file, a spec
// or a library puzzle and prints Knuth's DLX1 summary line on standard
// error; --print lists the solutions as DLX1 does, --json writes a summary
// object on standard output.
func runSolve(ctx context.Context, std IO, args []string) int {
	f := solveFlags{times: commandTimes{start: time.Now()}}
	fs := pflag.NewFlagSet("solve", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.IntVarP(&f.workers, "jobs", "j", runtime.NumCPU(), "number of workers")
	fs.Int64Var(&f.max, "max", 0, "stop after `N` solutions (0: all)")
	fs.BoolVar(&f.first, "first", false, "stop at the first solution (--max 1)")
	fs.StringVar(&f.printAs, "print", "", "print each solution (in sequential order), `as` options (DLX1's lines, the default) or slices (Lepage's Z slices)")
	fs.Lookup("print").NoOptDefVal = "options"
	fs.BoolVar(&f.json, "json", false, "print a JSON summary on standard output")
	fs.BoolVar(&f.progress, "progress", false, "print a progress line on standard error every second")
	fs.BoolVar(&f.profile, "profile", false, "print the number of search-tree nodes at each level (DLX1's v128)")
	fs.StringVar(&f.format, "format", "", formatHelp(formats.Packing, formats.Fillomino))
	fs.IntVar(&f.problem, "problem", 1, "problem number `N` of a BurrTools .xmpuzzle file")
	fs.StringVar(&f.distinct, "distinct", "none", "count packings distinct up to `none`, rotations, or all (rotations and reflections)")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "save the state of the search in `FILE` every --checkpoint-every and when interrupted")
	fs.DurationVar(&f.checkpointEvery, "checkpoint-every", 5*time.Second, "time between checkpoints")
	fs.BoolVar(&f.overwrite, "overwrite", false, "let --checkpoint FILE replace a checkpoint of an unfinished search (without it, such a file is kept and the run refused)")
	fs.StringVar(&f.resume, "resume", "", "go on with the search saved in `FILE` (and keep saving there unless --checkpoint says where)")
	f.fillomino.register(fs)
	fs.BoolVar(&f.disassemble, "disassemble", false, "take every solution apart: its level and whether it can be, and a tally by level")
	f.dis.register(fs)
	registerMaxMemory(fs, &f.memory)
	fs.StringVar(&f.heatmap, "heatmap", "", "count how often each piece covers each cell over all solutions (or the distinct ones) and write it to `FILE`.csv (a row per cell: how many solutions put each piece there) or .png (a panel of the piece most often on each cell, then a panel per piece shading its cells by that count)")
	engine := fs.String("engine", "auto", "search engine: `auto` (a plain count of a packing with a symmetric box is made by symmetry: its classes counted and their sizes added up; otherwise bits when it applies, but dlx for --print, to list in DLX1's order), dlx (dancing links: DLX1's tree, figures and order), bits (the bitset engine for packings, also for --print; dlx when it does not apply) or cell (the cell search: first empty cell, region test, its own node counts; bits, then dlx, when it does not apply)")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz solve [flags] FILE|PUZZLE|-")
		fmt.Fprintln(std.Stderr, "Counts (or lists) the solutions of a DLX file, a spec or a library puzzle.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, joinPrintValue(args)); !ok {
		return code
	}
	if msg := solveInputProblem(fs, args); msg != "" {
		return usageFailed(std, "solve", "%s", msg)
	}
	switch f.printAs {
	case "", "options", "slices":
		f.print = f.printAs != ""
	default:
		fmt.Fprintf(std.Stderr, "polyviz solve: --print %s: want options or slices\n", f.printAs)
		return 2
	}
	if msg := f.check(fs); msg != "" {
		fmt.Fprintf(std.Stderr, "polyviz solve: %s\n", msg)
		return 2
	}
	f.workers = clampJobs(std, "solve", f.workers)
	if f.first {
		f.max = 1
	}
	eng, ok := parseEngineFlag(std, "solve", *engine)
	if !ok {
		return 2
	}
	f.engine, f.asked = eng, eng
	f.times.reading = time.Now()
	if code, ok := solveFillomino(ctx, &std, fs.Arg(0), f); ok {
		return code
	}
	mode, err := puzzle.ParseDistinct(f.distinct)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz solve: %v\n", err)
		return 2
	}
	stopSetup := func() {}
	if f.progress {
		stopSetup = reportSetup(std.Stderr, f.times.start, time.Second, setupReading(fs.Arg(0))).stop
	}
	in, err := loadProblemLimited(ctx, std, fs.Arg(0), f.format, f.problem, int64(f.memory))
	f.times.load = time.Since(f.times.start)
	if err == nil && !in.Placed.IsZero() {
		f.times.placed = in.Placed.Sub(f.times.reading)
	}
	stopSetup()
	if err != nil {
		if _, stopped := interrupted(ctx, err); stopped {
			notBegun(std, f)
			return setupStopped(ctx, std, f, err, func(t commandTimes) error { return writeJSONSummary(std.Stdout, solver.Stats{}, false, t) })
		}
		return commandFailed(ctx, std, "solve", err)
	}
	if need := in.Problem.MemoryEstimate(f.workers); f.memory > 0 && need > int64(f.memory) {
		// every worker copies the dancing-links structure
		fmt.Fprintf(std.Stderr, "polyviz solve: %s: searching it with %d workers needs about %s of memory, more than the limit of %s: use fewer workers (-j) or raise the limit with --max-memory SIZE (0: none)\n",
			in.Name, f.workers, solver.FormatBytes(need), solver.FormatBytes(int64(f.memory)))
		return 1
	}
	if b, ok := in.Source.(*polystick.Build); ok && !f.disassemble && f.printAs != "slices" && f.heatmap == "" && f.checkpoint == "" && f.resume == "" {
		return solvePolysticks(ctx, std, b, mode, f)
	}
	if f.disassemble {
		if in.Puzzle == nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --disassemble needs a packing puzzle (items that are cells)\n")
			return 2
		}
		if err := noDisassembly(in.Name, in.Puzzle); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: %v\n", err)
			return 1
		}
		return solveDisassemble(ctx, std, in, f, f.dis, mode)
	}
	if f.printAs == "slices" {
		if in.Puzzle == nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --print slices needs a packing puzzle; %s is an exact-cover problem whose items are not cells\n", in.Name)
			return 1
		}
		f.slices = lepage.NewSlicePrinter(in.Puzzle)
	}
	f.input = fs.Arg(0)
	if f.heatmap != "" {
		return solveHeatmap(ctx, std, in, mode, f, f.heatmap)
	}
	if mode != puzzle.DistinctNone {
		if len(in.Restrictions) > 0 {
			fmt.Fprintf(std.Stderr, "polyviz solve: --distinct: %s already cuts symmetric solutions with its own restrictions (%s); remove lock and constrain to count classes\n", in.Name, strings.Join(in.Restrictions, ", "))
			return 1
		}
		if in.Puzzle == nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --distinct needs a packing puzzle; %s is an exact-cover problem whose items are not cells\n", in.Name)
			return 1
		}
	}
	plan := puzzle.Plan(in.Puzzle, f.request(mode, len(in.Restrictions) > 0))
	f.engine = plan.Engine
	if mode != puzzle.DistinctNone {
		if !cutFits(std, in, mode, f) {
			return 1
		}
		return solveDistinct(ctx, std, in.Puzzle, in.Problem, mode, f)
	}
	if plan.BySymmetry {
		if cutFits(std, in, mode, f) { // or the whole tree, which the load found fits
			if code, ok := solveBySymmetry(ctx, std, in.Puzzle, f); ok {
				return code
			}
		}
		f.engine = plan.Whole.Engine
	}
	return solveProblem(ctx, std, in.Problem, f)
}

// request is what the flags ask of a search in mode (restricted: the
// input has restrictions of its own), for puzzle.Plan.
func (f *solveFlags) request(mode puzzle.Distinct, restricted bool) puzzle.Request {
	return puzzle.Request{Distinct: mode, Engine: f.engine, Ordered: f.print, MaxSolutions: f.max,
		Profile: f.profile, Checkpoint: f.checkpoint != "" || f.resume != "", Restricted: restricted}
}

// jobsPerCore bounds -j: more workers than this many per core only cost
// memory (each has its own copy of the dancing-links arrays).
const jobsPerCore = 8

// maxJobs is the largest -j that is used as given (never above what the
// solver accepts).
func maxJobs() int { return min(jobsPerCore*runtime.NumCPU(), solver.MaxWorkers) }

// clampJobs returns -j workers within maxJobs, saying so on stderr when it
// lowers it (solve and run-job alike).
func clampJobs(std IO, cmd string, workers int) int {
	if workers > maxJobs() {
		fmt.Fprintf(std.Stderr, "polyviz %s: -j %d is more than %d workers (%d per core); using %d\n",
			cmd, workers, maxJobs(), jobsPerCore, maxJobs())
		return maxJobs()
	}
	return workers
}

// check says what is wrong with the flags, or "". It runs before anything
// is read or searched, so that a flag the run could not honour is refused
// rather than ignored.
func (f *solveFlags) check(fs *pflag.FlagSet) string {
	distinct, _ := puzzle.ParseDistinct(f.distinct) // a bad name is said later
	switch {
	case f.workers < 1:
		return fmt.Sprintf("-j %d: the number of workers must be at least 1", f.workers)
	case f.max < 0:
		return fmt.Sprintf("--max %d: the number of solutions must be 0 (all) or more", f.max)
	case f.first && fs.Changed("max") && f.max != 1:
		return fmt.Sprintf("--first stops at the first solution: it cannot be combined with --max %d", f.max)
	case f.print && f.json:
		return "--print and --json both write on standard output: use one of them"
	case f.checkpointEvery <= 0:
		return fmt.Sprintf("--checkpoint-every must be positive, got %v", f.checkpointEvery)
	case f.profile && distinct != puzzle.DistinctNone:
		// the distinct search cuts the tree whose levels --profile counts
		return "--profile counts the nodes of the whole search tree, which --distinct cuts: it cannot be combined with --distinct"
	}
	if f.heatmap != "" {
		return f.heatmapCheck()
	}
	if f.disassemble {
		for _, c := range []struct {
			flag string
			on   bool
		}{{"--checkpoint", f.checkpoint != ""}, {"--resume", f.resume != ""}} {
			if c.on { // a checkpoint holds the search, not the tally of levels
				return "--disassemble tallies levels in memory, which a checkpoint does not keep: it cannot be combined with " + c.flag
			}
		}
	}
	return ""
}

// heatmapCheck says which flag --heatmap cannot go with, or "". It honours
// --json, --progress, --profile and --distinct; the rest would stop the
// count early, write elsewhere, or need its counts kept in a checkpoint.
func (f *solveFlags) heatmapCheck() string {
	if ext := strings.ToLower(filepath.Ext(f.heatmap)); ext != ".csv" && ext != ".png" {
		return fmt.Sprintf("--heatmap %s: want a .csv or .png file", f.heatmap)
	}
	for _, c := range []struct {
		flag, why string
		on        bool
	}{
		{"--disassemble", "is its own analysis of every solution (run solve once for each)", f.disassemble},
		{"--first", "counts every solution", f.first},
		{"--max", "counts every solution", f.max != 0},
		{"--print", "writes its counts, not the solutions", f.print},
		{"--checkpoint", "keeps its counts in memory, which a checkpoint does not save", f.checkpoint != ""},
		{"--resume", "keeps its counts in memory, which a checkpoint does not save", f.resume != ""},
	} {
		if c.on {
			return fmt.Sprintf("--heatmap %s: it cannot be combined with %s", c.why, c.flag)
		}
	}
	return ""
}

// packingOnly names a flag set that only a packing puzzle or an exact-cover
// problem honours, for solveFillomino to refuse on a fillomino grid, or "".
func (f *solveFlags) packingOnly() string {
	for _, c := range []struct {
		flag string
		on   bool
	}{
		{"--heatmap", f.heatmap != ""}, {"--disassemble", f.disassemble}, {"--print slices", f.printAs == "slices"},
		{"--checkpoint", f.checkpoint != ""}, {"--resume", f.resume != ""}, {"--profile", f.profile},
	} {
		if c.on {
			return c.flag
		}
	}
	return ""
}

// solveProblem runs the search and reports it.
func solveProblem(ctx context.Context, std IO, p *solver.Problem, f solveFlags) int {
	out := bufio.NewWriterSize(std.Stdout, 64<<10)
	opt := solver.Options{Workers: f.workers, MaxSolutions: f.max, Ordered: f.print, Engine: f.engine,
		AnyOrder: !f.print} // a count does not need the same order with any -j
	ckWrites, code := checkpointOptions(std, f, &opt)
	if code != 0 {
		return code
	}
	if opt.Checkpoint != nil {
		// checkpoints need unordered delivery: the solutions come as found
		// (a listing keeps DLX1's choices: puzzle.Plan runs dancing links)
		opt.Ordered = false
	}
	if f.progress {
		opt.Progress = progressPrinter(std.Stderr)
	}
	var visit func(solver.Solution) bool
	pr := &solutionPrinter{out: out, as: f.printAs, writes: ckWrites}
	if f.print {
		if err := pr.setupPrinter(std, &opt); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --resume: %v\n", err)
			return 1
		}
		visit = func(s solver.Solution) bool {
			return pr.print(func(w *bufio.Writer, n int) error {
				if f.slices != nil {
					if err := f.slices.WriteAs(w, n, s.Options); err != nil {
						return err
					}
					return flushOften(w)
				}
				return printSolution(w, p, n, s)
			})
		}
	}
	st, err := solver.Solve(ctx, p, opt, visit)
	if refused := resumeRefused(std, f, err); refused {
		return 1 // nothing was searched: no closing line
	}
	if _, stopped := interrupted(ctx, err); err != nil && !stopped && st.Workers == 0 && st.Nodes == 0 {
		// refused before any search (checkpoints of a problem with
		// multiplicities, say): a closing line of zeros would read as a count
		return solveStatus(ctx, std, err, nil)
	}
	writeErr := pr.err
	if ferr := out.Flush(); writeErr == nil {
		writeErr = ferr
	}
	if writeErr == nil && stoppedInSetup(ctx, err, st.Workers) {
		resumeHint(std, f, err, ckWrites)
		return setupStopped(ctx, std, f, err, func(t commandTimes) error { return writeJSONSummary(std.Stdout, st, false, t) })
	}
	if f.profile {
		fmt.Fprintln(std.Stderr, "Profile:")
		for l, n := range st.Profile {
			fmt.Fprintf(std.Stderr, "%3d: %d\n", l, n)
		}
	}
	resumeHint(std, f, err, ckWrites)
	if _, e := fmt.Fprintln(std.Stderr, summaryLine(st, summaryLead(ctx, err, writeErr))); writeErr == nil {
		writeErr = e // the summary is the output too (2>/dev/full is a failure)
	}
	if e := setupLine(std.Stderr, f.times, st.Elapsed); writeErr == nil {
		writeErr = e
	}
	if f.json && writeErr == nil {
		complete := err == nil && (f.max == 0 || st.Solutions < f.max)
		writeErr = writeJSONSummary(std.Stdout, st, complete, f.times)
	}
	if err == nil && writeErr == nil {
		if _, err := ckWrites.lastErr(); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: the final checkpoint could not be written: %v\n", err)
			return 1
		}
	}
	return solveStatus(ctx, std, err, writeErr)
}

// summaryLead is the first words of the closing line: DLX1's "Altogether",
// or for a search cut short by a signal or a failed write "Interrupted
// after" or "Stopped after", so that its counts are not taken for final ones.
func summaryLead(ctx context.Context, err, writeErr error) string {
	if _, stopped := interrupted(ctx, err); stopped {
		return "Interrupted after"
	}
	if writeErr != nil {
		return "Stopped after"
	}
	return "Altogether"
}

// summaryLine is DLX1's closing line, with the time and workers after it.
func summaryLine(st solver.Stats, lead string) string {
	plural := "s"
	if st.Solutions == 1 {
		plural = ""
	}
	rate := 0.0
	if sec := st.Elapsed.Seconds(); sec > 0 {
		rate = float64(st.Updates) / sec / 1e6
	}
	workers := "s"
	if st.Workers == 1 {
		workers = ""
	}
	return fmt.Sprintf("%s %d solution%s, %d updates, %d nodes. %.3f s, %d worker%s, %.1fM updates/s.",
		lead, st.Solutions, plural, st.Updates, st.Nodes, st.Elapsed.Seconds(), st.Workers, workers, rate)
}

// writeJSONSummary writes the one-object summary of --json. complete is
// true when the whole search tree was searched, so that the counts are the
// final ones (false when interrupted or stopped by --max); t, when timed,
// adds load_seconds and setup_seconds, and for a run stopped before its
// search began stopped_during_setup in place of workers and engine.
func writeJSONSummary(w io.Writer, st solver.Stats, complete bool, t commandTimes) error {
	load, setup := t.seconds(st.Search)
	workers, engine := t.searchJSON(st)
	return json.NewEncoder(w).Encode(struct {
		Solutions int64   `json:"solutions"`
		Nodes     int64   `json:"nodes"`
		Updates   int64   `json:"updates"`
		Seconds   float64 `json:"seconds"`
		Search    float64 `json:"search_seconds"`
		Load      float64 `json:"load_seconds,omitempty"`
		Placed    float64 `json:"placed_seconds,omitempty"`
		Setup     float64 `json:"setup_seconds,omitempty"`
		Workers   *int    `json:"workers,omitempty"`
		Engine    string  `json:"engine,omitempty"`
		Complete  bool    `json:"complete"`
		NoSearch  bool    `json:"stopped_during_setup,omitempty"`
	}{st.Solutions, st.Nodes, st.Updates, st.Elapsed.Seconds(), st.Search.Seconds(), load, t.placedSeconds(), setup, workers, engine, complete, t.noSearch})
}

// printSolution writes solution number n as DLX1 does: "n:", then one line
// per chosen option, starting at the item that was branched on and going
// round the option in file order, ending with "(k of d)".
// A write error is returned at once (bufio.Writer keeps its first error and
// returns it from every later write), so that the search stops with it.
func printSolution(w *bufio.Writer, p *solver.Problem, n int, s solver.Solution) error {
	fmt.Fprintf(w, "%d:\n", n)
	for _, c := range s.Choices {
		w.WriteString(p.FormatChoice(c))
		w.WriteByte('\n')
	}
	if _, err := w.WriteString(""); err != nil {
		return err
	}
	if w.Buffered() > 32<<10 {
		return w.Flush()
	}
	return nil
}

// printSlices writes a solution in Lepage's slice layout.
func printSlices(w *bufio.Writer, sp *lepage.SlicePrinter, options []int) error {
	if err := sp.Write(w, options); err != nil {
		return err
	}
	return flushOften(w)
}

// flushOften flushes w once it holds 32 KiB, so that long lists stream.
func flushOften(w *bufio.Writer) error {
	if w.Buffered() > 32<<10 {
		return w.Flush()
	}
	return nil
}

// joinPrintValue lets --print take its value as the next argument
// ("--print slices"), though a bare --print still means options.
func joinPrintValue(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return append(out, args[i:]...)
		}
		if args[i] == "--print" && i+1 < len(args) && (args[i+1] == "slices" || args[i+1] == "options") {
			out = append(out, "--print="+args[i+1])
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// progressPrinter returns a Progress callback that writes a line about once
// a second.
func progressPrinter(w io.Writer) func(solver.Progress) {
	var last time.Duration
	return func(pr solver.Progress) {
		if pr.Elapsed-last < time.Second {
			return
		}
		last = pr.Elapsed
		if pr.Setup != "" {
			fmt.Fprintf(w, " after %.1f s: setting up: %s\n", pr.Elapsed.Seconds(), pr.Setup)
			return
		}
		state := ""
		if pr.Paused {
			state = " (paused)"
		}
		fmt.Fprintf(w, " after %.1f s: %d sols, %d nodes, %d updates, %.5f done%s\n",
			pr.Elapsed.Seconds(), pr.Solutions, pr.Nodes, pr.Updates, pr.Fraction, state)
	}
}

// solveStatus reports a search's error or a failed write of its output, and
// returns the exit status: 1 for an error, 128+n for a search stopped by
// signal n (see Interrupted).
func solveStatus(ctx context.Context, std IO, err, writeErr error) int {
	switch code, stopped := interrupted(ctx, err); {
	case writeErr != nil:
		fmt.Fprintf(std.Stderr, "polyviz solve: write: %v\n", writeErr)
		return 1
	case stopped:
		fmt.Fprintf(std.Stderr, "polyviz solve: %s: the counts above are partial\n", interruptMessage(ctx))
		return code
	case err != nil:
		// the solver's package name means nothing to the user
		fmt.Fprintf(std.Stderr, "polyviz solve: %s\n", strings.TrimPrefix(err.Error(), "solver: "))
		return 1
	}
	return 0
}
