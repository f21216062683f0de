package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"polyviz/assets"
	"polyviz/puzzle"
	"polyviz/solver"
)

// A benchRef is one row of the DLX1 table in the reference README.
type benchRef struct {
	file                      string
	solutions, nodes, updates int64
	seconds                   float64 // DLX1 compiled with gcc -O3
}

// runBench is `polyviz bench [--dir D] [--quick] [--all] [-j N]`: it solves
// the reference DLX files with one worker and with all workers and prints a
// table of the figures next to DLX1's.
func runBench(ctx context.Context, std IO, args []string) int {
	fs := pflag.NewFlagSet("bench", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	dir := fs.String("dir", "", "directory of reference DLX files (default: shared/reference/dlx or the repository's solver/testdata/dlx, looked for upward)")
	quick := fs.Bool("quick", false, "only the problems DLX1 solves in under a second")
	all := fs.Bool("all", false, "also the DLX files that have no DLX1 figures")
	workers := fs.IntP("jobs", "j", runtime.NumCPU(), "workers for the parallel run")
	dlx1 := fs.String("dlx1", "", "also run this DLX1 executable (reads the file on stdin) side by side")
	distinct := fs.Bool("distinct", false, "instead, time raw against distinct counting on the library's packing puzzles")
	antislideBench := fs.Bool("antislide", false, "instead, time the antislide counts of 2x2x1 bricks (4x4x4, 2x6x6, 4x4x5; with --long also 5x5x5)")
	disasmBench := fs.Bool("disassembly", false, "instead, time the disassembly of BurrTools' example files (every assembly, as burrTxt -d) beside burrTxt's time")
	burrTxt := fs.String("burrtxt", "", "instead, time BurrTools' burrTxt at this `path` against polyviz solve --distinct all -j 1 on its examples (HexSticks, SolidSixPieceBurrs, Simplicity where found), CPU time, 5 runs each in turn (--quick: 1); with --solve, after its table, in the same run, and the speed targets of both; with --disassembly, its disassembly time beside polyviz's")
	long := fs.Bool("long", false, "with --antislide, also the 5x5x5 box (minutes); with --distinct, also the one-sided pentominoes in 5x18 and 6x15, on -j workers, checked against the published counts (an hour and more)")
	lepage := fs.Bool("lepage", false, "instead, time polyviz lepage on Lepage's problems (with --dlx1, DLX1 on his matrix too)")
	lepageSource := fs.String("lepage-source", "", "with --lepage, also run his polycube-solver.lua from this `folder` with luajit")
	only := fs.StringSlice("only", nil, "only these problems (file names without .dlx, comma-separated; with --all for files without DLX1 figures; with --distinct, library names, long rows included)")
	bedlam := fs.Bool("bedlam", false, "add Bedlam up to rotation (one piece locked) to the table (minutes)")
	bigBrother := fs.Bool("big-brother", false, "add Big Brother up to rotation (one piece locked) to the table (a quarter of an hour; minutes with --bits-only)")
	bitsOnly := fs.Bool("bits-only", false, "run the bitset engine only (no dancing-links columns): for the long rows")
	solveTable := fs.Bool("solve", false, "instead, polyviz solve on 6x10, 5x12, 8x8-hole, Soma, pentacube 2x5x6 and 3x4x5 and Bedlam, raw and distinct, 1 and 2 workers, each a process of its own, beside DLX1 (--dlx1, required) run now on its 6x10 file and on the others it solves in seconds (with --long also 3x4x5); --big-brother adds Big Brother (its eight runs take two to three minutes)")
	estimateBench := fs.Bool("estimate", false, "instead, compare polyviz estimate's figures (solutions, nodes, time) with a real dancing-links run of each problem")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz bench [--dir D] [--quick] [--all] [-j N]")
		fmt.Fprintln(std.Stderr, "Solves the reference problems with 1 and N workers and compares with DLX1.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 0 || *workers < 1 {
		fs.Usage()
		return 2
	}
	*workers = clampJobs(std, "bench", *workers)
	if len(*only) > 0 && !*distinct {
		// in the order the modes are chosen below
		for _, m := range []struct {
			flag string
			on   bool
		}{{"--antislide", *antislideBench}, {"--disassembly", *disasmBench}, {"--burrtxt", *burrTxt != "" && !*solveTable},
			{"--lepage", *lepage}, {"--solve", *solveTable}} {
			if m.on {
				fmt.Fprintf(std.Stderr, "polyviz bench: --only picks rows of the DLX table, of --distinct or of --estimate; %s has its own rows\n", m.flag)
				return 2
			}
		}
	}
	if *distinct {
		var names []string
		for _, b := range benchDistinctPuzzles {
			names = append(names, b.name)
		}
		if msg := unknownOnly(*only, names, nil, ""); msg != "" {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s\n", msg)
			return 2
		}
		return benchDistinct(ctx, std, *quick, *long, *workers, *only)
	}
	if *antislideBench {
		return benchAntislide(ctx, std, *workers, *long)
	}
	if *disasmBench {
		return benchDisassembly(ctx, std, *workers, *burrTxt)
	}
	burrRuns := 5
	if *quick {
		burrRuns = 1
	}
	if *burrTxt != "" && !*solveTable {
		return benchBurrTxt(ctx, std, *burrTxt, burrRuns)
	}
	if *lepage {
		return benchLepage(ctx, std, *quick, *workers, *dlx1, *lepageSource)
	}
	if *dir == "" {
		*dir = findReferenceDir()
		if *dir == "" {
			fmt.Fprintln(std.Stderr, "polyviz bench: no reference directory found; give --dir")
			return 1
		}
	}
	if *solveTable {
		if *dlx1 == "" {
			fmt.Fprintln(std.Stderr, "polyviz bench: --solve compares with DLX1 run now: give --dlx1 EXE (Knuth's dlx1, built with ctangle and gcc -O3)")
			return 2
		}
		return benchSolveTable(ctx, std, *dir, *dlx1, *long, *bigBrother, *burrTxt, burrRuns)
	}
	refs := readBenchRefs(filepath.Join(*dir, "..", "README.md"))
	files, err := benchFiles(*dir, refs, *quick, *all)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
		return 1
	}
	if len(*only) > 0 {
		every, _ := benchFiles(*dir, refs, false, true)
		why := "it has no DLX1 figures: add --all" // benchFiles' one other reason
		if *quick {
			why = "--quick leaves it out (DLX1 takes a second or more, or it has no DLX1 figures)"
		}
		if msg := unknownOnly(*only, benchNames(every), benchNames(files), why); msg != "" {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s\n", msg)
			return 2
		}
	}
	if *estimateBench {
		return benchEstimate(ctx, std, files, *only, *workers)
	}
	fmt.Fprintf(std.Stdout, "polyviz bench: %s, %d CPUs, %s/%s, %s\n%s\n", *dir, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), benchCPU())
	header := []string{"problem", "solutions", "nodes", "updates", "DLX1 s", "1 worker s", "Mupd/s",
		fmt.Sprintf("%d workers s", *workers), "Mupd/s", "speedup", "tasks", "idle", "vs DLX1",
		"bits 1w s", fmt.Sprintf("bits %dw s", *workers), "bits/dlx", "bits sp",
		"cell nodes", "cell 1w s", fmt.Sprintf("cell %dw s", *workers), "cell/dlx", "cell/bits", "check"}
	if *dlx1 != "" {
		header = slices.Insert(header, 5, "here s", "Mupd/s")
		header = slices.Insert(header, len(header)-1, "bits/DLX1")
	}
	printBenchRow(std.Stdout, header)
	cfg := benchConfig{workers: *workers, dlx1: *dlx1, bitsOnly: *bitsOnly}
	status := 0
	var etas []string
	add := func(row []string, eta []string, err error) bool {
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return false
		}
		if strings.HasPrefix(row[len(row)-1], "MISMATCH") {
			status = 1
		}
		printBenchRow(std.Stdout, row)
		etas = append(etas, eta...)
		return true
	}
	for _, f := range files {
		if len(*only) > 0 && !slices.Contains(*only, strings.TrimSuffix(filepath.Base(f), ".dlx")) {
			continue
		}
		p, err := readBenchProblem(f)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return 1
		}
		row, eta, err := benchOne(ctx, strings.TrimSuffix(filepath.Base(f), ".dlx"), benchSolveRaw(p), refs[filepath.Base(f)], cfg, f)
		if !add(row, eta, err) {
			return 1
		}
	}
	var lib []string
	if *bedlam {
		lib = append(lib, "bedlam")
	}
	if *bigBrother {
		lib = append(lib, "big-brother")
	}
	for _, name := range lib {
		row, eta, err := benchOne(ctx, name+"-rotations", benchRotations(name), benchRef{}, cfg, "")
		if !add(row, eta, err) {
			return 1
		}
	}
	fmt.Fprintln(std.Stdout, "DLX1 s: Knuth's DLX1 (gcc -O3) from the reference README, measured on another day.")
	if *dlx1 != "" {
		fmt.Fprintf(std.Stdout, "here s: %s run now on this machine; vs DLX1 compares with that run.\n", *dlx1)
	}
	fmt.Fprintln(std.Stdout, "vs DLX1 = DLX1's time / ours with 1 worker; speedup = 1 worker / all workers;")
	fmt.Fprintln(std.Stdout, "tasks = pieces the run cut the tree into; idle = share of worker time spent waiting, at the end, for the others.")
	fmt.Fprintln(std.Stdout, "bits = the bitset engine (--engine bits); bits/dlx = its 1-worker time / dancing links' (DLX1-identical, ~1.0x DLX1);")
	fmt.Fprintln(std.Stdout, "bits sp = its 1 worker / all workers. bedlam-rotations: Bedlam up to rotation, one piece locked (derived raw count);")
	fmt.Fprintln(std.Stdout, "the same for big-brother-rotations. check: ok when the counts agree across engines and workers, and the bitset")
	fmt.Fprintln(std.Stdout, "engine made dancing links' nodes and updates (it makes DLX1's search tree).")
	fmt.Fprintln(std.Stdout, "cell = the cell search (--engine cell: first empty cell, region test); cell nodes are its own tree's, not DLX1's;")
	fmt.Fprintln(std.Stdout, "cell/dlx and cell/bits = its 1-worker time / dancing links' and the bitset engine's.")
	if *dlx1 != "" {
		fmt.Fprintln(std.Stdout, "bits/DLX1 = the bitset engine's 1-worker time / DLX1's run now.")
	}
	if len(etas) > 0 {
		fmt.Fprintln(std.Stdout, "\nProgress estimate (all workers): total time estimated from the fraction done at 10%, 50% and 90% of the run, and the real total.")
		for _, e := range etas {
			fmt.Fprintln(std.Stdout, e)
		}
	}
	return status
}

