package disassembly

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"polyviz/geometry"
)

// Cache is BurrTools' movement cache: how far one piece can slide along
// each axis before it meets another, for every pair of piece shapes (in
// the orientations met) and relative placement seen so far. Options.Cache
// shares one between Disassemble calls on the packings of one puzzle, so
// that each pair is looked at once. A Cache is not safe for concurrent
// use: give each goroutine its own.
type Cache struct {
	ids   map[string]int32 // a shape's cells, from its least corner, to its id
	lines [][3]lineSet
	sizes [][3]int32 // each shape's extent
	// pairTab[a][b] is the pair of shapes a and b; near and far hold
	// the gaps of the pairs without an array, and of the offsets beyond it
	pairTab [][]*pairGaps
	npairs  int
	near    gapTable // offsets within ±2^11
	far     map[farKey][3]int32
	key     []byte
	// for the prism grid: each shape's cells (from its least corner), as
	// a set when needed, and the gaps met
	cells [][]geometry.Cell
	sets  []map[geometry.Cell]bool
	prism map[prismKey]gaps
	hex   map[prismKey]gaps // the same on hexagons
	// storage the searches of one call use, kept for the next
	scratch scratch
}

// scratch is the storage of the searches of one Disassemble call: kept in
// the cache so that the next call on the same goroutine reuses it.
type scratch struct {
	seen  map[string]struct{}
	nodes []node
	arena []geometry.Cell
	rows  []int32
	blk   []uint64
	touch []uint64
	pairs []*pairGaps
	grid  []int32
	// the search's moves by distance (see part.search)
	locals [][]uint64
	used   []int32
}

// lineSet holds a shape's cells on each line along one axis: lines[u*nv+v]
// are the sorted coordinates along the axis of the cells whose two other
// coordinates (in axis order) are u and v.
type lineSet struct {
	nu, nv int32
	lines  [][]int32
}

// pairGaps holds the gaps of one ordered pair of shapes, by offset. The
// gaps met first are kept in the cache's map; once a pair has been looked
// at often enough, the offsets at which the two bounding boxes overlap or
// nearly get an array. (An array for every pair at once would cost more
// to allocate and clear than a short search of a small puzzle takes.)
type pairGaps struct {
	id    uint32
	a, b  int32
	lo, n [3]int32
	seen  int        // gaps computed while there was no array
	dense [][3]int32 // nil until the pair is busy; stored as gap+1, 0: not computed yet
}

// farKey is a gap's key in the cache's map: the pair and the offset.
type farKey struct {
	pair uint32
	off  uint64
}

// denseAfter is how many gaps of a pair are computed before it gets its
// array.
const denseAfter = 32

// offsetKey packs an offset (each coordinate within ±2^20) into a key.
func offsetKey(d [3]int32) uint64 {
	const bias = 1 << 20
	return uint64(d[0]+bias) | uint64(d[1]+bias)<<21 | uint64(d[2]+bias)<<42
}

// pair returns the gaps of shapes a and b.
func (c *Cache) pair(a, b int32) *pairGaps {
	for int(a) >= len(c.pairTab) {
		c.pairTab = append(c.pairTab, nil)
	}
	row := c.pairTab[a]
	if int(b) < len(row) && row[b] != nil {
		return row[b]
	}
	g := &pairGaps{id: uint32(c.npairs), a: a, b: b}
	c.npairs++
	sa, sb := c.sizes[a], c.sizes[b]
	for ax := range 3 {
		g.lo[ax] = -sb[ax] - 1
		g.n[ax] = sa[ax] + sb[ax] + 3
	}
	for int(b) >= len(row) {
		row = append(row, nil)
	}
	row[b] = g
	c.pairTab[a] = row
	return g
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{ids: map[string]int32{}, far: map[farKey][3]int32{}, prism: map[prismKey]gaps{}, hex: map[prismKey]gaps{}}
}

// shape returns the id of a piece's shape and the piece's offset from it
// (the shape is the piece moved so that its least corner is the origin).
func (c *Cache) shape(p geometry.Shape) (int32, geometry.Cell) {
	lo, _ := p.Bounds()
	b := c.key[:0]
	for _, x := range p {
		x = x.Sub(lo)
		b = binary.AppendVarint(b, int64(x.X))
		b = binary.AppendVarint(b, int64(x.Y))
		b = binary.AppendVarint(b, int64(x.Z))
	}
	c.key = b
	if id, ok := c.ids[string(b)]; ok {
		return id, lo
	}
	k := string(b)
	id := int32(len(c.lines))
	c.ids[k] = id
	_, hi := p.Bounds()
	size := [3]int32{int32(hi.X - lo.X + 1), int32(hi.Y - lo.Y + 1), int32(hi.Z - lo.Z + 1)}
	var lines [3]lineSet
	for a := range 3 {
		ps := perp(size, a)
		ls := lineSet{nu: ps[0], nv: ps[1], lines: make([][]int32, ps[0]*ps[1])}
		for _, x := range p {
			x = x.Sub(lo)
			v := [3]int32{int32(x.X), int32(x.Y), int32(x.Z)}
			pk := perp(v, a)
			k := pk[0]*ls.nv + pk[1]
			ls.lines[k] = append(ls.lines[k], v[a])
		}
		for _, l := range ls.lines {
			slices.Sort(l)
		}
		lines[a] = ls
	}
	c.lines = append(c.lines, lines)
	cells := make([]geometry.Cell, len(p))
	for i, x := range p {
		cells[i] = x.Sub(lo)
	}
	c.cells = append(c.cells, cells)
	c.sets = append(c.sets, nil)
	c.sizes = append(c.sizes, size)
	return id, lo
}

