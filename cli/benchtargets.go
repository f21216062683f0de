package cli

import (
	"fmt"
	"io"
)

// The speed targets: `polyviz bench --solve --dlx1 EXE --burrtxt EXE` runs
// the DLX1 table and the burrTxt table one after the other, in one run,
// and ends with each target, its figure from those tables and whether it
// is met. A target whose row did not run (a file not found) says so.

// A solveTarget is a row of the --solve table and the most its ratio to
// DLX1 on pentomino 6x10 may be.
type solveTarget struct {
	what, name, count string
	workers           int
	most              float64
}

// solveTargets are the targets against DLX1's raw 6x10, on the build a
// user gets.
var solveTargets = []solveTarget{
	{"pentacube 3x4x5 distinct, 1 worker", "pentacube-3x4x5", "distinct all", 1, 0.25},
	{"Bedlam up to rotation, 2 workers", "bedlam", "distinct rotations", 2, 0.5},
	{"pentomino 6x10 distinct, 1 worker", "pentomino-6x10", "distinct all", 1, 0.015},
	{"pentomino 6x10 raw, 1 worker", "pentomino-6x10", "raw", 1, 0.1},
	{"pentacube 2x5x6 raw, 1 worker", "pentacube-2x5x6", "raw", 1, 0.1},
}

// isSolveTarget reports whether a target reads row r.
func isSolveTarget(r solveRow) bool {
	for _, t := range solveTargets {
		if t.name == r.name && t.count == r.count && t.workers == r.workers {
			return true
		}
	}
	return false
}

// benchTargets gathers the figures the targets read as the tables run.
type benchTargets struct {
	solve map[solveKey]float64 // ratio to DLX1 on 6x10
	burr  []burrFigure
}

type solveKey struct {
	name, count string
	workers     int
}

// A burrFigure is a row of the burrTxt table.
type burrFigure struct {
	name          string
	ratio, target float64
	cpu, search   float64 // polyviz's whole command (CPU) and its search, seconds
	// setup is the rest of the command timed inside the process (reading,
	// orientations, placements, the problem, symmetry, the engine's
	// tables), without the process's start and exit
	setup float64
	// placed is the least placed_seconds of the runs (reading,
	// orientations, placements: the setup the target weighs; -1 when not
	// timed), leastSearch their least search
	placed, leastSearch float64
}

func (t *benchTargets) addSolve(r solveRow, ratio float64) {
	if t == nil {
		return
	}
	if t.solve == nil {
		t.solve = map[solveKey]float64{}
	}
	t.solve[solveKey{r.name, r.count, r.workers}] = ratio
}

func (t *benchTargets) addBurr(f burrFigure) {
	if t != nil {
		t.burr = append(t.burr, f)
	}
}

// print writes the targets with their figures; it reports whether every
// target that ran is met.
func (t *benchTargets) print(out io.Writer, withSolve bool) bool {
	fmt.Fprintln(out, "\nTargets (this run):")
	var rows [][4]string
	row := func(r ...string) { rows = append(rows, [4]string(r)) }
	row("target", "figure", "target", "met")
	all := true
	verdict := func(ok bool) string {
		if ok {
			return "yes"
		}
		all = false
		return "NO"
	}
	if withSolve {
		for _, g := range solveTargets {
			ratio, ran := t.solve[solveKey{g.name, g.count, g.workers}]
			if !ran {
				row(g.what, "not run", fmt.Sprintf("at most %.3gx", g.most), "-")
				continue
			}
			row(g.what, fmt.Sprintf("%.3fx", ratio), fmt.Sprintf("at most %.3gx", g.most), verdict(ratio <= g.most))
		}
	}
	for _, f := range t.burr {
		row(f.name+" against burrTxt", fmt.Sprintf("%.1fx", f.ratio), fmt.Sprintf("at least %.0fx", f.target), verdict(f.ratio >= f.target))
		if f.placed < 0 {
			row(f.name+": placing against search", "not timed", "placing at most search", "-")
		} else {
			// in ms to the microsecond: HexSticks' are each under a millisecond,
			// and to a tenth of one a verdict could read "0.8 / 0.8 NO"
			row(f.name+": placing against search", fmt.Sprintf("%.3f ms / %.3f ms", f.placed*1e3, f.leastSearch*1e3), "placing at most search", verdict(f.placed <= f.leastSearch))
		}
		row(f.name+": all setup against search", fmt.Sprintf("%.3f ms / %.3f ms", f.setup*1e3, f.search*1e3), "(a figure)", "-")
	}
	var w [4]int
	for _, r := range rows {
		for i, c := range r {
			w[i] = max(w[i], len(c))
		}
	}
	for _, r := range rows {
		fmt.Fprintf(out, "%-*s  %*s  %-*s  %s\n", w[0], r[0], w[1], r[1], w[2], r[2], r[3])
	}
	if withSolve {
		fmt.Fprintln(out, "x DLX1 figures are over DLX1's CPU time on pentomino-6x10.dlx at the top of the run.")
	}
	if len(t.burr) > 0 {
		fmt.Fprintln(out, "placing is polyviz's placed_seconds: reading, orientations and placements, the setup the target names, against the search, the least of each over polyviz's runs of the file.")
		fmt.Fprintln(out, "all setup is polyviz's setup_seconds in its least CPU run: the placing, then the exact-cover problem, the symmetry and the engine's tables, timed inside the process; its start and exit are the rest of its CPU time.")
	}
	return all
}
