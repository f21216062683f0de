package backend

import (
	"context"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/ui"
)

// possibleAssembly returns the assembly of a packing along the reverse of
// its disassembly (boxless, as the CLI's default), so that no piece passes
// through another; when it cannot be taken apart, the fly-in.
func possibleAssembly(rs *render.Scene, planar bool) *render.Assembly {
	if !slides(rs.Grid) {
		return render.NewAssembly(rs, planar) // not taken apart there (see assemble)
	}
	shapes := make([]geometry.Shape, len(rs.Pieces))
	for i, p := range rs.Pieces {
		shapes[i] = geometry.NewShape(p.Cells...)
	}
	r, err := disassembly.Disassemble(context.Background(), shapes, disassembly.Options{Planar: planar, Prisms: onPrisms(rs.Grid), Triangles: onLattice(rs.Grid, geometry.Triangles()), Hexagons: onLattice(rs.Grid, geometry.Hexagons())})
	if err != nil || r.Status != disassembly.Apart {
		return render.NewAssembly(rs, planar)
	}
	path := make([]render.Step, 0, len(r.Moves))
	for k := len(r.Moves) - 1; k >= 0; k-- {
		m := r.Moves[k]
		path = append(path, render.Step{
			Pieces: m.Pieces,
			Dir:    mgl64.Vec3{float64(-m.Dir.X), float64(-m.Dir.Y), float64(-m.Dir.Z)},
			Dist:   float64(m.Dist),
			Enter:  m.Removal,
		})
	}
	return render.NewPathAssembly(rs, planar, render.WorldPath(rs.Grid, path))
}

// assembleStates bounds the disassembly search behind Play: it runs on the
// UI goroutine when a solution is shown, so it must be quick (about 10 µs
// a state on BurrTools' examples: 20000 states is a fifth of a second; the
// Pelikan burr needs 7022); a packing that needs more falls back to the
// fly-in.
const assembleStates = 20000

// burrPieces returns the pieces of solution s of p in BurrTools' order
// (see disassembly.BurrToolsOrder), the index in s of each, and their
// groups (nil when the puzzle has none); ok is false when s is not a
// packing of placements.
func burrPieces(p *ui.Puzzle, s ui.Solution) (shapes []geometry.Shape, order []int, groups []int, ok bool) {
	all := make([]geometry.Shape, 0, len(s))
	kinds := make([]int, 0, len(s))
	for _, o := range s {
		if o < 0 || o >= len(p.Placements) {
			return nil, nil, nil, false
		}
		all = append(all, geometry.NewShape(p.Placements[o].Cells...))
		kinds = append(kinds, p.Placements[o].Piece)
	}
	order = disassembly.BurrToolsOrder(kinds, all)
	var pz *puzzle.Puzzle
	if l, ok := p.Source.(*puzzle.Loaded); ok {
		pz = l.Puzzle
	}
	for k, i := range order {
		shapes = append(shapes, all[i])
		if pz != nil && kinds[i] >= 0 && kinds[i] < len(pz.Pieces) && pz.Pieces[kinds[i]].Group != 0 {
			if groups == nil {
				groups = make([]int, len(s))
			}
			groups[k] = pz.Pieces[kinds[i]].Group
		}
	}
	return shapes, order, groups, true
}

