package puzzle

import "polyviz/geometry"

// A symClosure works out how a grid's box symmetries act on the options as
// products of those already worked out: a product's option map is the
// composition of theirs (the cells move by the product of the cell
// permutations, a piece by its mirror when one factor is a reflection),
// so a group of 24 built from two generators costs two lookups of every
// placement's cells, not 24 (on HexSticks those lookups were a tenth of
// the distinct count). Symmetries with the same permutation and
// properness act alike, so which of them a product is does not matter.
//
// On a grid the box's symmetries come with their factors (BoxIndex), and
// a symmetry found as a product x·y is known once x and y are: the closure
// then needs no permutation of a product, and the grid makes none.
// Whichever way an acting symmetry's map is found, it is the same map
// (each option goes to the one canonical option with its image's piece
// and cells), and a product of acting symmetries acts, so the maps and
// which symmetries act do not depend on the way.
type symClosure struct {
	perms   [][]int32 // [g] the box's cell permutation under Box[g]
	factors [][2]int  // [g] on a grid, Box[g]'s factors or {-1, -1} (BoxIndex.Factors)
	proper  []bool
	// bySample lists the symmetries by a hash of their first few cells'
	// images, so that a product is named from those cells alone and then
	// checked against the candidates' whole permutations: hashing every
	// whole permutation was most of the closure's time on HexSticks
	bySample map[uint64][]int
	maps     [][]int32 // [g] Box[g]'s option map, when known
	have     []bool    // [g] whether maps[g] is known
	gens     []int     // the ones worked out cell by cell
	elems    []int     // every one known
	buf      []int32
}

// newSymClosure returns nil when products cannot be trusted: no cell
// permutations, cells outside the box, or a mirror map that is not an
// involution (two pieces of one shape with one mirror piece).
func newSymClosure(box []geometry.Symmetry, perms [][]int32, factors [][2]int, boxCells, cells int, mirror []int) *symClosure {
	if perms == nil || boxCells != cells {
		return nil
	}
	for p, q := range mirror {
		if q >= 0 && mirror[q] != p {
			return nil
		}
	}
	c := &symClosure{perms: perms, factors: factors, bySample: map[uint64][]int{}, maps: make([][]int32, len(box)),
		have: make([]bool, len(box)), buf: make([]int32, min(sampleCells, cells))}
	for g, sym := range box {
		c.proper = append(c.proper, sym.Proper())
		if factors != nil {
			continue // products are named by their factors
		}
		h := permHash(perms[g][:min(sampleCells, cells)])
		c.bySample[h] = append(c.bySample[h], g)
	}
	return c
}

// sampleCells is how many cells' images name a product first (compose).
const sampleCells = 16

func permHash(p []int32) uint64 {
	h := uint64(len(p))
	for _, v := range p {
		h = (h^uint64(v))*0x100000001b3 + 0x9e3779b97f4a7c15
	}
	return h
}

// known returns the option map of Box[g] when a product gave it.
func (c *symClosure) known(g int) ([]int32, bool) {
	if c == nil {
		return nil, false
	}
	if f := c.factors; f != nil && !c.have[g] && f[g][0] >= 0 && c.have[f[g][0]] && c.have[f[g][1]] {
		c.maps[g], c.have[g] = composeMaps(c.maps[f[g][0]], c.maps[f[g][1]]), true
	}
	return c.maps[g], c.have[g]
}

// composeMaps returns the option map of x·y (y first) from x's and y's.
func composeMaps(mx, my []int32) []int32 {
	m := make([]int32, len(my))
	for i, j := range my {
		m[i] = mx[j]
	}
	return m
}

// add records the option map of Box[g], worked out cell by cell, and
// every product of the known symmetries it makes.
func (c *symClosure) add(g int, m []int32) {
	if c == nil {
		return
	}
	c.maps[g], c.have[g] = m, true
	if c.factors != nil {
		return // its products are known from their factors
	}
	c.elems = append(c.elems, g)
	if !c.proper[g] || !isIdentity(c.perms[g]) {
		c.gens = append(c.gens, g)
	}
	// every product of generators is a word in them, reached by
	// multiplying the known ones on the right
	for i := 0; i < len(c.elems); i++ {
		for _, gen := range c.gens {
			c.compose(c.elems[i], gen)
		}
	}
}

func isIdentity(p []int32) bool {
	for n, m := range p {
		if int32(n) != m {
			return false
		}
	}
	return true
}

// compose makes the product x·y (y first) known, if it is a symmetry of
// the box not known yet: the first such in Box's order whose permutation
// is the product's. A symmetry with that permutation has the product's
// first cells' images, so it is among the candidates named by them
// (bySample, in Box's order), and each is checked cell by cell.
func (c *symClosure) compose(x, y int) {
	px, py := c.perms[x], c.perms[y]
	proper := c.proper[x] == c.proper[y]
	k := len(c.buf)
	for n, m := range py[:k] {
		c.buf[n] = px[m]
	}
	for _, g := range c.bySample[permHash(c.buf)] {
		if c.have[g] || c.proper[g] != proper || !isProduct(c.perms[g], px, py) {
			continue
		}
		c.maps[g], c.have[g] = composeMaps(c.maps[x], c.maps[y]), true
		c.elems = append(c.elems, g)
		return
	}
}

// isProduct reports whether permutation pg is px·py (py first).
func isProduct(pg, px, py []int32) bool {
	if len(pg) != len(py) {
		return false
	}
	for n, m := range py {
		if pg[n] != px[m] {
			return false
		}
	}
	return true
}

// boxCellPerms returns how each of a lattice box's symmetries moves the
// sorted box's cells (by index), as a grid's BoxSymmetryPerms does, so that
// a lattice box's symmetries too act on the options as products (see
// symClosure): a tricube in a 36x36x36 box has 529,200 placements, and
// looking up each of them under all 48 symmetries took 12 s. It returns
// nil when some symmetry does not map the box onto itself.
func boxCellPerms(syms []geometry.Symmetry, box geometry.Shape) [][]int32 {
	sorted := geometry.NewShape(box...)
	at := newCellNumbers(sorted)
	for _, c := range sorted {
		at.number(c)
	}
	perms := make([][]int32, len(syms))
	for g, sym := range syms {
		perm := make([]int32, len(sorted))
		for i, c := range sorted {
			n, ok := at.lookup(sym.Apply(c))
			if !ok {
				return nil
			}
			perm[i] = n
		}
		perms[g] = perm
	}
	return perms
}

// boxPerm returns perms[g], made from its factors when the grid left it
// out (a product's: see BoxIndex.Factors) and kept in perms.
func boxPerm(perms [][]int32, factors [][2]int, g int) []int32 {
	if perms[g] == nil {
		px, py := boxPerm(perms, factors, factors[g][0]), boxPerm(perms, factors, factors[g][1])
		perm := make([]int32, len(py))
		for n, m := range py {
			perm[n] = px[m]
		}
		perms[g] = perm
	}
	return perms[g]
}
