package puzzle

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
	"polyviz/solver"
)

// Distinct says which solutions count as the same.
type Distinct int

const (
	// DistinctNone counts every solution the exact-cover problem has (raw).
	DistinctNone Distinct = iota
	// DistinctRotations counts solutions that no rotation of the box turns
	// into one another (for a board: no turn in its plane).
	DistinctRotations
	// DistinctAll counts solutions that no rotation or reflection of the box
	// turns into one another (for a board: flipping it over too).
	DistinctAll
)

// ParseDistinct reads the --distinct flag: none (or raw), rotations, all.
func ParseDistinct(s string) (Distinct, error) {
	switch strings.ToLower(s) {
	case "", "none", "raw":
		return DistinctNone, nil
	case "rotations", "rotation", "rot":
		return DistinctRotations, nil
	case "all", "reflections", "mirror":
		return DistinctAll, nil
	}
	return DistinctNone, fmt.Errorf("unknown --distinct %q (want none, rotations or all)", s)
}

func (d Distinct) String() string {
	return [...]string{"none", "rotations", "all"}[d]
}

// Symmetry is what the box's symmetries do to a puzzle's solutions.
//
// Each symmetry of the box maps every placement of a piece onto a placement
// of the same piece, or, for a reflection of a 3D box, of its mirror-image
// piece: POLYCUBE-DLX generates rotations only, so the mirror image of a
// solution is a solution only when the set of pieces is closed under
// mirroring (the Soma cube's two screw pieces are mirror images of each
// other; the Bedlam set is not closed). POLYOMINO-DLX generates reflections,
// so every symmetry of a board acts.
//
// Every shortcut below rests on one fact: the acting symmetries form a
// group that acts on the solutions as labelled packings (each piece named),
// a rotation moving cells only, a reflection also renaming each piece by
// the involution mirrorPieces. Orbits then partition the solutions, an
// orbit's size is |G| over the stabiliser of any of its members, and a
// piece that every acting symmetry maps to itself (the lock) has its
// placements split into orbits that every class meets (see distinctCut).
type Symmetry struct {
	// Box is the box's symmetry group, the identity first.
	Box []geometry.Symmetry
	// Acting lists the indices in Box of the symmetries that map solutions
	// to solutions: all of Box, or its rotations when the pieces are not
	// closed under reflection.
	Acting []int
	// Rotations is how many of the acting symmetries are rotations.
	Rotations int
	// Facts are the above in numbers, with the reason when reflections do
	// not act, for the command line and the window to put in words.
	Facts SymmetryFacts

	puzzle   *Puzzle
	canon    []int32   // option -> the first option with the same piece and cells
	optMap   [][]int32 // [k][option] -> option image under Box[Acting[k]]
	proper   []bool    // [k] whether Box[Acting[k]] is a rotation
	pieceOpt [][]int32 // piece -> its (canonical) options
}

// Symmetry works out the box's symmetry group and how it acts on the
// puzzle's placements.
func (p *Puzzle) Symmetry() *Symmetry {
	pls := p.Placements()
	s := &Symmetry{puzzle: p}
	if p.grid != nil {
		s.Box = p.grid.BoxSymmetries(p.fullCells())
	} else {
		s.Box = p.lattice().BoxSymmetries(p.fullCells())
	}
	// The placements' cells are numbered, and a placement is named by its
	// piece and its cells' numbers, sorted (key). Each symmetry maps the
	// numbers through a table made once (perm), so an image is found with
	// no shape built: mapping every placement's shape under every symmetry
	// and naming it in decimal took 45% of Bedlam's setup (201,000 images,
	// 0.07 s of CPU) and 8% of a distinct count of 6x10.
	cellNo := map[geometry.Cell]int32{}
	var cells []geometry.Cell
	nums := make([][]int32, len(pls))
	for i, pl := range pls {
		full := p.placementCells(pl)
		nums[i] = make([]int32, len(full))
		for k, c := range full {
			n, ok := cellNo[c]
			if !ok {
				n = int32(len(cells))
				cellNo[c] = n
				cells = append(cells, c)
			}
			nums[i][k] = n
		}
		slices.Sort(nums[i])
	}
	var buf []byte
	key := func(piece int, cells []int32) []byte {
		buf = binary.AppendUvarint(buf[:0], uint64(piece))
		for _, c := range cells {
			buf = binary.AppendUvarint(buf, uint64(c))
		}
		return buf
	}
	index := map[string]int32{}
	s.canon = make([]int32, len(pls))
	s.pieceOpt = make([][]int32, len(p.Pieces))
	for i, pl := range pls {
		k := key(pl.Piece, nums[i])
		if j, ok := index[string(k)]; ok {
			s.canon[i] = j
			continue
		}
		index[string(k)] = int32(i)
		s.canon[i] = int32(i)
		s.pieceOpt[pl.Piece] = append(s.pieceOpt[pl.Piece], int32(i))
	}
	mirror := p.mirrorPieces()
	var noMirror []string
	perm := make([]int32, len(cells))
	img := make([]int32, 0, 8)
	for g, sym := range s.Box {
		if !p.keepsOptional(sym) {
			continue // it maps a cell that must be filled to one that may stay empty
		}
		for n, c := range cells {
			perm[n] = -1 // a cell no placement covers: no image there
			if m, ok := cellNo[sym.Apply(c)]; ok {
				perm[n] = m
			}
		}
		proper := sym.Proper()
		m := make([]int32, len(pls))
		ok := true
		for i, pl := range pls {
			piece := pl.Piece
			if !proper {
				piece = mirror[pl.Piece]
			}
			j, found := int32(-1), false
			if piece >= 0 {
				img = img[:0]
				for _, c := range nums[i] {
					img = append(img, perm[c])
				}
				slices.Sort(img)
				if len(img) == 0 || img[0] >= 0 {
					j, found = index[string(key(piece, img))]
				}
			}
			if !found {
				ok = false
				if piece < 0 && !slices.Contains(noMirror, p.Pieces[pl.Piece].Name) {
					noMirror = append(noMirror, p.Pieces[pl.Piece].Name)
				}
				break
			}
			m[i] = j
		}
		if !ok {
			continue
		}
		s.Acting = append(s.Acting, g)
		s.optMap = append(s.optMap, m)
		s.proper = append(s.proper, sym.Proper())
		if sym.Proper() {
			s.Rotations++
		}
	}
	s.Facts = SymmetryFacts{
		Planar:          p.Planar,
		BoxSymmetries:   len(s.Box),
		BoxRotations:    countProper(s.Box),
		Acting:          len(s.Acting),
		ActingRotations: s.Rotations,
		Unmirrored:      noMirror,
	}
	return s
}