// assemble finds how solution s of p comes apart (boxless, as the CLI's
// default) and returns the reverse, for Play.
func assemble(p *ui.Puzzle, s ui.Solution) ui.AssemblyPlan {
	if !slides(p.Grid) {
		return ui.AssemblyPlan{Note: gridNoDisassembly(p.Grid) + ": each piece flies in."}
	}
	if p.Wrap != ([3]bool{}) {
		return ui.AssemblyPlan{Note: "The board wraps, and a piece across a join cannot slide out: each piece flies in."}
	}
	shapes, order, groups, ok := burrPieces(p, s)
	if !ok {
		return ui.AssemblyPlan{Note: "This solution is not a packing of placements: each piece flies in."}
	}
	r, err := disassembly.Disassemble(context.Background(), shapes, disassembly.Options{Planar: p.Planar, MaxStates: assembleStates, Groups: groups, Prisms: onPrisms(p.Grid), Triangles: onLattice(p.Grid, geometry.Triangles()), Hexagons: onLattice(p.Grid, geometry.Hexagons())})
	switch {
	case err != nil:
		return ui.AssemblyPlan{Note: fmt.Sprintf("No disassembly (%v): each piece flies in, possibly through another.", err)}
	case r.Status == disassembly.Locked:
		return ui.AssemblyPlan{Note: "This packing cannot be taken apart by sliding pieces: each piece flies in, possibly through another."}
	case r.Status != disassembly.Apart:
		return ui.AssemblyPlan{Note: fmt.Sprintf("No disassembly found within %d states: each piece flies in, possibly through another.", r.MaxStates)}
	}
	plan := ui.AssemblyPlan{Level: r.Level, Notation: r.LevelString()}
	for k := len(r.Moves) - 1; k >= 0; k-- {
		m := r.Moves[k]
		d := float64(m.Dist)
		pieces := make([]int, len(m.Pieces))
		for n, i := range m.Pieces {
			pieces[n] = order[i] // back to the solution's order
		}
		dir := [3]float64{float64(m.Dir.X), float64(m.Dir.Y), float64(m.Dir.Z)}
		if p.Grid != nil {
			// a grid's pieces are drawn in world units: the step's
			// translation of the grid there
			a, b := p.Grid.WorldCentre(geometry.Cell{}), p.Grid.WorldCentre(m.Dir)
			dir = [3]float64{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
		}
		plan.Steps = append(plan.Steps, ui.AssemblyStep{
			Pieces: pieces,
			Shift:  [3]float64{-d * dir[0], -d * dir[1], -d * dir[2]},
			Enter:  m.Removal,
		})
	}
	return plan
}

// factsStates bounds the disassembly search behind each row of the
// solutions list: it runs in the background, so it may search longer than
// Play's (about a second at 22 µs a state), and a packing that needs more
// is listed with an unknown level.
const factsStates = 50000

// solutionFacts returns the function that finds, for a solution of p
// listed in mode d, its disassembly level (boxless, as assemble) and, in a
// distinct mode, its class size. The box's symmetries are worked out once,
// here.
func solutionFacts(p *ui.Puzzle, d ui.Distinct) func(ctx context.Context, s ui.Solution) (ui.SolutionFacts, error) {
	var sym *puzzle.Symmetry
	mode := puzzle.DistinctNone
	switch d {
	case ui.DistinctRotations:
		mode = puzzle.DistinctRotations
	case ui.DistinctAll:
		mode = puzzle.DistinctAll
	}
	if l, ok := p.Source.(*puzzle.Loaded); ok && l.Puzzle != nil && mode != puzzle.DistinctNone {
		sym = l.Puzzle.Symmetry()
	}
	return func(ctx context.Context, s ui.Solution) (ui.SolutionFacts, error) {
		f := ui.SolutionFacts{Level: ui.LevelUnknown}
		if sym != nil {
			f.Class = sym.ClassSize(mode, s)
		}
		if !slides(p.Grid) || p.Wrap != ([3]bool{}) || len(s) > disassembly.MaxPieces {
			// no disassembly on these grids, nor across a join (see
			// assemble), nor of more pieces than it takes: no level, where
			// an error would list every row as an unknown level
			f.Level = ui.LevelNone
			return f, nil
		}
		shapes, _, groups, ok := burrPieces(p, s)
		if !ok {
			return f, nil
		}
		r, err := disassembly.Disassemble(ctx, shapes, disassembly.Options{Planar: p.Planar, MaxStates: factsStates, Groups: groups, LevelsOnly: true, Prisms: onPrisms(p.Grid), Triangles: onLattice(p.Grid, geometry.Triangles()), Hexagons: onLattice(p.Grid, geometry.Hexagons())})
		switch {
		case err != nil:
			return f, err
		case r.Status == disassembly.Locked:
			f.Level = ui.LevelLocked
		case r.Status == disassembly.Apart && !r.Separates():
			f.Level = ui.LevelSingle
		case r.Status == disassembly.Apart:
			f.Level, f.Notation = r.Level, r.LevelString()
		}
		return f, nil
	}
}

// gridNoDisassembly says why a packing on one of BurrTools' other grids
// (spheres, rhombic and tetra-octa) is not taken apart: it does not apply
// there (nor in BurrTools).
func gridNoDisassembly(g *geometry.Grid) string {
	return "Disassembly does not apply to " + g.Name()
}

// onPrisms reports whether g is BurrTools' triangular prism grid, whose
// packings are taken apart as BurrTools does (disassembly.Options.Prisms).
func onPrisms(g *geometry.Grid) bool {
	return g != nil && g.GridType() == 1 && g.Lattice() == nil
}

// onLattice reports whether g draws the cells of planar lattice l
// (triangles or hexagons), whose boards are taken apart in their plane
// (disassembly.Options.Triangles and Hexagons).
func onLattice(g *geometry.Grid, l *geometry.Lattice) bool {
	return g != nil && g.Lattice() == l
}

// slides reports whether packings drawn by g (nil: cubes and squares) are
// taken apart by sliding pieces: not on spheres, rhombic or tetra-octa.
func slides(g *geometry.Grid) bool {
	return g == nil || onPrisms(g) || g.Lattice() != nil
}
