package puzzle

import (
	"context"
	"slices"

	"polyviz/geometry"
)

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
//
// On a box that wraps ("| wrap", Puzzle.Wrap), Box is the group of the
// cylinder or torus: the maps c ↦ T·c + t taken modulo the periods, T a
// symmetry of the lattice that carries joined axes onto joined axes of the
// same period (geometry's WrappedBoxSymmetries), so the translations along
// the joins count as symmetries. Such maps compose to such maps and each
// has its inverse among them, a translation moves cells only (a rotation:
// it renames no piece), and a reflection renames by mirrorPieces as on a
// flat box: so the group acts on the labelled solutions, and the lock,
// the cuts, classOf and the count by symmetry rest on that fact alone and
// stay exact, with no change. Two maps that move every cell alike are
// kept once, as a rotation if either is one (on a period of 2 a flip is a
// translation), so that Rotations counts the proper ones. The wrapped
// placements never repeat a set of cells of a piece (eachWrappedPlacement),
// so the count by symmetry applies. TestWrapRandomBrute checks all of this
// against orbits worked out from the maps' definition.
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

// Symmetry works out the box's symmetry group and how it acts on the placements.
func (p *Puzzle) Symmetry() *Symmetry {
	s, _ := p.SymmetryContext(context.Background()) // fails only when ctx ends
	return s
}

// SymmetryContext is Symmetry that gives up with ctx's error when ctx ends:
// on a board of thousands of cells it maps hundreds of thousands of
// placements under each symmetry, seconds that Stop and Ctrl-C must cut.
func (p *Puzzle) SymmetryContext(ctx context.Context) (*Symmetry, error) {
	s, keep := p.memoSymmetry()
	if s != nil {
		return s, nil
	}
	s, err := p.symmetry(ctx)
	if err == nil {
		keep(s)
	}
	return s, err
}

