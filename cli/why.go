package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"polyviz/solver"
	"polyviz/why"
)

// runWhy is `polyviz why [flags] FILE|PUZZLE`: it says why a puzzle has no
// solution, with the first of why's reasons that applies. Exit status 0
// when it found one, 1 when it could not (or the puzzle has a solution).
func runWhy(ctx context.Context, std IO, args []string) int {
	fs := pflag.NewFlagSet("why", pflag.ContinueOnError)
	format := fs.String("format", "", "input format (default: detect)")
	problem := fs.Int("problem", 1, "the problem of a BurrTools file that holds several, from 1")
	budget := fs.Duration("budget", 5*time.Second, "the searches' budget: a quarter of it, by the clock, looks for a solution; the rest, as nodes (a million a second), for a small impossible set of cells, so that set is the same on every machine")
	asJSON := fs.Bool("json", false, "print a JSON object on standard output")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz why [flags] FILE|PUZZLE")
		fmt.Fprintln(std.Stderr, "Says why a puzzle has no solution: an uncovered cell, a piece that fits nowhere, a cell count, a colouring, a cut-off region, or a small impossible set of cells.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *budget <= 0 {
		fmt.Fprintf(std.Stderr, "polyviz why: --budget must be positive, got %v\n", *budget)
		return 2
	}
	// the problem is built only when the reasons that need none (the
	// cells no piece covers, the cell counts) do not settle it
	in, err := loadPiecesN(ctx, std, fs.Arg(0), *format, *problem)
	if err != nil {
		return commandFailed(ctx, std, "why", err)
	}
	built := func() (*solver.Problem, error) {
		if err := in.buildProblem(ctx, defaultMaxMemory()); err != nil {
			return nil, withoutMemoryFlag(err)
		}
		return in.Problem, nil
	}
	r, err := why.ExplainLazy(ctx, in.Puzzle, built, why.Options{Budget: *budget})
	if err != nil {
		return commandFailed(ctx, std, "why", err)
	}
	if *asJSON {
		err = json.NewEncoder(std.Stdout).Encode(struct {
			Name   string   `json:"name"`
			Found  bool     `json:"found"`
			Kind   string   `json:"kind"`
			Text   string   `json:"text"`
			Pieces []string `json:"pieces,omitempty"`
		}{in.Name, r.Found, string(r.Kind), r.Text, r.Pieces})
	} else if r.Found {
		_, err = fmt.Fprintf(std.Stdout, "%s has no solution: %s.\n", in.Name, r.Text)
	} else {
		_, err = fmt.Fprintf(std.Stdout, "%s: no reason found: %s.\n", in.Name, r.Text)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz why: write: %v\n", err)
		return 1
	}
	if !r.Found {
		return 1
	}
	return 0
}
