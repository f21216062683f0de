package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/spf13/pflag"

	"polyviz/disassembly"
	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/lepage"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
)

// disassemblyFlags are the settings of the disassembly analysis, shared by
// disassemble, solve --disassemble and animate.
type disassemblyFlags struct {
	open      string
	maxStates int
}

func (d *disassemblyFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&d.open, "open", "", "the box is fixed, open on side `DIR` (+x -x +y -y +z -z); default: no box, the pieces themselves")
	fs.IntVar(&d.maxStates, "max-states", disassembly.DefaultMaxStates, "bound on the states the disassembly searches")
}

// options returns the disassembly options for a puzzle, or an error for a
// bad --open (a usage error: exit 2 wherever it is met).
func (d *disassemblyFlags) options(p *puzzle.Puzzle) (opt disassembly.Options, err error) {
	defer func() {
		if err != nil {
			err = usageError{err}
		}
	}()
	opt = disassembly.Options{Planar: p.Planar, MaxStates: d.maxStates, Prisms: onPrisms(p), Triangles: p.Lattice == geometry.Triangles(), Hexagons: p.Lattice == geometry.Hexagons()}
	if d.open != "" {
		if opt.Triangles || opt.Hexagons {
			return opt, fmt.Errorf("--open: a board of %s has no box to fix (its pieces slide in their plane)", p.Lattice)
		}
		if opt.Prisms {
			return opt, fmt.Errorf("--open: the box is not fixed on the triangular prism grid (BurrTools takes the pieces apart without it)")
		}
		open, err := disassembly.ParseAxis(d.open)
		if err != nil {
			return opt, err
		}
		opt.Box, opt.Open = p.Box, open
	}
	return opt, nil
}

// sceneShapes returns the cells of a packing scene's pieces.
func sceneShapes(s *render.Scene) []geometry.Shape {
	shapes := make([]geometry.Shape, len(s.Pieces))
	for i, p := range s.Pieces {
		shapes[i] = geometry.NewShape(p.Cells...)
	}
	return shapes
}

// disassemblyPieces puts a packing scene's pieces in BurrTools' order (the
// puzzle's pieces in order, the copies of one piece by their cells), in
// place, and returns their cells and, when the puzzle has piece groups,
// their groups.
func disassemblyPieces(p *puzzle.Puzzle, s *render.Scene) ([]geometry.Shape, []int) {
	shapes := sceneShapes(s)
	kinds := make([]int, len(s.Pieces))
	for i, pc := range s.Pieces {
		kinds[i] = p.PieceIndex(pc.Name)
	}
	order := disassembly.BurrToolsOrder(kinds, shapes)
	pieces := slices.Clone(s.Pieces)
	sorted := make([]geometry.Shape, len(shapes))
	var groups []int
	for k, i := range order {
		s.Pieces[k], sorted[k] = pieces[i], shapes[i]
		if kinds[i] >= 0 && p.Pieces[kinds[i]].Group != 0 {
			if groups == nil {
				groups = make([]int, len(order))
			}
			groups[k] = p.Pieces[kinds[i]].Group
		}
	}
	return sorted, groups
}

// assemblyPath turns a disassembly into the steps of an assembly: its moves
// in reverse order, each the other way.
func assemblyPath(r disassembly.Result) []render.Step {
	path := make([]render.Step, 0, len(r.Moves))
	for k := len(r.Moves) - 1; k >= 0; k-- {
		m := r.Moves[k]
		path = append(path, render.Step{
			Pieces: slices.Clone(m.Pieces),
			Dir:    mgl64.Vec3{float64(-m.Dir.X), float64(-m.Dir.Y), float64(-m.Dir.Z)},
			Dist:   float64(m.Dist),
			Enter:  m.Removal,
		})
	}
	return path
}

