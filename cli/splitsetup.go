package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"time"

	"polyviz/puzzle"
	"polyviz/solver"
)

// splitSetupEvery is how often split says that its setup goes on: as often
// as its cut's reports (splitProgress). A variable for the tests.
var splitSetupEvery = 5 * time.Second

// splitInput is what split's setup makes before its cut: the input, and
// the file the jobs share (its name and bytes; for a distinct count the
// puzzle's own, in specFormat).
type splitInput struct {
	*loadedInput
	problemFile string
	problem     []byte
	specFormat  string
}

// loadSplit reads arg as split's flags say (format, mode) and builds its
// problem and the jobs' problem file, telling setup what it does; its
// errors are for commandFailed.
func loadSplit(ctx context.Context, std IO, arg, format string, mode puzzle.Distinct, setup *setupReport) (splitInput, error) {
	var sp splitInput
	var spec []byte
	if mode != puzzle.DistinctNone {
		// the jobs need the puzzle: read it once, keep its bytes
		var err error
		if _, spec, sp.specFormat, err = readInputFormat(std, arg); err != nil {
			return sp, err
		}
		if format != "" {
			sp.specFormat = format
		}
		spec = textOf(spec)
		std.Stdin = bytes.NewReader(spec) // "-" can be read once only
	}
	in, err := loadProblem(ctx, std, arg, format)
	if err != nil {
		return sp, err
	}
	sp.loadedInput = in
	if mode != puzzle.DistinctNone {
		if in.Puzzle == nil {
			return sp, usageError{fmt.Errorf("--distinct needs a packing puzzle (a spec or a library puzzle), not %s", in.Name)}
		}
		if in.Problem, err = in.Puzzle.DistinctProblem(mode); err != nil {
			return sp, err
		}
		sp.problemFile, sp.problem = problemSpecFile, spec
		return sp, nil
	}
	setup.phase("writing the jobs' problem (a DLX file)")
	var dlx bytes.Buffer
	if err := in.Problem.WriteDLXContext(ctx, &dlx); err != nil {
		return sp, err
	}
	sp.problemFile, sp.problem = problemDLXFile, dlx.Bytes()
	return sp, nil
}

// cutProgress is split's progress function for its cut (splitProgress):
// the cut's first report ends setup's, and sets *began to when the cut
// began, which ends the setup that split's Setup line times.
func cutProgress(w io.Writer, budget time.Duration, setup *setupReport, began *time.Time) func(solver.SplitProgress) {
	report := splitProgress(w, budget)
	return func(p solver.SplitProgress) {
		if began.IsZero() {
			setup.stop()
			*began = time.Now().Add(-p.Elapsed)
		}
		report(p)
	}
}
