package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"polyviz/formats"
	"polyviz/puzzle"
	"polyviz/solver"
)

// runSplit is `polyviz split FILE|PUZZLE --jobs N -o DIR`: it cuts the
// search into N jobs of like estimated work, each a job file for `polyviz
// run-job`, writes the problem they share beside them once, and a
// manifest for `polyviz merge`.
func runSplit(ctx context.Context, std IO, args []string) int {
	times := commandTimes{start: time.Now()}
	var jobs int
	var dir, format string
	var pieces int
	var jobFiles bool
	fs := pflag.NewFlagSet("split", pflag.ContinueOnError)
	fs.IntVarP(&jobs, "jobs", "n", 64, "number of `N` jobs")
	fs.IntVar(&pieces, "pieces", 0, "subtrees of like estimated work to aim at before they are dealt to the jobs (default 4 per job, or 1 when split sizes them by searching them; the cut makes many more, smaller ones)")
	fs.StringVarP(&dir, "output", "o", "", "directory for the job files and the manifest: a new or empty one, or one of an earlier split with no results, whose files are replaced")
	fs.BoolVar(&jobFiles, "job-files", false, "write a file a job (job-NNNN.json) rather than every job into one jobs.jsonl (run-job --index runs a job of either)")
	fs.StringVar(&format, "format", "", formatHelp(formats.Packing))
	distinct := fs.String("distinct", "none", "split the count of the solutions distinct up to `MODE`: none (every solution), rotations, or all (rotations and reflections; for these two a packing puzzle, cut by the engine solve --distinct would run)")
	budget := fs.Duration("budget", 5*time.Minute, "stop refining the cut after `DURATION` (0: no limit) and deal the subtrees it has: the jobs stay exact, their work less even")
	engineName := fs.String("engine", "auto", "search engine of the jobs: auto (bits when it applies, as solve), dlx (dancing links: DLX1's figures), bits (dlx when it does not apply) or cell (bits, then dlx, when it does not apply); the cut is the engine's own tree")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz split [flags] FILE|PUZZLE|- --jobs N -o DIR")
		fmt.Fprintln(std.Stderr, "Cuts a search into N independent job files (run each with polyviz run-job, then polyviz merge DIR).")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	switch {
	case fs.NArg() != 1:
		return usageFailed(std, "split", "%s", inputCountProblem(fs, "a DLX file, a spec, a puzzle of 'polyviz list' or - (standard input)"))
	case dir == "":
		return usageFailed(std, "split", "needs -o FOLDER: where to write the job files and the manifest")
	case dir == "-":
		return usageFailed(std, "split", "-o -: split writes a folder of files, not standard output: give -o FOLDER")
	}
	if *budget < 0 {
		return usageFailed(std, "split", "--budget %v: a time must be 0 (no limit) or more", *budget)
	}
	if msg := checkSplitFlags(jobs, pieces); msg != "" {
		return usageFailed(std, "split", "%s", msg)
	}
	old, err := splitFolder(dir)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 1
	}
	engine, ok := parseEngineFlag(std, "split", *engineName)
	if !ok {
		return 2
	}
	mode, err := puzzle.ParseDistinct(*distinct)
	if err != nil {
		return usageFailed(std, "split", "%v", err)
	}
	// the setup (reading, building the problem and its file) says it goes
	// on as often as the cut does, and stops before anything else is said
	setup := reportSetup(std.Stderr, times.start, splitSetupEvery, setupReading(fs.Arg(0)))
	defer setup.stop()
	sp, err := loadSplit(ctx, std, fs.Arg(0), format, mode, setup)
	if err != nil {
		setup.stop()
		return commandFailed(ctx, std, "split", err)
	}
	in := sp.loadedInput
	setup.phase("preparing the cut")
	// the engine solve runs (the bitset engine or the cell search for
	// --distinct, whose jobs count the classes below their tasks)
	engine = puzzle.Plan(in.Puzzle, puzzle.Request{Distinct: mode, Engine: engine, Split: true}).Engine
	// cut the tree into pieces of like estimated work, then deal them to
	// the jobs, largest first to the lightest job; began is when the cut
	// began (its first report, or its end when it made none)
	var began time.Time
	opt := solver.SplitOptions{Engine: engine, Pieces: pieces, Jobs: jobs, Seed: 1, Budget: *budget,
		Progress: cutProgress(std.Stderr, *budget, setup, &began)}
	if mode != puzzle.DistinctNone {
		// a job of a distinct count reads its puzzle and works out the
		// box's symmetries, some three times a plain job's own time: a
		// search that sizes the pieces exactly pays for larger shares
		opt.SearchBelow = 3 * solver.DefaultSearchBelow
	}
	res, err := solver.Split(ctx, in.Problem, opt)
	setup.stop()
	if began.IsZero() {
		began = time.Now()
	}
	if errors.Is(err, solver.ErrCheckpointUnsup) {
		// the engine's tree cannot be cut (the driver's word for it is
		// "checkpoints", which would puzzle a split)
		_, why, _ := strings.Cut(err.Error(), solver.ErrCheckpointUnsup.Error()+": ")
		fmt.Fprintf(std.Stderr, "polyviz split: %s: the %v engine cannot cut this search into jobs: %s; --engine auto or bits cuts it where the bitset engine applies\n", in.Name, engine, why)
		return 1
	}
	if err != nil {
		return commandFailed(ctx, std, "split", err)
	}
	top := res.Top
	if top.Engine == "" && mode != puzzle.DistinctNone {
		fmt.Fprintln(std.Stderr, "polyviz split: --distinct needs the bitset engine, which does not apply to this problem")
		return 1
	}
	asked := jobs
	jobs = len(res.Jobs)
	deal := res.Jobs
	big := res.Largest()
	hi, hiErr := res.Work[big], res.StdErr[big]
	// the folder's files, the earlier split's replaced; wrote names what
	// this run has written, for removeSplit
	var wrote []string
	write := func() error {
		for _, name := range old {
			// the earlier split's files go, so that no job of it is left to run
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				return err
			}
		}
		if err := writeBytes(filepath.Join(dir, sp.problemFile), sp.problem); err != nil {
			return err
		}
		wrote = append(wrote, sp.problemFile)
		problemSHA := sha256Hex(sp.problem)
		m := manifestFile{Format: manifestFormat, Name: in.Name, Problem: top.Problem, Top: top,
			SolutionDepth: solutionDepth(in.Problem), Largest: hi, LargestErr: hiErr, Estimated: true}
		m.Top.Tasks = nil
		if mode != puzzle.DistinctNone {
			m.Distinct = mode.String()
		}
		var packed [][]byte
		for j, tasks := range deal {
			jf := jobFile{Format: jobFormat, Name: in.Name, Job: j + 1, Jobs: jobs,
				ProblemFile: sp.problemFile, ProblemSHA256: problemSHA,
				Search:   solver.Checkpoint{Problem: top.Problem, Engine: top.Engine, Tasks: tasks},
				Distinct: m.Distinct, SpecFormat: sp.specFormat}
			name := fmt.Sprintf("job-%04d.json", j+1)
			var data []byte
			var err error
			if jobFiles {
				data, err = writeSealedCompact(filepath.Join(dir, name), &jf)
				if err == nil {
					wrote = append(wrote, name)
				}
			} else {
				// a line of the jobs file, as its job file would be
				name = fmt.Sprintf("%s:%d", jobsPackedFile, j+1)
				data, err = sealedCompact(&jf)
				packed = append(packed, data)
			}
			if err != nil {
				return err
			}
			shallowest, roots := jobShape(tasks)
			m.Jobs = append(m.Jobs, manifestJob{File: name, SHA256: sha256Hex(data), Weight: res.Work[j],
				Shallowest: shallowest, Roots: roots})
		}
		if !jobFiles {
			// the index after the jobs file: either may be there on failure
			wrote = append(wrote, jobsPackedFile, jobsIndexFile)
			if err := writePackedJobs(dir, packed); err != nil {
				return err
			}
		}
		_, err := writeSealed(filepath.Join(dir, "manifest.json"), &m)
		return err
	}
	made, err := makeFolder(dir)
	if err == nil {
		err = write()
	}
	if err != nil {
		removeSplit(dir, wrote, made)
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 1
	}
	how := "dancing links'"
	switch top.Engine {
	case solver.EngineBits.String():
		how = "bitset engine's"
	case solver.EngineCell.String():
		how = "cell search's"
	}
	sized := fmt.Sprintf("about %.3g nodes, sized by %d random probes", res.Nodes, res.Probes)
	if res.Searched > 0 {
		sized = fmt.Sprintf("%.0f nodes, cut by %d random probes and sized by searching %d subtrees", res.Nodes, res.Probes, res.Searched)
	}
	fmt.Fprintf(std.Stderr, "%s: %s in %s (%s of the %s tree, %s)\n",
		in.Name, count(jobs, "job", "jobs"), dir, count(res.Pieces, "subtree", "subtrees"), how, sized)
	if res.CutShort {
		fmt.Fprintf(std.Stderr, "polyviz split: the cut stopped refining at --budget %v: the jobs are exact, but their work is less even than it could be\n", *budget)
	}
	if jobs < asked {
		// a scheduler's array of the jobs asked for would run indexes with no job
		fmt.Fprintf(std.Stderr, "polyviz split: --jobs %d asked, but the tree has work for %s only: run-job --index 0 to %d (a Slurm array 1-%d, Kubernetes completions %d)\n",
			asked, count(jobs, "job", "jobs"), jobs-1, jobs, jobs)
	}
	// the largest job bounds the time of the whole run: with as many cores
	// as jobs, the run takes at least its share of one core's time
	how = "in Knuth's estimate (" + sureness(hi, hiErr, res.Nodes, res.NodesErr) + "; "
	if res.Searched > 0 {
		how = "(its subtrees' nodes counted by the search; "
	}
	fmt.Fprintf(std.Stderr, "largest job: %.3g%% of the work %san even split would give %.3g%%): at most %.0fx faster than one core\n",
		100*hi, how, 100/float64(jobs), 1/max(hi, 1e-12))
	setupLine(std.Stderr, times, time.Since(began))
	return 0
}