// SymmetryFacts say which symmetries of the box act on a puzzle's solutions
// and why, as numbers and names; the command line and the window word them.
type SymmetryFacts struct {
	// Planar is true for a 2D board, whose reflections always act
	// (POLYOMINO-DLX generates the pieces' reflections).
	Planar bool
	// BoxSymmetries is the order of the box's symmetry group, BoxRotations
	// how many of them are rotations.
	BoxSymmetries, BoxRotations int
	// Acting is how many symmetries map solutions to solutions,
	// ActingRotations how many of those are rotations.
	Acting, ActingRotations int
	// Unmirrored names the pieces whose mirror image is not in the set,
	// when that is why the reflections of a 3D box do not act.
	Unmirrored []string
}

// MirrorsAct reports whether a 3D box's reflections act, so that mirror
// images count as the same solution (always true of a board's).
func (f SymmetryFacts) MirrorsAct() bool {
	return f.Acting == f.BoxSymmetries && f.Acting > f.ActingRotations
}

func countProper(g []geometry.Symmetry) int {
	n := 0
	for _, s := range g {
		if s.Proper() {
			n++
		}
	}
	return n
}

// keepsOptional reports whether a symmetry of the box maps the cells that
// may stay empty onto themselves.
func (p *Puzzle) keepsOptional(sym geometry.Symmetry) bool {
	for _, c := range p.Optional {
		if !p.Optional.Contains(sym.Apply(c)) {
			return false
		}
	}
	return true
}

// fullCells returns every cell of the box, suffixed 2D cells included.
func (p *Puzzle) fullCells() geometry.Shape {
	if p.cells != nil {
		return p.cells
	}
	return p.Box
}

// placementCells returns all cells a placement covers, suffixed ones included.
func (p *Puzzle) placementCells(pl Placement) geometry.Shape {
	if pl.Base < 0 {
		return geometry.NewShape(pl.Cells...)
	}
	return p.Bases[pl.Base].Shape.Translate(pl.Offset)
}

