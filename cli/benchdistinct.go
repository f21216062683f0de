package cli

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"time"

	"polyviz/assets"
	"polyviz/puzzle"
	"polyviz/solver"
)

// A benchDistinctRow is a library puzzle `polyviz bench --distinct` times,
// with the distinct mode the literature counts it in. The quick rows are
// the ones a raw search finishes in about a second. A long row (--long
// only) takes an hour or more: it runs the distinct count alone, on every
// worker, and checks it and the raw count derived from its classes
// against the published figures written here (distinct, raw; 0: not
// published), so that it needs no library entry's figures and may name a
// puzzle the library does not hold yet.
type benchDistinctRow struct {
	name          string
	mode          puzzle.Distinct
	quick, long   bool
	distinct, raw int64
}

// benchDistinctPuzzles are the rows of `polyviz bench --distinct`.
var benchDistinctPuzzles = []benchDistinctRow{
	{name: "soma", mode: puzzle.DistinctAll, quick: true},
	{name: "pentomino-3x20", mode: puzzle.DistinctAll, quick: true},
	{name: "pentomino-8x8-hole", mode: puzzle.DistinctAll, quick: true},
	{name: "pentacube-2x3x10", mode: puzzle.DistinctAll, quick: true},
	{name: "pentomino-4x15", mode: puzzle.DistinctAll},
	{name: "pentomino-5x12", mode: puzzle.DistinctAll},
	{name: "pentomino-6x10", mode: puzzle.DistinctAll},
	{name: "pentacube-2x5x6", mode: puzzle.DistinctAll},
	// the eighteen one-sided pentominoes: Polyform Puzzler's figures, after
	// Putter and Montgomery-Smith (5x18: about half an hour on 2 workers)
	{name: "pentomino-onesided-5x18", mode: puzzle.DistinctAll, long: true, distinct: 686_628, raw: 2_746_512},
	{name: "pentomino-onesided-6x15", mode: puzzle.DistinctAll, long: true, distinct: 2_567_183},
}

// benchDistinct times a raw count against a distinct count, one worker
// each, on library puzzles, and checks the counts against the catalogue;
// with long, also the long rows, on workers workers; only, if not empty,
// names the rows to run.
func benchDistinct(ctx context.Context, std IO, quick, long bool, workers int, only []string) int {
	return runBenchDistinct(ctx, std, benchDistinctPuzzles, quick, long, workers, only)
}

// runBenchDistinct runs the rows of the --distinct table.
func runBenchDistinct(ctx context.Context, std IO, rows []benchDistinctRow, quick, long bool, workers int, only []string) int {
	fmt.Fprintf(std.Stdout, "polyviz bench --distinct: one worker each, %d CPUs, %s\n%s\n", runtime.NumCPU(), runtime.Version(), benchCPU())
	printBenchRow(std.Stdout, []string{"puzzle", "raw", "raw nodes", "raw s", "distinct", "group", "lock", "nodes", "s", "time", "check"})
	status := 0
	ran := false
	for _, b := range rows {
		switch {
		case len(only) > 0 && !slices.Contains(only, b.name):
			continue
		case len(only) == 0 && (quick && !b.quick || b.long && !long):
			continue
		}
		e, ok := assets.Lookup(b.name)
		if !ok && b.long {
			printBenchRow(std.Stdout, []string{b.name, "-", "-", "-", "-", "-", "-", "-", "-", "-", "skipped: not in the library yet"})
			continue
		}
		if !ok {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s is not in the library\n", b.name)
			return 1
		}
		l, err := puzzle.Load(e.File, e.Data(), puzzle.FormatAuto)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return 1
		}
		var row []string
		if b.long {
			ran = true
			row, err = benchDistinctLong(ctx, std, b, e, l.Puzzle, workers)
		} else {
			row, err = benchDistinctOne(ctx, b, e, l.Puzzle)
		}
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s: %v\n", b.name, err)
			return 1
		}
		if row[len(row)-1] != "ok" {
			status = 1
		}
		printBenchRow(std.Stdout, row)
	}
	if ran {
		fmt.Fprintf(std.Stdout, "Long rows: the distinct count alone, on %d workers; raw is derived from its classes; both checked against the\n", workers)
		fmt.Fprintln(std.Stdout, "published figures (Polyform Puzzler's documentation, after Putter and Montgomery-Smith).")
	}
	return status
}

