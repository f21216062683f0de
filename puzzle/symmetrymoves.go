package puzzle

import "polyviz/geometry"

// baseMoves finds the image of a grid placement under a symmetry from the
// image of another placement of its base, with no cell looked up. On a
// grid whose map is integral the symmetry is c ↦ m·c + t on the index
// triples, exactly (geometry's LinearPart), so for a base shape B moved by
// d and by d₀, the image of B + d is the image of B + d₀ moved by
// m·(d − d₀). When that image is option j₀, base B' moved by e₀, the image
// of B + d is B' moved by e₀ + m·(d − d₀): the option with that base and
// offset, if there is one, has its cells (a grid placement covers, and
// numbers, its base's cells moved: SetGrid), and as a piece's base shapes
// are its own, its canonical option is the one find would return. When
// there is none (a colour kept it out), find looks cell by cell. A stick
// puzzle's bases have a few placements each, of ~190 cells: looking up
// each was most of its symmetries' cost.
type baseMoves struct {
	pls   []Placement
	canon []int32
	at    *optionTable // the options by base and offset (baseKey)
	m     [9]int       // the symmetry's linear part, when on
	on    bool
	first []int32 // [base] the placement whose image was found, or -1
	image []int32 // [base] that image
}

// baseKey is the key of base b moved by d in baseMoves' table.
func baseKey(b int, d geometry.Cell) uint64 {
	h := uint64(b)*0x9e3779b97f4a7c15 ^ uint64(d.X)
	h = (h*0xbf58476d1ce4e5b9 ^ uint64(d.Y)) * 0x94d049bb133111eb
	return (h ^ uint64(d.Z)) * 0x9e3779b97f4a7c15
}

// newBaseMoves returns nil unless p is on a grid, not wrapped, and its
// placements are base shapes moved (their cells as symmetry numbers them).
func newBaseMoves(p *Puzzle, pls []Placement, canon []int32) *baseMoves {
	if p.grid == nil || p.wrap.On() {
		return nil
	}
	b := &baseMoves{pls: pls, canon: canon, at: newOptionTable(len(pls)),
		first: make([]int32, len(p.Bases)), image: make([]int32, len(p.Bases))}
	for i, pl := range pls {
		if pl.Base < 0 {
			return nil
		}
		b.at.add(int32(i), baseKey(pl.Base, pl.Offset))
	}
	return b
}

// start readies b for symmetry sym of grid g; direct says that the box's
// cells are numbered as sym.Apply moves them (its permutation was found
// from its image, not made as a product). b is off otherwise, or when
// sym's map is not integral.
func (b *baseMoves) start(g *geometry.Grid, sym geometry.Symmetry, direct bool) {
	if b == nil {
		return
	}
	b.m, b.on = g.LinearPart(sym)
	b.on = b.on && direct
	for i := range b.first {
		b.first[i] = -1
	}
}

// find returns the image of placement i, from its base's placement whose
// image was found; false when it cannot tell.
func (b *baseMoves) find(i int) (int32, bool) {
	if b == nil || !b.on {
		return -1, false
	}
	pl := b.pls[i]
	i0 := b.first[pl.Base]
	if i0 < 0 {
		return -1, false
	}
	j0 := b.pls[b.image[pl.Base]]
	d := pl.Offset.Sub(b.pls[i0].Offset)
	m := &b.m
	e := j0.Offset.Add(geometry.Cell{
		X: m[0]*d.X + m[1]*d.Y + m[2]*d.Z,
		Y: m[3]*d.X + m[4]*d.Y + m[5]*d.Z,
		Z: m[6]*d.X + m[7]*d.Y + m[8]*d.Z,
	})
	// any option with that base and offset has those cells: canon's is
	// the one
	k := baseKey(j0.Base, e)
	for o := b.at.first(k); o >= 0; o = b.at.more(b.at.next[o], k) {
		if q := b.pls[o]; q.Base == j0.Base && q.Offset == e {
			return b.canon[o], true
		}
	}
	return -1, false
}

// found records that placement i's image, found cell by cell, is option j.
func (b *baseMoves) found(i int, j int32) {
	if b == nil || !b.on {
		return
	}
	if base := b.pls[i].Base; b.first[base] < 0 {
		b.first[base], b.image[base] = int32(i), j
	}
}

// An optionTable lists options by a 64-bit key, in chains through slices:
// a map of struct keys to slices of options cost more than the lookups it
// served on HexSticks (180 options). A key's options come in no set
// order, and a user checks what the key stands for: each finds at most
// one option that fits.
type optionTable struct {
	head  []int32  // [bucket] the option added last there, or -1
	next  []int32  // [option] the one added before it to its bucket, or -1
	key   []uint64 // [option] its key
	shift uint     // a key's bucket is its top bits, mixed
}

// newOptionTable returns an empty table for options 0..options-1.
func newOptionTable(options int) *optionTable {
	t := &optionTable{next: make([]int32, options), key: make([]uint64, options), shift: 64}
	for 1<<(64-t.shift) < 2*options {
		t.shift--
	}
	t.head = make([]int32, 1<<(64-t.shift))
	for i := range t.head {
		t.head[i] = -1
	}
	return t
}

func (t *optionTable) bucket(k uint64) int { return int((k * 0x9e3779b97f4a7c15) >> t.shift) }

// add lists option o under key k.
func (t *optionTable) add(o int32, k uint64) {
	b := t.bucket(k)
	t.key[o], t.next[o], t.head[b] = k, t.head[b], o
}

// first returns an option listed under k, or -1; more(t.next[o], k) the
// next one after o.
func (t *optionTable) first(k uint64) int32 { return t.more(t.head[t.bucket(k)], k) }

func (t *optionTable) more(o int32, k uint64) int32 {
	for o >= 0 && t.key[o] != k {
		o = t.next[o]
	}
	return o
}