// gap returns, for each axis, how many cells the pair's first shape can
// slide in the positive direction before it meets the second placed at
// offset d from it (free when they never meet).
func (c *Cache) gap(pg *pairGaps, d [3]int32) [3]int32 {
	x, y, z := d[0]-pg.lo[0], d[1]-pg.lo[1], d[2]-pg.lo[2]
	near := uint32(x) < uint32(pg.n[0]) && uint32(y) < uint32(pg.n[1]) && uint32(z) < uint32(pg.n[2])
	if near && pg.dense != nil {
		e := &pg.dense[(z*pg.n[1]+y)*pg.n[0]+x]
		if e[0] == 0 {
			g := c.compute(pg.a, pg.b, d)
			// +1 (wrapping for free) so that the zero value means unknown
			*e = [3]int32{g[0] + 1, g[1] + 1, g[2] + 1}
			return g
		}
		return [3]int32{e[0] - 1, e[1] - 1, e[2] - 1}
	}
	// the key: one word when the pair's number and the offset fit
	const bias, span = 1 << 11, 1 << 12
	short := pg.id < 1<<27 && uint32(d[0]+bias) < span && uint32(d[1]+bias) < span && uint32(d[2]+bias) < span
	var k uint64
	if short {
		k = 1<<63 | uint64(pg.id)<<36 | uint64(d[0]+bias) | uint64(d[1]+bias)<<12 | uint64(d[2]+bias)<<24
		if g, ok := c.near.get(k); ok {
			return g
		}
	} else if g, ok := c.far[farKey{pg.id, offsetKey(d)}]; ok {
		return g
	}
	g := c.compute(pg.a, pg.b, d)
	if near {
		if pg.seen++; pg.seen >= denseAfter {
			pg.dense = make([][3]int32, int(pg.n[0])*int(pg.n[1])*int(pg.n[2]))
			pg.dense[(z*pg.n[1]+y)*pg.n[0]+x] = [3]int32{g[0] + 1, g[1] + 1, g[2] + 1}
			return g
		}
	}
	if short {
		c.near.put(k, g)
	} else {
		c.far[farKey{pg.id, offsetKey(d)}] = g
	}
	return g
}

// compute works out the gaps of shapes a and b at offset d, line by line.
func (c *Cache) compute(a, b int32, d [3]int32) [3]int32 {
	var g [3]int32
	for ax := range 3 {
		best := int32(free)
		sa, sb := &c.lines[a][ax], &c.lines[b][ax]
		pd := perp(d, ax)
		for k, la := range sa.lines {
			if la == nil {
				continue
			}
			u, v := int32(k)/sa.nv-pd[0], int32(k)%sa.nv-pd[1]
			if uint32(u) >= uint32(sb.nu) || uint32(v) >= uint32(sb.nv) {
				continue
			}
			lb := sb.lines[u*sb.nv+v]
			if lb == nil {
				continue
			}
			// the least gap from a cell of a to a cell of b ahead of it
			t := 0
			for _, x := range la {
				for t < len(lb) && lb[t]+d[ax] <= x {
					t++
				}
				if t == len(lb) {
					break
				}
				if gp := lb[t] + d[ax] - x - 1; gp < best {
					best = gp
				}
			}
		}
		g[ax] = best
	}
	return g
}

// gapTable maps a nonzero key to gaps: open addressing on a power of two
// slots, cheaper than a Go map for the lookups of the searches.
type gapTable struct {
	keys  []uint64 // 0: empty
	vals  [][3]int32
	n     int
	shift uint
}

func (t *gapTable) slot(k uint64) int {
	return int((k * 0x9E3779B97F4A7C15) >> t.shift)
}

func (t *gapTable) get(k uint64) ([3]int32, bool) {
	if t.n == 0 {
		return [3]int32{}, false
	}
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case 0:
			return [3]int32{}, false
		}
	}
}

func (t *gapTable) put(k uint64, g [3]int32) {
	if 2*(t.n+1) > len(t.keys) {
		old, vals := t.keys, t.vals
		size := max(256, 2*len(old))
		t.keys, t.vals, t.n = make([]uint64, size), make([][3]int32, size), 0
		t.shift = uint(64 - bits.TrailingZeros(uint(size)))
		for i, ok := range old {
			if ok != 0 {
				t.put(ok, vals[i])
			}
		}
	}
	mask := len(t.keys) - 1
	i := t.slot(k)
	for t.keys[i] != 0 && t.keys[i] != k {
		i = (i + 1) & mask
	}
	if t.keys[i] == 0 {
		t.n++
	}
	t.keys[i], t.vals[i] = k, g
}
