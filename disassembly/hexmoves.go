package disassembly

import "polyviz/geometry"

// hexMoves are the moves on Knuth's hexagons (geometry.Hexagons: axial
// cells, hexagon xy touching (x±1)y, x(y±1), (x+1)(y-1) and (x-1)(y+1)),
// a board one layer thick. There are six axes, each either way: three
// across an edge, (1,0,0), (0,1,0) and (-1,1,0), a step to the
// neighbouring hexagon; and three toward a corner, (1,1,0), (-1,2,0) and
// (2,-1,0), a step to the hexagon beyond that corner (√3 away). Either
// way the hexagon passes over the two hexagons next to both ends (its
// strip covers part of each) and lands on the third; a step is free when
// the three are. With the edges alone, the pieces of a parallelogram lock
// at once: a hexagon in a row cannot leave it across an edge without
// sweeping its neighbour in the row, while straight up, toward a corner,
// it slides along the edges it shares.
type hexMoves struct{}

var hexDirs = [6]geometry.Cell{{X: 1}, {Y: 1}, {X: -1, Y: 1}, {X: 1, Y: 1}, {X: -1, Y: 2}, {X: 2, Y: -1}}

// hexSweep[axis] are the cells, relative to a hexagon, that it passes
// over and lands on in one positive step along axis: where it lands, then
// the two hexagons next to both ends.
var hexSweep = [6][3]geometry.Cell{
	{{X: 1}, {X: 1, Y: -1}, {Y: 1}},
	{{Y: 1}, {X: -1, Y: 1}, {X: 1}},
	{{X: -1, Y: 1}, {X: -1}, {Y: 1}},
	{{X: 1, Y: 1}, {X: 1}, {Y: 1}},
	{{X: -1, Y: 2}, {Y: 1}, {X: -1, Y: 1}},
	{{X: 2, Y: -1}, {X: 1}, {X: 1, Y: -1}},
}

func (hexMoves) axes() int { return 6 }

func (hexMoves) dir(sd int) geometry.Cell {
	d := hexDirs[sd>>1]
	if sd&1 != 0 {
		return geometry.Cell{}.Sub(d)
	}
	return d
}

func (hexMoves) passes(buf []geometry.Cell, c geometry.Cell, sd int) []geometry.Cell {
	s := hexSweep[sd>>1]
	if sd&1 == 0 {
		for _, o := range s {
			buf = append(buf, c.Add(o))
		}
		return buf
	}
	// a step back is the mirror image of the step forward: the same
	// offsets, negated (the hexagonal lattice is symmetric about a cell)
	for _, o := range s {
		buf = append(buf, c.Sub(o))
	}
	return buf
}

func (hexMoves) gap(p *part, i, j int, d geometry.Cell) gaps {
	w := p.w
	a, b := p.idx[i], p.idx[j]
	c := w.cache
	k := prismKey{a: w.shape[a], b: w.shape[b], d: d}
	if g, ok := c.hex[k]; ok {
		return g
	}
	g := c.hexGap(k)
	c.hex[k] = g
	return g
}

// hexGap is prismGap on hexagons (sweptGap): every hexagon sweeps alike.
func (c *Cache) hexGap(k prismKey) gaps {
	return c.sweptGap(k, hexDirs[:], func(ax int, _ geometry.Cell) []geometry.Cell { return hexSweep[ax][:] })
}
