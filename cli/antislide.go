package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"polyviz/antislide"
	"polyviz/geometry"
)

// antislideFlags are the settings of `polyviz antislide`.
type antislideFlags struct {
	box, brick, piece, spec, knuth  string
	distinct, json, print, progress bool
	workers, minPieces, maxPieces   int
}

// runAntislide is `polyviz antislide --box AxBxC [--brick axbxc | --piece
// NAME --spec FILE] [FILE]`: it counts the antisliding packings of copies
// of one piece in a box, by number of pieces, raw and (--distinct) up to
// the symmetries of the box; --knuth prints what Knuth's programs print.
func runAntislide(ctx context.Context, std IO, args []string) int {
	var f antislideFlags
	fs := pflag.NewFlagSet("antislide", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.StringVar(&f.box, "box", "", "the box, `AxBxC` cells")
	fs.StringVar(&f.brick, "brick", "2x2x1", "the piece is a brick of `axbxc` cells")
	fs.StringVar(&f.piece, "piece", "", "the piece is piece `NAME` of the --spec file")
	fs.StringVar(&f.spec, "spec", "", "a polycube spec `FILE` (or library puzzle) holding the --piece")
	fs.StringVar(&f.knuth, "knuth", "", "print what Knuth's `PROGRAM` prints for the box: antislide, nocorner or antislide3 (2x2x1 bricks)")
	fs.BoolVar(&f.distinct, "distinct", false, "also count packings up to the symmetries of the box")
	fs.BoolVar(&f.json, "json", false, "print the counts as a JSON object")
	fs.BoolVar(&f.print, "print", false, "list the packings layer by layer (one per class with --distinct)")
	fs.BoolVar(&f.progress, "progress", false, "print a progress line on standard error every second")
	fs.IntVarP(&f.workers, "jobs", "j", runtime.NumCPU(), "number of workers")
	fs.IntVar(&f.minPieces, "min-pieces", 0, "count only packings of at least `K` pieces")
	fs.IntVar(&f.maxPieces, "max-pieces", 0, "count only packings of at most `K` pieces (0: no limit)")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz antislide --box AxBxC [--brick axbxc | --piece NAME --spec FILE] [flags]")
		fmt.Fprintln(std.Stderr, "       polyviz antislide [flags] FILE        (a file with a line 'antislide box 4x4x4 brick 2x2x1')")
		fmt.Fprintln(std.Stderr, "       polyviz antislide --knuth antislide|nocorner|antislide3 --box AxBxC")
		fmt.Fprintln(std.Stderr, "Counts the packings in which no piece can slide one cell in any direction.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(std.Stderr, "polyviz antislide: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() > 1:
		return bad("at most one problem file")
	case f.workers < 1:
		return bad("-j must be at least 1")
	case f.minPieces < 0 || f.maxPieces < 0:
		return bad("--min-pieces and --max-pieces must not be negative")
	case fs.Changed("max-pieces") && f.maxPieces == 0:
		return bad("--max-pieces must be at least 1 (the empty box alone is not worth a search)")
	case f.maxPieces > 0 && f.minPieces > f.maxPieces:
		return bad("--min-pieces %d is more than --max-pieces %d: no packing can have that many pieces", f.minPieces, f.maxPieces)
	case (f.piece == "") != (f.spec == ""):
		return bad("--piece and --spec go together")
	case f.piece != "" && fs.Changed("brick"):
		return bad("give --brick or --piece, not both")
	case fs.NArg() == 1 && (f.box != "" || f.piece != "" || fs.Changed("brick")):
		return bad("a problem file already gives the box and the piece")
	case fs.NArg() == 0 && f.box == "":
		return bad("--box is required (or a problem file)")
	}
	f.workers = clampJobs(std, "antislide", f.workers)
	if f.knuth != "" {
		return antislideKnuth(ctx, std, f, fs)
	}
	p, err := antislideProblem(ctx, std, f, fs)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz antislide: %v\n", err)
		// A bad --box is bad usage; a bad box in a file is a failed input, as any other error in it.
		if (errors.Is(err, antislide.ErrBadBox) || errors.Is(err, antislide.ErrBadBrick)) && fs.NArg() == 0 {
			return 2
		}
		return 1
	}
	return antislideCount(ctx, std, p, f)
}

