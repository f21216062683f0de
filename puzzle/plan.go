package puzzle

import (
	"polyviz/geometry"
	"polyviz/solver"
)

// A Request is what a caller asks of a search: the count it wants and how
// it runs.
type Request struct {
	// Distinct is the count asked for: every solution (DistinctNone) or
	// the classes up to rotation or up to every symmetry.
	Distinct Distinct
	// Engine is the engine asked for; EngineAuto leaves the choice to
	// the plan (the zero value, as solver.Options', is dancing links).
	Engine solver.Engine
	// Ordered: the solutions are listed in DLX1's order.
	Ordered bool
	// MaxSolutions is the run's limit on solutions (0: none).
	MaxSolutions int64
	// Profile: the run reports DLX1's per-level profile of the whole tree.
	Profile bool
	// Checkpoint: the run saves or resumes a checkpoint of the whole tree.
	Checkpoint bool
	// Split: the search is cut into jobs for other machines.
	Split bool
	// Restricted: the input cuts symmetric solutions with restrictions of
	// its own (lock, constrain), so its raw count is not a sum of classes.
	Restricted bool
}

// A SearchPlan says how a request is answered: what is counted, on which
// problem, with which engine.
type SearchPlan struct {
	// BySymmetry: a raw count is made by symmetry (CountBySymmetry): the
	// classes under every symmetry of the box, each with its size, from
	// the cut search; where the puzzle gives no such cut, Whole is run.
	BySymmetry bool
	// Cut is the symmetry cut the search runs on (SolveDistinct's
	// DistinctProblem): the request's mode, DistinctAll for a count by
	// symmetry, DistinctNone for the puzzle's whole tree.
	Cut Distinct
	// Engine is the engine of that search, never EngineAuto.
	Engine solver.Engine
	// Fallbacks are the engines the solver runs, in turn, where Engine
	// does not apply to the problem (solver.Solve's choice).
	Fallbacks []solver.Engine
	// Whole is the plan of the whole tree's search, for a count by
	// symmetry on a puzzle that gives no cut (nil otherwise).
	Whole *SearchPlan
}

// Plan decides how a request on puzzle p is answered; p is nil for an
// exact-cover problem that is not a packing (a DLX file). It is the one
// place that decides: solve, the window, split, estimate and bench ask
// it. The rules, in order:
//
//  1. A distinct count (Distinct rotations or all) searches the cut of its
//     mode. With EngineAuto it runs the cell search on a board of squares
//     and on a box of cubes at most two cells thick, where the cell search
//     is faster once the symmetry is cut, and the bitset engine elsewhere
//     (thicker boxes, other lattices, BurrTools' grids): distinctEngine.
//     A split of it runs the cell search or the bitset engine, never
//     dancing links: its jobs count the classes of the solutions below
//     each task, which needs an engine's own cut of the tree.
//  2. A raw count is made by symmetry when it is a plain count of a
//     packing: EngineAuto, no listing in order, no limit, no profile, no
//     checkpoint of the whole tree, no split, and no restrictions of the
//     input's own. The cut search runs the engine of rule 1 for
//     DistinctAll. Where the puzzle gives no cut (no symmetry acts, no
//     piece can be locked, a repeated option: CountBySymmetry's ok is
//     false), Whole runs instead.
//  3. Any other search walks the whole tree: EngineAuto is dancing links
//     for a listing in DLX1's order, the bitset engine otherwise.
//
// Every engine falls back as solver.Solve does where it does not apply to
// the problem: the cell search (more than 64 cells, multiplicities,
// colours) on the bitset engine, the bitset engine (colours, too many
// items or options) on dancing links. A resumed run goes on with the
// engine of its checkpoint, whatever the plan says.
func Plan(p *Puzzle, req Request) SearchPlan {
	switch {
	case p != nil && req.Distinct != DistinctNone:
		e := resolve(p.distinctEngine(req.Distinct, req.Engine), false)
		if req.Split && e == solver.EngineDLX {
			e = solver.EngineBits
		}
		return SearchPlan{Cut: req.Distinct, Engine: e, Fallbacks: fallbacks(e)}
	case p != nil && bySymmetry(req):
		e := resolve(p.distinctEngine(DistinctAll, req.Engine), false)
		whole := Plan(nil, req)
		return SearchPlan{BySymmetry: true, Cut: DistinctAll, Engine: e, Fallbacks: fallbacks(e), Whole: &whole}
	}
	e := resolve(req.Engine, req.Ordered)
	return SearchPlan{Cut: DistinctNone, Engine: e, Fallbacks: fallbacks(e)}
}

// bySymmetry reports whether req is a plain raw count (rule 2).
func bySymmetry(req Request) bool {
	return req.Distinct == DistinctNone && req.Engine == solver.EngineAuto && !req.Ordered &&
		req.MaxSolutions == 0 && !req.Profile && !req.Checkpoint && !req.Split && !req.Restricted
}

// resolve is the engine EngineAuto stands for (rule 3); other engines are
// themselves.
func resolve(e solver.Engine, ordered bool) solver.Engine {
	switch {
	case e != solver.EngineAuto:
		return e
	case ordered:
		return solver.EngineDLX
	}
	return solver.EngineBits
}

// fallbacks are the engines the solver runs, in turn, where e does not
// apply.
func fallbacks(e solver.Engine) []solver.Engine {
	switch e {
	case solver.EngineCell:
		return []solver.Engine{solver.EngineBits, solver.EngineDLX}
	case solver.EngineBits:
		return []solver.Engine{solver.EngineDLX}
	}
	return nil
}

// distinctEngine is the engine a distinct count of p in mode d runs when
// engine e is asked for: EngineAuto becomes the cell search on a board of
// squares and on a box of cubes at most two cells thick, where it is faster
// than the bitset engine on every library puzzle once the symmetry is cut,
// and not on thicker boxes, where it loses several times over: there its
// tree is small only because its region fill searches what the tree leaves
// out, proving the rest of the box unfillable millions of times
// (docs/PERFORMANCE.md, "Which engine for distinct counts"). The cell
// search itself falls back on the bitset engine where it does not apply
// (more than 64 cells, multiplicities).
func (p *Puzzle) distinctEngine(d Distinct, e solver.Engine) solver.Engine {
	if e != solver.EngineAuto || d == DistinctNone || p.grid != nil || len(p.Box) == 0 {
		return e
	}
	l := p.lattice()
	if l != geometry.Squares() && l != geometry.Cubes() {
		return e
	}
	lo, hi := p.Box.Bounds()
	if min(hi.X-lo.X, hi.Y-lo.Y, hi.Z-lo.Z)+1 <= 2 {
		return solver.EngineCell
	}
	return e
}