// runDisassemble is `polyviz disassemble SPEC --solution K [--json]`: it
// finds how the K-th solution comes apart and prints the moves and the
// level.
func runDisassemble(ctx context.Context, std IO, args []string) int {
	var (
		d        disassemblyFlags
		solution int64
		asJSON   bool
		format   string
	)
	fs := pflag.NewFlagSet("disassemble", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.Int64Var(&solution, "solution", 1, "take apart solution number `K` (1 = the first found)")
	fs.BoolVar(&asJSON, "json", false, "print the result as JSON")
	fs.StringVar(&format, "format", "", formatHelp(formats.Packing))
	problem := fs.Int("problem", 1, "the problem of a BurrTools file that holds several, from 1")
	engine := engineFlag(fs)
	d.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz disassemble SPEC|PUZZLE [--solution K] [flags]")
		fmt.Fprintln(std.Stderr, "Finds how a solution comes apart: moves of a piece or a group by whole cells along")
		fmt.Fprintln(std.Stderr, "an axis, never through another piece; the level is the number of moves up to and")
		fmt.Fprintln(std.Stderr, "including the first that takes a piece or group out (BurrTools' level).")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	switch {
	case solution < 1:
		fmt.Fprintf(std.Stderr, "polyviz disassemble: --solution must be at least 1 (solutions are numbered from 1), got %d\n", solution)
		return 2
	case d.maxStates < 1:
		fmt.Fprintf(std.Stderr, "polyviz disassemble: --max-states must be at least 1, got %d\n", d.maxStates)
		return 2
	}
	eng, ok := parseEngineFlag(std, "disassemble", *engine)
	if !ok {
		return 2
	}
	in, err := loadPuzzleN(ctx, std, fs.Arg(0), format, *problem)
	if err == nil {
		err = noDisassembly(in.Name, in.Puzzle)
	}
	if err != nil {
		return commandFailed(ctx, std, "disassemble", err)
	}
	opt, err := d.options(in.Puzzle)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz disassemble: %v\n", err)
		return 2
	}
	scene, err := solutionScene(ctx, in, solution, eng)
	if err != nil {
		return commandFailed(ctx, std, "disassemble", err)
	}
	shapes, groups := disassemblyPieces(in.Puzzle, scene)
	opt.Groups = groups
	r, err := disassembly.Disassemble(ctx, shapes, opt)
	if err != nil {
		return commandFailed(ctx, std, "disassemble", err)
	}
	names := make([]string, len(scene.Pieces))
	for i, p := range scene.Pieces {
		names[i] = p.Name
	}
	out := bufio.NewWriter(std.Stdout)
	if asJSON {
		writeDisassemblyJSON(out, in.Name, solution, names, r)
	} else {
		writeDisassembly(out, in.Name, solution, names, r)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz disassemble: write: %v\n", err)
		return 1
	}
	return 0
}

// verdict says in words what a disassembly found.
func verdict(r disassembly.Result) string {
	switch {
	case r.Status == disassembly.Apart && !r.Separates() && len(r.Together) > 0:
		return "nothing to take apart (its pieces are one group, which may stay together)"
	case r.Status == disassembly.Apart && !r.Separates():
		return "nothing to take apart (a single piece)"
	case r.Status == disassembly.Apart:
		return fmt.Sprintf("can be taken apart, level %s, %s", r.LevelString(), count(len(r.Moves), "move", "moves"))
	case r.Status == disassembly.Locked:
		return "cannot be taken apart (every reachable state searched)"
	}
	return fmt.Sprintf("unknown: the search reached its bound of %s (--max-states raises it)", count(r.MaxStates, "state", "states"))
}

// moveText writes one move: the pieces, the axis and the distance.
func moveText(names []string, m disassembly.Move) string {
	ps := make([]string, len(m.Pieces))
	for k, i := range m.Pieces {
		ps[k] = names[i]
	}
	out := ""
	if m.Removal {
		out = "  (comes out)"
	}
	return fmt.Sprintf("%-12s %s %d%s", strings.Join(ps, "+"), disassembly.AxisName(m.Dir), m.Dist, out)
}

// writeDisassembly prints the verdict and the moves as text.
func writeDisassembly(w io.Writer, name string, k int64, names []string, r disassembly.Result) {
	fmt.Fprintf(w, "%s, solution %d: %s\n", name, k, verdict(r))
	for _, c := range r.Together {
		fmt.Fprintf(w, "group %d stays together: %s\n", c.Group, strings.Join(pieceNames(names, c.Pieces), "+"))
	}
	for n, m := range r.Moves {
		fmt.Fprintf(w, "%4d. %s\n", n+1, moveText(names, m))
	}
	fmt.Fprintf(w, "%s searched (bound %d)\n", count(r.States, "state", "states"), r.MaxStates)
}

// pieceNames returns the names of the pieces with the given indices.
func pieceNames(names []string, idx []int) []string {
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = names[i]
	}
	return out
}

