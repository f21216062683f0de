package backend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"polyviz/burrtools"
	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/lepage"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/stl"
	"polyviz/ui"
)

// loadPacking reads an input of a packing format f (the Source is its
// *puzzle.Loaded); for a file with several problems it names them all, so
// that the window can ask.
func loadPacking(name string, data []byte, f *formats.Format, opt puzzle.LoadOptions) (*ui.Puzzle, error) {
	l, err := f.Read(name, data, opt)
	if err != nil {
		return nil, loadError(name, err)
	}
	p := &ui.Puzzle{Name: name, Source: l}
	if len(l.Problems) > 1 {
		for i, pr := range l.Problems {
			if pr == "" { // BurrTools' problems need no name: "1:" said nothing
				p.Problems = append(p.Problems, fmt.Sprintf("Problem %d", i+1))
				continue
			}
			p.Problems = append(p.Problems, fmt.Sprintf("%d: %s", i+1, pr))
		}
	}
	if l.Problem != nil {
		p.Options = l.Problem.NumOptions()
		prob := l.Problem
		p.Option = func(i int) string { return strings.Join(prob.OptionItems(i), " ") }
	}
	if l.Puzzle == nil {
		return p, nil
	}
	// each change of the count asks for the symmetry again; the cut is
	// sized before it is worked out (cutFits)
	l.Puzzle.KeepSymmetry()
	if l.Format != puzzle.FormatDLX && l.Format != lepage.Format && len(l.Restrictions) == 0 && l.Problem.NumOptions() == len(l.Puzzle.Placements()) {
		// the cut reads the problem loaded (built from the puzzle, as
		// the cut's own copy would be), which the window never changes
		l.Puzzle.ShareProblem(l.Problem)
	}
	// BurrTools' grids, triangles and hexagons are drawn as their solids
	p.Planar, p.Box, p.Grid = l.Puzzle.Planar, l.Puzzle.Box, l.Puzzle.Solids()
	p.Wrap = l.Puzzle.Wrap().Axes()
	p.Distinct = true
	if p.Box == nil {
		p.Box = []geometry.Cell{}
	}
	pls := l.Puzzle.Placements()
	counts := make([]int, len(l.Puzzle.Pieces))
	p.Distinct = len(pls) == p.Options
	if len(pls) == p.Options {
		p.Placements = make([]ui.Placement, len(pls))
		for i, pl := range pls {
			p.Placements[i] = ui.Placement{Piece: pl.Piece, Orientation: pl.Orientation, Cells: pl.Cells}
			if pl.Piece >= 0 && pl.Piece < len(counts) {
				counts[pl.Piece]++
			}
		}
	}
	if len(l.Restrictions) > 0 {
		// The file's own restrictions (Lepage's lock and constraints)
		// already cut the symmetric solutions away, so counting classes
		// again would be wrong.
		p.Restrictions = l.Restrictions
		p.Distinct = false
	}
	if p.Distinct && l.Format == burrtools.Format {
		p.StartDistinct = ui.DistinctAll // BurrTools counts up to rotation and reflection
	}
	for i, pc := range l.Puzzle.Pieces {
		p.Pieces = append(p.Pieces, ui.Piece{
			Name: pc.Name, Min: pc.Min, Max: pc.Max, Cells: pc.Cells,
			Orientations: pc.Orientations, Placements: counts[i], Motion: motionName(pc.Motion),
		})
	}
	p.Restrictions = append(p.Restrictions, motionNotes(l.Puzzle.Pieces)...)
	return p, nil
}

// motionName is a piece's motion as ui.Piece says it ("" when free).
func motionName(m puzzle.Motion) string {
	if m == puzzle.MotionFree {
		return ""
	}
	return m.String()
}

// motionNotes says in words which pieces may not take every orientation,
// for the pieces panel: "One-sided, never turned over: F F' L L'", or
// "All 18 pieces one-sided: ..." when the whole set is.
func motionNotes(pieces []puzzle.Piece) []string {
	var notes []string
	for _, m := range []struct {
		motion puzzle.Motion
		what   string
	}{{puzzle.MotionOneSided, "rotations only, never turned over"}, {puzzle.MotionFixed, "kept as drawn, never turned"}} {
		var names []string
		for _, pc := range pieces {
			if pc.Motion == m.motion {
				names = append(names, pc.Name)
			}
		}
		switch {
		case len(names) == 0:
		case len(names) == len(pieces):
			notes = append(notes, fmt.Sprintf("All %d pieces %v: %s.", len(pieces), m.motion, m.what))
		default:
			notes = append(notes, fmt.Sprintf("%v (%s): %s", m.motion, m.what, strings.Join(names, " ")))
		}
	}
	return notes
}

