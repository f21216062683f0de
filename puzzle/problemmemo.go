package puzzle

import (
	"context"
	"slices"
	"sync"

	"polyviz/geometry"
	"polyviz/solver"
)

// The problem Problem built last is kept (when small), with what it was
// built from, and a copy of it given while none of that has changed: a
// distinct count asks for the problem the load built already, and building
// it again (its items named, every cell of every option looked up by name)
// was a tenth of a stick puzzle's count. A copy, not the same problem, so
// that a caller may add to what it is given.
type problemMemo struct {
	mu   sync.Mutex
	sig  problemSig
	prob *solver.Problem
	// shared is the problem a caller shares (ShareProblem), read by the
	// symmetry cut in place of a copy, while sharedSig is p's
	shared    *solver.Problem
	sharedSig problemSig
}

// ShareProblem lets the symmetry cut read prob, the puzzle's problem as
// Problem built it, rather than build it again while p is as it is now:
// the caller must not change prob. The window shares the problem it
// loaded: each distinct count and estimate built a copy of a 62x62 board's
// problem beside it.
func (p *Puzzle) ShareProblem(prob *solver.Problem) {
	sig := p.problemSig()
	p.memo.mu.Lock()
	p.memo.shared, p.memo.sharedSig = prob, sig
	p.memo.mu.Unlock()
}

// cutProblem is the problem the symmetry cut reads and does not change:
// the one shared, or the memo's own, not a copy (a copy of its items each
// count: 90 KB on a grid of 2,268), or one built. Whatever hands it on
// outside the package copies it first (distinctCut.borrowed).
func (p *Puzzle) cutProblem(ctx context.Context) (*solver.Problem, error) {
	sig := p.problemSig()
	p.memo.mu.Lock()
	shared := p.memo.shared
	if shared != nil && !p.memo.sharedSig.equal(sig) {
		shared = nil
	}
	p.memo.mu.Unlock()
	if shared != nil {
		return shared, nil
	}
	return p.problemMemo(ctx, false)
}

// problemSig is what Problem reads: the slices by their first element and
// length (they are replaced, not edited, once the problem exists: Keep and
// SetGrid replace the placements) and the pieces by value.
type problemSig struct {
	name            string
	planar          bool
	lattice         *geometry.Lattice
	cells, optional *geometry.Cell
	nCells, nOpt    int
	placements      *Placement
	nPlacements     int
	suffixes        int
	pieces          []pieceSig
}

type pieceSig struct {
	name, mult string
	min, max   int
}

func (p *Puzzle) problemSig() problemSig { return p.problemSigOf(p.options()) }

// problemSigOf is problemSig with the placements given (listed already).
func (p *Puzzle) problemSigOf(pls []Placement) problemSig {
	first := func(s []geometry.Cell) *geometry.Cell {
		if len(s) == 0 {
			return nil
		}
		return &s[0]
	}
	sig := problemSig{name: p.Name, planar: p.Planar, lattice: p.Lattice,
		cells: first(p.cells), nCells: len(p.cells), optional: first(p.Optional), nOpt: len(p.Optional),
		suffixes: len(p.Suffixes)}
	if len(pls) > 0 {
		sig.placements, sig.nPlacements = &pls[0], len(pls)
	}
	for _, pc := range p.Pieces {
		sig.pieces = append(sig.pieces, pieceSig{pc.Name, pc.Mult, pc.Min, pc.Max})
	}
	return sig
}

func (s problemSig) equal(t problemSig) bool {
	return s.name == t.name && s.planar == t.planar && s.lattice == t.lattice &&
		s.cells == t.cells && s.nCells == t.nCells && s.optional == t.optional && s.nOpt == t.nOpt &&
		s.placements == t.placements && s.nPlacements == t.nPlacements && s.suffixes == t.suffixes &&
		slices.Equal(s.pieces, t.pieces)
}

// Problem returns the puzzle as an exact-cover problem, the one its DLX file
// describes: primary items are the box's cells and the pieces (with their
// multiplicities), secondary items the suffixed cells; option i is
// Placements()[i]. Each call gives a problem of its own.
func (p *Puzzle) Problem() (*solver.Problem, error) {
	return p.ProblemContext(context.Background())
}

// ProblemContext is Problem that stops, returning ctx.Err(), when ctx is
// cancelled while the placements are listed or the options added.
func (p *Puzzle) ProblemContext(ctx context.Context) (*solver.Problem, error) {
	return p.problemMemo(ctx, true)
}

// problemMemo is ProblemContext; when own is false the caller only reads
// the problem it is given, which may then be the memo's, not a copy.
func (p *Puzzle) problemMemo(ctx context.Context, own bool) (*solver.Problem, error) {
	pls, err := p.optionsContext(ctx)
	if err != nil {
		return nil, err
	}
	sig := p.problemSigOf(pls)
	m := &p.memo
	m.mu.Lock()
	if m.prob != nil && m.sig.equal(sig) {
		prob := m.prob
		if own {
			prob = prob.Clone()
		}
		m.mu.Unlock()
		return prob, nil
	}
	m.mu.Unlock()
	prob, err := p.buildProblem(ctx, pls)
	if err != nil || prob.NumEntries() > memoEntries {
		return prob, err
	}
	kept := prob
	if own {
		kept = prob.Clone()
	}
	m.mu.Lock()
	m.sig, m.prob = sig, kept
	m.mu.Unlock()
	return prob, nil
}

// memoEntries bounds the problems kept (a few MB): a large one is worth
// building again beside its search, and keeping a copy would double the
// memory the load limit counted.
const memoEntries = 1 << 18

// The symmetry SymmetryContext worked out last is kept too, with what it was
// worked out from: an estimate, and the window's, ask for it two or three
// times (the weights of the count's probes, then the cut searched), and on
// a board of thousands of cells each time took seconds. The grid and the
// joins count besides what Problem reads; nothing outside this file
// changes a Symmetry once made, so the same one is given.
type symmetryMemo struct {
	mu   sync.Mutex
	sig  problemSig
	grid *geometry.Grid
	wrap geometry.Wrap
	sym  *Symmetry
	keep bool // keep any symmetry, whatever its size (KeepSymmetry)
}

// KeepSymmetry has p keep the symmetry it works out however large: the
// window, which sizes the cut against its limit first, asks again at each
// change of the count (a torus of 62x62 took minutes each time).
func (p *Puzzle) KeepSymmetry() {
	p.symMemo.mu.Lock()
	p.symMemo.keep = true
	p.symMemo.mu.Unlock()
}

// memoSymmetry returns the kept symmetry if it was worked out from what p
// is now, and a function that keeps s as the one worked out now.
func (p *Puzzle) memoSymmetry() (*Symmetry, func(s *Symmetry)) {
	sig := p.problemSig()
	m := &p.symMemo
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.sym != nil && m.sig.equal(sig) && m.grid == p.grid && m.wrap == p.wrap {
		return m.sym, nil
	}
	return nil, func(s *Symmetry) {
		m.mu.Lock()
		if !m.keep && len(s.optMap)*len(s.canon) > memoSymmetryMaps {
			m.mu.Unlock()
			return // too big to keep beside what the load limit counted
		}
		m.sig, m.grid, m.wrap, m.sym = sig, p.grid, p.wrap, s
		m.mu.Unlock()
	}
}

// memoSymmetryMaps bounds the symmetries kept: option images (4 bytes
// each) over all acting symmetries, 16 MB.
const memoSymmetryMaps = 1 << 22
