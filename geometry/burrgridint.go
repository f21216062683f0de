package geometry

import "math"

// Integer maps: a cube rotation (or one followed by the inversion) has
// entries 0 and ±1, so on the grids whose centres are the index triples
// less a constant (spheres, rhombic tetrahedra, tetra-octa) it moves index
// triples by an integer affine map, which gives the float path's cells
// exactly, with no rounding and no test of nearness a cell.

// intMap is c ↦ m·c + t on index triples; ok false when map k is not
// integral (the prisms' turns, the spheres' 60° ones). keepsCells is true
// when the map carries every cell of the grid to a cell (markCellMaps),
// so that an image of a cell needs no test.
type intMap struct {
	m          [9]int
	t          [3]int
	ok         bool
	keepsCells bool
}

// apply returns m·c + t.
func (im *intMap) apply(c Cell) Cell {
	return Cell{
		im.m[0]*c.X + im.m[1]*c.Y + im.m[2]*c.Z + im.t[0],
		im.m[3]*c.X + im.m[4]*c.Y + im.m[5]*c.Z + im.t[1],
		im.m[6]*c.X + im.m[7]*c.Y + im.m[8]*c.Z + im.t[2],
	}
}

// integerMaps returns the integer form of each map for a grid whose centre
// is the triple less mid on every axis and whose cellAt rounds back: map
// m takes c to m·(c − mid) + mid = m·c + (mid − m·mid). Only exactly
// integral matrices and offsets qualify, so the float path gives the same
// cells (small integers and halves are exact in floats).
func integerMaps(maps []mat3, mid float64) []intMap {
	out := make([]intMap, len(maps))
	for k, m := range maps {
		im := intMap{ok: true}
		for i, v := range m {
			if v != math.Trunc(v) || math.Abs(v) > 1 {
				im.ok = false
			}
			im.m[i] = int(v)
		}
		for i := range 3 {
			t := mid - (m[3*i]+m[3*i+1]+m[3*i+2])*mid
			if t != math.Trunc(t) {
				im.ok = false
			}
			im.t[i] = int(t)
		}
		out[k] = im
	}
	return out
}

// markCellMaps sets keepsCells on the integer maps that carry every cell
// of one period of the grid (the triples in [0, period)³) to a cell. The
// cells repeat with that period on each axis and an integer map's matrix
// is a signed permutation, which carries period·ℤ³ onto itself, so a map
// that keeps one period's cells keeps them all. Checking one period (24
// cells of the rhombic grid under 48 maps) costs less than a test of
// every image: a rhombic grid's puzzle maps tens of thousands of cells.
func (g *Grid) markCellMaps(period int) {
	for k := range g.imaps {
		im := &g.imaps[k]
		im.keepsCells = im.ok
		for x := 0; x < period && im.keepsCells; x++ {
			for y := 0; y < period && im.keepsCells; y++ {
				for z := 0; z < period && im.keepsCells; z++ {
					if c := (Cell{x, y, z}); g.isCell(c) && !g.isCell(im.apply(c)) {
						im.keepsCells = false
					}
				}
			}
		}
	}
}

// mapIndex returns the cell at map k of centre(c), as cellAt finds it. c
// must be a cell (every shape read or drawn is one of cells).
func (g *Grid) mapIndex(k int, c Cell) (Cell, bool) {
	if g.imaps != nil && g.imaps[k].ok {
		n := g.imaps[k].apply(c)
		return n, g.imaps[k].keepsCells || g.isCell(n)
	}
	return g.cellAt(g.maps[k].apply(g.centre(c)))
}

// TranslationStep returns a whole number that divides every coordinate of
// every translation of the grid (see IsTranslation), so that a search for
// translations need look only at its multiples.
func (g *Grid) TranslationStep() int {
	if g.step < 1 {
		return 1
	}
	return g.step
}
