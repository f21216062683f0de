package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"time"
)

// benchSolveTable is `polyviz bench --solve --dlx1 EXE`: Knuth's DLX1
// counts the pentominoes in the 6x10 box (the reference time of every
// row), and, on the puzzles it solves in seconds, its own DLX file; then
// polyviz solve runs each puzzle as a user runs it (a process of its own,
// timed by the kernel: CPU and wall), raw and distinct, with one and two
// workers, each row beside DLX1's times. With burrTxt (a path), the
// burrTxt table follows in the same run (burrRuns runs a row). Last come
// the speed targets, each with its figure from those tables.
func benchSolveTable(ctx context.Context, std IO, dir, dlx1 string, long, bigBrother bool, burrTxt string, burrRuns int) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
		return 1
	}
	var targets benchTargets
	status := runSolveTable(ctx, std, dir, dlx1, self, solveRows(long, bigBrother), &targets)
	if burrTxt != "" && ctx.Err() == nil {
		fmt.Fprintln(std.Stdout)
		status = max(status, runBurrTxtTable(ctx, std, burrTxt, self, burrRuns, nil, &targets))
	}
	if ctx.Err() != nil {
		return 130
	}
	targets.print(std.Stdout, true)
	return status
}

// runSolveTable runs the rows of the table with self as polyviz; each
// row's ratio to DLX1 on 6x10 goes to targets too (nil: nowhere).
func runSolveTable(ctx context.Context, std IO, dir, dlx1, self string, rows []solveRow, targets *benchTargets) int {
	ref := filepath.Join(dir, "pentomino-6x10.dlx")
	if _, err := os.Stat(ref); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz bench: --solve needs Knuth's pentomino-6x10.dlx in %s (give --dir)\n", dir)
		return 1
	}
	out := std.Stdout
	title := fmt.Sprintf("polyviz bench --solve: DLX1 %s, polyviz %s, %d CPUs, %s\n%s\n", dlx1, self, runtime.NumCPU(), time.Now().UTC().Format(time.DateOnly+" 15:04 MST"), benchCPU())
	// The reference and the rows the targets read are run once in each of
	// targetRuns rounds, the least kept: every ratio below is over it.
	// Rounds rather than runs in a row: a slow spell of a shared machine,
	// up to a minute, then spoils one round, not every run of a row.
	fmt.Fprintf(std.Stderr, "polyviz bench: round 1 of %d: DLX1 on 6x10, then every row of the table; the table comes after the last round\n", targetRuns)
	base, err := runDLX1Min(ctx, dlx1, ref, 1)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz bench: DLX1: %v\n", err)
		return 1
	}
	status := 0
	// DLX1's runs on each row's own file; 6x10's is the reference itself
	// (its least over the rounds), not a second figure for the same run
	own := map[string]dlx1Run{filepath.Base(ref): base}
	runs := make([]selfRun, len(rows))
	for i, r := range rows {
		if ctx.Err() != nil {
			return 130
		}
		run, err := runSelfMin(ctx, self, r.args, 1)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: solve %v: %v\n", r.args, err)
			return 1
		}
		runs[i] = run
		if r.dlx1File != "" {
			d, ok := own[r.dlx1File]
			if !ok {
				if d, err = runDLX1Min(ctx, dlx1, filepath.Join(dir, r.dlx1File), 1); err != nil {
					fmt.Fprintf(std.Stderr, "polyviz bench: DLX1 on %s: %v\n", r.dlx1File, err)
					return 1
				}
				own[r.dlx1File] = d
			}
			if d.solutions != run.Solutions {
				fmt.Fprintf(std.Stderr, "polyviz bench: %s: DLX1 counts %d solutions, polyviz %d\n", r.name, d.solutions, run.Solutions)
				status = 1
			}
		}
	}
	for round := 2; round <= targetRuns; round++ {
		fmt.Fprintf(std.Stderr, "polyviz bench: round %d of %d: DLX1 on 6x10 and the rows the targets read again, the least of each kept\n", round, targetRuns)
		if ctx.Err() != nil {
			return 130
		}
		d, err := runDLX1Count(ctx, dlx1, ref)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: DLX1: %v\n", err)
			return 1
		}
		base.cpu, base.wall = min(base.cpu, d.cpu), min(base.wall, d.wall)
		for i, r := range rows {
			if !isSolveTarget(r) {
				continue
			}
			if ctx.Err() != nil {
				return 130
			}
			run, err := runSelf(ctx, self, r.args)
			if err != nil {
				fmt.Fprintf(std.Stderr, "polyviz bench: solve %v: %v\n", r.args, err)
				return 1
			}
			if run.Solutions != runs[i].Solutions || run.Nodes != runs[i].Nodes {
				fmt.Fprintf(std.Stderr, "polyviz bench: %s %s -j %d: one run gave %d solutions and %d nodes, another %d and %d\n",
					r.name, r.count, r.workers, runs[i].Solutions, runs[i].Nodes, run.Solutions, run.Nodes)
				status = 1
			}
			runs[i].cpu, runs[i].wall = min(runs[i].cpu, run.cpu), min(runs[i].wall, run.wall)
		}
	}
	own[filepath.Base(ref)] = base
	fmt.Fprint(out, title)
	fmt.Fprintf(out, "DLX1 on pentomino-6x10.dlx: %d solutions, %.2f s CPU, %.2f s wall, the least of %d rounds (the reference: x DLX1 6x10 below is over this)\n\n",
		base.solutions, base.cpu, base.wall, targetRuns)
	header := []string{"problem", "count", "-j", "search", "solutions", "classes", "nodes", "CPU s", "wall s",
		"DLX1 here s", "x DLX1 here", "x DLX1 6x10"}
	printBenchRow(out, header)
	for i, r := range rows {
		run := runs[i]
		here := "-"
		xHere := "-"
		if d, ok := own[r.dlx1File]; ok {
			here = fmt.Sprintf("%.2f", d.cpu)
			xHere = fmt.Sprintf("%.3fx", run.time(r.workers)/d.cpu)
		}
		ratio := run.time(r.workers) / base.cpu
		targets.addSolve(r, ratio)
		search := run.Engine
		if run.CountedBy != "" {
			search += " by " + run.CountedBy
		}
		classes := "-"
		if run.Distinct > 0 {
			classes = strconv.FormatInt(run.Distinct, 10)
		} else if run.Classes > 0 {
			classes = strconv.FormatInt(run.Classes, 10)
		}
		solutions := run.Solutions
		if run.Raw > 0 {
			solutions = run.Raw
		}
		printBenchRow(out, []string{r.name, r.count, strconv.Itoa(r.workers), search, strconv.FormatInt(solutions, 10), classes,
			strconv.FormatInt(run.Nodes, 10), fmt.Sprintf("%.2f", run.cpu), fmt.Sprintf("%.2f", run.wall), here, xHere,
			fmt.Sprintf("%.3fx", ratio)})
	}
	fmt.Fprintln(out, "\nEach row is `polyviz solve --json -j J [--distinct MODE] [--engine bits] PUZZLE` in a process of its own (setup included);")
	fmt.Fprintln(out, "a run under a second is repeated, up to five times, and its least CPU and wall times kept (DLX1's too);")
	fmt.Fprintln(out, "DLX1 on 6x10 and each row a target reads run in each of three rounds (the table's, then two of those rows alone), the least kept.")
	fmt.Fprintln(out, "x DLX1 = its CPU time (1 worker) or wall time (2 workers) over DLX1's CPU time, on this puzzle's DLX file (here) or on 6x10.")
	fmt.Fprintln(out, "search: the engine that ran; \"by symmetry\": a plain count made from the classes and their sizes (solve's default")
	fmt.Fprintln(out, "where the box is symmetric); --engine bits: DLX1's whole tree (its nodes are DLX1's).")
	return status
}

