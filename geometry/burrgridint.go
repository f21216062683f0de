package geometry

import (
	"math"
)

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
// The period's cells are looked up in a table of isCell's answers, made
// once: every command on the grid builds it, and 48 maps of 125 triples
// through the isCell closure took a tenth of a millisecond.
func (g *Grid) markCellMaps(period int) {
	p2 := period * period
	cell := make([]bool, p2*period)
	var cells [][3]int // the period's cells
	for n := range cell {
		c := Cell{n / p2, n / period % period, n % period}
		if cell[n] = g.isCell(c); cell[n] {
			cells = append(cells, [3]int{c.X, c.Y, c.Z})
		}
	}
	// a signed permutation's image axis i is sign·v + t of one source
	// axis's v, taken mod period from a table of that axis's values (no
	// division in the loops: they were most of this)
	weight := [3]int{p2, period, 1}
	axis := make([]int, 3*period)
	for k := range g.imaps {
		im := &g.imaps[k]
		im.keepsCells = im.ok && signedPermutation(im.m)
		if !im.keepsCells {
			continue
		}
		for i := range 3 {
			for j := range 3 {
				if v := im.m[3*i+j]; v != 0 {
					t := (im.t[i]%period + period) % period
					for a := range period {
						x := v*a + t // in (-period, 2·period)
						if x < 0 {
							x += period
						} else if x >= period {
							x -= period
						}
						axis[j*period+a] = x * weight[i]
					}
				}
			}
		}
		for _, c := range cells {
			if !cell[axis[c[0]]+axis[period+c[1]]+axis[2*period+c[2]]] {
				im.keepsCells = false
				break
			}
		}
	}
}

// signedPermutation reports whether m has one ±1 in each row and column,
// the rest zeros.
func signedPermutation(m [9]int) bool {
	var rows, cols [3]int
	for i, v := range m {
		switch v {
		case 0:
		case 1, -1:
			rows[i/3]++
			cols[i%3]++
		default:
			return false
		}
	}
	return rows == [3]int{1, 1, 1} && cols == [3]int{1, 1, 1}
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

// OrientSortedInto is SortCells of OrientCellsInto(dst, k, s): the cells of
// Orient(k, s), sorted, written into dst when it is large enough. On an
// integer map that is a signed permutation and keeps cells (every cube
// rotation on the rhombic grid), the image's bounds are those of s moved
// by the map, so each cell of s goes straight into a bitmap of the
// normalized image, with neither the image nor its bounds made first; a
// rhombic grid's puzzle orients each of its pieces' 200 cells 24 times.
// Elsewhere it is the two calls.
func (g *Grid) OrientSortedInto(dst []Cell, k int, s Shape) (Shape, bool) {
	slo, shi := s.Bounds()
	out, _, _, ok := g.OrientBoundsInto(dst, k, s, slo, shi)
	return out, ok
}

// OrientBoundsInto is OrientSortedInto given s's bounds (s.Bounds(), which
// a caller orienting s under every map makes once), returning the image's
// bounds too: on the bitmap path they are the source's bounds moved by the
// map, with no pass over the image (a rhombic grid's puzzle placed each of
// its 72 images by its bounds).
func (g *Grid) OrientBoundsInto(dst []Cell, k int, s Shape, slo, shi Cell) (img Shape, lo, hi Cell, ok bool) {
	if out, lo, hi, ok := g.bitmapOrient(dst, k, s, slo, shi); ok {
		return out, lo, hi, true
	}
	if img, ok = g.OrientCellsInto(dst, k, s); !ok {
		return nil, Cell{}, Cell{}, false
	}
	img = SortCells(img)
	lo, hi = img.Bounds()
	return img, lo, hi, true
}

// bitmapOrient is OrientBoundsInto's bitmap path; false when it does not
// apply (then nothing is written).
func (g *Grid) bitmapOrient(dst []Cell, k int, s Shape, slo, shi Cell) (Shape, Cell, Cell, bool) {
	if g.lattice != nil || g.imaps == nil || len(s) < 32 {
		return nil, Cell{}, Cell{}, false
	}
	im := &g.imaps[k]
	if !im.ok || !im.keepsCells {
		return nil, Cell{}, Cell{}, false
	}
	// Image cell i is m·(c − a) + t − b on each axis i; with one ±1 a row
	// it is sign·c[src] + off, whose least and greatest values over s are
	// those of the source axis's bounds.
	a := g.anchor(s[0])
	from, to := [3]int{slo.X, slo.Y, slo.Z}, [3]int{shi.X, shi.Y, shi.Z}
	av := [3]int{a.X, a.Y, a.Z}
	var lo, hi, off [3]int
	for i := range 3 {
		src, n := 0, 0
		for j := range 3 {
			if v := im.m[3*i+j]; v != 0 {
				src, n = j, n+1
			}
		}
		sign := im.m[3*i+src]
		if n != 1 || sign*sign != 1 {
			return nil, Cell{}, Cell{}, false
		}
		off[i] = im.t[i] - sign*av[src]
		lo[i], hi[i] = sign*from[src]+off[i], sign*to[src]+off[i]
		if sign < 0 {
			lo[i], hi[i] = hi[i], lo[i]
		}
	}
	b := g.anchor(Cell{lo[0], lo[1], lo[2]})
	bv := [3]int{b.X, b.Y, b.Z}
	// the bitmap's row x·ey + y and bit z, from the image's least corner
	ex, ey, ez := hi[0]-lo[0]+1, hi[1]-lo[1]+1, hi[2]-lo[2]+1
	if ez > 64 || ex*ey > min(bitRowsMax, 4*len(s)) {
		return nil, Cell{}, Cell{}, false
	}
	for i := range 3 {
		off[i] -= lo[i]
	}
	m := &im.m
	rx, ry, rz := m[0]*ey+m[3], m[1]*ey+m[4], m[2]*ey+m[5]
	r0 := off[0]*ey + off[1]
	out := dst[:0]
	if cap(out) < len(s) {
		out = make([]Cell, 0, len(s))
	}
	out = out[:len(s)]
	bm := rowBitmaps.Get().(*rowBitmap)
	rows := bm.words[:ex*ey]
	for _, c := range s {
		r := c.X*rx + c.Y*ry + c.Z*rz + r0
		rows[r] |= 1 << (uint(m[6]*c.X+m[7]*c.Y+m[8]*c.Z+off[2]) & 63) // below 64 (ez); the mask spares the check
		bm.used[r] = 1
	}
	n := bm.drain(out, len(rows), ey, lo[0]-bv[0], lo[1]-bv[1], lo[2]-bv[2])
	rowBitmaps.Put(bm) // clear again; not deferred, lest a panic return it set
	// every axis of the image spans its bounds: the source's moved
	return Shape(out[:n]), Cell{lo[0] - bv[0], lo[1] - bv[1], lo[2] - bv[2]}, Cell{hi[0] - bv[0], hi[1] - bv[1], hi[2] - bv[2]}, true
}