// mirrorPieces maps each piece to the piece its placements become under a
// reflection of the box: itself when its orientations are closed under
// reflection (an achiral piece, or a free planar piece, whose reflections
// Knuth's generators make), otherwise a piece whose orientations are their
// mirror images (a one-sided or fixed piece's partner); -1 when there is
// none.
//
// The map must be a permutation of the pieces (an involution), or a
// reflection would not map solutions to solutions. Identical pieces are
// interchangeable shapes under different names (C, D, E below), so a
// chiral shape given k times pairs with its mirror shape given k times:
// the i-th copy (in the order of the spec) with the i-th mirror copy, and
// neither pairs at all when the two numbers differ. A reflection r then
// acts on a solution by moving each piece's cells by r and renaming it by
// this map; as the renaming is one fixed involution and a rotation renames
// nothing, the box's group acts on the labelled solutions, so orbits
// partition them and their sizes add up to the raw count, whichever copy
// pairs with which (another pairing is this one conjugated by a renaming
// of identical pieces, which maps orbits to orbits one to one).
//
// For example, with A and G one chiral tetracube and F and H its mirror
// image, A pairs with F and G with H; mapping both A and G to F (the first
// mirror found) sends a solution to a packing that uses F twice, which is
// no solution, and the counts by symmetry were wrong.
func (p *Puzzle) mirrorPieces() []int {
	out := make([]int, len(p.Pieces))
	l := p.lattice()
	var flip geometry.Transform // a reflection of the lattice
	for _, t := range l.Group() {
		if !l.Proper(t) {
			flip = t
			break
		}
	}
	rots := l.Rotations()
	// key names a set of orientations by its closure under the lattice's
	// rotations, with the piece's multiplicity: a puzzle read from a DLX
	// file knows only the orientations that fit in the box (the 1x5 bar
	// lies along a 3x30 board), and their closure is the whole piece's.
	// BurrTools' grids generate every rotation already.
	key := func(os []geometry.Shape, pc *Piece) string {
		var names []string
		for _, o := range os {
			if p.grid != nil {
				names = append(names, o.String())
				continue
			}
			for _, r := range rots {
				names = append(names, l.ApplyShape(r, o).String())
			}
		}
		slices.Sort(names)
		return fmt.Sprintf("%d:%d:%s", pc.Min, pc.Max, strings.Join(slices.Compact(names), ";"))
	}
	own, mirrored := make([]string, len(p.Pieces)), make([]string, len(p.Pieces))
	copies := map[string][]int{} // key -> the pieces with it, in order
	var keys []string            // the keys in order of first piece
	for i := range p.Pieces {
		pc := &p.Pieces[i]
		out[i] = -1
		if len(pc.Orientations) == 0 {
			continue
		}
		m := make([]geometry.Shape, len(pc.Orientations))
		for k, o := range pc.Orientations {
			if p.grid != nil {
				m[k] = p.grid.Mirror(o)
			} else {
				m[k] = l.ApplyShape(flip, o)
			}
		}
		own[i], mirrored[i] = key(pc.Orientations, pc), key(m, pc)
		if copies[own[i]] == nil {
			keys = append(keys, own[i])
		}
		copies[own[i]] = append(copies[own[i]], i)
	}
	for _, k := range keys {
		same := copies[k]
		mk := mirrored[same[0]]
		if mk == k { // closed under reflection: every copy is its own mirror image
			for _, j := range same {
				out[j] = j
			}
			continue
		}
		other := copies[mk]
		if len(other) != len(same) {
			continue // some copy has no mirror partner: reflections do not act
		}
		for n := range same {
			out[same[n]] = other[n]
		}
	}
	return out
}

// group returns the indices (into Acting) of the symmetries that count as
// sameness in mode d.
func (s *Symmetry) group(d Distinct) []int {
	var g []int
	for k := range s.Acting {
		if d == DistinctAll || s.proper[k] {
			g = append(g, k)
		}
	}
	return g
}

// DistinctStats are the figures of a distinct count.
type DistinctStats struct {
	solver.Stats
	// Mode is the sameness counted; Distinct the number of distinct solutions.
	Mode     Distinct
	Distinct int64
	// Raw is the number of all solutions, derived from the distinct ones and
	// their symmetries (it equals what a raw search counts).
	Raw int64
	// Group is the order of the group counted under; Lock the piece whose
	// placements were cut to one per orbit (empty when none could be), and
	// Kept/Placements how many of its placements were searched.
	Group            int
	Lock             string
	Kept, Placements int
	// Stabilised is how many of the kept placements of the lock have
	// symmetries of their own that cut a second piece below them, Third
	// how many placements of those second pieces cut a third one in turn
	// (see distinctCut), and Cut how many placements those cuts forbid
	// there.
	Stabilised, Third, Cut int
	// Facts say which symmetries act and why.
	Facts SymmetryFacts
}

// DistinctSolution is a solution reported once for its class: the least of
// its images (as sorted option numbers) that the cut search can find.
type DistinctSolution struct {
	// Options are the option numbers of the puzzle's problem, sorted.
	Options []int
	// Images is the number of distinct solutions in its class.
	Images int
}

// SolveDistinct counts the solutions of the puzzle that are distinct in mode
// d, and calls visit (when not nil) once per class, with a canonical
// representative. Symmetry cuts the work: one piece of multiplicity 1 that
// every counted symmetry maps to itself is restricted to one placement per
// orbit (Lepage's "lock", chosen automatically), and below a kept
// placement that has symmetries of its own a second piece is cut by those
// (see distinctCut), so the search is roughly 1/|G| of the raw one. A
// solution may still be found more than once (when placements deeper down
// are symmetric too); it is reported only when it is the least image of
// its class among those the cut search finds, which makes the counts exact.
func (p *Puzzle) SolveDistinct(ctx context.Context, d Distinct, opt solver.Options, visit func(DistinctSolution) bool) (DistinctStats, error) {
	prob, err := p.Problem()
	if err != nil {
		return DistinctStats{}, err
	}
	if d == DistinctNone {
		stats, err := solver.Solve(ctx, prob, opt, func(sol solver.Solution) bool {
			if visit == nil {
				return true
			}
			out := slices.Sorted(slices.Values(sol.Options))
			return visit(DistinctSolution{Options: out, Images: 1})
		})
		return DistinctStats{Stats: stats, Mode: d, Distinct: stats.Solutions, Raw: stats.Solutions, Group: 1}, err
	}
	dc, err := p.distinctCut(prob, d)
	if err != nil {
		return dc.st, err
	}
	return p.solveCut(ctx, dc, d, opt, visit)
}