// benchDistinctOne is a row of raw against distinct, one worker each.
func benchDistinctOne(ctx context.Context, b benchDistinctRow, e assets.Entry, p *puzzle.Puzzle) ([]string, error) {
	// dancing links on both: the raw column walks DLX1's whole tree
	whole := puzzle.Plan(p, puzzle.Request{Engine: solver.EngineDLX})
	plan := puzzle.Plan(p, puzzle.Request{Distinct: b.mode, Engine: solver.EngineDLX})
	raw, err := p.SolveDistinct(ctx, puzzle.DistinctNone, solver.Options{Workers: 1, Engine: whole.Engine}, nil)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	d, err := p.SolveDistinct(ctx, b.mode, solver.Options{Workers: 1, Engine: plan.Engine}, nil)
	elapsed := time.Since(start) // symmetry set-up included
	if err != nil {
		return nil, err
	}
	check := "ok"
	want := catalogueCount(e, b.mode)
	if d.Raw != raw.Solutions || (want != 0 && want != d.Distinct) {
		check = fmt.Sprintf("MISMATCH (catalogue %d, derived raw %d)", want, d.Raw)
	}
	return []string{b.name,
		fmt.Sprint(raw.Solutions), fmt.Sprint(raw.Nodes), fmt.Sprintf("%.3f", raw.Elapsed.Seconds()),
		fmt.Sprint(d.Distinct), fmt.Sprint(d.Group), fmt.Sprintf("%s %d/%d", d.Lock, d.Kept, d.Placements),
		fmt.Sprint(d.Nodes), fmt.Sprintf("%.3f", elapsed.Seconds()),
		fmt.Sprintf("%.0f%%", 100*elapsed.Seconds()/raw.Elapsed.Seconds()), check}, nil
}

// benchDistinctLong is a long row: the distinct count on every worker,
// saying how far it has got on standard error every minute, checked with
// its derived raw count against the row's published figures and the
// catalogue's.
func benchDistinctLong(ctx context.Context, std IO, b benchDistinctRow, e assets.Entry, p *puzzle.Puzzle, workers int) ([]string, error) {
	plan := puzzle.Plan(p, puzzle.Request{Distinct: b.mode})
	next := time.Minute
	opt := solver.Options{Workers: workers, Engine: plan.Engine, Progress: func(pr solver.Progress) {
		if pr.Elapsed >= next {
			next += time.Minute
			// the cut search's solutions: a class can be met more than once
			// before its least image decides, so this is not yet the count
			fmt.Fprintf(std.Stderr, "polyviz bench: %s: %.1f%% after %s, %d solutions of the cut search so far\n",
				b.name, 100*pr.Fraction, pr.Elapsed.Round(time.Second), pr.Solutions)
		}
	}}
	start := time.Now()
	d, err := p.SolveDistinct(ctx, b.mode, opt, nil)
	elapsed := time.Since(start)
	if err != nil {
		return nil, err
	}
	return []string{b.name, fmt.Sprint(d.Raw), "-", "-",
		fmt.Sprint(d.Distinct), fmt.Sprint(d.Group), fmt.Sprintf("%s %d/%d", d.Lock, d.Kept, d.Placements),
		fmt.Sprint(d.Nodes), fmt.Sprintf("%.3f", elapsed.Seconds()), "-",
		publishedCheck(b, catalogueCount(e, b.mode), d.Distinct, d.Raw)}, nil
}

// catalogueCount is the library's figure for mode (0: none).
func catalogueCount(e assets.Entry, mode puzzle.Distinct) int64 {
	if mode == puzzle.DistinctRotations {
		return e.Counts.Rotations.N
	}
	return e.Counts.All.N
}

// publishedCheck compares a long row's counts with its published figures
// and the catalogue's: "ok", or what differs.
func publishedCheck(b benchDistinctRow, catalogue, distinct, raw int64) string {
	switch {
	case b.distinct != 0 && distinct != b.distinct:
		return fmt.Sprintf("MISMATCH (published %d distinct)", b.distinct)
	case b.raw != 0 && raw != b.raw:
		return fmt.Sprintf("MISMATCH (published %d raw)", b.raw)
	case catalogue != 0 && distinct != catalogue:
		return fmt.Sprintf("MISMATCH (catalogue %d)", catalogue)
	}
	return "ok"
}