// A solveRow is one run of the table.
type solveRow struct {
	name, count string
	workers     int
	args        []string
	dlx1File    string // the DLX file DLX1 runs for this row ("" none)
}

// solveRows are the reference puzzles, raw and distinct, with one and two
// workers; DLX1 runs the DLX files it solves in seconds (with long also
// pentacube 3x4x5, minutes). The pentominoes in 6x10 and the pentacubes
// in 2x5x6 also walk DLX1's whole tree with the bitset engine.
func solveRows(long, bigBrother bool) []solveRow {
	type puzzleRow struct {
		name, dlx, distinct string
		wholeTree           bool // a row of DLX1's whole tree too
	}
	puzzles := []puzzleRow{
		{"pentomino-6x10", "pentomino-6x10.dlx", "all", true},
		{"pentomino-5x12", "pentomino-5x12.dlx", "all", false},
		{"pentomino-8x8-hole", "pentomino-8x8-hole.dlx", "all", false},
		{"soma", "soma-3x3x3.dlx", "all", false},
		{"pentacube-2x5x6", "pentacube-2x5x6.dlx", "all", true},
		{"pentacube-3x4x5", "", "all", false},
		{"bedlam", "", "rotations", false},
	}
	if long {
		puzzles[5].dlx = "pentacube-3x4x5.dlx"
	}
	if bigBrother {
		puzzles = append(puzzles, puzzleRow{"big-brother", "", "rotations", false})
	}
	var rows []solveRow
	for _, p := range puzzles {
		for _, count := range []string{"raw", "distinct " + p.distinct} {
			for _, j := range []int{1, 2} {
				args := []string{"solve", "--json", "-j", strconv.Itoa(j), p.name}
				dlx := p.dlx
				if count != "raw" {
					args = append(args, "--distinct", p.distinct)
					dlx = ""
				}
				rows = append(rows, solveRow{p.name, count, j, args, dlx})
			}
		}
		if p.wholeTree {
			rows = append(rows, solveRow{p.name, "raw, DLX1's tree", 1,
				[]string{"solve", "--json", "-j", "1", "--engine", "bits", p.name}, p.dlx})
		}
	}
	return rows
}

