package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"polyviz/fileout"
	"polyviz/fillomino"
	"polyviz/formats"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
)

// labelFlags are the label rules of the fillomino commands.
type labelFlags struct {
	maxLabel int
	labels   string
}

func (l *labelFlags) register(fs *pflag.FlagSet) {
	fs.IntVar(&l.maxLabel, "max-label", 0, "fillomino: allow regions of 1 to `N` cells (default: up to the largest clue, as Knuth)")
	fs.StringVar(&l.labels, "labels", "", "fillomino: allow exactly these region sizes, as `1-5,7`")
}

// resolve returns the label set the flags ask for (0: Knuth's rule).
func (l *labelFlags) resolve() (fillomino.Labels, error) {
	switch {
	case l.maxLabel != 0 && l.labels != "":
		return 0, fmt.Errorf("give --max-label or --labels, not both")
	case l.maxLabel != 0:
		if l.maxLabel < 1 || l.maxLabel > fillomino.MaxLabel {
			return 0, fmt.Errorf("--max-label %d: want 1..%d", l.maxLabel, fillomino.MaxLabel)
		}
		return fillomino.LabelsUpTo(l.maxLabel), nil
	case l.labels != "":
		return fillomino.ParseLabels(l.labels)
	}
	return 0, nil
}

// readFillomino reads the input arg names and reports whether it is a
// fillomino grid: --format fillomino, or no --format and the registry
// recognises one (formats.Detect: every non-empty line only '.', '1'-'9',
// 'a'-'f', and a name not claimed by another format). When it
// is not, the bytes read are kept in std (IO.read), so the caller's load
// takes them rather than reading the input again; standard input is also
// replaced by them, for a reader that takes the stream.
func readFillomino(std *IO, arg, format string, limit int64) (grid *fillomino.Grid, ok bool, err error) {
	if f, err := formats.Lookup(format); err != nil || f != nil && f.Kind != formats.Fillomino {
		return nil, false, nil
	}
	// under the command's memory limit, before anything walks the input
	name, data, libFormat, err := readInputLimited(*std, arg, limit)
	if errors.Is(err, puzzle.ErrTooBig) {
		return nil, true, err
	}
	if err != nil {
		return nil, format != "", err
	}
	if arg == "-" {
		std.Stdin = bytes.NewReader(data)
	}
	std.read = &inputRead{arg: arg, name: name, libFormat: libFormat, data: data}
	if f, _ := formats.Choose(name, data, libFormat); format == "" && f.Kind != formats.Fillomino {
		return nil, false, nil
	}
	g, err := fillomino.Parse(name, data)
	return g, true, err
}

// runFillominoDLX is `polyviz fillomino-dlx [FILE]`: Knuth's FILLOMINO-DLX.
func runFillominoDLX(ctx context.Context, std IO, args []string) int {
	var lf labelFlags
	fs := pflag.NewFlagSet("fillomino-dlx", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	lf.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz fillomino-dlx [flags] [FILE] < puzzle > out.dlx")
		fmt.Fprintln(std.Stderr, "Writes the DLX file of a fillomino puzzle exactly as Knuth's FILLOMINO-DLX does.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	labels, err := lf.resolve()
	switch {
	case err != nil:
		return usageFailed(std, "fillomino-dlx", "%v", err)
	case fs.NArg() > 1:
		return usageFailed(std, "fillomino-dlx", "one input at a time, got %d: %s", fs.NArg(), strings.Join(fs.Args(), " "))
	}
	arg := "-"
	if fs.NArg() == 1 {
		arg = fs.Arg(0)
	}
	name, data, err := readInput(std, arg)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz fillomino-dlx: %v\n", err)
		return 1
	}
	g, err := fillomino.Parse(name, data)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz fillomino-dlx: %v\n", err)
		return 1
	}
	b, err := g.Build(ctx, fillomino.BuildOptions{Labels: labels})
	if err != nil {
		return commandFailed(ctx, std, "fillomino-dlx", err)
	}
	var out bytes.Buffer
	if err := b.WriteDLX(&out); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz fillomino-dlx: %v\n", err)
		return 1
	}
	if _, err := std.Stdout.Write(out.Bytes()); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz fillomino-dlx: write: %v\n", err)
		return 1
	}
	fmt.Fprintln(std.Stderr, g.Summary())
	return 0
}