// antislideProblem builds the problem the flags or the file describe.
func antislideProblem(ctx context.Context, std IO, f antislideFlags, fs *pflag.FlagSet) (*antislide.Problem, error) {
	if fs.NArg() == 1 {
		name, data, err := readInput(std, fs.Arg(0))
		if err != nil {
			return nil, err
		}
		return antislide.ParseFile(name, data)
	}
	size, err := antislide.ParseSize(f.box)
	if err != nil {
		return nil, err
	}
	var piece geometry.Shape
	if f.piece != "" {
		in, err := loadProblem(ctx, std, f.spec, "")
		if err != nil {
			return nil, err
		}
		if in.Puzzle == nil {
			return nil, fmt.Errorf("%s: not a spec of pieces", in.Name)
		}
		i := in.Puzzle.PieceIndex(f.piece)
		if i < 0 || len(in.Puzzle.Pieces[i].Orientations) == 0 {
			return nil, fmt.Errorf("%s has no piece %q", in.Name, f.piece)
		}
		piece = in.Puzzle.Pieces[i].Orientations[0]
	} else {
		b, err := antislide.ParseBrick(f.brick)
		if err != nil {
			return nil, fmt.Errorf("--brick: %w", err)
		}
		piece = antislide.Brick(b.X, b.Y, b.Z)
	}
	return antislide.NewProblem(size, piece)
}

// antislideKnuth prints what one of Knuth's programs prints.
func antislideKnuth(ctx context.Context, std IO, f antislideFlags, fs *pflag.FlagSet) int {
	if fs.NArg() > 0 || f.piece != "" || (fs.Changed("brick") && f.brick != "2x2x1") ||
		f.distinct || f.json || f.print || fs.Changed("min-pieces") || fs.Changed("max-pieces") {
		fmt.Fprintln(std.Stderr, "polyviz antislide: --knuth takes only --box (and -j): his programs pack 2x2x1 bricks with their own limits")
		return 2
	}
	size, err := antislide.ParseSize(f.box)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz antislide: %v\n", err)
		return 2
	}
	out := bufio.NewWriter(std.Stdout)
	err = antislide.KnuthOutput(ctx, out, f.knuth, size, f.workers)
	if err == nil {
		err = out.Flush()
	}
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(std.Stderr, "polyviz antislide: %s\n", interruptMessage(ctx))
		return signalStatus(ctx)
	case errors.Is(err, antislide.ErrUnknownProgram) || errors.Is(err, antislide.ErrBadBox):
		fmt.Fprintf(std.Stderr, "polyviz antislide: %v\n", err)
		return 2
	case err != nil:
		fmt.Fprintf(std.Stderr, "polyviz antislide: %v\n", err)
		return 1
	}
	return 0
}