// CountBySymmetry counts every solution of the puzzle (the raw count) the
// way Knuth counts the pentominoes in a 6x10 box, by symmetry: it counts
// the classes under every symmetry of the box that maps solutions to
// solutions, with SolveDistinct's cut search (one piece locked to one
// placement per orbit, a second one cut below the locked placements that
// have symmetries of their own), and adds up the classes' sizes, which are
// exact (classOf counts a class's distinct images; repeated pieces and
// chirality as SolveDistinct). The search is about 1/|G| of the raw one.
// The figures in Stats (nodes, updates) are those of the cut search.
//
// ok is false, and nothing was searched, when the count by symmetry would
// not be a smaller search or not the raw count: no symmetry acts, no
// piece can be locked (SolveDistinct would search every solution and
// filter), or the problem repeats an option (a piece given twice: a raw
// search counts each repeat, the classes do not), or opt.Resume is a
// checkpoint of another search (the whole tree's, saved before). A
// checkpoint it saves (opt.Checkpoint) is of the cut search, with the
// counts. opt.MaxSolutions must be 0: a raw limit has no meaning here.
//
// visit, when not nil, is called with every solution (sorted option
// numbers of the puzzle's problem): the images of each class's
// representative, a class at a time; returning false stops the search.
func (p *Puzzle) CountBySymmetry(ctx context.Context, opt solver.Options, visit func(options []int) bool) (st DistinctStats, ok bool, err error) {
	if opt.MaxSolutions != 0 {
		return st, false, nil
	}
	dc, ok, err := p.bySymmetryCut()
	if !ok || err != nil {
		return st, false, err
	}
	if c := opt.Resume; c != nil {
		if h, err := solver.ProblemHash(dc.cut); err != nil || h != c.Problem {
			return st, false, nil
		}
	}
	var each func(DistinctSolution) bool
	if visit != nil {
		each = func(s DistinctSolution) bool {
			for _, img := range dc.sym.images(s.Options, dc.g) {
				if !visit(img) {
					return false
				}
			}
			return true
		}
	}
	st, err = p.solveCut(ctx, dc, DistinctAll, opt, each)
	return st, true, err
}

// images returns the distinct images of solution sol (sorted option
// numbers, each its own canonical option) under the symmetries g, each
// sorted: the solutions of its class.
func (s *Symmetry) images(sol []int, g []int) [][]int {
	out := make([][]int, 0, len(g))
	for _, k := range g {
		img := make([]int, len(sol))
		for i, o := range sol {
			img[i] = int(s.optMap[k][o])
		}
		slices.Sort(img)
		if !slices.ContainsFunc(out, func(t []int) bool { return slices.Equal(t, img) }) {
			out = append(out, img)
		}
	}
	return out
}

// BySymmetryProblem returns the problem CountBySymmetry searches, and
// whether it would count by symmetry at all (for estimates of its time).
func (p *Puzzle) BySymmetryProblem() (*solver.Problem, bool, error) {
	dc, ok, err := p.bySymmetryCut()
	if !ok || err != nil {
		return nil, false, err
	}
	return dc.cut, true, nil
}

// bySymmetryCut is the cut CountBySymmetry searches, and whether it gives
// the raw count with a smaller search (see there).
func (p *Puzzle) bySymmetryCut() (*distinctCut, bool, error) {
	prob, err := p.Problem()
	if err != nil {
		return nil, false, err
	}
	dc, err := p.distinctCut(prob, DistinctAll)
	if err != nil {
		return nil, false, err
	}
	if len(dc.g) <= 1 || dc.lock < 0 {
		return nil, false, nil
	}
	for i, c := range dc.sym.canon {
		if c != int32(i) {
			return nil, false, nil
		}
	}
	return dc, true, nil
}