// benchNames are the problem names of DLX files: their names without .dlx.
func benchNames(files []string) []string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(filepath.Base(f), ".dlx")
	}
	return names
}

// unknownOnly says which name of --only is no row of the table, with the
// nearest names or else all of them, or "" when every name is one. known
// are the rows there are; run, when not nil, those this run's --quick and
// --all leave in, a name of known outside run being refused with why.
func unknownOnly(only, known, run []string, why string) string {
	for _, name := range only {
		switch {
		case run != nil && slices.Contains(known, name) && !slices.Contains(run, name):
			return fmt.Sprintf("--only %s: %s", name, why)
		case slices.Contains(known, name):
			continue
		}
		// the nearest names, if any is near (as for a mistyped command)
		var near []string
		best := max(2, len(name)/3)
		for _, k := range known {
			switch d := editDistance(name, k); {
			case d < best:
				best, near = d, []string{k}
			case d == best:
				near = append(near, k)
			}
		}
		if len(near) > 0 {
			return fmt.Sprintf("--only %s: no such problem; did you mean %s?", name, strings.Join(near, " or "))
		}
		return fmt.Sprintf("--only %s: no such problem; the problems: %s", name, strings.Join(known, ", "))
	}
	return ""
}

// A benchSolve runs one bench problem with the given options.
type benchSolve func(ctx context.Context, opt solver.Options) (solver.Stats, error)

