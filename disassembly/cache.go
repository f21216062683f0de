package disassembly

import (
	"slices"
	"strconv"
	"strings"

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
	lines [][3]map[[2]int32][]int32
	sizes [][3]int32 // each shape's extent
	pairs map[[2]int32]*pairGaps
}

// pairGaps holds the gaps of one ordered pair of shapes, by offset: in an
// array for the offsets at which their bounding boxes overlap or nearly,
// in a map for the others.
type pairGaps struct {
	lo, n [3]int32
	dense [][3]int32 // [0] = -1: not computed yet
	far   map[uint64][3]int32
}

// offsetKey packs an offset (each coordinate within ±2^20) into a key.
func offsetKey(d [3]int32) uint64 {
	const bias = 1 << 20
	return uint64(d[0]+bias) | uint64(d[1]+bias)<<21 | uint64(d[2]+bias)<<42
}

// pair returns the gaps of shapes a and b.
func (c *Cache) pair(a, b int32) *pairGaps {
	k := [2]int32{a, b}
	g, ok := c.pairs[k]
	if !ok {
		g = &pairGaps{far: map[uint64][3]int32{}}
		sa, sb := c.sizes[a], c.sizes[b]
		size := 1
		for ax := range 3 {
			g.lo[ax] = -sb[ax] - 1
			g.n[ax] = sa[ax] + sb[ax] + 3
			size *= int(g.n[ax])
		}
		g.dense = make([][3]int32, size)
		for i := range g.dense {
			g.dense[i][0] = -1
		}
		c.pairs[k] = g
	}
	return g
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{ids: map[string]int32{}, pairs: map[[2]int32]*pairGaps{}}
}

// shape returns the id of a piece's shape and the piece's offset from it
// (the shape is the piece moved so that its least corner is the origin).
func (c *Cache) shape(p geometry.Shape) (int32, geometry.Cell) {
	lo, _ := p.Bounds()
	var b strings.Builder
	for _, x := range p {
		x = x.Sub(lo)
		b.WriteString(strconv.Itoa(x.X))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(x.Y))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(x.Z))
		b.WriteByte(' ')
	}
	k := b.String()
	if id, ok := c.ids[k]; ok {
		return id, lo
	}
	id := int32(len(c.lines))
	c.ids[k] = id
	var lines [3]map[[2]int32][]int32
	for a := range 3 {
		m := map[[2]int32][]int32{}
		for _, x := range p {
			x = x.Sub(lo)
			v := [3]int32{int32(x.X), int32(x.Y), int32(x.Z)}
			pk := perp(v, a)
			m[pk] = append(m[pk], v[a])
		}
		for _, l := range m {
			slices.Sort(l)
		}
		lines[a] = m
	}
	c.lines = append(c.lines, lines)
	_, hi := p.Bounds()
	c.sizes = append(c.sizes, [3]int32{int32(hi.X - lo.X + 1), int32(hi.Y - lo.Y + 1), int32(hi.Z - lo.Z + 1)})
	return id, lo
}

// gap returns, for each axis, how many cells shape a can slide in the
// positive direction before it meets shape b placed at offset d from it
// (free when they never meet).
func (c *Cache) gap(pg *pairGaps, a, b int32, d [3]int32) [3]int32 {
	x, y, z := d[0]-pg.lo[0], d[1]-pg.lo[1], d[2]-pg.lo[2]
	if uint32(x) < uint32(pg.n[0]) && uint32(y) < uint32(pg.n[1]) && uint32(z) < uint32(pg.n[2]) {
		e := &pg.dense[(z*pg.n[1]+y)*pg.n[0]+x]
		if e[0] < 0 {
			*e = c.compute(a, b, d)
		}
		return *e
	}
	k := offsetKey(d)
	if g, ok := pg.far[k]; ok {
		return g
	}
	g := c.compute(a, b, d)
	pg.far[k] = g
	return g
}

// compute works out the gaps of shapes a and b at offset d, line by line.
func (c *Cache) compute(a, b int32, d [3]int32) [3]int32 {
	var g [3]int32
	for ax := range 3 {
		best := int32(free)
		for pk, la := range c.lines[a][ax] {
			var q [3]int32
			switch ax {
			case 0:
				q[1], q[2] = pk[0]-d[1], pk[1]-d[2]
			case 1:
				q[0], q[2] = pk[0]-d[0], pk[1]-d[2]
			default:
				q[0], q[1] = pk[0]-d[0], pk[1]-d[1]
			}
			lb, ok := c.lines[b][ax][perp(q, ax)]
			if !ok {
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