// disassemblyJSON is the --json form of a disassembly: "level" is
// BurrTools' level string, "separations" the moves of every separation in
// its order, "together" the groups of pieces that stayed together.
type disassemblyJSON struct {
	Puzzle      string         `json:"puzzle"`
	Solution    int64          `json:"solution"`
	Status      string         `json:"status"`
	Apart       bool           `json:"apart"`
	Level       string         `json:"level"`
	Separations []int          `json:"separations"`
	Together    []togetherJSON `json:"together,omitempty"`
	Moves       []moveJSON     `json:"moves"`
	States      int            `json:"states"`
	MaxStates   int            `json:"max_states"`
}

type togetherJSON struct {
	Group  int      `json:"group"`
	Pieces []string `json:"pieces"`
}

type moveJSON struct {
	Pieces   []string `json:"pieces"`
	Axis     string   `json:"axis"`
	Distance int      `json:"distance"`
	Removal  bool     `json:"removal,omitempty"`
}

func writeDisassemblyJSON(w io.Writer, name string, k int64, names []string, r disassembly.Result) {
	j := disassemblyJSON{Puzzle: name, Solution: k, Status: r.Status.String(), Apart: r.Separates(),
		Level: r.LevelString(), Separations: r.Levels, Moves: []moveJSON{}, States: r.States, MaxStates: r.MaxStates}
	if j.Separations == nil {
		j.Separations = []int{}
	}
	for _, c := range r.Together {
		j.Together = append(j.Together, togetherJSON{c.Group, pieceNames(names, c.Pieces)})
	}
	for _, m := range r.Moves {
		ps := make([]string, len(m.Pieces))
		for k, i := range m.Pieces {
			ps[k] = names[i]
		}
		j.Moves = append(j.Moves, moveJSON{Pieces: ps, Axis: disassembly.AxisName(m.Dir), Distance: m.Dist, Removal: m.Removal})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(j)
}

// levelTally counts solutions by the outcome of their disassembly, for
// solve --disassemble: by BurrTools' level string. An assembly with
// nothing to take apart (single) is counted apart from those that come
// apart, as BurrTools does not call it a solution.
type levelTally struct {
	levels                  map[string]int64
	apart                   int64
	single, locked, unknown int64
}

func (t *levelTally) add(r disassembly.Result) {
	switch {
	case r.Status == disassembly.Apart && !r.Separates():
		t.single++
	case r.Status == disassembly.Apart:
		if t.levels == nil {
			t.levels = map[string]int64{}
		}
		t.levels[r.LevelString()]++
		t.apart++
	case r.Status == disassembly.Locked:
		t.locked++
	default:
		t.unknown++
	}
}

// String is the summary line: how many solutions come apart, and how many
// at each level.
func (t *levelTally) String() string {
	verb := "come"
	if t.apart == 1 {
		verb = "comes"
	}
	parts := []string{fmt.Sprintf("%d %s apart", t.apart, verb)}
	for _, l := range slices.SortedFunc(maps.Keys(t.levels), disassembly.CompareLevels) {
		parts = append(parts, fmt.Sprintf("level %s: %d", l, t.levels[l]))
	}
	if t.single > 0 {
		parts = append(parts, fmt.Sprintf("nothing to take apart: %d", t.single))
	}
	parts = append(parts, fmt.Sprintf("cannot be taken apart: %d", t.locked))
	if t.unknown > 0 {
		parts = append(parts, fmt.Sprintf("unknown (state bound reached): %d", t.unknown))
	}
	return "Disassembly: " + strings.Join(parts, ", ") + "."
}

// disassemblyJob is one solution to take apart: its number (1 = the first
// found) and options.
type disassemblyJob struct {
	n       int
	options []int
}

// solveDisassemble is `polyviz solve --disassemble`: every solution found
// (with --distinct, one per class) is taken apart, in parallel on every
// core while the search goes on; with --print each printed solution is
// followed by its level and whether it can be taken apart, and the summary
// counts the solutions that come apart and how many at each level
// (BurrTools' level strings). It is kept apart from the plain solve so that
// the two stay easy to read.
func solveDisassemble(ctx context.Context, std IO, in *loadedInput, f solveFlags, d disassemblyFlags, mode puzzle.Distinct) int {
	pz, p := in.Puzzle, in.Problem
	opt, err := d.options(pz)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz solve: %v\n", err)
		return 2
	}
	out := bufio.NewWriter(std.Stdout)
	defer out.Flush()
	if f.printAs == "slices" {
		f.slices = lepage.NewSlicePrinter(pz)
	}
	// solveFlags.check refused --checkpoint and --resume: the tally is not in one
	sopt := solver.Options{Workers: f.workers, MaxSolutions: f.max, Ordered: f.print, Engine: f.engine}
	if f.progress {
		sopt.Progress = progressPrinter(std.Stderr)
	}
	var (
		tally    levelTally
		mu       sync.Mutex
		writeErr error
		dErr     error
		n        int
		done     atomic.Int64
		queued   atomic.Int64
	)
	take := func(options []int, cache *disassembly.Cache) (disassembly.Result, error) {
		scene, err := packingScene(pz, p, solver.Solution{Options: options})
		if err != nil {
			return disassembly.Result{}, err
		}
		shapes, groups := disassemblyPieces(pz, scene)
		o := opt
		o.Groups, o.Cache, o.LevelsOnly = groups, cache, !f.print
		return disassembly.Disassemble(ctx, shapes, o)
	}
	fail := func(err error) {
		mu.Lock()
		if dErr == nil {
			dErr = err
		}
		mu.Unlock()
	}
	printCache := disassembly.NewCache()
	// without --print the solutions are taken apart by a pool of workers
	jobs := make(chan disassemblyJob, 64)
	var wg sync.WaitGroup
	if !f.print {
		for range max(1, runtime.GOMAXPROCS(0)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cache := disassembly.NewCache()
				for j := range jobs {
					r, err := take(j.options, cache)
					if err != nil {
						fail(err)
						continue
					}
					mu.Lock()
					tally.add(r)
					mu.Unlock()
					done.Add(1)
				}
			}()
		}
	}
	// with --progress, a line a second on how far the disassembly is
	stopProgress := func() {}
	if f.progress && !f.print {
		tick := time.NewTicker(time.Second)
		quit := make(chan struct{})
		var pw sync.WaitGroup
		pw.Add(1)
		go func() {
			defer pw.Done()
			for {
				select {
				case <-tick.C:
					fmt.Fprintf(std.Stderr, "disassembly: %d of %d solutions taken apart\n", done.Load(), queued.Load())
				case <-quit:
					return
				}
			}
		}()
		stopProgress = func() { tick.Stop(); close(quit); pw.Wait() }
	}
	// print writes solution n as solve --print would without --disassemble
	visit := func(options []int, print func(w *bufio.Writer, n int) error) bool {
		n++
		queued.Add(1)
		if !f.print {
			select {
			case jobs <- disassemblyJob{n, slices.Clone(options)}:
			case <-ctx.Done():
				return false
			}
			mu.Lock()
			defer mu.Unlock()
			return dErr == nil
		}
		r, err := take(options, printCache)
		if err != nil {
			fail(err)
			return false
		}
		tally.add(r)
		if f.slices != nil {
			writeErr = printSlices(out, f.slices, options)
		} else {
			writeErr = print(out, n)
		}
		if writeErr == nil {
			_, writeErr = fmt.Fprintf(out, " %s\n", verdict(r))
		}
		return writeErr == nil
	}
	var (
		st    solver.Stats
		dst   puzzle.DistinctStats
		sErr  error
		lines []string
	)
	if mode == puzzle.DistinctNone {
		st, sErr = solver.Solve(ctx, p, sopt, func(s solver.Solution) bool {
			return visit(s.Options, func(w *bufio.Writer, n int) error { return printSolution(w, p, n, s) })
		})
	} else {
		dst, sErr = pz.SolveDistinct(ctx, mode, sopt, func(s puzzle.DistinctSolution) bool {
			return visit(s.Options, func(w *bufio.Writer, n int) error { return printRepresentative(w, p, n, s) })
		})
	}
	close(jobs)
	wg.Wait()
	stopProgress()
	if writeErr == nil {
		writeErr = out.Flush()
	}
	if mode != puzzle.DistinctNone {
		st = solver.Stats{Solutions: dst.Distinct, Nodes: dst.Nodes, Updates: dst.Updates, Elapsed: dst.Elapsed, Search: dst.Search, Workers: dst.Workers}
	}
	if writeErr == nil && stoppedInSetup(ctx, sErr, st.Workers) {
		return setupStopped(ctx, std, f, sErr, func(t commandTimes) error { return writeJSONSummaryLevels(std.Stdout, st, tally, mode, dst, t) })
	}
	if mode == puzzle.DistinctNone {
		lines = append(lines, summaryLine(st, summaryLead(ctx, sErr, writeErr)))
	} else {
		complete := sErr == nil && writeErr == nil && (f.max == 0 || dst.Distinct < f.max)
		lines = append(lines, distinctSummary(dst, complete, summaryLead(ctx, sErr, writeErr)))
	}
	if f.profile && mode == puzzle.DistinctNone { // with --distinct, refused by solveFlags.check
		fmt.Fprint(std.Stderr, profileText(st.Profile))
	}
	for _, l := range lines {
		fmt.Fprintln(std.Stderr, l)
	}
	fmt.Fprintln(std.Stderr, tally.String())
	if f.json && writeErr == nil {
		writeErr = writeJSONSummaryLevels(std.Stdout, st, tally, mode, dst, f.times)
	}
	err = sErr
	if err == nil {
		err = dErr
	}
	return solveStatus(ctx, std, err, writeErr)
}