// splitProgress says every five seconds, on w, how far a long cut has got.
func splitProgress(w io.Writer, budget time.Duration) func(solver.SplitProgress) {
	next := 5 * time.Second
	of := ""
	if budget > 0 {
		of = " of --budget " + budget.String()
	}
	return func(p solver.SplitProgress) {
		if p.Elapsed < next {
			return
		}
		next = p.Elapsed.Truncate(5*time.Second) + 5*time.Second
		fmt.Fprintf(w, " after %.0f s%s: cutting the tree: %s, %s\n", p.Elapsed.Seconds(), of,
			count(p.Probes, "probe", "probes"), count(p.Pieces, "subtree", "subtrees"))
	}
}

// sureness says how sure an estimated share is: its standard error, from
// the spread of the probes, which is low when the probes miss a subtree's
// rare heavy branch; merge --profile measures the truth.
func sureness(share, err, nodes, nodesErr float64) string {
	rel := 0.0
	if share > 0 {
		rel = err / share
	}
	if nodes > 0 {
		rel = math.Hypot(rel, nodesErr/nodes)
	}
	how := fmt.Sprintf("%.2g", 100*rel)
	if rel >= 0.1 {
		how = fmt.Sprintf("%.0f", 100*rel)
	}
	return "±" + how + "% of it at one standard error of the probes, which can miss a rare heavy branch"
}

