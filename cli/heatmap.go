package cli

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"io"
	"path/filepath"
	"strings"

	"polyviz/fileout"
	"polyviz/heatmap"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
)

// solveHeatmap is `polyviz solve --heatmap FILE.csv|FILE.png`: it counts
// every solution (or one per class with --distinct) and writes how often
// each piece covers each cell.
func solveHeatmap(ctx context.Context, std IO, in *loadedInput, mode puzzle.Distinct, f solveFlags, path string) int {
	if in.Puzzle == nil {
		fmt.Fprintf(std.Stderr, "polyviz solve: --heatmap needs a packing puzzle; %s is an exact-cover problem whose items are not cells\n", in.Name)
		return 1
	}
	if mode != puzzle.DistinctNone && len(in.Restrictions) > 0 {
		fmt.Fprintf(std.Stderr, "polyviz solve: --distinct: %s already cuts symmetric solutions with its own restrictions (%s)\n", in.Name, strings.Join(in.Restrictions, ", "))
		return 1
	}
	ext := strings.ToLower(filepath.Ext(path)) // .csv or .png (solveFlags.check)
	m := heatmap.New(in.Puzzle)
	if ext == ".png" {
		if err := m.Drawable(); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --heatmap %s: %v\n", path, err)
			return 1
		}
	}
	// solveFlags.check refused the flags that would stop the count early
	opt := solver.Options{Workers: f.workers, Engine: f.engine}
	if f.progress {
		opt.Progress = progressPrinter(std.Stderr)
	}
	var err error
	var line string
	var workers int                              // the search's: none when it never began
	var writeJSON func(bool, commandTimes) error // --json's summary, written once the map is
	if mode == puzzle.DistinctNone {
		var st solver.Stats
		st, err = solver.Solve(ctx, in.Problem, opt, func(s solver.Solution) bool { m.Add(s.Options, 1); return true })
		line = summaryLine(st, summaryLead(ctx, err, nil))
		if f.profile { // with --distinct, refused by solveFlags.check
			line = profileText(st.Profile) + line
		}
		workers = st.Workers
		writeJSON = func(complete bool, t commandTimes) error { return writeJSONSummary(std.Stdout, st, complete, t) }
	} else {
		var st puzzle.DistinctStats
		st, err = in.Puzzle.SolveDistinct(ctx, mode, opt, func(s puzzle.DistinctSolution) bool { m.Add(s.Options, 1); return true })
		line = distinctSummary(st, err == nil, summaryLead(ctx, err, nil))
		workers = st.Workers
		writeJSON = func(complete bool, t commandTimes) error { return writeDistinctJSON(std.Stdout, st, complete, t) }
	}
	if stoppedInSetup(ctx, err, workers) {
		return setupStopped(ctx, std, f, err, func(t commandTimes) error { return writeJSON(false, t) })
	}
	if _, e := fmt.Fprintln(std.Stderr, line); err != nil || e != nil {
		return solveStatus(ctx, std, err, e) // the summary is the output too
	}
	if ext == ".png" {
		var img *image.NRGBA
		if img, err = m.Image(4); err == nil {
			err = render.WritePNG(path, img)
		}
	} else {
		err = fileout.WriteFile(path, func(w io.Writer) error {
			bw := bufio.NewWriter(w)
			if err := m.WriteCSV(bw); err != nil {
				return err
			}
			return bw.Flush()
		})
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz solve: --heatmap: %v\n", err)
		return 1
	}
	noun := "solutions"
	if mode != puzzle.DistinctNone {
		noun = "distinct solutions"
	}
	fmt.Fprintf(std.Stderr, "Heat map of %d %s written to %s.\n", m.Solutions, noun, path)
	if f.json {
		if err := writeJSON(true, f.times); err != nil {
			return solveStatus(ctx, std, nil, err)
		}
	}
	return 0
}

// profileText is --profile's lines, as solveProblem prints them.
func profileText(profile []int64) string {
	var b strings.Builder
	b.WriteString("Profile:\n")
	for l, n := range profile {
		fmt.Fprintf(&b, "%3d: %d\n", l, n)
	}
	return b.String()
}
