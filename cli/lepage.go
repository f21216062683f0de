package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/spf13/pflag"

	"polyviz/lepage"
	"polyviz/puzzle"
	"polyviz/solver"
)

// runLepage is `polyviz lepage [flags] FILE`: Marc Lepage's polycube
// solver. It prints what his program prints, byte for byte: the header, the
// problem matrix, then every solution as Z slices, in his order (kept with
// several workers). --no-matrix leaves out the matrix's rows, --count prints
// only the number of solutions, --dlx writes his matrix as a DLX file
// instead of solving. A problem estimated to need more than --max-memory
// is refused before it is built.
func runLepage(ctx context.Context, std IO, args []string) int {
	var noMatrix, count, dlx bool
	var workers int
	var memory byteSize
	fs := pflag.NewFlagSet("lepage", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.BoolVar(&noMatrix, "no-matrix", false, "leave out the rows of the problem matrix")
	fs.BoolVar(&count, "count", false, "print only the number of solutions")
	fs.BoolVar(&dlx, "dlx", false, "write the DLX file of his matrix (lock and constraints applied) instead of solving")
	fs.IntVarP(&workers, "jobs", "j", runtime.NumCPU(), "number of workers (the order of the solutions is kept)")
	registerMaxMemory(fs, &memory)
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz lepage [flags] FILE|-")
		fmt.Fprintln(std.Stderr, "Solves a problem file of Marc Lepage's polycube solver and prints what his program prints.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 || workers < 1 {
		fs.Usage()
		return 2
	}
	workers = clampJobs(std, "lepage", workers)
	if count && dlx {
		fmt.Fprintln(std.Stderr, "polyviz lepage: --count and --dlx do not go together")
		return 2
	}
	name, data, _, err := readInputLimited(std, fs.Arg(0), int64(memory))
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz lepage: %v\n", err)
		return 1
	}
	// sized before it is built: under the row limit a box can still need
	// more memory than ulimit -v or --max-memory leaves, and die of it
	lim := lepage.Limits{MaxBytes: int64(memory), Workers: workers}
	if dlx {
		lim.Workers = 0 // written, not searched (one search is counted all the same)
	}
	lp, err := lepage.ParseLimited(name, data, lim)
	if errors.Is(err, puzzle.ErrTooBig) {
		hint := "raise the limit with --max-memory SIZE (0: none)"
		if lim.Workers > 1 {
			hint = "use fewer workers (-j) or " + hint
		}
		fmt.Fprintf(std.Stderr, "polyviz lepage: %v; the estimate comes before anything is built: %s\n", err, hint)
		return 1
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz lepage: %v\n", err)
		return 1
	}
	prob := lp.Problem()
	out := bufio.NewWriterSize(std.Stdout, 64<<10)
	if dlx {
		fmt.Fprintf(out, "| Lepage problem %s: his matrix, %dx%d, lock and constraints applied (polyviz lepage --dlx)\n", name, len(lp.Rows), lp.Columns())
		err := prob.WriteDLX(out)
		return lepageStatus(ctx, std, nil, flushAfter(out, err))
	}
	opt := solver.Options{Workers: workers, Ordered: !count}
	var visit func(solver.Solution) bool
	var writeErr error
	if !count {
		lp.WriteHeader(out)
		if !noMatrix {
			writeErr = lp.WriteMatrix(out)
		}
		pr := lp.NewPrinter()
		visit = func(s solver.Solution) bool {
			pr.Write(out, s.Options)
			if out.Buffered() > 32<<10 {
				writeErr = out.Flush()
			}
			return writeErr == nil
		}
		if writeErr != nil {
			return lepageStatus(ctx, std, nil, writeErr)
		}
	}
	st, err := solver.Solve(ctx, prob, opt, visit)
	if count && err == nil {
		fmt.Fprintln(out, st.Solutions)
	}
	return lepageStatus(ctx, std, err, flushAfter(out, writeErr))
}

// flushAfter flushes out unless writing already failed: bufio's error is
// sticky, so the flush would only return the same error again (said twice).
func flushAfter(out *bufio.Writer, writeErr error) error {
	if writeErr != nil {
		return writeErr
	}
	return out.Flush()
}

// lepageStatus reports a failed search or write and returns the exit status.
func lepageStatus(ctx context.Context, std IO, err, writeErr error) int {
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(std.Stderr, "polyviz lepage: %s\n", interruptMessage(ctx))
		return signalStatus(ctx)
	case err != nil:
		fmt.Fprintf(std.Stderr, "polyviz lepage: %v\n", err)
		return 1
	case writeErr != nil:
		fmt.Fprintf(std.Stderr, "polyviz lepage: write: %v\n", writeErr)
		return 1
	}
	return 0
}