// solveCut searches dc's cut problem and counts its classes in mode d (see
// SolveDistinct).
func (p *Puzzle) solveCut(ctx context.Context, dc *distinctCut, d Distinct, opt solver.Options, visit func(DistinctSolution) bool) (DistinctStats, error) {
	opt.Engine = p.DistinctEngine(d, opt.Engine)
	if visit == nil {
		// the classes are counted, whatever order they come in
		opt.AnyOrder = true
	}
	sym, g, st, cut, orig := dc.sym, dc.g, dc.st, dc.cut, dc.orig
	limit := opt.MaxSolutions // counts distinct solutions here, not raw ones
	opt.MaxSolutions = 0
	if opt.Checkpoint != nil || opt.Resume != nil {
		// the distinct and raw counts go with the checkpoints' figures
		if c := opt.Resume; c != nil {
			st.Distinct, st.Raw = c.Counters[counterDistinct], c.Counters[counterRaw]
		}
		caller := opt.CheckpointState
		opt.CheckpointState = func(c *solver.Checkpoint) {
			if caller != nil {
				caller(c)
			}
			if c.Counters == nil {
				c.Counters = make(map[string]int64)
			}
			c.Counters[counterDistinct], c.Counters[counterRaw] = st.Distinct, st.Raw
		}
	}
	inF := dc.inF
	stats, err := solver.Solve(ctx, cut, opt, func(sol solver.Solution) bool {
		s := make([]int32, len(sol.Options))
		for i, o := range sol.Options {
			s[i] = sym.canon[orig[o]]
		}
		slices.Sort(s)
		canonical, images := true, len(g)
		if !dc.freeLock(s) {
			canonical, images = sym.classOf(s, g, inF)
		}
		if !canonical {
			return true
		}
		st.Distinct++
		st.Raw += int64(images)
		if visit != nil {
			out := make([]int, len(s))
			for i, o := range s {
				out[i] = int(o)
			}
			if !visit(DistinctSolution{Options: out, Images: images}) {
				return false
			}
		}
		return limit == 0 || st.Distinct < limit
	})
	st.Stats = stats
	return st, err
}

// A distinctCut is the problem a distinct search searches: the puzzle's,
// with repeated options left out, one piece locked to one placement per
// orbit when one can be, and below each locked placement that has
// symmetries of its own a second piece cut the same way, and below that a
// third; and what it takes to count its solutions.
//
// The second and third cuts are a stabiliser chain's next links. Let o be
// a kept placement of the lock and H_o the symmetries of g that map o onto
// itself (a placement centred in the box, say). Without more, the subtree
// below o holds every solution of a class |H_o| times over. So a second
// piece q is chosen for o, of multiplicity 1 and mapped to itself by every
// symmetry of H_o, and o is forbidden together with any placement p of q
// that is not the least of its orbit under H_o: the cut problem gets a
// secondary item M_o (a mark, see solver.Problem.SetMark) that o and every
// such p cover, so that no solution holds both (Knuth's "not both" item;
// the p's that share it exclude one another, but they are placements of
// one piece of multiplicity 1 and exclude one another anyway).
//
// Likewise, when a representative p has symmetries of its own within H_o
// (H_op: those that map p onto itself too), a third piece r, mapped to
// itself by H_op, is cut to the least placements of its H_op-orbits, but
// only together with o and p: "not all three" is no pairwise exclusion, so
// p is split in two. The original p covers M_o (it may not go with o), and
// a copy p' of it, which stands for p when the lock is at o, covers a mark
// A_o that every other kept placement of the lock covers (so p' goes with
// o only) and a mark Y_op that r's placements to cut cover. A solution
// holds p or p', never both, so the count of each packing stays one.
//
// The cut search still finds at least one image of every class: take any
// solution, map it by a symmetry of g that takes the lock to its orbit's
// representative o, then, when o has a second cut, by h in H_o that takes
// q's placement to the least of its H_o-orbit, then, when that placement p
// has a third cut, by h' in H_op that takes r's placement to the least of
// its H_op-orbit; h maps o onto itself and h' maps o and p onto
// themselves, so each step keeps what the one before did. The set F of
// solutions the cut search finds is exactly those that pass this chain
// (lock at a representative o; when o has a second cut, q at a
// representative of its H_o-orbit p; when p has a third cut, r at a
// representative of its H_op-orbit): inF tests just that, so classOf
// reports a solution only when it is the least image of its class in F,
// once per class, and counts its images.
type distinctCut struct {
	sym  *Symmetry
	g    []int
	st   DistinctStats // the figures that do not depend on the search
	lock int
	reps map[int32]bool
	// chain is the cut of the lock's placements; its next links are the
	// cuts below the kept ones (nil when no piece is locked)
	chain *cutLink
	cut   *solver.Problem
	orig  []int // option of cut -> option of the puzzle's problem
	pls   []Placement
	// free holds the lock's kept placements that no symmetry of g but the
	// identity maps onto themselves: a solution with the lock there is
	// the one image of its class that the cut search finds (another image
	// has the lock elsewhere in its orbit, not at the representative), and
	// its images are |g| distinct ones (a symmetry that maps the packing
	// onto itself maps the lock, a piece of multiplicity 1, onto itself),
	// so classOf has nothing to find (Bedlam up to rotation: every one of
	// its 19,186 solutions, 2.5% of the search's CPU)
	free map[int32]bool
}

// A cutLink is one link of the stabiliser chain: piece's placements in
// nonRep are not the least of their orbit under the symmetries that map
// the placements chosen above onto themselves, so they are cut; next[x] is
// the link below the placement x of piece, if any.
type cutLink struct {
	piece  int
	nonRep map[int32]bool
	next   map[int32]*cutLink
}