// readBenchProblem reads a DLX file.
func readBenchProblem(file string) (*solver.Problem, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return solver.ParseDLX(bufio.NewReader(f), filepath.Base(file))
}

// benchSolveRaw counts all the solutions of p.
func benchSolveRaw(p *solver.Problem) benchSolve {
	return func(ctx context.Context, opt solver.Options) (solver.Stats, error) {
		return solver.Solve(ctx, p, opt, nil)
	}
}

// benchRotations counts a library puzzle's packings up to rotation, one
// piece locked; its Solutions are the distinct count.
func benchRotations(name string) benchSolve {
	return func(ctx context.Context, opt solver.Options) (solver.Stats, error) {
		e, ok := assets.Lookup(name)
		if !ok {
			return solver.Stats{}, fmt.Errorf("%s is not in the library", name)
		}
		l, err := puzzle.Load(e.File, e.Data(), puzzle.FormatAuto)
		if err != nil {
			return solver.Stats{}, err
		}
		start := time.Now()
		d, err := l.Puzzle.SolveDistinct(ctx, puzzle.DistinctRotations, opt, nil)
		st := d.Stats
		st.Solutions = d.Distinct
		st.Elapsed = time.Since(start)
		return st, err
	}
}

// A benchConfig is what every row of the bench shares.
type benchConfig struct {
	workers  int
	dlx1     string // DLX1's executable, if any
	bitsOnly bool   // no dancing-links runs
}

