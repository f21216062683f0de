package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
)

// burrTxtRows are the puzzles of `polyviz bench --burrtxt`: BurrTools'
// own examples, with the ratio to its old solver that its new one reaches
// (its published figures, one core) times two: the target.
var burrTxtRows = []struct {
	file   string
	target float64
}{
	{"HexSticks.xmpuzzle", 27},
	{"SolidSixPieceBurrs.xmpuzzle", 22},
	{"Simplicity.xmpuzzle", 47},
}

// burrTxtDirs are where the example files are looked for, upward from the
// working directory.
var burrTxtDirs = []string{"shared/reference/burrtools", "burrtools/testdata/grids", "cli/testdata/burrtools", "testdata/burrtools"}

// benchBurrTxt is `polyviz bench --burrtxt EXE`: for each of BurrTools'
// examples found, BurrTools' burrTxt (-q, problem 1) and `polyviz solve
// --distinct all -j 1` (the whole command, a process of its own) run
// alternately, runs times each (polyviz three times in a row when it takes
// under a quarter of a second), and the least CPU time (user and system)
// of each is kept: on a shared machine a fairer figure than wall time.
func benchBurrTxt(ctx context.Context, std IO, burrTxt string, runs int) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
		return 1
	}
	var targets benchTargets
	status := runBurrTxtTable(ctx, std, burrTxt, self, runs, nil, &targets)
	if ctx.Err() != nil {
		return 130
	}
	if len(targets.burr) > 0 { // none when no example was found
		targets.print(std.Stdout, false)
	}
	return status
}