// symmetry works out SymmetryContext's answer.
func (p *Puzzle) symmetry(ctx context.Context) (*Symmetry, error) {
	pls := p.options()
	s := &Symmetry{puzzle: p}
	var boxPerms [][]int32 // how each symmetry moves the sorted box's cells (not when wrapped)
	var boxIndex *geometry.BoxIndex
	switch {
	case p.grid != nil:
		s.Box, boxPerms, boxIndex = p.grid.BoxSymmetryIndex(p.fullCells())
	case p.wrap.On():
		// the translations along the joins too: see WrappedBoxSymmetries
		s.Box = p.lattice().WrappedBoxSymmetries(p.fullCells(), p.wrap)
	default:
		s.Box = p.lattice().BoxSymmetries(p.fullCells())
		boxPerms = boxCellPerms(s.Box, p.fullCells())
	}
	// The placements' cells are numbered, and a placement is named by its
	// piece and its cells' numbers, sorted (key). Each symmetry maps the
	// numbers through a table made once (perm), so an image is found with
	// no shape built: mapping every placement's shape under every symmetry
	// and naming it in decimal took 45% of Bedlam's setup (201,000 images,
	// 0.07 s of CPU) and 8% of a distinct count of 6x10.
	var cellNo *cellNumbers
	var boxCells int // on a grid, cell number i < boxCells is the sorted box's i-th
	switch {
	case boxPerms != nil && boxIndex != nil && boxIndex.Dense != nil:
		cellNo = boxCellNumbers(boxIndex) // the table that found the symmetries
		boxCells = len(cellNo.cells)
	case boxPerms != nil:
		cellNo = newCellNumbers(p.fullCells())
		for _, c := range sortedCells(p.fullCells()) {
			cellNo.number(c)
		}
		boxCells = len(cellNo.cells)
	default:
		cellNo = newCellNumbers(p.fullCells())
	}
	nums := make([][]int32, len(pls))
	// a grid placement's Numbers are its cells' numbers when the grid's
	// names are the box's cells' in cellNo's order (see namesNumberCells)
	named := boxCells > 0 && p.namesNumberCells(cellNo.cells[:boxCells])
	var slab []int32 // the other base placements' numbers, one allocation
	if !p.wrap.On() {
		n := 0
		for _, pl := range pls {
			if pl.Base >= 0 && (!named || gridNumbers(pl, boxCells) == nil) {
				n += len(p.Bases[pl.Base].Shape)
			}
		}
		slab = make([]int32, n)
	}
	shifted := make([]shiftedShape, len(p.Bases))
	made := make([]bool, len(shifted)) // whether shifted[b] is made
	for i, pl := range pls {
		if i%symCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if named && pl.Base >= 0 && !p.wrap.On() {
			if nums[i] = gridNumbers(pl, boxCells); nums[i] != nil {
				continue
			}
		}
		if pl.Base >= 0 && !p.wrap.On() {
			// a base shape moved: its cells, with no shape built
			base := p.Bases[pl.Base].Shape
			nums[i], slab = slab[:len(base):len(base)], slab[len(base):]
			if !made[pl.Base] {
				made[pl.Base], shifted[pl.Base] = true, cellNo.shifted(base)
			}
			if !cellNo.numberShifted(&shifted[pl.Base], pl.Offset, nums[i]) {
				for k, c := range base {
					nums[i][k] = cellNo.number(c.Add(pl.Offset))
				}
			}
		} else {
			full := p.placementCells(pl)
			nums[i] = make([]int32, len(full))
			for k, c := range full {
				nums[i][k] = cellNo.number(c)
			}
		}
	}
	cells := cellNo.cells
	// An image is found by a fingerprint of its cells (a sum of a random
	// word per cell, so no sort) and checked cell by cell against the
	// placement the fingerprint names: sorting every image took a third of
	// a distinct count's CPU on HexSticks (189 cells a placement). The
	// placements of a piece with the same cells are found the same way,
	// and the first is canonical. A placement's cells are distinct, so two
	// lists of the same length hold the same cells when every cell of one
	// is stamped by the other (sameCells); nothing is sorted. No two
	// canonical options of a piece have the same cells, so at most one
	// candidate fits, in whatever order byFP lists them.
	zob := make([]uint64, len(cells))
	x := uint64(0x9e3779b97f4a7c15)
	for n := range zob {
		x += 0x9e3779b97f4a7c15
		z := (x ^ x>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		zob[n] = z ^ z>>31
	}
	byFP := newOptionTable(len(pls)) // the canonical options by fingerprint
	stamp := make([]uint32, len(cells))
	token := uint32(0)
	// sameCells reports whether two placements' cells (each list without
	// repeats) are the same cells
	sameCells := func(a, b []int32) bool {
		if len(a) != len(b) {
			return false
		}
		token++
		for _, c := range a {
			stamp[c] = token
		}
		for _, c := range b {
			if stamp[c] != token {
				return false
			}
		}
		return true
	}
	s.canon = make([]int32, len(pls))
	s.pieceOpt = make([][]int32, len(p.Pieces))
	for i, pl := range pls {
		var fp uint64
		for _, c := range nums[i] {
			fp += zob[c]
		}
		s.canon[i] = int32(i)
		for j := byFP.first(fp); j >= 0; j = byFP.more(byFP.next[j], fp) {
			if pls[j].Piece == pl.Piece && sameCells(nums[j], nums[i]) {
				s.canon[i] = j
				break
			}
		}
		if s.canon[i] == int32(i) {
			byFP.add(int32(i), fp)
			s.pieceOpt[pl.Piece] = append(s.pieceOpt[pl.Piece], int32(i))
		}
	}
	perm := make([]int32, len(cells)) // the cells' images under the symmetry tried (-1: none)
	// find returns the canonical option of piece whose cells are the
	// images under perm of src (a placement's cells), or false.
	find := func(piece int, src []int32) (int32, bool) {
		var fp uint64
		for _, c := range src {
			if perm[c] < 0 {
				return -1, false
			}
			fp += zob[perm[c]]
		}
		for j := byFP.first(fp); j >= 0; j = byFP.more(byFP.next[j], fp) {
			if pls[j].Piece != piece || len(nums[j]) != len(src) {
				continue
			}
			token++
			for _, c := range src {
				stamp[perm[c]] = token
			}
			same := true
			for _, c := range nums[j] {
				if stamp[c] != token {
					same = false
					break
				}
			}
			if same {
				return j, true
			}
		}
		return -1, false
	}
	mirror := p.mirrorPieces()
	var noMirror []string
	var factors [][2]int // on a grid, the products' factors (their perms left out)
	if boxIndex != nil {
		factors = boxIndex.Factors
	}
	products := newSymClosure(s.Box, boxPerms, factors, boxCells, len(cells), mirror)
	act := func(g int, m []int32) {
		s.Acting = append(s.Acting, g)
		s.optMap = append(s.optMap, m)
		s.proper = append(s.proper, s.Box[g].Proper())
		if s.Box[g].Proper() {
			s.Rotations++
		}
	}
	wrapped := newWrapProducts(p, s.Box)
	moves := newBaseMoves(p, pls, s.canon)
	for g, sym := range s.Box {
		if m, ok := products.known(g); ok {
			act(g, m)
			continue
		}
		if tau, h, ok := wrapped.factors(g); ok {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			mt, mh := s.optMap[tau], s.optMap[h]
			m := make([]int32, len(pls))
			for i, j := range mh {
				m[i] = mt[j]
			}
			wrapped.add(g, len(s.Acting), false)
			act(g, m)
			continue
		}
		if !p.keepsOptional(sym) {
			continue // it maps a cell that must be filled to one that may stay empty
		}
		var gPerm []int32
		if boxCells > 0 {
			gPerm = boxPerm(boxPerms, factors, g)
		}
		for n, c := range cells {
			if n < boxCells {
				perm[n] = gPerm[n] // found with the symmetries
				continue
			}
			perm[n] = -1 // a cell no placement covers: no image there
			if m, ok := cellNo.lookup(sym.Apply(c)); ok {
				perm[n] = m
			}
		}
		proper := sym.Proper()
		m := make([]int32, len(pls))
		if proper && isIdentity(perm) {
			// Each option's image is itself: find would return the one
			// canonical option with its piece and cells, canon's.
			copy(m, s.canon)
			products.add(g, m)
			wrapped.add(g, len(s.Acting), true)
			act(g, m)
			continue
		}
		moves.start(p.grid, sym, factors == nil || factors[g][0] < 0)
		ok := true
		for i, pl := range pls {
			if i%symCheckEvery == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			piece := pl.Piece
			if !proper {
				piece = mirror[pl.Piece]
			}
			j, found := int32(-1), false
			if piece >= 0 {
				if j, found = moves.find(i); !found {
					j, found = find(piece, nums[i])
					if found {
						moves.found(i, j)
					}
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
		products.add(g, m)
		wrapped.add(g, len(s.Acting), true)
		act(g, m)
	}
	s.Facts = SymmetryFacts{
		Planar:          p.Planar,
		BoxSymmetries:   len(s.Box),
		BoxRotations:    countProper(s.Box),
		Acting:          len(s.Acting),
		ActingRotations: s.Rotations,
		Unmirrored:      noMirror,
	}
	if p.wrap.On() {
		for a, on := range p.wrap.Axes() {
			if on {
				s.Facts.Wrap += string(rune('x' + a))
			}
		}
		for _, g := range s.Box {
			if g.T == geometry.Identity {
				s.Facts.Translations++
			}
		}
	}
	return s, nil
}

// sortedCells returns s when it is a Shape already (sorted, each cell
// once), to be read only, and NewShape(s) otherwise.
func sortedCells(s geometry.Shape) geometry.Shape {
	for i := 1; i < len(s); i++ {
		if s[i].Compare(s[i-1]) <= 0 {
			return geometry.NewShape(s...)
		}
	}
	return s
}

// symCheckEvery is how many placements SymmetryContext maps between looks
// at its context: a few milliseconds' work at most.
const symCheckEvery = 1 << 12

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
	// Wrap names the axes along which the box's faces are joined ("y",
	// "xy", "xyz"; empty for a flat box), and Translations is how many of
	// its symmetries are translations along them, the identity included
	// (the turns round a cylinder or torus): they count as symmetries.
	Wrap         string
	Translations int
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
		return geometry.NewShape(append(slices.Clip(pl.Cells), pl.suffixed...)...)
	}
	s := p.Bases[pl.Base].Shape.Translate(pl.Offset)
	if p.wrap.On() {
		for i, c := range s {
			s[i] = p.wrap.Reduce(c)
		}
		s = geometry.NewShape(s...)
	}
	return s
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

// images returns the distinct images of solution sol (sorted option
// numbers, each its own canonical option) under the symmetries g, each
// sorted: the solutions of its class.
func (s *Symmetry) images(sol []int, g []int) [][]int {
	out := make([][]int, 0, len(g))
	seen := newImageSet(len(g))
	img32 := make([]int32, len(sol))
	for _, k := range g {
		img := make([]int, len(sol))
		for i, o := range sol {
			img[i] = int(s.optMap[k][o])
		}
		slices.Sort(img)
		for i, o := range img {
			img32[i] = int32(o)
		}
		if seen.add(img32) {
			out = append(out, img)
		}
	}
	return out
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

// classOf looks at the images of solution s under the symmetries g: it
// reports whether s is the least image that the cut search can find (inF),
// and how many distinct images there are. Without a lock (inF always true)
// every solution of the class is found, duplicates and all.
//
// The images are counted by the orbit-stabiliser theorem, as |g| over the
// number of symmetries that map s onto itself: g is a group (the acting
// symmetries, or their rotations), so each distinct image is met exactly
// as often as s itself. No image is kept, and a solution that is not
// canonical stops at the first smaller image found (on a torus g has
// hundreds of translations, and most solutions the cut search finds are
// not canonical).
//
// A nil inF finds every image. An image whose least option is greater than
// sol's first is greater than sol, and one whose least is smaller is
// smaller: only the images that begin alike are sorted and compared
// (sorting each image was most of the time a HexSticks solution took).
func (s *Symmetry) classOf(sol []int32, g []int, inF func([]int32) bool) (bool, int) {
	if len(sol) == 0 {
		return true, len(g) / max(len(g), 1) // every symmetry fixes it
	}
	img := make([]int32, len(sol))
	fixed := 0
	for _, k := range g {
		m := s.optMap[k]
		least := m[sol[0]]
		for i, o := range sol {
			img[i] = m[o]
			least = min(least, img[i])
		}
		if least > sol[0] {
			continue
		}
		if least < sol[0] && inF == nil {
			return false, 0
		}
		slices.Sort(img)
		switch c := slices.Compare(img, sol); {
		case c == 0:
			fixed++
		case c < 0 && (inF == nil || inF(img)):
			return false, 0
		}
	}
	return true, len(g) / max(fixed, 1)
}