// writeJSONSummaryLevels is the --json summary with the disassembly tally:
// "apart" counts the solutions that come apart (the distinct ones with
// --distinct), "levels" how many at each BurrTools level string; times
// as writeJSONSummary's.
func writeJSONSummaryLevels(w io.Writer, st solver.Stats, t levelTally, mode puzzle.Distinct, dst puzzle.DistinctStats, times commandTimes) error {
	levels := map[string]int64{}
	for l, n := range t.levels {
		levels[l] = n
	}
	load, setup := times.seconds(st.Search)
	workers, _ := times.searchJSON(st)
	j := struct {
		Solutions int64            `json:"solutions"`
		Distinct  *int64           `json:"distinct,omitempty"`
		Raw       *int64           `json:"raw,omitempty"`
		Mode      string           `json:"mode,omitempty"`
		Nodes     int64            `json:"nodes"`
		Updates   int64            `json:"updates"`
		Seconds   float64          `json:"seconds"`
		Load      float64          `json:"load_seconds,omitempty"`
		Setup     float64          `json:"setup_seconds,omitempty"`
		Workers   *int             `json:"workers,omitempty"`
		Apart     int64            `json:"apart"`
		Levels    map[string]int64 `json:"levels"`
		Single    int64            `json:"nothing_to_take_apart"`
		Locked    int64            `json:"locked"`
		Unknown   int64            `json:"unknown"`
		NoSearch  bool             `json:"stopped_during_setup,omitempty"`
	}{Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Seconds: st.Elapsed.Seconds(), Load: load, Setup: setup, Workers: workers,
		Apart: t.apart, Levels: levels, Single: t.single, Locked: t.locked, Unknown: t.unknown, NoSearch: times.noSearch}
	if mode != puzzle.DistinctNone {
		j.Distinct, j.Raw, j.Mode = &dst.Distinct, &dst.Raw, mode.String()
	}
	return json.NewEncoder(w).Encode(j)
}

