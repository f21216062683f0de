package cli

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"polyviz/assets"
	"polyviz/puzzle"
	"polyviz/solver"
)

// benchDistinctPuzzles are the library puzzles `polyviz bench --distinct`
// times, with the distinct mode the literature counts them in. The quick
// set is the ones a raw search finishes in about a second.
var benchDistinctPuzzles = []struct {
	name  string
	mode  puzzle.Distinct
	quick bool
}{
	{"soma", puzzle.DistinctAll, true},
	{"pentomino-3x20", puzzle.DistinctAll, true},
	{"pentomino-8x8-hole", puzzle.DistinctAll, true},
	{"pentacube-2x3x10", puzzle.DistinctAll, true},
	{"pentomino-4x15", puzzle.DistinctAll, false},
	{"pentomino-5x12", puzzle.DistinctAll, false},
	{"pentomino-6x10", puzzle.DistinctAll, false},
	{"pentacube-2x5x6", puzzle.DistinctAll, false},
}

// benchDistinct times a raw count against a distinct count, one worker
// each, on library puzzles, and checks the counts against the catalogue.
func benchDistinct(ctx context.Context, std IO, quick bool) int {
	fmt.Fprintf(std.Stdout, "polyviz bench --distinct: one worker each, %d CPUs, %s\n", runtime.NumCPU(), runtime.Version())
	printBenchRow(std.Stdout, []string{"puzzle", "raw", "raw nodes", "raw s", "distinct", "group", "lock", "nodes", "s", "time", "check"})
	status := 0
	for _, b := range benchDistinctPuzzles {
		if quick && !b.quick {
			continue
		}
		e, ok := assets.Lookup(b.name)
		if !ok {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s is not in the library\n", b.name)
			return 1
		}
		l, err := puzzle.Load(e.File, e.Data(), puzzle.FormatAuto)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return 1
		}
		// dancing links on both: the raw column walks DLX1's whole tree
		whole := puzzle.Plan(l.Puzzle, puzzle.Request{Engine: solver.EngineDLX})
		plan := puzzle.Plan(l.Puzzle, puzzle.Request{Distinct: b.mode, Engine: solver.EngineDLX})
		raw, err := l.Puzzle.SolveDistinct(ctx, puzzle.DistinctNone, solver.Options{Workers: 1, Engine: whole.Engine}, nil)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s: %v\n", b.name, err)
			return 1
		}
		start := time.Now()
		d, err := l.Puzzle.SolveDistinct(ctx, b.mode, solver.Options{Workers: 1, Engine: plan.Engine}, nil)
		elapsed := time.Since(start) // symmetry set-up included
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s: %v\n", b.name, err)
			return 1
		}
		check := "ok"
		want := e.Counts.All.N
		if b.mode == puzzle.DistinctRotations {
			want = e.Counts.Rotations.N
		}
		if d.Raw != raw.Solutions || (want != 0 && int64(want) != d.Distinct) {
			check, status = fmt.Sprintf("MISMATCH (catalogue %d, derived raw %d)", want, d.Raw), 1
		}
		printBenchRow(std.Stdout, []string{b.name,
			fmt.Sprint(raw.Solutions), fmt.Sprint(raw.Nodes), fmt.Sprintf("%.3f", raw.Elapsed.Seconds()),
			fmt.Sprint(d.Distinct), fmt.Sprint(d.Group), fmt.Sprintf("%s %d/%d", d.Lock, d.Kept, d.Placements),
			fmt.Sprint(d.Nodes), fmt.Sprintf("%.3f", elapsed.Seconds()),
			fmt.Sprintf("%.0f%%", 100*elapsed.Seconds()/raw.Elapsed.Seconds()), check})
	}
	return status
}