// exitStatus is 130 when ctx was cancelled (interrupted), code otherwise.
func exitStatus(ctx context.Context, code int) int {
	if c, stopped := interrupted(ctx, nil); stopped {
		return c // 130 for SIGINT, 143 for SIGTERM
	}
	return code
}

// solveFillomino is `polyviz solve` for a fillomino grid; handled is false
// when the input is not one (then runSolve goes on, with std.Stdin
// restored). --print writes the solutions as grids, a blank line between
// them (Knuth's .sol files); --json adds the grids printed to the summary.
func solveFillomino(ctx context.Context, std *IO, arg string, f solveFlags) (code int, handled bool) {
	g, ok, err := readFillomino(std, arg, f.format, int64(f.memory))
	if !ok && err == nil {
		return 0, false
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz solve: %v\n", err)
		return 1, true
	}
	if f.distinct != "" && f.distinct != "none" {
		fmt.Fprintln(std.Stderr, "polyviz solve: --distinct is for packing puzzles, not fillomino")
		return 2, true
	}
	if flag := f.packingOnly(); flag != "" {
		fmt.Fprintf(std.Stderr, "polyviz solve: %s does not apply to a fillomino grid (%s)\n", flag, g.Name)
		return 2, true
	}
	labels, err := f.fillomino.resolve()
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz solve: %v\n", err)
		return 2, true
	}
	b, err := g.Build(ctx, fillomino.BuildOptions{Labels: labels})
	if err == nil && len(b.Primary) == 0 {
		err = fmt.Errorf("%s: %w", g.Name, fillomino.ErrNoCells) // said before a summary of a search that never ran
	}
	if err != nil {
		if _, stopped := interrupted(ctx, err); stopped {
			return setupStopped(ctx, *std, f, err, func(t commandTimes) error {
				return writeFillominoJSON(std.Stdout, solver.Stats{}, false, "", nil, t)
			}), true
		}
		return commandFailed(ctx, *std, "solve", err), true
	}
	f.times.load = time.Since(f.times.start)
	out := bufio.NewWriter(std.Stdout)
	var grids [][]string
	var writeErr error
	var visit func([]int) bool
	if f.print {
		n := 0
		visit = func(l []int) bool {
			text := fillomino.FormatLabels(g.Rows, g.Cols, l)
			if f.json {
				grids = append(grids, strings.Split(strings.TrimSuffix(text, "\n"), "\n"))
				return true
			}
			if n > 0 {
				out.WriteByte('\n')
			}
			n++
			_, writeErr = out.WriteString(text)
			return writeErr == nil
		}
	}
	opt := solver.Options{Workers: f.workers, MaxSolutions: f.max, Ordered: f.print}
	if f.progress {
		opt.Progress = progressPrinter(std.Stderr)
	}
	st, err := b.Solve(ctx, opt, visit)
	if err == nil && writeErr == nil {
		writeErr = out.Flush()
	}
	if writeErr == nil && stoppedInSetup(ctx, err, st.Workers) {
		return setupStopped(ctx, *std, f, err, func(t commandTimes) error {
			return writeFillominoJSON(std.Stdout, st, false, b.Labels.String(), nil, t)
		}), true
	}
	if _, e := fmt.Fprintln(std.Stderr, summaryLine(st, summaryLead(ctx, err, writeErr))); writeErr == nil {
		writeErr = e // the summary is the output too (2>/dev/full is a failure)
	}
	if f.json && err == nil && writeErr == nil {
		writeErr = writeFillominoJSON(std.Stdout, st, f.max == 0 || st.Solutions < f.max, b.Labels.String(), grids, f.times)
	}
	return solveStatus(ctx, *std, err, writeErr), true
}