// possibleAssembly returns the assembly of a packing along the reverse of
// its disassembly, or, when it cannot be taken apart (or the search hit
// its bound), the fly-in, with a note on standard error saying so.
func possibleAssembly(ctx context.Context, std IO, p *puzzle.Puzzle, scene *render.Scene, d disassemblyFlags) (*render.Assembly, error) {
	if g := p.Grid(); g != nil && !onPrisms(p) {
		fmt.Fprintf(std.Stderr, "polyviz: note: disassembly does not apply to BurrTools' %s grid; the pieces fly in from above, which may pass through one another\n", g.Name())
		return render.NewAssembly(scene, p.Planar), nil
	}
	opt, err := d.options(p)
	if err != nil {
		return nil, err
	}
	shapes, groups := disassemblyPieces(p, scene)
	opt.Groups = groups
	r, err := disassembly.Disassemble(ctx, shapes, opt)
	if err != nil {
		return nil, err
	}
	if r.Status != disassembly.Apart {
		fmt.Fprintf(std.Stderr, "polyviz: note: this packing %s; the pieces fly in instead, which may pass through one another\n", verdict(r))
		return render.NewAssembly(scene, p.Planar), nil
	}
	return render.NewPathAssembly(scene, p.Planar, render.WorldPath(p.Solids(), assemblyPath(r))), nil
}