// benchOne solves one problem with both engines, one worker and all, and
// formats its row and its progress-estimate lines.
func benchOne(ctx context.Context, name string, solve benchSolve, ref benchRef, cfg benchConfig, file string) ([]string, []string, error) {
	workers, dlx1 := cfg.workers, cfg.dlx1
	var dlxEst, bitsEst etaRecorder
	bits1, err := solve(ctx, solver.Options{Workers: 1, Engine: solver.EngineBits})
	if err != nil {
		return nil, nil, err
	}
	bitsN, err := solve(ctx, solver.Options{Workers: workers, Engine: solver.EngineBits, Progress: bitsEst.record})
	if err != nil {
		return nil, nil, err
	}
	cell1, err := solve(ctx, solver.Options{Workers: 1, Engine: solver.EngineCell})
	if err != nil {
		return nil, nil, err
	}
	cellN, err := solve(ctx, solver.Options{Workers: workers, Engine: solver.EngineCell})
	if err != nil {
		return nil, nil, err
	}
	one, many := bits1, bitsN // compared with themselves when bitsOnly
	if !cfg.bitsOnly {
		if one, err = solve(ctx, solver.Options{Workers: 1}); err != nil {
			return nil, nil, err
		}
		if many, err = solve(ctx, solver.Options{Workers: workers, Progress: dlxEst.record}); err != nil {
			return nil, nil, err
		}
	}
	check := "ok"
	switch {
	case many.Solutions != one.Solutions || many.Nodes != one.Nodes || many.Updates != one.Updates:
		check = "MISMATCH parallel"
	case bits1.Solutions != one.Solutions || bitsN.Solutions != one.Solutions:
		check = "MISMATCH bits"
	case bits1.Nodes != one.Nodes || bits1.Updates != one.Updates || bitsN.Nodes != one.Nodes || bitsN.Updates != one.Updates:
		check = "MISMATCH bits tree"
	case cell1.Solutions != one.Solutions || cellN.Solutions != one.Solutions || cellN.Nodes != cell1.Nodes:
		check = "MISMATCH cell"
	case ref.file == "":
		check = "no ref"
	case one.Solutions != ref.solutions || one.Nodes != ref.nodes || one.Updates != ref.updates:
		check = "MISMATCH DLX1"
	}
	s1, sn := one.Elapsed.Seconds(), many.Elapsed.Seconds()
	refTime, vs := "-", "-"
	if ref.seconds > 0 {
		refTime = fmt.Sprintf("%.2f", ref.seconds)
		vs = fmt.Sprintf("%.2fx", ref.seconds/s1)
	}
	b1, bn := bits1.Elapsed.Seconds(), bitsN.Elapsed.Seconds()
	var here, bitsVsDLX1 []string
	if dlx1 != "" {
		here, bitsVsDLX1 = []string{"-", "-"}, []string{"-"}
		if file != "" {
			d, err := runDLX1(ctx, dlx1, file)
			if err != nil {
				return nil, nil, err
			}
			here = []string{fmt.Sprintf("%.3f", d.Seconds()), fmt.Sprintf("%.0f", rate(one.Updates, d))}
			vs = fmt.Sprintf("%.2fx", d.Seconds()/s1)
			bitsVsDLX1 = []string{fmt.Sprintf("%.2fx", b1/d.Seconds())}
		}
	}
	dlxCols := []string{
		fmt.Sprintf("%.3f", s1),
		fmt.Sprintf("%.0f", rate(one.Updates, one.Elapsed)),
		fmt.Sprintf("%.3f", sn),
		fmt.Sprintf("%.0f", rate(many.Updates, many.Elapsed)),
		fmt.Sprintf("%.2fx", s1/sn),
		fmt.Sprintf("%d", many.Tasks),
		fmt.Sprintf("%.1f%%", 100*many.Idle.Seconds()/(sn*float64(many.Workers))),
		vs,
	}
	c1, cn := cell1.Elapsed.Seconds(), cellN.Elapsed.Seconds()
	bitsVsDLX, cellVsDLX := fmt.Sprintf("%.2fx", b1/s1), fmt.Sprintf("%.3fx", c1/s1)
	cellNodes := strconv.FormatInt(cell1.Nodes, 10)
	if cell1.Engine != solver.EngineCell {
		cellNodes = "(" + cell1.Engine.String() + ")" // the cell search does not apply
	}
	if cfg.bitsOnly {
		cellVsDLX = "-"
		for i := range dlxCols {
			dlxCols[i] = "-"
		}
		bitsVsDLX = "-"
	}
	row := slices.Concat([]string{
		name,
		strconv.FormatInt(one.Solutions, 10),
		strconv.FormatInt(one.Nodes, 10),
		strconv.FormatInt(one.Updates, 10),
		refTime,
	}, here, dlxCols, []string{
		fmt.Sprintf("%.3f", b1),
		fmt.Sprintf("%.3f", bn),
		bitsVsDLX,
		fmt.Sprintf("%.2fx", b1/bn),
		cellNodes,
		fmt.Sprintf("%.3f", c1),
		fmt.Sprintf("%.3f", cn),
		cellVsDLX,
		fmt.Sprintf("%.2fx", c1/b1),
	}, bitsVsDLX1, []string{check})
	var etas []string
	if sn >= 1 && !cfg.bitsOnly {
		etas = append(etas, fmt.Sprintf("  %-18s dlx  %s", name, dlxEst.summary(many.Elapsed)))
	}
	if bn >= 1 {
		etas = append(etas, fmt.Sprintf("  %-18s bits %s", name, bitsEst.summary(bitsN.Elapsed)))
	}
	return row, etas, nil
}

