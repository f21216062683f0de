package puzzle

import (
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

func (p *Puzzle) problemSig() problemSig {
	first := func(s []geometry.Cell) *geometry.Cell {
		if len(s) == 0 {
			return nil
		}
		return &s[0]
	}
	sig := problemSig{name: p.Name, planar: p.Planar, lattice: p.Lattice,
		cells: first(p.cells), nCells: len(p.cells), optional: first(p.Optional), nOpt: len(p.Optional),
		suffixes: len(p.Suffixes)}
	if pls := p.Placements(); len(pls) > 0 {
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
	sig := p.problemSig()
	m := &p.memo
	m.mu.Lock()
	if m.prob != nil && m.sig.equal(sig) {
		prob := m.prob.Clone()
		m.mu.Unlock()
		return prob, nil
	}
	m.mu.Unlock()
	prob, err := p.buildProblem()
	if err != nil || prob.NumEntries() > memoEntries {
		return prob, err
	}
	m.mu.Lock()
	m.sig, m.prob = sig, prob.Clone()
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
		if len(s.optMap)*len(s.canon) > memoSymmetryMaps {
			return // too big to keep beside what the load limit counted
		}
		m.mu.Lock()
		m.sig, m.grid, m.wrap, m.sym = sig, p.grid, p.wrap, s
		m.mu.Unlock()
	}
}

// memoSymmetryMaps bounds the symmetries kept: option images (4 bytes
// each) over all acting symmetries, 16 MB.
const memoSymmetryMaps = 1 << 22