// freeLock reports whether solution sol (sorted canonical options) has the
// lock at a placement in free.
func (dc *distinctCut) freeLock(sol []int32) bool {
	if len(dc.free) == 0 {
		return false
	}
	for _, o := range sol {
		if dc.pls[o].Piece == dc.lock {
			return dc.free[o]
		}
	}
	return false
}

// stabiliser returns how many symmetries of g map option o onto itself.
func (s *Symmetry) stabiliser(g []int, o int32) int {
	n := 0
	for _, k := range g {
		if s.optMap[k][o] == o {
			n++
		}
	}
	return n
}

// inF reports whether the search of the cut problem can find solution sol
// (sorted canonical options; see distinctCut).
func (dc *distinctCut) inF(sol []int32) bool {
	for l := dc.chain; l != nil; {
		i := slices.IndexFunc(sol, func(o int32) bool { return dc.pls[o].Piece == l.piece })
		if i < 0 || l.nonRep[sol[i]] {
			return false
		}
		l = l.next[sol[i]]
	}
	return true
}

// distinctCut builds the cut of prob, the puzzle's problem, for mode d.
func (p *Puzzle) distinctCut(prob *solver.Problem, d Distinct) (*distinctCut, error) {
	sym := p.Symmetry()
	g := sym.group(d)
	dc := &distinctCut{sym: sym, g: g, st: DistinctStats{Mode: d, Group: len(g), Facts: sym.Facts}, pls: p.Placements()}
	dc.lock, dc.reps = sym.chooseLock(g)
	// Options that repeat another (a piece given on two lines) are left out:
	// they would only repeat packings.
	keep := make([]bool, prob.NumOptions())
	for i := range keep {
		keep[i] = sym.canon[i] == int32(i)
	}
	var marks []string
	extra := map[int][]string{}
	var copies []optionCopy
	if dc.lock >= 0 {
		dc.st.Lock = p.Pieces[dc.lock].Name
		dc.st.Placements = len(sym.pieceOpt[dc.lock])
		dc.chain = &cutLink{piece: dc.lock, nonRep: map[int32]bool{}, next: map[int32]*cutLink{}}
		var kept []int32
		dc.free = map[int32]bool{}
		for _, o := range sym.pieceOpt[dc.lock] {
			keep[o] = dc.reps[o]
			if dc.reps[o] {
				dc.st.Kept++
				kept = append(kept, o)
				dc.free[o] = sym.stabiliser(g, o) == 1
			} else {
				dc.chain.nonRep[o] = true
			}
		}
		mark := func(name string) string {
			name = markName(prob, name)
			marks = append(marks, name)
			return name
		}
		for _, o := range kept {
			if distinctCutDepth < 2 {
				break
			}
			second := sym.chainLink(prob, g, []int32{o}, distinctCutDepth >= 3)
			if second == nil {
				continue
			}
			dc.chain.next[o] = second
			dc.st.Stabilised++
			mo := mark(fmt.Sprintf("#sym%d", o))
			extra[int(o)] = append(extra[int(o)], mo)
			for _, q := range sym.pieceOpt[second.piece] {
				if second.nonRep[q] {
					extra[int(q)] = append(extra[int(q)], mo)
					dc.st.Cut++
				}
			}
			if len(second.next) == 0 {
				continue
			}
			ao := mark(fmt.Sprintf("#symonly%d", o))
			for _, o2 := range kept {
				if o2 != o {
					extra[int(o2)] = append(extra[int(o2)], ao)
				}
			}
			for _, q := range sym.pieceOpt[second.piece] { // increasing: the same cut every time
				third := second.next[q]
				if third == nil {
					continue
				}
				dc.st.Third++
				extra[int(q)] = append(extra[int(q)], mo)
				y := mark(fmt.Sprintf("#sym%d.%d", o, q))
				copies = append(copies, optionCopy{int(q), []string{ao, y}})
				for _, r := range sym.pieceOpt[third.piece] {
					if third.nonRep[r] {
						extra[int(r)] = append(extra[int(r)], y)
						dc.st.Cut++
					}
				}
			}
		}
	}
	var err error
	dc.cut, dc.orig, err = restrict(prob, keep, marks, extra, copies)
	return dc, err
}

// distinctCutDepth is how many links of the stabiliser chain are cut: 1
// the lock only, 2 a second piece too, 3 a third. The third does not pay:
// measured (one worker, bitset engine, up to all symmetries), pentacube
// 3x4x5 searches 6,790,532 nodes with it against 6,851,478 without, but
// its 83 marks (75 third cuts) take the problem past 128 items, so the
// bitset engine's masks double: 3.31 against 2.11 billion updates, 8.8 s
// against 5.4; 2x5x6 429,792 nodes against 429,921. So 2; the third stays
// for measuring, and the random tests run it.
var distinctCutDepth = 2

// markName returns name, or name with '#'s before it if an item of prob
// has that name.
func markName(prob *solver.Problem, name string) string {
	for {
		if _, clash := prob.ItemIndex(name); !clash {
			return name
		}
		name = "#" + name
	}
}

