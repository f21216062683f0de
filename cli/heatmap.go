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
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".csv" && ext != ".png" {
		fmt.Fprintf(std.Stderr, "polyviz solve: --heatmap %s: want a .csv or .png file\n", path)
		return 2
	}
	m := heatmap.New(in.Puzzle)
	if ext == ".png" {
		if err := m.Drawable(); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --heatmap %s: %v\n", path, err)
			return 1
		}
	}
	opt := solver.Options{Workers: f.workers, Engine: f.engine}
	var err error
	var line string
	if mode == puzzle.DistinctNone {
		var st solver.Stats
		st, err = solver.Solve(ctx, in.Problem, opt, func(s solver.Solution) bool { m.Add(s.Options, 1); return true })
		line = summaryLine(st, summaryLead(ctx, err, nil))
	} else {
		var st puzzle.DistinctStats
		st, err = in.Puzzle.SolveDistinct(ctx, mode, opt, func(s puzzle.DistinctSolution) bool { m.Add(s.Options, 1); return true })
		line = distinctSummary(st, err == nil, summaryLead(ctx, err, nil))
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
	return 0
}
