package backend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"polyviz/burrtools"
	"polyviz/formats"
	"polyviz/geometry"
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
func solvePacking(ctx context.Context, p *ui.Puzzle, l *puzzle.Loaded, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	plan := puzzle.Plan(l.Puzzle, windowRequest(l, opt.Distinct, opt.Max))
	so := solver.Options{Workers: opt.Workers, MaxSolutions: opt.Max, Engine: plan.Engine}
	if opt.Progress != nil {
		so.Progress = func(pr solver.Progress) {
			opt.Progress(ui.Progress{Solutions: pr.Solutions, Nodes: pr.Nodes, Fraction: pr.Fraction, Elapsed: pr.Elapsed})
		}
	}
	if opt.YieldToUI {
		so.OnWorkerStart = workerPriority
	}
	so.Yield = opt.Animating
	saver, err := setupRun(p, opt, &so)
	if err != nil {
		return ui.SolveStats{}, err
	}
	if opt.Distinct != ui.DistinctRaw {
		if l.Puzzle == nil || !p.Distinct {
			return ui.SolveStats{}, errors.New("distinct solutions need a packing puzzle")
		}
		st, err := l.Puzzle.SolveDistinct(ctx, plan.Cut, so, func(s puzzle.DistinctSolution) bool { return visit(ui.Solution(s.Options)) })
		return ui.SolveStats{
			Solutions: st.Distinct, Nodes: st.Nodes, Elapsed: st.Elapsed,
			Raw: st.Raw, Note: symmetryNote(st.Facts),
		}, saver.finish(err)
	}
	if plan.BySymmetry {
		// all solutions, as solve counts them: by symmetry where the box
		// has some, each class's representative and all its images
		st, ok, err := l.Puzzle.CountBySymmetry(ctx, so, func(o []int) bool { return visit(ui.Solution(o)) })
		if ok {
			// a run stopped before its first class says only the symmetry
			note := symmetryNote(st.Facts)
			if st.Distinct > 0 {
				note += fmt.Sprintf(" Counted by symmetry: %s, each listed with all its solutions.", count(st.Distinct, "class", "classes"))
			}
			return ui.SolveStats{Solutions: st.Raw, Nodes: st.Nodes, Elapsed: st.Elapsed, Note: note}, saver.finish(err)
		}
	}
	if plan.Whole != nil {
		so.Engine = plan.Whole.Engine
	}
	st, err := solver.Solve(ctx, l.Problem, so, func(s solver.Solution) bool { return visit(ui.Solution(s.Options)) })
	return ui.SolveStats{Solutions: st.Solutions, Nodes: st.Nodes, Elapsed: st.Elapsed}, saver.finish(err)
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