// An etaRecorder keeps a run's progress reports, to show how well the
// estimated total time converged.
type etaRecorder struct{ reports []solver.Progress }

func (e *etaRecorder) record(pr solver.Progress) { e.reports = append(e.reports, pr) }

// summary gives the total time estimated (elapsed / fraction) at 10%, 50%
// and 90% of the run, and the real total.
func (e *etaRecorder) summary(total time.Duration) string {
	var b strings.Builder
	for _, at := range []float64{0.1, 0.5, 0.9} {
		est := "-"
		for _, pr := range e.reports {
			if pr.Elapsed.Seconds() >= at*total.Seconds() && pr.Fraction > 0 {
				est = fmt.Sprintf("%.1f s (%.0f%% done)", pr.Elapsed.Seconds()/pr.Fraction, 100*pr.Fraction)
				break
			}
		}
		fmt.Fprintf(&b, "at %2.0f%%: %-20s ", 100*at, est)
	}
	fmt.Fprintf(&b, "real %.1f s", total.Seconds())
	return b.String()
}

// runDLX1 runs an external DLX1 on file (as its standard input) and returns
// the wall-clock time it took, input reading included.
func runDLX1(ctx context.Context, exe, file string) (time.Duration, error) {
	r, err := runDLX1Count(ctx, exe, file)
	return time.Duration(r.wall * float64(time.Second)), err
}