// solvePacking runs solver.Solve on the puzzle's exact cover problem, or
// puzzle.SolveDistinct for one representative per class of solutions.
// The symmetry cut is sized first (cutFits); a saved run goes on only in
// the search it was saved from, the cut's or the whole tree's.
func solvePacking(ctx context.Context, p *ui.Puzzle, l *puzzle.Loaded, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	start := time.Now()
	plan := puzzle.Plan(l.Puzzle, windowRequest(l, opt.Distinct, opt.Max))
	so := solver.Options{Workers: opt.Workers, MaxSolutions: opt.Max, Engine: plan.Engine}
	if err := searchTooBig(p, l, opt.Workers); err != nil {
		return ui.SolveStats{}, err
	}
	bySymmetry, note := plan.BySymmetry, ""
	if opt.Distinct != ui.DistinctRaw || bySymmetry {
		if need, fits := cutFits(p, l, opt.Workers); !fits {
			if opt.Distinct != ui.DistinctRaw {
				return ui.SolveStats{}, cutTooBig(p, need)
			}
			bySymmetry = false
			note = fmt.Sprintf("Counting by symmetry needs about %s of memory, more than the window's limit of %s: the whole tree is searched instead.",
				solver.FormatBytes(need), solver.FormatBytes(p.MemoryLimit))
		}
	}
	saver, err := setupRun(p, opt, &so)
	if err != nil {
		return ui.SolveStats{}, err
	}
	if saver.resumesWhole() {
		bySymmetry = false // saved while the whole tree was searched: it goes on there
	}
	// setup is the time before the search: the problem, the symmetry and
	// the cut, minutes on a large torus, which the user waited for too
	var before time.Duration // a resumed search's time so far, in its figures
	var once sync.Once
	var setup time.Duration
	setupAt := func(elapsed time.Duration) time.Duration {
		once.Do(func() { setup = max(time.Since(start)-(elapsed-before), 0) })
		return setup
	}
	take := func(c *solver.Checkpoint) { // the search about to run goes on from c (nil: none)
		saver.take(c != nil)
		so.Resume = c
		if c != nil {
			before = c.Elapsed
		}
	}
	if opt.Progress != nil {
		so.Progress = func(pr solver.Progress) {
			saver.restore()
			opt.Progress(ui.Progress{Solutions: pr.Solutions, Nodes: pr.Nodes, Fraction: pr.Fraction, Elapsed: pr.Elapsed, Setup: setupAt(pr.Elapsed)})
		}
	}
	if opt.YieldToUI || saver.checkpoint() != nil {
		so.OnWorkerStart = func(w, n int) {
			if opt.YieldToUI {
				workerPriority(w, n)
			}
			saver.restore() // before the worker's first solution
		}
	}
	so.Yield = opt.Animating
	each := func(o []int) bool { return saver.restore() == nil && visit(ui.Solution(o)) }
	// done adds the setup to a search's figures, and a state the resumed
	// run could not restore to its error
	done := func(st ui.SolveStats, err error) (ui.SolveStats, error) {
		st.Setup = setupAt(st.Elapsed)
		if rerr := saver.restore(); rerr != nil {
			return st, rerr
		}
		return st, saver.finish(err)
	}
	if opt.Distinct != ui.DistinctRaw {
		if l.Puzzle == nil || !p.Distinct {
			return ui.SolveStats{}, errors.New("distinct solutions need a packing puzzle")
		}
		take(saver.checkpoint())
		st, err := l.Puzzle.SolveDistinct(ctx, plan.Cut, so, func(s puzzle.DistinctSolution) bool { return each(s.Options) })
		return done(ui.SolveStats{
			Solutions: st.Distinct, Nodes: st.Nodes, Elapsed: st.Elapsed,
			Raw: st.Raw, Note: symmetryNote(st.Facts),
		}, err)
	}
	if bySymmetry {
		// all solutions, as solve counts them: by symmetry where the box
		// has some, each class's representative and all its images
		take(saver.checkpoint())
		st, ok, err := l.Puzzle.CountBySymmetry(ctx, so, each)
		if ok {
			// a run stopped before its first class says only the symmetry
			note := symmetryNote(st.Facts)
			if st.Distinct > 0 {
				note += fmt.Sprintf(" Counted by symmetry: %s, each listed with all its solutions.", count(st.Distinct, "class", "classes"))
			}
			return done(ui.SolveStats{Solutions: st.Raw, Nodes: st.Nodes, Elapsed: st.Elapsed, Note: note}, err)
		}
	}
	if plan.Whole != nil {
		so.Engine = plan.Whole.Engine
	}
	take(nil)
	if saver.resumesWhole() {
		take(saver.checkpoint())
	} else if saver.checkpoint() != nil {
		// the count by symmetry's run, and the window searches the whole
		// tree: it starts again, and its saves replace that run
		note = strings.TrimSpace(note + " The saved run counted by symmetry, which the window cannot do here: this search started from the beginning.")
	}
	st, err := solver.Solve(ctx, l.Problem, so, func(s solver.Solution) bool { return each(s.Options) })
	return done(ui.SolveStats{Solutions: st.Solutions, Nodes: st.Nodes, Elapsed: st.Elapsed, Note: note}, err)
}

