package disassembly

import "polyviz/geometry"

// gaps holds, for each axis of a grid (six at most: hexagons'), how far
// one piece slides before it meets another.
type gaps [6]int32

// mover is what the disassembler needs of a grid: the directions a piece
// moves along and how far one piece slides along each before it meets
// another. A signed direction sd is 2*axis for +axis and 2*axis+1 for
// -axis, as BurrTools numbers them.
type mover interface {
	// axes is the number of axes (each moved along either way).
	axes() int
	// dir is the step of one unit in signed direction sd.
	dir(sd int) geometry.Cell
	// gap returns, for each axis, how many units local piece i of part p
	// slides in the positive direction before it meets local piece j, d
	// being j's shape's offset from i's (free when they never meet).
	gap(p *part, i, j int, d geometry.Cell) gaps
	// passes appends to buf the cells a cell at c passes over and lands on
	// in one step in signed direction sd.
	passes(buf []geometry.Cell, c geometry.Cell, sd int) []geometry.Cell
}

// cubeMoves are the moves on the cube grid: one cell along ±x, ±y, ±z.
type cubeMoves struct{}

func (cubeMoves) axes() int                { return 3 }
func (cubeMoves) dir(sd int) geometry.Cell { return dirCell(sd) }

func (cubeMoves) gap(p *part, i, j int, d geometry.Cell) gaps {
	g := p.w.cache.gap(p.pairs[i*p.m+j], [3]int32{int32(d.X), int32(d.Y), int32(d.Z)})
	return gaps{g[0], g[1], g[2]}
}

func (cubeMoves) passes(buf []geometry.Cell, c geometry.Cell, sd int) []geometry.Cell {
	return append(buf, c.Add(dirCell(sd)))
}

// prismMoves are BurrTools' moves on the triangular prism grid (gridType
// 1, see geometry.Prisms: cell (x, y, z) is a triangle of layer z, row y,
// of one orientation when x+y is even and of the other when it is odd).
// There are four axes: (0,0,1) from one layer to the next; (2,0,0) along
// a row to the next triangle of the same orientation, passing over the
// one between; and (1,1,0) and (-1,1,0), to the triangle of the same
// orientation in the next row, passing over the triangle beside it in its
// own row (even x+y) or the one beside it in the next row (odd x+y). A
// step is free when every cell passed over or landed on is.
type prismMoves struct{}

var prismDirs = [4]geometry.Cell{{Z: 1}, {X: 2}, {X: 1, Y: 1}, {X: -1, Y: 1}}

// prismSweep[axis][x+y parity] are the cells, relative to a triangle,
// that it passes over and lands on in one positive step along axis.
var prismSweep = [4][2][]geometry.Cell{
	{{{Z: 1}}, {{Z: 1}}},
	{{{X: 1}, {X: 2}}, {{X: 1}, {X: 2}}},
	{{{X: 1}, {X: 1, Y: 1}}, {{Y: 1}, {X: 1, Y: 1}}},
	{{{X: -1}, {X: -1, Y: 1}}, {{Y: 1}, {X: -1, Y: 1}}},
}

func (prismMoves) axes() int { return 4 }

func (prismMoves) dir(sd int) geometry.Cell {
	d := prismDirs[sd>>1]
	if sd&1 != 0 {
		return geometry.Cell{}.Sub(d)
	}
	return d
}

func parity(c geometry.Cell) int { return (c.X + c.Y) & 1 }

func (prismMoves) passes(buf []geometry.Cell, c geometry.Cell, sd int) []geometry.Cell {
	a := sd >> 1
	if sd&1 == 0 {
		for _, s := range prismSweep[a][parity(c)] {
			buf = append(buf, c.Add(s))
		}
		return buf
	}
	// a step back is the step forward from where it lands, undone: the
	// same cells but the one it starts from, and with the one it lands on
	q := c.Sub(prismDirs[a])
	buf = append(buf, q)
	for _, s := range prismSweep[a][parity(q)] {
		if n := q.Add(s); n != c {
			buf = append(buf, n)
		}
	}
	return buf
}

// prismKey names the gaps of two shapes at an offset; par is the parity
// of x+y at the first shape's least corner (a shape is kept from its
// least corner, which may change the parity of its cells).
type prismKey struct {
	a, b int32
	par  int8
	d    geometry.Cell
}

func (prismMoves) gap(p *part, i, j int, d geometry.Cell) gaps {
	w := p.w
	a, b := p.idx[i], p.idx[j]
	c := w.cache
	k := prismKey{a: w.shape[a], b: w.shape[b], par: int8(parity(w.base[a])), d: d}
	if g, ok := c.prism[k]; ok {
		return g
	}
	g := c.prismGap(k)
	c.prism[k] = g
	return g
}

// prismGap works out the gaps of key k's shapes on prisms (sweptGap): a
// triangle's sweep depends on its orientation, the parity of x+y, which
// no step changes.
func (c *Cache) prismGap(k prismKey) gaps {
	return c.sweptGap(k, prismDirs[:], func(ax int, s geometry.Cell) []geometry.Cell {
		return prismSweep[ax][(s.X+s.Y+int(k.par))&1]
	})
}

// sweptGap works out the gaps of key k's shapes on a grid whose axis ax
// steps by dirs[ax] and whose cell s passes over and lands on the cells
// sweep(ax, s) (relative to where it is): for each cell of the first and
// each axis, the steps it takes before such a cell is one of the
// second's, or free when it goes past the second's bounds first.
func (c *Cache) sweptGap(k prismKey, dirs []geometry.Cell, sweep func(ax int, s geometry.Cell) []geometry.Cell) gaps {
	bs := c.set(k.b)
	size := c.sizes[k.b]
	lo := k.d
	hi := k.d.Add(geometry.Cell{X: int(size[0]) - 1, Y: int(size[1]) - 1, Z: int(size[2]) - 1})
	past := func(q, d geometry.Cell) bool {
		return (d.X > 0 && q.X > hi.X+2) || (d.X < 0 && q.X < lo.X-2) ||
			(d.Y > 0 && q.Y > hi.Y+2) || (d.Y < 0 && q.Y < lo.Y-2) ||
			(d.Z > 0 && q.Z > hi.Z+2) || (d.Z < 0 && q.Z < lo.Z-2)
	}
	var g gaps
	for ax, d := range dirs {
		best := int32(free)
		for _, s := range c.cells[k.a] {
			swept := sweep(ax, s)
			q := s
		steps:
			for n := int32(0); n < best; n++ {
				if past(q, d) {
					break
				}
				for _, o := range swept {
					if bs[q.Add(o).Sub(k.d)] {
						best = n
						break steps
					}
				}
				q = q.Add(d)
			}
			if best == 0 {
				break
			}
		}
		g[ax] = best
	}
	return g
}

// set returns shape id's cells as a set.
func (c *Cache) set(id int32) map[geometry.Cell]bool {
	if c.sets[id] == nil {
		s := make(map[geometry.Cell]bool, len(c.cells[id]))
		for _, x := range c.cells[id] {
			s[x] = true
		}
		c.sets[id] = s
	}
	return c.sets[id]
}

// sdOf returns the signed direction of step d, or -1.
func (w *world) sdOf(d geometry.Cell) int {
	for sd := range 2 * w.moves.axes() {
		if w.moves.dir(sd) == d {
			return sd
		}
	}
	return -1
}
