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
type symClosure struct {
	perms  [][]int32 // [g] the box's cell permutation under Box[g]
	proper []bool
	byHash map[uint64][]int
	// bySample: the same, by a hash of the first few cells' images, so
	// that a product already known is seen as one from those cells alone
	// (most products add makes are: the whole permutation built and
	// hashed for each was most of the closure's time on HexSticks)
	bySample map[uint64][]int
	maps     map[int][]int32 // Box index -> its option map, the acting ones known
	gens     []int           // the ones worked out cell by cell
	elems    []int           // every one known
	buf      []int32
}

// newSymClosure returns nil when products cannot be trusted: no cell
// permutations, cells outside the box, or a mirror map that is not an
// involution (two pieces of one shape with one mirror piece).
func newSymClosure(box []geometry.Symmetry, perms [][]int32, boxCells, cells int, mirror []int) *symClosure {
	if perms == nil || boxCells != cells {
		return nil
	}
	for p, q := range mirror {
		if q >= 0 && mirror[q] != p {
			return nil
		}
	}
	c := &symClosure{perms: perms, byHash: map[uint64][]int{}, bySample: map[uint64][]int{}, maps: map[int][]int32{}, buf: make([]int32, cells)}
	for g, sym := range box {
		c.proper = append(c.proper, sym.Proper())
		h := permHash(perms[g])
		c.byHash[h] = append(c.byHash[h], g)
		h = permHash(perms[g][:min(sampleCells, cells)])
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
	m, ok := c.maps[g]
	return m, ok
}

// add records the option map of Box[g], worked out cell by cell, and
// every product of the known symmetries it makes.
func (c *symClosure) add(g int, m []int32) {
	if c == nil {
		return
	}
	c.maps[g] = m
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
// the box not known yet.
func (c *symClosure) compose(x, y int) {
	px, py := c.perms[x], c.perms[y]
	proper := c.proper[x] == c.proper[y]
	// a product whose first cells go where only known symmetries take
	// them is known (two symmetries that differ anywhere are two entries)
	k := min(sampleCells, len(py))
	for n, m := range py[:k] {
		c.buf[n] = px[m]
	}
	unknown := false
	for _, g := range c.bySample[permHash(c.buf[:k])] {
		if _, ok := c.maps[g]; !ok && c.proper[g] == proper {
			unknown = true
			break
		}
	}
	if !unknown {
		return
	}
	for n, m := range py {
		c.buf[n] = px[m]
	}
	for _, g := range c.byHash[permHash(c.buf)] {
		if _, ok := c.maps[g]; ok || c.proper[g] != proper || !equalInt32(c.perms[g], c.buf) {
			continue
		}
		mx, my := c.maps[x], c.maps[y]
		m := make([]int32, len(my))
		for i, j := range my {
			m[i] = mx[j]
		}
		c.maps[g] = m
		c.elems = append(c.elems, g)
		return
	}
}

func equalInt32(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
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