// runBurrTxtTable runs the table with self as polyviz; only, when not
// nil, names the rows to run; each row's figures go to targets too (nil:
// nowhere).
func runBurrTxtTable(ctx context.Context, std IO, burrTxt, self string, runs int, only []string, targets *benchTargets) int {
	fmt.Fprintf(std.Stdout, "polyviz bench --burrtxt: %s against polyviz solve --distinct all -j 1, %d runs each, alternately; %d CPUs, %s/%s, %s\n%s\n",
		burrTxt, runs, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), benchCPU())
	printBenchRow(std.Stdout, []string{"puzzle", "assemblies", "distinct", "raw", "engine", "nodes", "burrTxt CPU s", "polyviz CPU s", "search s", "setup s", "ratio", "target", "check"})
	status := 0
	start := -1.0 // polyviz's start and exit alone, least CPU seconds
	found := 0
	for _, row := range burrTxtRows {
		name := row.file[:len(row.file)-len(filepath.Ext(row.file))]
		if only != nil && !slices.Contains(only, name) {
			continue
		}
		file := ""
		for _, dir := range burrTxtDirs {
			if f := findUp(filepath.Join(dir, row.file)); f != "" {
				file = f
				break
			}
		}
		if file == "" {
			fmt.Fprintf(std.Stdout, "%s: not found (looked in %v, upward)\n", row.file, burrTxtDirs)
			continue
		}
		found++
		var bt burrTxtRun
		var pv selfRun
		// the target weighs the least placing against the least search
		// of all polyviz's runs: each is a cost the machine's other work
		// only adds to
		placed, search := -1.0, -1.0
		for i := range runs {
			b, err := runBurrTxt(ctx, burrTxt, file)
			if err != nil {
				fmt.Fprintf(std.Stderr, "polyviz bench: %s on %s: %v\n", burrTxt, file, err)
				return 1
			}
			// a run of a tenth of a second varies by a third with the
			// machine's other work: three in a row, the least kept
			var p selfRun
			for j := 0; j < 3; j++ {
				r, err := runSelf(ctx, self, []string{"solve", "--json", "--distinct", "all", "-j", "1", file})
				if err != nil {
					fmt.Fprintf(std.Stderr, "polyviz bench: polyviz solve %s: %v\n", file, err)
					return 1
				}
				if j == 0 || r.cpu < p.cpu {
					p = r
				}
				if r.Placed > 0 && (placed < 0 || r.Placed < placed) {
					placed = r.Placed
				}
				if search < 0 || r.Search < search {
					search = r.Search
				}
				if r.cpu > 0.25 {
					break
				}
			}
			if i == 0 || b.cpu < bt.cpu {
				bt = b
			}
			for range 3 { // as many as polyviz's short runs
				if c, err := startCPU(ctx, self); err == nil && (start < 0 || c < start) {
					start = c
				}
			}
			if i == 0 || p.cpu < pv.cpu {
				pv = p // its search time with it
			}
		}
		check := "ok"
		if bt.assemblies != pv.Distinct {
			check = fmt.Sprintf("MISMATCH: burrTxt %d assemblies, polyviz %d", bt.assemblies, pv.Distinct)
			status = 1
		}
		ratio := bt.cpu / max(pv.cpu, 1e-6)
		targets.addBurr(burrFigure{name: name, ratio: ratio, target: row.target, cpu: pv.cpu, search: pv.Search, setup: pv.Setup, placed: placed, leastSearch: search})
		printBenchRow(std.Stdout, []string{name, fmt.Sprint(bt.assemblies), fmt.Sprint(pv.Distinct), fmt.Sprint(pv.Raw),
			pv.Engine, fmt.Sprint(pv.Nodes), fmt.Sprintf("%.3f", bt.cpu), fmt.Sprintf("%.3f", pv.cpu),
			fmt.Sprintf("%.4f", pv.Search), fmt.Sprintf("%.4f", pv.Setup), fmt.Sprintf("%.1fx", ratio), fmt.Sprintf("%.0fx", row.target), check})
	}
	if found == 0 {
		// an empty table is no figure: say so where a script looks
		fmt.Fprintf(std.Stderr, "polyviz bench: none of BurrTools' examples found, upward from the working directory in %v: run the bench inside polyviz's repository\n", burrTxtDirs)
		status = 1
	}
	fmt.Fprintln(std.Stdout, "CPU s: the least user+system time of the runs, each program a process of its own, the two run in turn (polyviz thrice a turn when under 0.25 s).")
	fmt.Fprintln(std.Stdout, "search s: polyviz's search itself in that run (the cut into tasks and the walk, solutions handed out); setup s: the rest of the command in that run, timed inside the process (reading, orientations, placements, the exact-cover problem, symmetry and the engine's tables); the rest of its CPU time is the process's start and exit.")
	fmt.Fprintln(std.Stdout, "ratio = burrTxt's / polyviz's; target: twice what BurrTools' new solver reaches against its old one (its published figures).")
	fmt.Fprintln(std.Stdout, "assemblies: burrTxt's count, distinct up to rotation and reflection, as polyviz's distinct; check: ok when they agree.")
	if start >= 0 {
		fmt.Fprintf(std.Stdout, "start: %.4f s, polyviz's start and exit alone (polyviz help, the least of three runs a turn), part of each polyviz CPU figure; in the desktop build, mostly what loading its GUI toolkit costs.\n", start)
	}
	return status
}

// startCPU returns the CPU seconds (user and system) of `self help`: the
// process's start and exit, with next to no work.
func startCPU(ctx context.Context, self string) (float64, error) {
	cmd := exec.CommandContext(ctx, self, "help")
	if err := cmd.Run(); err != nil {
		return 0, err
	}
	return (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds(), nil
}

// A burrTxtRun is one run of BurrTools' burrTxt.
type burrTxtRun struct {
	assemblies int64
	cpu        float64
}

// burrTxtCount is burrTxt's closing line with -q.
var burrTxtCount = regexp.MustCompile(`(\d+) assemblies and \d+ solutions found`)

// runBurrTxt runs burrTxt -q on problem 1 of file and reads its count.
func runBurrTxt(ctx context.Context, burrTxt, file string) (burrTxtRun, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, burrTxt, "-q", "-o", "0", file)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return burrTxtRun{}, withStderr(err, &stderr)
	}
	m := burrTxtCount.FindSubmatch(stdout.Bytes())
	if m == nil {
		return burrTxtRun{}, fmt.Errorf("no count in its output %q", bytes.TrimSpace(stdout.Bytes()))
	}
	n, err := strconv.ParseInt(string(m[1]), 10, 64)
	if err != nil {
		return burrTxtRun{}, err
	}
	return burrTxtRun{assemblies: n, cpu: (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()}, nil
}