// writeFillominoJSON writes the --json summary of a fillomino solve, with
// the grids --print gathered; t as writeJSONSummary's (labels is "" when
// the run stopped before they were worked out).
func writeFillominoJSON(w io.Writer, st solver.Stats, complete bool, labels string, grids [][]string, t commandTimes) error {
	load, setup := t.seconds(st.Search)
	workers, _ := t.searchJSON(st)
	return json.NewEncoder(w).Encode(struct {
		Solutions int64      `json:"solutions"`
		Complete  bool       `json:"complete"`
		Unique    bool       `json:"unique"`
		Nodes     int64      `json:"nodes"`
		Updates   int64      `json:"updates"`
		Seconds   float64    `json:"seconds"`
		Load      float64    `json:"load_seconds,omitempty"`
		Setup     float64    `json:"setup_seconds,omitempty"`
		Workers   *int       `json:"workers,omitempty"`
		Labels    string     `json:"labels,omitempty"`
		Grids     [][]string `json:"grids,omitempty"`
		NoSearch  bool       `json:"stopped_during_setup,omitempty"`
	}{st.Solutions, complete, complete && st.Solutions == 1, st.Nodes, st.Updates, st.Elapsed.Seconds(), load, setup, workers, labels, grids, t.noSearch})
}

// runFillominoCheck is `polyviz fillomino-check FILE`: unique, N solutions
// (two shown side by side, their differences marked) or no solution (with a
// small set of clues that already contradict).
func runFillominoCheck(ctx context.Context, std IO, args []string) int {
	var (
		lf      labelFlags
		max     int64
		workers int
	)
	fs := pflag.NewFlagSet("fillomino-check", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	lf.register(fs)
	// two solutions settle "unique?"; counting every one of an ambiguous
	// grid may take longer than anyone waits
	fs.Int64Var(&max, "max", 2, "stop counting after `N` solutions (0: count them all)")
	fs.IntVarP(&workers, "jobs", "j", 0, "number of workers (0: all CPUs)")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz fillomino-check [flags] FILE|-")
		fmt.Fprintln(std.Stderr, "Says whether a fillomino puzzle has exactly one solution.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	labels, err := lf.resolve()
	switch {
	case err != nil:
		return usageFailed(std, "fillomino-check", "%v", err)
	case fs.NArg() != 1:
		return usageFailed(std, "fillomino-check", "%s", inputCountProblem(fs, "a fillomino grid file, a puzzle of 'polyviz list' or - (standard input)"))
	case max < 0:
		return usageFailed(std, "fillomino-check", "--max %d: the number of solutions must be 0 (all) or more", max)
	case workers < 0:
		return usageFailed(std, "fillomino-check", "-j %d: the number of workers must be 0 (all CPUs) or more", workers)
	}
	workers = clampJobs(std, "fillomino-check", workers)
	name, data, err := readInput(std, fs.Arg(0))
	var g *fillomino.Grid
	if err == nil {
		g, err = fillomino.Parse(name, data)
	}
	var v *fillomino.Verdict
	if err == nil {
		v, err = g.Check(ctx, fillomino.CheckOptions{Labels: labels, Max: max, Workers: workers})
	}
	if err != nil {
		return commandFailed(ctx, std, "fillomino-check", err)
	}
	out := bufio.NewWriter(std.Stdout)
	writeVerdict(out, g, v)
	if err := out.Flush(); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz fillomino-check: write: %v\n", err)
		return 1
	}
	fmt.Fprintln(std.Stderr, summaryLine(v.Stats, "Altogether"))
	return 0
}

// countOf writes n things, "1 clue" or "3 clues".
func countOf(n int, thing string) string {
	return strconv.Itoa(n) + " " + thing + plural(int64(n))
}

// writeVerdict writes Check's answer for people.
func writeVerdict(w io.Writer, g *fillomino.Grid, v *fillomino.Verdict) {
	fmt.Fprintf(w, "%s: %dx%d, %s, labels %s\n", g.Name, g.Rows, g.Cols, countOf(g.Clues(), "clue"), v.Labels)
	switch {
	case v.Unique():
		fmt.Fprintln(w, "unique")
		fmt.Fprint(w, fillomino.FormatLabels(g.Rows, g.Cols, v.First))
	case v.Second == nil && v.First != nil:
		// --max 1 stopped the count at the first: no second to compare
		fmt.Fprintf(w, "at least %d solution (the count stopped at --max %d, before a second was looked for: whether it is unique is not known):\n", v.Solutions, v.Solutions)
		fmt.Fprint(w, fillomino.FormatLabels(g.Rows, g.Cols, v.First))
	case v.Solutions == 0:
		fmt.Fprintln(w, "no solution")
		switch {
		case len(v.Contradiction) == 0 && v.Minimal:
			// every clue was taken out and it stayed unsolvable: the labels alone
			fmt.Fprintf(w, "even without any clue there is none: regions of labels %s cannot fill a %dx%d grid\n", v.Labels, g.Rows, g.Cols)
			return
		case len(v.Contradiction) == 0:
			fmt.Fprintln(w, "(no small set of contradicting clues found within the search's budget)")
			return
		}
		kind := "a minimal set"
		if !v.Minimal {
			kind = "a set (not shown minimal: the search's budget ran out)"
		}
		fmt.Fprintf(w, "%s of %s that already contradict:\n", kind, countOf(len(v.Contradiction), "clue"))
		only := make([]int, len(g.Clue))
		var cells []string
		for _, k := range v.Contradiction {
			only[k] = g.Clue[k]
			cells = append(cells, fmt.Sprintf("%d at row %d, column %d", g.Clue[k], k/g.Cols+1, k%g.Cols+1))
		}
		fmt.Fprint(w, fillomino.FormatLabels(g.Rows, g.Cols, only))
		fmt.Fprintln(w, strings.Join(cells, "; "))
	default:
		count := strconv.FormatInt(v.Solutions, 10) + " solutions"
		if !v.Complete {
			count = "at least " + count
		}
		diff := v.Differences()
		fmt.Fprintf(w, "%s; the first two differ in %d cells (marked *):\n", count, len(diff))
		marks := make([]byte, len(g.Clue))
		for k := range marks {
			marks[k] = '.'
		}
		for _, k := range diff {
			marks[k] = '*'
		}
		first := fillomino.FormatLabels(g.Rows, g.Cols, v.First)
		second := fillomino.FormatLabels(g.Rows, g.Cols, v.Second)
		a, b := strings.Split(first, "\n"), strings.Split(second, "\n")
		col := max(g.Cols, 10) + 3
		fmt.Fprintf(w, "%-*s%-*s%s\n", col, "first", col, "second", "differ")
		for r := range g.Rows {
			fmt.Fprintf(w, "%-*s%-*s%s\n", col, a[r], col, b[r], marks[r*g.Cols:(r+1)*g.Cols])
		}
	}
}

// runFillominoGen is `polyviz fillomino-gen --size 10x10 --seed S`: a
// puzzle with exactly one solution.
func runFillominoGen(ctx context.Context, std IO, args []string) int {
	var (
		size, out string
		seed      uint64
		maxLabel  int
		workers   int
		showSol   bool
	)
	fs := pflag.NewFlagSet("fillomino-gen", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.StringVar(&size, "size", "10x10", "board `ROWSxCOLS` (at most 16x16)")
	fs.Uint64Var(&seed, "seed", 1, "random `SEED`: the same seed and flags give the same puzzle")
	fs.IntVar(&maxLabel, "max-label", 6, "largest region planted, `N` (1..15; larger is slower)")
	fs.IntVarP(&workers, "jobs", "j", 0, "number of workers (0: all CPUs)")
	fs.StringVarP(&out, "output", "o", "-", "write the puzzle to `FILE` (- for standard output)")
	fs.BoolVar(&showSol, "print-solution", false, "also write the solution on standard error")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz fillomino-gen [--size 10x10] [--seed S] [flags]")
		fmt.Fprintln(std.Stderr, "Makes a fillomino puzzle with exactly one solution (under Knuth's label rule:")
		fmt.Fprintln(std.Stderr, "regions up to the largest clue).")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	rs, cs, cut := strings.Cut(strings.ToLower(size), "x")
	rows, err1 := strconv.Atoi(rs)
	cols, err2 := strconv.Atoi(cs)
	switch {
	case fs.NArg() != 0:
		return usageFailed(std, "fillomino-gen", "takes no arguments, got %s (the board is --size ROWSxCOLS)", strings.Join(fs.Args(), " "))
	case !cut || err1 != nil || err2 != nil:
		return usageFailed(std, "fillomino-gen", "--size %s: want ROWSxCOLS, e.g. 10x10", size)
	case rows < 1 || cols < 1 || rows > fillomino.MaxRows || cols > fillomino.MaxRows:
		return usageFailed(std, "fillomino-gen", "--size %s: the board is 1x1 to %dx%d", size, fillomino.MaxRows, fillomino.MaxRows)
	case maxLabel < 1 || maxLabel > fillomino.MaxLabel:
		return usageFailed(std, "fillomino-gen", "--max-label %d: the largest region is 1 to %d", maxLabel, fillomino.MaxLabel)
	case workers < 0:
		return usageFailed(std, "fillomino-gen", "-j %d: the number of workers must be 0 (all CPUs) or more", workers)
	}
	workers = clampJobs(std, "fillomino-gen", workers)
	gen, err := fillomino.Generate(ctx, fillomino.GenerateOptions{Rows: rows, Cols: cols, Seed: seed, MaxLabel: maxLabel, Workers: workers})
	if err != nil {
		return commandFailed(ctx, std, "fillomino-gen", err)
	}
	text := gen.Puzzle.String()
	write := func(w io.Writer) error { _, err := io.WriteString(w, text); return err }
	if out == "-" {
		err = write(std.Stdout)
	} else {
		err = fileout.WriteFileContext(ctx, out, write)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz fillomino-gen: write: %v\n", err)
		return 1
	}
	fmt.Fprintf(std.Stderr, "fillomino-gen: %dx%d, seed %d, %s, labels %s, unique\n", rows, cols, seed, countOf(gen.Puzzle.Clues(), "clue"), gen.Labels)
	if showSol {
		fmt.Fprint(std.Stderr, fillomino.FormatLabels(rows, cols, gen.Solution))
	}
	return 0
}

// renderFillomino is `polyviz render GRID -o out.png [--solution K]` for a
// fillomino grid: the puzzle, or its K-th solution in DLX1's order.
// handled is false when the input is not a fillomino grid.
func renderFillomino(ctx context.Context, std *IO, fs *pflag.FlagSet, v viewFlags) (code int, handled bool) {
	g, ok, err := readFillomino(std, fs.Arg(0), v.format, int64(v.memory))
	if !ok && err == nil {
		return 0, false
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz render: %v\n", err)
		return 1, true
	}
	board := render.FillominoBoard{Rows: g.Rows, Cols: g.Cols, Clue: g.Clue}
	if v.solution > 0 {
		sols, err := g.Solutions(ctx, 0, v.solution)
		if err != nil {
			return commandFailed(ctx, *std, "render", err), true
		}
		if int64(len(sols)) < v.solution {
			fmt.Fprintf(std.Stderr, "polyviz render: %s has %d solution%s, not %d\n", g.Name, len(sols), plural(int64(len(sols))), v.solution)
			return 1, true
		}
		board.Label = sols[v.solution-1]
	}
	cell := 48
	if fs.Changed("size") {
		w, h, _ := parseSize(v.size)
		cell = min(w/(g.Cols+1), h/(g.Rows+1))
	}
	img := render.DrawFillomino(board, render.FillominoOptions{Cell: cell})
	if err := writePNG(*std, v.out, img); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz render: %v\n", err)
		return 1, true
	}
	return 0, true
}