// antislideCount counts (and lists) the packings and reports them.
func antislideCount(ctx context.Context, std IO, p *antislide.Problem, f antislideFlags) int {
	out := bufio.NewWriter(std.Stdout)
	var writeErr error
	opt := antislide.Options{
		Workers:   f.workers,
		MinPieces: f.minPieces,
		MaxPieces: f.maxPieces,
		Distinct:  f.distinct,
		Ordered:   true,
	}
	if f.progress {
		opt.Progress = antislideProgress(std.Stderr)
	}
	if f.print {
		n := 0
		opt.Visit = func(moves []int) bool {
			n++
			fmt.Fprintf(out, "%d: %s\n%s\n", n, count(len(moves), "piece", "pieces"), p.FormatPacking(moves))
			if out.Buffered() > 32<<10 {
				writeErr = out.Flush()
			}
			return writeErr == nil
		}
	}
	began := time.Now()
	r, err := antislide.Count(ctx, p, opt)
	elapsed := time.Since(began)
	if err == nil && writeErr == nil {
		if f.json {
			writeErr = antislideJSON(out, p, r)
		} else {
			antislideTable(out, p, r)
		}
	}
	if writeErr == nil {
		writeErr = out.Flush()
	}
	fmt.Fprintf(std.Stderr, "%d nodes, %.3f s, %d worker%s\n", r.Nodes, elapsed.Seconds(), f.workers, plural(int64(f.workers)))
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(std.Stderr, "polyviz antislide: %s\n", interruptMessage(ctx))
		return signalStatus(ctx)
	case err != nil:
		fmt.Fprintf(std.Stderr, "polyviz antislide: %v\n", err)
		return 1
	case writeErr != nil:
		fmt.Fprintf(std.Stderr, "polyviz antislide: write: %v\n", writeErr)
		return 1
	}
	return 0
}

// antislideTable writes the counts as a table.
func antislideTable(w io.Writer, p *antislide.Problem, r antislide.Result) {
	fmt.Fprintf(w, "antislide %s: %d symmetries\n", p.Description(), r.Group)
	if r.Distinct != nil {
		fmt.Fprintf(w, "%6s %14s %14s\n", "pieces", "raw", "distinct")
	} else {
		fmt.Fprintf(w, "%6s %14s\n", "pieces", "raw")
	}
	for k, n := range r.Raw {
		if n == 0 {
			continue
		}
		if r.Distinct != nil {
			fmt.Fprintf(w, "%6d %14d %14d\n", k, n, r.Distinct[k])
		} else {
			fmt.Fprintf(w, "%6d %14d\n", k, n)
		}
	}
	if r.Distinct != nil {
		fmt.Fprintf(w, "%6s %14d %14d\n", "total", r.TotalRaw(), r.TotalDistinct())
	} else {
		fmt.Fprintf(w, "%6s %14d\n", "total", r.TotalRaw())
	}
}

// antislideJSON writes the counts as one JSON object.
func antislideJSON(w io.Writer, p *antislide.Problem, r antislide.Result) error {
	byPieces := func(c []int64) map[string]int64 {
		m := map[string]int64{}
		for k, n := range c {
			if n != 0 {
				m[strconv.Itoa(k)] = n
			}
		}
		return m
	}
	v := struct {
		Box           string           `json:"box"`
		Piece         string           `json:"piece"`
		Symmetries    int              `json:"symmetries"`
		Raw           map[string]int64 `json:"raw"`
		Distinct      map[string]int64 `json:"distinct,omitempty"`
		TotalRaw      int64            `json:"total_raw"`
		TotalDistinct *int64           `json:"total_distinct,omitempty"`
		Nodes         int64            `json:"nodes"`
		Complete      bool             `json:"complete"`
	}{
		Box:        antislide.FormatSize(p.Size),
		Piece:      p.PieceName(),
		Symmetries: r.Group,
		Raw:        byPieces(r.Raw),
		TotalRaw:   r.TotalRaw(),
		Nodes:      r.Nodes,
		Complete:   r.Complete,
	}
	if r.Distinct != nil {
		v.Distinct = byPieces(r.Distinct)
		t := r.TotalDistinct()
		v.TotalDistinct = &t
	}
	return json.NewEncoder(w).Encode(v)
}

// antislideProgress returns a Progress callback that writes a line about
// once a second.
func antislideProgress(w io.Writer) func(antislide.Progress) {
	var last time.Duration
	return func(pr antislide.Progress) {
		if pr.Elapsed-last < time.Second {
			return
		}
		last = pr.Elapsed
		fmt.Fprintf(w, " after %.1f s: stage %d/%d (%s), %d nodes, %.4f done\n",
			pr.Elapsed.Seconds(), pr.StageNo, pr.Stages, pr.Stage, pr.Nodes, pr.Fraction())
	}
}
