package cli

import (
	"context"
	"fmt"
	"time"

	"polyviz/antislide"
	"polyviz/geometry"
)

// antislideBenchRows are the boxes of `polyviz bench --antislide` (2x2x1
// bricks) with ANTISLIDE3's figures: its number of classes (0: unknown
// here) and its time as reported (the reference README: well under a
// second for the first three; about 80 s for 5x5x5).
var antislideBenchRows = []struct {
	box     geometry.Cell
	classes int64
	knuth   string
	long    bool
}{
	{geometry.Cell{X: 4, Y: 4, Z: 4}, 1171, "<1", false},
	{geometry.Cell{X: 2, Y: 6, Z: 6}, 32310, "<1", false},
	{geometry.Cell{X: 4, Y: 4, Z: 5}, 47403, "<1", false},
	{geometry.Cell{X: 5, Y: 5, Z: 5}, 0, "~80", true},
}

// benchAntislide times the antislide counts (raw and distinct) with one
// worker and with all, next to ANTISLIDE3's figures; long adds 5x5x5.
func benchAntislide(ctx context.Context, std IO, workers int, long bool) int {
	printBenchRow(std.Stdout, []string{"antislide 2x2x1", "raw", "distinct", "nodes", "ANTISLIDE3 s",
		"1 worker s", fmt.Sprintf("%d workers s", workers), "check"})
	status := 0
	for _, row := range antislideBenchRows {
		if row.long && !long {
			continue
		}
		p, err := antislide.NewProblem(row.box, antislide.Brick(2, 2, 1))
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return 1
		}
		var secs [2]float64
		var r antislide.Result
		for i, w := range []int{1, workers} {
			began := time.Now()
			r, err = antislide.Count(ctx, p, antislide.Options{Workers: w, Distinct: true})
			secs[i] = time.Since(began).Seconds()
			if err != nil {
				fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
				return exitFor(ctx)
			}
		}
		check := "-"
		if row.classes != 0 {
			check = "ok"
			if r.TotalDistinct() != row.classes {
				check, status = fmt.Sprintf("WRONG (ANTISLIDE3: %d)", row.classes), 1
			}
		}
		printBenchRow(std.Stdout, []string{antislide.FormatSize(row.box), fmt.Sprint(r.TotalRaw()), fmt.Sprint(r.TotalDistinct()),
			fmt.Sprint(r.Nodes), row.knuth, fmt.Sprintf("%.3f", secs[0]), fmt.Sprintf("%.3f", secs[1]), check})
	}
	return status
}

// exitFor is the exit status after a failed run: 130 when interrupted.
func exitFor(ctx context.Context) int {
	if ctx.Err() != nil {
		return signalStatus(ctx)
	}
	return 1
}