// A selfRun is one `polyviz solve --json` run: its summary and its times.
type selfRun struct {
	Solutions int64  `json:"solutions"`
	Distinct  int64  `json:"distinct"`
	Raw       int64  `json:"raw"`
	Classes   int64  `json:"classes"`
	Nodes     int64  `json:"nodes"`
	Engine    string `json:"engine"`
	CountedBy string `json:"counted_by"`
	Complete  bool   `json:"complete"`
	// Search is the search's own time (see solver.Stats.Search), Setup
	// the rest of the command timed inside the process
	Search float64 `json:"search_seconds"`
	Setup  float64 `json:"setup_seconds"`
	Placed float64 `json:"placed_seconds"` // reading, orientations, placements (BurrTools files)
	runTimes
}

// time is the figure a row compares: CPU with one worker, wall with more.
func (r selfRun) time(workers int) float64 {
	if workers == 1 {
		return r.cpu
	}
	return r.wall
}

// targetRuns is how many rounds DLX1's reference run and the rows the
// targets read are made in, the least kept: on a shared machine a run of
// seconds varies by a fifth, and a slow spell outlasts a run.
const targetRuns = 3

// shortRun is the time under which a run is repeated, and the least of
// its times kept: a process that lasts a tenth of a second varies by a
// third with the machine's other work and the garbage collector.
const shortRun = time.Second

// shortRuns is how many times a short run is made in all.
const shortRuns = 5

// runSelfMin runs this executable with args (see runSelf) least times,
// and again while its runs are short (see leastTimes).
func runSelfMin(ctx context.Context, self string, args []string, least int) (selfRun, error) {
	return leastTimes(least, func() (selfRun, error) { return runSelf(ctx, self, args) },
		func(r *selfRun) *runTimes { return &r.runTimes })
}

// runTimes are a process's CPU (user and system) and wall seconds.
type runTimes struct{ cpu, wall float64 }

// leastTimes calls run least times (at least once), and again, up to
// five runs in all, while its runs last less than shortRun, and returns
// the first run's result with the least CPU and wall times of all (at of
// a result is its times).
func leastTimes[T any](least int, run func() (T, error), at func(*T) *runTimes) (T, error) {
	best, err := run()
	for i := 1; err == nil && i < shortRuns && (i < least || at(&best).wall < shortRun.Seconds()); i++ {
		var r T
		if r, err = run(); err == nil {
			b, t := at(&best), at(&r)
			b.cpu, b.wall = min(b.cpu, t.cpu), min(b.wall, t.wall)
		}
	}
	return best, err
}

// withStderr is a child process's error with what it said on its standard
// error, if anything (a program that could not start said nothing).
func withStderr(err error, stderr *bytes.Buffer) error {
	if msg := bytes.TrimSpace(stderr.Bytes()); len(msg) > 0 {
		return fmt.Errorf("%w: %s", err, msg)
	}
	return err
}

// runSelf runs this executable with args and reads its --json summary.
func runSelf(ctx context.Context, self string, args []string) (selfRun, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, self, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return selfRun{}, withStderr(err, &stderr)
	}
	var r selfRun
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return selfRun{}, fmt.Errorf("its --json: %v", err)
	}
	if !r.Complete {
		return selfRun{}, fmt.Errorf("the search did not complete")
	}
	r.wall = time.Since(start).Seconds()
	r.cpu = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	if r.Engine == "" {
		r.Engine = "bits" // a distinct count's summary names no engine
	}
	return r, nil
}

// A dlx1Run is one run of Knuth's DLX1.
type dlx1Run struct {
	solutions int64
	runTimes
}

// dlx1Altogether is DLX1's closing line on standard error.
var dlx1Altogether = regexp.MustCompile(`Altogether (\d+) solutions?,`)

// runDLX1Min runs DLX1 on file least times, and again while its runs are
// short (see leastTimes).
func runDLX1Min(ctx context.Context, dlx1, file string, least int) (dlx1Run, error) {
	return leastTimes(least, func() (dlx1Run, error) { return runDLX1Count(ctx, dlx1, file) },
		func(r *dlx1Run) *runTimes { return &r.runTimes })
}

// runDLX1Count runs DLX1 on a DLX file (on its standard input) and reads
// its count from its closing line.
func runDLX1Count(ctx context.Context, dlx1, file string) (dlx1Run, error) {
	in, err := os.Open(file)
	if err != nil {
		return dlx1Run{}, err
	}
	defer in.Close()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, dlx1)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, io.Discard, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return dlx1Run{}, fmt.Errorf("%s < %s: %w", dlx1, file, withStderr(err, &stderr))
	}
	m := dlx1Altogether.FindSubmatch(stderr.Bytes())
	if m == nil {
		return dlx1Run{}, fmt.Errorf("no closing line from %s on %s", dlx1, file)
	}
	n, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return dlx1Run{solutions: n, runTimes: runTimes{wall: time.Since(start).Seconds(),
		cpu: (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()}}, nil
}
