package puzzle

import (
	"context"
	"fmt"
	"slices"

	"polyviz/solver"
)

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
	// borrowed: cut is the problem cutProblem gave, read in place (see
	// there), so a caller outside the package gets a copy (own)
	borrowed bool
	orig     []int // option of cut -> option of the puzzle's problem
	pls      []Placement
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

// own returns the cut problem for a caller outside the package, which may
// change it: a copy when it is not the cut's own.
func (dc *distinctCut) own() *solver.Problem {
	if dc.borrowed {
		return dc.cut.Clone()
	}
	return dc.cut
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
//
// Under the limit the puzzle was loaded with, the setup is sized first
// (CutBytes) and refused with a *TooBigError rather than built, whichever
// command or window asked for it.
//
// It gives up with ctx's error when ctx ends: on a board of thousands of
// cells the symmetry and the chain take seconds.
func (p *Puzzle) distinctCut(ctx context.Context, prob *solver.Problem, d Distinct) (*distinctCut, error) {
	if p.maxBytes > 0 {
		if need := p.CutBytes(); need > p.maxBytes {
			return &distinctCut{st: DistinctStats{Mode: d}}, &TooBigError{Name: p.Name, What: "the symmetry cut", Need: need, Limit: p.maxBytes}
		}
	}
	sym, err := p.SymmetryContext(ctx)
	if err != nil {
		return &distinctCut{st: DistinctStats{Mode: d}}, err
	}
	g := sym.group(d)
	dc := &distinctCut{sym: sym, g: g, st: DistinctStats{Mode: d, Group: len(g), Facts: sym.Facts}, pls: p.options()}
	dc.lock, dc.reps = sym.chooseLock(g)
	depth := distinctCutDepth
	if p.cutDepth > 0 {
		depth = p.cutDepth
	}
	// Options that repeat another (a piece given on two lines) are left out:
	// they would only repeat packings.
	keep := make([]bool, prob.NumOptions())
	for i := range keep {
		keep[i] = sym.canon[i] == int32(i)
		if !keep[i] {
			dc.st.Repeated++
		}
	}
	var marks []string
	extra := map[int][]string{}
	var copies []optionCopy
	if dc.lock >= 0 {
		dc.st.Lock = p.Pieces[dc.lock].Name
		dc.st.Placements = len(sym.pieceOpt[dc.lock])
		dc.chain = &cutLink{piece: dc.lock, nonRep: map[int32]bool{}, next: map[int32]*cutLink{}}
		var kept []int32
		scratch := newChainScratch(prob)
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
			if depth < 2 {
				break
			}
			if ctx.Err() != nil {
				return &distinctCut{st: DistinctStats{Mode: d}}, ctx.Err()
			}
			second := sym.chainLink(prob, g, []int32{o}, depth >= 3, scratch)
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
	if !slices.Contains(keep, false) && len(marks) == 0 && len(extra) == 0 && len(copies) == 0 {
		// nothing cut (no piece could be locked, no option repeats): the
		// problem itself, not a copy of it
		dc.cut, dc.borrowed, dc.orig = prob, true, make([]int, prob.NumOptions())
		for i := range dc.orig {
			dc.orig[i] = i
		}
		return dc, nil
	}
	dc.cut, dc.orig, err = restrict(prob, keep, marks, extra, copies)
	return dc, err
}

// distinctCutDepth is how many links of the stabiliser chain are cut: 1
// the lock only, 2 a second piece too, 3 a third. The third does not pay:
// measured (one worker, bitset engine, up to all symmetries), pentacube
// 3x4x5 searches 6,790,532 nodes with it against 6,851,478 without, but
// its 83 marks (75 third cuts) take the problem past 128 items, so the
// bitset engine's masks double (3.31 against 2.11 billion updates); 2x5x6
// 429,792 nodes against 429,921. So 2; the random tests run 3 too
// (Puzzle.cutDepth).
const distinctCutDepth = 2

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
func (s *Symmetry) chainLink(prob *solver.Problem, g []int, at []int32, deeper bool, sc *chainScratch) *cutLink {
	pls := s.puzzle.options()
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
	// stamps, not maps: on a board of thousands of cells this runs for
	// every placement of every piece below each of a hundred locked ones
	covered := sc.next()
	for _, o := range at {
		for _, it := range prob.AppendOptionItemIndexes(sc.buf[:0], int(o)) {
			sc.item[it] = covered
		}
	}
	fits := func(q int32) bool {
		sc.buf = prob.AppendOptionItemIndexes(sc.buf[:0], int(q))
		for _, it := range sc.buf {
			if sc.item[it] == covered {
				return false
			}
		}
		return true
	}
	best, bestPiece := []int32(nil), -1
	var bestReps, reps, nonRep []int32
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
		marked := sc.next()
		reps, nonRep = reps[:0], nonRep[:0]
		for _, q := range opts { // increasing: q is the least of its orbit when first met
			if sc.opt[q] == marked || !fits(q) {
				continue
			}
			reps = append(reps, q)
			for _, k := range h {
				if img := s.optMap[k][q]; img != q && sc.opt[img] != marked {
					sc.opt[img] = marked
					nonRep = append(nonRep, img)
				}
			}
		}
		if len(nonRep) == 0 {
			continue
		}
		if bestPiece < 0 || len(nonRep) > len(best) || (len(nonRep) == len(best) && len(reps) < len(bestReps)) {
			best, bestPiece, bestReps = slices.Clone(nonRep), piece, slices.Clone(reps)
		}
	}
	if bestPiece < 0 {
		return nil
	}
	link := &cutLink{piece: bestPiece, nonRep: make(map[int32]bool, len(best))}
	for _, q := range best {
		link.nonRep[q] = true
	}
	if deeper {
		for _, q := range bestReps {
			if l := s.chainLink(prob, g, append(slices.Clip(at), q), false, sc); l != nil {
				if link.next == nil {
					link.next = map[int32]*cutLink{}
				}
				link.next[q] = l
			}
		}
	}
	return link
}

// chainScratch is chainLink's marks, made once for a whole chain: a stamp
// per item (covered by the placements above) and per option (not the
// least of its orbit), each valid while it equals the stamp of the pass.
type chainScratch struct {
	item, opt []uint32
	stamp     uint32
	buf       []int
}

func newChainScratch(prob *solver.Problem) *chainScratch {
	return &chainScratch{item: make([]uint32, prob.NumItems()), opt: make([]uint32, prob.NumOptions())}
}

// next returns a stamp no mark has yet.
func (sc *chainScratch) next() uint32 {
	sc.stamp++
	return sc.stamp
}

// chooseLock picks the piece to restrict: of multiplicity 1, mapped to
// itself by every symmetry in g, with the fewest orbits of placements (ties:
// the most placements). It returns the piece (-1 if none) and,
// per option, whether it is its orbit's representative (the least option).
func (s *Symmetry) chooseLock(g []int) (int, map[int32]bool) {
	if len(g) <= 1 {
		return -1, nil
	}
	pls := s.puzzle.options()
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
			if err := cut.AddOptionOf(prob, i, extra[i]...); err != nil {
				return nil, nil, err
			}
			orig = append(orig, i)
		}
	}
	for _, c := range copies {
		if err := cut.AddOptionOf(prob, c.of, c.extra...); err != nil {
			return nil, nil, err
		}
		orig = append(orig, c.of)
	}
	return cut, orig, cut.Err()
}