// textOf returns a job's copy of its input as text: a job file is JSON, in
// which bytes that are not UTF-8 do not survive, so a gzip-compressed input
// (a BurrTools .xmpuzzle file) goes in as its XML, which reads the same.
func textOf(data []byte) []byte {
	if utf8.Valid(data) {
		return data
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return data
	}
	x, err := io.ReadAll(io.LimitReader(zr, 64<<20))
	if err != nil {
		return data
	}
	return x
}

// checkSplitFlags says what is wrong with split's --jobs and --pieces, or "".
func checkSplitFlags(jobs, pieces int) string {
	switch {
	case jobs < 1:
		return fmt.Sprintf("--jobs must be at least 1, got %d", jobs)
	case jobs > maxSplitJobs:
		return fmt.Sprintf("--jobs must be at most %d, got %d", maxSplitJobs, jobs)
	case pieces < 0:
		return fmt.Sprintf("--pieces must be 0 (4 per job) or more, got %d", pieces)
	}
	return ""
}

// maxSplitJobs bounds --jobs: a job file each, in one folder.
const maxSplitJobs = 1_000_000

// splitFolder checks the folder split writes into and returns the names of
// the files of an earlier split in it, which split removes before it
// writes its own. The folder may be new, empty, or hold an earlier split:
// its manifest.json, its job files (job-NNNN.json, or jobs.jsonl and its
// index), its problem file and
// nothing else. A
// folder with other files is refused, and so is one with results
// (*.result.json), which are work that merge may still need: split never
// deletes what it did not write, nor the jobs' work.
func splitFolder(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var old, results, other []string
	manifest := false
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "manifest.json":
			manifest = true
			old = append(old, name)
		case strings.HasSuffix(name, ".result.json"):
			results = append(results, name)
		case isJobFileName(name), name == problemDLXFile, name == problemSpecFile, name == jobsPackedFile, name == jobsIndexFile:
			old = append(old, name)
		default:
			other = append(other, name)
		}
	}
	switch {
	case len(entries) == 0:
		return nil, nil
	case len(other) == 0 && len(results) == 0 && !manifest:
		return nil, fmt.Errorf("%s holds split's files (%s) but no manifest.json, the leftovers of a split that did not finish: remove them, or give a new or empty folder", dir, firstNames(old))
	case len(other) > 0 || !manifest:
		return nil, fmt.Errorf("%s is not empty and holds no earlier split (%s): give a new or empty folder", dir, firstNames(append(other, results...)))
	case len(results) > 0:
		return nil, fmt.Errorf("%s holds the results of an earlier split (%s): merge them, or move them away, before splitting into it again", dir, firstNames(results))
	}
	return old, nil
}

// makeFolder makes dir and the folders above it that are missing, and
// returns those it made, dir first (none when dir was there).
func makeFolder(dir string) ([]string, error) {
	var made []string
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		made = append(made, d)
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return made, nil
}

// removeSplit takes away what a split that failed (a full disk, say) had
// written: its files in dir, then the folders it made, innermost first, so
// that the same command can run again once the cause is gone. It removes
// nothing else: a folder that is not empty stays.
func removeSplit(dir string, wrote, made []string) {
	for _, name := range wrote {
		os.Remove(filepath.Join(dir, name))
	}
	for _, d := range made {
		if os.Remove(d) != nil {
			return
		}
	}
}

// isJobFileName reports whether name is that of a job file split writes
// (job-NNNN.json).
func isJobFileName(name string) bool {
	num, ok := strings.CutPrefix(name, "job-")
	if !ok {
		return false
	}
	if num, ok = strings.CutSuffix(num, ".json"); !ok || len(num) < 4 {
		return false
	}
	for _, r := range num {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// firstNames lists a few of names, for a message.
func firstNames(names []string) string {
	if len(names) > 3 {
		return strings.Join(names[:3], ", ") + fmt.Sprintf(" and %d more", len(names)-3)
	}
	return strings.Join(names, ", ")
}