// chainLink returns the link of the stabiliser chain below the placements
// at (canonical options of different pieces, the lock's first), or nil if
// their joint stabiliser H in g is the identity or no piece can be cut.
// The piece cut is of multiplicity 1, none of at's, mapped to itself by
// every symmetry of H, with the most placements that fit beside at's cut
// (those not the least of their H-orbit). Ties: the fewest H-orbits of
// placements that fit (the fewest options left, so the search, which
// branches on the item with the fewest, tends to take it next). Measured,
// one worker, bitset engine, nodes with the most cut / with the fewest
// orbits first (second cut only): pentacube 3x4x5 6,851,478 / 7,802,741;
// 2x5x6 429,921 / 454,592; pentomino 8x8 with a hole 37,198 / 39,171;
// tetracube 2x4x4 8,407 / 10,154; Soma 4,443 / 4,363 (all up to all
// symmetries). With deeper, the representatives that still have
// symmetries of their own get the next link (one level more, not deeper).
func (s *Symmetry) chainLink(prob *solver.Problem, g []int, at []int32, deeper bool) *cutLink {
	pls := s.puzzle.Placements()
	var h []int
	for _, k := range g {
		fixed := true
		for _, o := range at {
			fixed = fixed && s.optMap[k][o] == o
		}
		if fixed {
			h = append(h, k)
		}
	}
	if len(h) <= 1 {
		return nil
	}
	covered := map[int]bool{}
	for _, o := range at {
		for _, it := range prob.OptionItemIndexes(int(o)) {
			covered[it] = true
		}
	}
	fits := func(q int32) bool {
		for _, it := range prob.OptionItemIndexes(int(q)) {
			if covered[it] {
				return false
			}
		}
		return true
	}
	var best *cutLink
	var bestReps []int32
	for piece, opts := range s.pieceOpt {
		pc := s.puzzle.Pieces[piece]
		if pc.Min != 1 || pc.Max != 1 || len(opts) == 0 || slices.ContainsFunc(at, func(o int32) bool { return pls[o].Piece == piece }) {
			continue
		}
		stable := true
		for _, k := range h {
			for _, q := range opts {
				if pls[s.optMap[k][q]].Piece != piece {
					stable = false
					break
				}
			}
		}
		if !stable {
			continue
		}
		nonRep := map[int32]bool{}
		var reps []int32
		for _, q := range opts { // increasing: q is the least of its orbit when first met
			if nonRep[q] || !fits(q) {
				continue
			}
			reps = append(reps, q)
			for _, k := range h {
				if img := s.optMap[k][q]; img != q {
					nonRep[img] = true
				}
			}
		}
		if len(nonRep) == 0 {
			continue
		}
		if best == nil || len(nonRep) > len(best.nonRep) || (len(nonRep) == len(best.nonRep) && len(reps) < len(bestReps)) {
			best, bestReps = &cutLink{piece: piece, nonRep: nonRep}, reps
		}
	}
	if best != nil && deeper {
		for _, q := range bestReps {
			if l := s.chainLink(prob, g, append(slices.Clip(at), q), false); l != nil {
				if best.next == nil {
					best.next = map[int32]*cutLink{}
				}
				best.next[q] = l
			}
		}
	}
	return best
}

// DistinctProblem returns the exact cover problem SolveDistinct searches
// for mode d (not DistinctNone): `polyviz split --distinct` cuts it into
// jobs, and each job goes on with its part through SolveDistinct with
// Options.Resume, which adds up the distinct and raw counts.
func (p *Puzzle) DistinctProblem(d Distinct) (*solver.Problem, error) {
	prob, err := p.Problem()
	if err != nil {
		return nil, err
	}
	dc, err := p.distinctCut(prob, d)
	if err != nil {
		return nil, err
	}
	return dc.cut, nil
}

// The names of the counts of a distinct search in a checkpoint
// (solver.Checkpoint.Counters): a distinct search resumes from them.
const (
	counterDistinct = "distinct"
	counterRaw      = "raw"
)

// classOf looks at the images of solution s under the symmetries g: it
// reports whether s is the least image that the cut search can find (inF),
// and how many distinct images there are. Without a lock (inF always true)
// every solution of the class is found, duplicates and all.
func (s *Symmetry) classOf(sol []int32, g []int, inF func([]int32) bool) (bool, int) {
	seen := make([][]int32, 0, len(g))
	img := make([]int32, len(sol))
	canonical := true
	for _, k := range g {
		m := s.optMap[k]
		for i, o := range sol {
			img[i] = m[o]
		}
		slices.Sort(img)
		if slices.ContainsFunc(seen, func(t []int32) bool { return slices.Equal(t, img) }) {
			continue
		}
		seen = append(seen, slices.Clone(img))
		if canonical && slices.Compare(img, sol) < 0 && inF(img) {
			canonical = false
		}
	}
	return canonical, len(seen)
}