// countsBySymmetry reports whether the window counts all solutions of p
// by symmetry (solvePacking), on workers: where the plan says so and the
// cut fits the window's limit.
func countsBySymmetry(p *ui.Puzzle, l *puzzle.Loaded, workers int) bool {
	if !puzzle.Plan(l.Puzzle, windowRequest(l, ui.DistinctRaw, 0)).BySymmetry {
		return false
	}
	_, fits := cutFits(p, l, workers)
	return fits
}

// windowRequest is what the window asks of a search of l: the count d
// (a distinct one only for a packing puzzle) with windowEngine, up to max
// solutions (0: all), for puzzle.Plan.
func windowRequest(l *puzzle.Loaded, d ui.Distinct, max int64) puzzle.Request {
	req := puzzle.Request{Engine: windowEngine(), MaxSolutions: max, Restricted: len(l.Restrictions) > 0}
	switch {
	case l.Puzzle == nil || d == ui.DistinctRaw:
	case d == ui.DistinctAll:
		req.Distinct = puzzle.DistinctAll
	default:
		req.Distinct = puzzle.DistinctRotations
	}
	return req
}

// windowEngine is the engine of the window's solves: auto (the bitset
// engine for packings), or POLYVIZ_ENGINE's (dlx, bits, cell or auto), to
// compare them.
func windowEngine() solver.Engine {
	if e, err := solver.ParseEngine(os.Getenv("POLYVIZ_ENGINE")); err == nil {
		return e
	}
	return solver.EngineAuto
}

// wrapNoteBytes bounds the memory the symmetry note may spend on a box
// that wraps, whose group holds a translation per cell: a large periodic
// box of cubes would take gigabytes (see puzzle.CutBytes).
const wrapNoteBytes = 1 << 30

// symmetryNote says in the window's terms which symmetries of the box act
// on the solutions and so which counts apply.
func symmetryNote(f puzzle.SymmetryFacts) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The box has %s (%s)", count(f.BoxSymmetries, "symmetry", "symmetries"), count(f.BoxRotations, "rotation", "rotations"))
	if f.Wrap != "" {
		fmt.Fprintf(&b, ", for it wraps along %s: its %s round the join count as symmetries", f.Wrap, count(f.Translations, "translation", "translations"))
	}
	switch {
	case f.Acting == f.BoxSymmetries:
		if f.MirrorsAct() && !f.Planar {
			b.WriteString("; the pieces are closed under reflection, so mirror images count as the same solution \u201cup to rotation and reflection\u201d")
		}
	case len(f.Unmirrored) > 0:
		fmt.Fprintf(&b, "; reflections do not apply: the mirror image of %s is not in the set, so \u201cup to rotation and reflection\u201d counts as \u201cup to rotation\u201d", strings.Join(f.Unmirrored, ", "))
	default:
		fmt.Fprintf(&b, "; only %d of them map solutions to solutions", f.Acting)
	}
	b.WriteString(".")
	return b.String()
}

// count writes n with the singular or plural noun.
func count[N int | int64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return ui.GroupDigits(int64(n)) + " " + many
}

// writeSTL writes the STL file of File > Export STL: every copy of every
// piece laid out on one plate, as polyviz stl --plate does, or the
// solution s.Solution assembled, as polyviz stl --assembled does.
func writeSTL(p *ui.Puzzle, s ui.STLSettings, w io.Writer) error {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Puzzle == nil {
		return errors.New("not a puzzle of pieces")
	}
	opt := stl.Options{Cube: s.Unit, Clearance: s.Clearance, Bevel: s.Bevel}
	if s.Solution != nil {
		if g := l.Puzzle.Grid(); g != nil {
			return fmt.Errorf("an assembled STL of BurrTools' %s is not written yet (cubes, squares, triangles and hexagons only)", g.Name())
		}
		var m *stl.Mesh
		var err error
		if g := l.Puzzle.Solids(); g != nil { // triangles, hexagons
			m, err = stl.GridAssembled(g, s.Solution, opt, s.Gap)
		} else {
			m, err = stl.Assembled(s.Solution, opt, s.Gap)
		}
		if err != nil {
			return err
		}
		return m.WriteBinary(w, p.Name+" solution")
	}
	var pieces [][]geometry.Cell
	for _, pc := range l.Puzzle.Pieces {
		if len(pc.Orientations) == 0 {
			continue
		}
		for range max(pc.Max, 1) {
			pieces = append(pieces, pc.Orientations[0])
		}
	}
	if g := l.Puzzle.Solids(); g != nil { // BurrTools' grids, triangles, hexagons
		m, err := stl.GridPlate(g, pieces, opt, 0)
		if err != nil {
			return err
		}
		return m.WriteBinary(w, p.Name+" plate")
	}
	if err := opt.Check(); err != nil {
		return err
	}
	return stl.Plate(pieces, opt, 0).WriteBinary(w, p.Name+" plate")
}
