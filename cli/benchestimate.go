package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"polyviz/estimate"
	"polyviz/solver"
)

// benchEstimate is `polyviz bench --estimate`: for each reference problem
// it runs polyviz estimate (its default probes and budget, seed 1, a 300 ms
// timed run for the speed) and then the real search with dancing links, and prints the
// estimates beside the truth.
func benchEstimate(ctx context.Context, std IO, files, only []string, workers int) int {
	fmt.Fprintf(std.Stdout, "polyviz bench --estimate: stratified probes (seed 1) until the count is within %dx or %s, time from a 300 ms run of dancing links with %d workers\n", estimate.DefaultRatio, estimate.DefaultBudget, workers)
	printEstimateRow(std.Stdout, []string{"problem", "est. solutions", "solutions", "in?", "est. nodes", "nodes", "est. s", "real s", "real/est", "probe s"})
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".dlx")
		if len(only) > 0 && !slices.Contains(only, name) {
			continue
		}
		p, err := readBenchProblem(f)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return 1
		}
		r, err := estimate.Run(ctx, p, estimate.Options{Seed: 1, Budget: estimate.DefaultBudget})
		if err != nil {
			return commandFailed(ctx, std, "bench", err)
		}
		rate, err := estimate.Calibrate(ctx, p, workers, 300*time.Millisecond, solver.EngineDLX)
		if err != nil {
			return commandFailed(ctx, std, "bench", err)
		}
		est := rate.Seconds(r.Updates.Mean)
		st, err := solver.Solve(ctx, p, solver.Options{Workers: workers, Engine: solver.EngineDLX}, nil)
		if err != nil {
			return commandFailed(ctx, std, "bench", err)
		}
		in := "yes"
		if s := float64(st.Solutions); s < r.Solutions.Low || s > r.Solutions.High {
			in = "NO"
		}
		ratio := "-"
		if est > 0 {
			ratio = fmt.Sprintf("%.2f", st.Elapsed.Seconds()/est)
		}
		if rate.Done {
			ratio += " (measured)"
		}
		printEstimateRow(std.Stdout, []string{name,
			fmt.Sprintf("%s (%s-%s)", estimate.Round(r.Solutions.Mean), estimate.Round(r.Solutions.Low), estimate.Round(r.Solutions.High)),
			fmt.Sprint(st.Solutions), in,
			fmt.Sprintf("%s (%s-%s)", estimate.Round(r.Nodes.Mean), estimate.Round(r.Nodes.Low), estimate.Round(r.Nodes.High)),
			fmt.Sprint(st.Nodes),
			fmt.Sprintf("%.2f", est), fmt.Sprintf("%.2f", st.Elapsed.Seconds()), ratio,
			fmt.Sprintf("%.2f", r.Elapsed.Seconds()),
		})
	}
	fmt.Fprintln(std.Stdout, "in? = the real count lies in the estimate's interval; real/est = real time / estimated time (measured: the timed run finished the search).")
	return 0
}

// estimateWidths are the widths of bench --estimate's columns: wide enough
// for intervals such as "31,000 (0-170,000)", so that the rows, printed as
// each problem finishes, line up.
var estimateWidths = []int{18, 28, 10, 4, 34, 10, 8, 8, 16, 8}

// printEstimateRow prints one row of bench --estimate: the name left
// aligned, the rest right aligned in estimateWidths.
func printEstimateRow(w io.Writer, cols []string) {
	var b strings.Builder
	for i, c := range cols {
		if i == 0 {
			fmt.Fprintf(&b, "%-*s", estimateWidths[0], c)
			continue
		}
		fmt.Fprintf(&b, " %*s", estimateWidths[min(i, len(estimateWidths)-1)], c)
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
}