// printBenchRow prints one row of the table in fixed columns.
func printBenchRow(w io.Writer, cols []string) {
	var b strings.Builder
	for i, c := range cols {
		switch {
		case i == 0:
			fmt.Fprintf(&b, "%-24s", c) // the longest library name in a bench row fits
		case i == len(cols)-1:
			fmt.Fprintf(&b, "  %s", c)
		default:
			fmt.Fprintf(&b, " %*s", max(len(c), 9), c)
		}
	}
	fmt.Fprintln(w, b.String())
}

func rate(updates int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(updates) / d.Seconds() / 1e6
}

// findReferenceDir looks for shared/reference/dlx beside the current
// directory or one of its parents (the repository lives next to shared/).
func findReferenceDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		for _, rel := range []string{"shared/reference/dlx", "reference/dlx", "solver/testdata/dlx"} {
			cand := filepath.Join(dir, rel)
			if st, err := os.Stat(cand); err == nil && st.IsDir() {
				return cand
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// readBenchRefs reads DLX1's figures from the table in the reference
// README: rows "| file.dlx | solutions | nodes | updates | 0.05 s |".
func readBenchRefs(readme string) map[string]benchRef {
	refs := map[string]benchRef{}
	data, err := os.ReadFile(readme)
	if err != nil {
		return refs
	}
	num := func(s string) int64 {
		n, _ := strconv.ParseInt(strings.ReplaceAll(strings.TrimSpace(s), ",", ""), 10, 64)
		return n
	}
	for _, line := range strings.Split(string(data), "\n") {
		cols := strings.Split(line, "|")
		if len(cols) < 7 || !strings.HasSuffix(strings.TrimSpace(cols[1]), ".dlx") {
			continue
		}
		r := benchRef{
			file:      strings.TrimSpace(cols[1]),
			solutions: num(cols[2]),
			nodes:     num(cols[3]),
			updates:   num(cols[4]),
		}
		r.seconds, _ = strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(cols[5]), "s")), 64)
		refs[r.file] = r
	}
	return refs
}

// benchFiles lists the files to run: those with DLX1 figures (all, or the
// quick ones), plus the others if all; smallest DLX1 time first.
func benchFiles(dir string, refs map[string]benchRef, quick, all bool) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.dlx"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no .dlx files in %s", dir)
	}
	var out []string
	for _, p := range paths {
		ref, ok := refs[filepath.Base(p)]
		switch {
		case !ok && (!all || quick):
		case ok && quick && ref.seconds >= 1:
		default:
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(a, b string) int {
		ra, oka := refs[filepath.Base(a)]
		rb, okb := refs[filepath.Base(b)]
		switch {
		case oka && okb:
			return int(ra.seconds*1000 - rb.seconds*1000)
		case oka:
			return -1
		case okb:
			return 1
		}
		return strings.Compare(a, b)
	})
	return out, nil
}