// chooseLock picks the piece to restrict: of multiplicity 1, mapped to
// itself by every symmetry in g, with the fewest orbits of placements (ties:
// the most placements). It returns the piece (-1 if none) and,
// per option, whether it is its orbit's representative (the least option).
func (s *Symmetry) chooseLock(g []int) (int, map[int32]bool) {
	if len(g) <= 1 {
		return -1, nil
	}
	pls := s.puzzle.Placements()
	best, bestReps := -1, map[int32]bool(nil)
	bestOpts, bestOrbits := 0, 0
	for piece, opts := range s.pieceOpt {
		pc := s.puzzle.Pieces[piece]
		if pc.Min != 1 || pc.Max != 1 || len(opts) == 0 {
			continue
		}
		reps := map[int32]bool{}
		orbits := 0
		stable := true
		done := map[int32]bool{}
		for _, o := range opts {
			if done[o] {
				continue
			}
			orbits++
			reps[o] = true // options are visited in increasing order: o is the least of its orbit
			for _, k := range g {
				img := s.optMap[k][o]
				if pls[img].Piece != piece {
					stable = false
				}
				done[img] = true
			}
		}
		if !stable {
			continue
		}
		// Fewest placements kept first: that piece's item is the one the
		// search branches on at once, so the cut prunes at the root.
		// Then the largest cut.
		if best < 0 || orbits < bestOrbits || (orbits == bestOrbits && len(opts) > bestOpts) {
			best, bestReps, bestOpts, bestOrbits = piece, reps, len(opts), orbits
		}
	}
	return best, bestReps
}

// An optionCopy is a copy of an option of the puzzle's problem with more
// items (distinctCut's p').
type optionCopy struct {
	of    int
	extra []string
}

// restrict returns a copy of prob with only the options marked keep, the
// secondary items marks added (as marks: solver.Problem.SetMark), option i
// given the items extra[i] too, and the copies after them; and for each of
// its options the number of the original one.
func restrict(prob *solver.Problem, keep []bool, marks []string, extra map[int][]string, copies []optionCopy) (*solver.Problem, []int, error) {
	var primary, secondary []string
	for i := range prob.NumItems() {
		if i < prob.NumPrimary() {
			primary = append(primary, prob.ItemName(i))
		} else {
			secondary = append(secondary, prob.ItemName(i))
		}
	}
	cut := solver.NewProblem(primary, append(secondary, marks...))
	for i := range prob.NumPrimary() {
		if lo, hi := prob.Multiplicity(i); lo != 1 || hi != 1 {
			if err := cut.SetMultiplicity(prob.ItemName(i), lo, hi); err != nil {
				return nil, nil, err
			}
		}
	}
	for _, m := range marks {
		if err := cut.SetMark(m); err != nil {
			return nil, nil, err
		}
	}
	n, entries := len(copies), 0
	for i := range prob.NumOptions() {
		if keep[i] {
			n++
			entries += prob.OptionSize(i) + len(extra[i])
		}
	}
	for _, c := range copies {
		entries += prob.OptionSize(c.of) + len(c.extra)
	}
	cut.Grow(n, entries)
	orig := make([]int, 0, n)
	for i := range prob.NumOptions() {
		if keep[i] {
			if err := cut.AddOption(append(prob.OptionItems(i), extra[i]...)...); err != nil {
				return nil, nil, err
			}
			orig = append(orig, i)
		}
	}
	for _, c := range copies {
		if err := cut.AddOption(append(prob.OptionItems(c.of), c.extra...)...); err != nil {
			return nil, nil, err
		}
		orig = append(orig, c.of)
	}
	return cut, orig, cut.Err()
}

// DistinctEngine is the engine a distinct count of p in mode d runs when
// engine e is asked for: EngineAuto becomes the cell search on a board of
// squares and on a box of cubes at most two cells thick, where it was
// measured faster than the bitset engine on every library puzzle once the
// symmetry is cut (README, "Which search runs when": pentominoes 6x10, 5x12,
// 4x15, 3x20 and 8x8 less its centre, pentacubes 2x5x6 and 2x3x10,
// tetracubes 2x4x4: 0.3x-1x the time), and not on thicker boxes, where it
// lost (pentacube 3x4x5 4x, Bedlam 3x). On 3x4x5 up to all symmetries it
// searches 1,479,221 nodes against the bitset engine's 6,851,478, but its
// region fill then proves the rest of the box unfillable 5.5 million times
// in 291 million steps of its own: 16.9 s of CPU against 3.7 (README,
// "Thick boxes stay on the bitset engine", for the variants measured). A
// count by symmetry (CountBySymmetry) runs the same choice, through
// solveCut. The cell search itself falls back
// on the bitset engine where it does not apply (more than 64 cells,
// multiplicities). solve, the window and split all ask here, so a split's
// jobs run the engine solve runs.
func (p *Puzzle) DistinctEngine(d Distinct, e solver.Engine) solver.Engine {
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
