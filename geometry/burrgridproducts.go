package geometry

// BoxSymmetryPerms is BoxSymmetries with how each symmetry moves the
// box's cells: perms[k][i] is the index in NewShape(box) of the image of
// its i-th cell under the k-th symmetry (what Apply gives, found while
// the symmetries are).
func (g *Grid) BoxSymmetryPerms(box Shape) (syms []Symmetry, perms [][]int32) {
	syms, perms, ix := g.BoxSymmetryIndex(box)
	for k, p := range perms {
		if p == nil { // a product's: its factors' are made already
			perms[k] = ix.compose(perms, k)
		}
	}
	return syms, perms
}

// A BoxIndex numbers a box's cells as BoxSymmetryPerms' permutations do,
// by their places in the box sorted, so that a caller that numbers the
// cells the same way need not build the table again, and says which
// symmetries were found as products of others.
type BoxIndex struct {
	// Cells is NewShape(box): cell number n is Cells[n]. Read it only.
	Cells Shape
	// Lo is the least corner of the box's bounds and Size their extent
	// (hi − lo + 1 on each axis). Dense, when not nil (the bounds hold at
	// most 32 cells a box cell, or 65,536 more), holds n+1 at
	// ((c.X−Lo.X)·Size.Y + c.Y−Lo.Y)·Size.Z + c.Z−Lo.Z for each c =
	// Cells[n] and 0 elsewhere; it is the caller's to change.
	Lo, Size Cell
	Dense    []int32
	// Factors[k] is {x, y} (both less than k) when the k-th symmetry is
	// the x-th after the y-th, so that it moves the cells as perms[x] after
	// perms[y], and {-1, -1} when it was found from its image.
	Factors [][2]int
}

// compose returns the permutation of symmetry k, a product, from its
// factors' (not nil).
func (ix *BoxIndex) compose(perms [][]int32, k int) []int32 {
	px, py := perms[ix.Factors[k][0]], perms[ix.Factors[k][1]]
	perm := make([]int32, len(py))
	for n, m := range py {
		perm[n] = px[m] // y first, then x
	}
	return perm
}

// at returns perms[k][n], following the factors of a product's.
func (ix *BoxIndex) at(perms [][]int32, k, n int) int32 {
	for perms[k] == nil {
		f := ix.Factors[k]
		n = int(perms[f[1]][n]) // the second factor is found from its image
		k = f[0]
	}
	return perms[k][n]
}

// BoxSymmetryIndex is BoxSymmetryPerms with the table of the box's cells
// that found them (nil for an empty box or a drawing grid), and with no
// permutation made for a symmetry found as a product (perms[k] nil, see
// Factors): 21 of HexSticks' 24, 9 KB each, which a caller that composes
// the products' actions from their factors' never reads.
func (g *Grid) BoxSymmetryIndex(box Shape) (syms []Symmetry, perms [][]int32, ix *BoxIndex) {
	if g.lattice != nil {
		return nil, nil, nil // a drawing grid: the lattice's puzzle has its own
	}
	box = sortedShape(box)
	if len(box) == 0 {
		return []Symmetry{{T: Identity, grid: g}}, [][]int32{{}}, &BoxIndex{Factors: [][2]int{{-1, -1}}}
	}
	// A map is a symmetry when the image, moved by the translation that
	// takes its anchor to the box's, is the box: each image cell is looked
	// up in a table of the box's cells, with no sort (sorting the images
	// of a stick puzzle's 2,256 cells under 48 maps was a tenth of its
	// distinct count).
	lo, hi := box.Bounds()
	boxAnchor := g.anchor(lo)
	a := g.anchor(box[0])
	at := newCellTable(lo, hi, box)
	ix = &BoxIndex{Cells: box[:len(box):len(box)], Lo: lo, Size: at.size}
	var out []Symmetry
	var buf []Cell
	var perm []int32
	var direct []int // the symmetries in out found from their images
	var keys productKeys
	for k := range g.maps {
		// When every rotation keeps the box, the mirror maps (each
		// rotation then one reflection) keep it all or none: the first
		// one decides (a group of maps; not the spheres' extra turns).
		if k == g.rotations+1 && len(out) == g.rotations && g.gridType != 2 && out[len(out)-1].mapK != g.rotations {
			break
		}
		if sym, f, ok := g.boxProduct(k, box, a, out, perms, direct, ix, &keys); ok {
			out, perms = append(out, sym), append(perms, nil)
			ix.Factors = append(ix.Factors, f)
			continue
		}
		if perm == nil {
			perm = make([]int32, len(box))
		}
		shift, ok, done := g.boxImage(k, box, a, lo, hi, boxAnchor, at, perm)
		if !done {
			var img Shape
			img, ok = g.imageInto(buf, k, box)
			buf = img
			if !ok {
				continue
			}
			ilo, ihi := img.Bounds()
			if ihi.Sub(ilo) != hi.Sub(lo) {
				continue
			}
			shift = boxAnchor.Sub(g.anchor(ilo))
			ok = at.same(img, shift, perm)
		}
		if !ok {
			continue
		}
		k := k
		direct = append(direct, len(out))
		out = append(out, Symmetry{
			T:       Identity,
			grid:    g,
			mapK:    k,
			gridAnc: a,
			Offset:  shift,
		})
		perms, perm = append(perms, perm), nil
		ix.Factors = append(ix.Factors, [2]int{-1, -1})
	}
	ix.Dense = at.dense
	return out, perms, ix
}

// boxProduct returns the box symmetry with map k, and its factors, when
// map k is the product of a box symmetry found already and one found from
// its image (the maps are a group, all but the spheres' extra turns): its
// permutation of the box's cells is theirs composed, and only three cells
// are mapped, one for its offset and two to check it. Mapping all 2,256
// cells of a stick puzzle's box under each of 24 maps was a seventh of its
// distinct count.
func (g *Grid) boxProduct(k int, box Shape, a Cell, out []Symmetry, perms [][]int32, direct []int, ix *BoxIndex, keys *productKeys) (Symmetry, [2]int, bool) {
	if g.gridType == 2 || len(box) == 0 {
		return Symmetry{}, [2]int{}, false
	}
	want := g.maps[k].key()
	for x := range out {
		for j, y := range direct {
			if keys.key(g, out, direct, x, j) != want {
				continue
			}
			// the product's permutation at cell n: y's, then x's
			perm := func(n int) int32 { return ix.at(perms, x, int(perms[y][n])) }
			c0, ok := g.mapCell(k, a, box[0])
			if !ok {
				return Symmetry{}, [2]int{}, false
			}
			shift := box[perm(0)].Sub(c0)
			for _, n := range []int{len(box) / 2, len(box) - 1} {
				if c, ok := g.mapCell(k, a, box[n]); !ok || c.Add(shift) != box[perm(n)] {
					return Symmetry{}, [2]int{}, false
				}
			}
			return Symmetry{T: Identity, grid: g, mapK: k, gridAnc: a, Offset: shift}, [2]int{x, y}, true
		}
	}
	return Symmetry{}, [2]int{}, false
}

// boxImage is the test above of map k, with no image made, when k's
// integer map has at most one entry a row (a signed permutation): the
// image's bounds are then the box's corners mapped, as each image
// coordinate is ± one box coordinate plus a constant, so the translation
// is known before any cell is, and each cell is mapped and looked up in
// turn, stopping at the first that is not the box's. It reports whether
// k is a symmetry with that translation (perm filled as same fills it),
// and done false, testing nothing, for another map.
func (g *Grid) boxImage(k int, box Shape, a, lo, hi, boxAnchor Cell, at *cellTable, perm []int32) (shift Cell, ok, done bool) {
	if g.imaps == nil || !g.imaps[k].ok {
		return Cell{}, false, false
	}
	im := &g.imaps[k]
	l, h := lo.Sub(a), hi.Sub(a)
	from := [2][3]int{{l.X, l.Y, l.Z}, {h.X, h.Y, h.Z}}
	var ilo, ihi [3]int
	for i := range 3 {
		ilo[i], ihi[i] = im.t[i], im.t[i]
		nonzero := 0
		for j := range 3 {
			switch im.m[3*i+j] {
			case 0:
			case 1:
				ilo[i] += from[0][j]
				ihi[i] += from[1][j]
				nonzero++
			case -1:
				ilo[i] -= from[1][j]
				ihi[i] -= from[0][j]
				nonzero++
			default:
				nonzero = 2
			}
		}
		if nonzero > 1 {
			return Cell{}, false, false
		}
	}
	ext := hi.Sub(lo)
	if (Cell{ihi[0] - ilo[0], ihi[1] - ilo[1], ihi[2] - ilo[2]}) != ext {
		return Cell{}, false, true
	}
	shift = boxAnchor.Sub(g.anchor(Cell{ilo[0], ilo[1], ilo[2]}))
	if im.m == [9]int{1, 0, 0, 0, 1, 0, 0, 0, 1} && im.t == [3]int{} && im.keepsCells && shift == a {
		// the identity, moved back where it was: each cell is itself
		for i := range perm {
			perm[i] = int32(i)
		}
		return shift, true, true
	}
	at.token++
	for i, c := range box {
		n := im.apply(c.Sub(a))
		if !im.keepsCells && !g.isCell(n) {
			return Cell{}, false, true
		}
		num := at.number(n.Add(shift))
		if num < 0 || at.stamp[num] == at.token {
			return Cell{}, false, true
		}
		at.stamp[num] = at.token
		perm[i] = num
	}
	return shift, true, true
}

// productKeys keeps the key of each product of maps that boxProduct
// compares, out[x]'s map times out[direct[j]]'s: each is multiplied once,
// not once for every map tried (48 maps times every pair). out and direct
// only grow, so a key once made stays right.
type productKeys struct {
	rows [][][9]int64 // [x][j]
}

func (pk *productKeys) key(g *Grid, out []Symmetry, direct []int, x, j int) [9]int64 {
	for len(pk.rows) <= x {
		pk.rows = append(pk.rows, make([][9]int64, 0, 4))
	}
	row := pk.rows[x]
	for len(row) <= j {
		row = append(row, g.maps[out[x].mapK].mul(g.maps[out[direct[len(row)]].mapK]).key())
	}
	pk.rows[x] = row
	return row[j]
}

// LinearPart returns the integer matrix m (by rows) of a symmetry of the
// grid whose map is integral (see intMap): Apply is then c ↦ m·(c − a) +
// t + Offset on the index triples, exactly, so that Apply(c + v) =
// Apply(c) + m·v for every c and v. False for any other symmetry.
func (g *Grid) LinearPart(sym Symmetry) ([9]int, bool) {
	if sym.grid != g || g.imaps == nil || sym.mapK < 0 || sym.mapK >= len(g.imaps) || !g.imaps[sym.mapK].ok {
		return [9]int{}, false
	}
	return g.imaps[sym.mapK].m, true
}

// A cellTable numbers the cells of a shape for cellTable.same: a dense
// array over the shape's bounds when that is small, a map otherwise.
type cellTable struct {
	lo, size Cell
	dense    []int32 // cell number + 1; 0: not a cell of the shape
	sparse   map[Cell]int32
	stamp    []uint32
	token    uint32
}

func newCellTable(lo, hi Cell, s Shape) *cellTable {
	t := &cellTable{lo: lo, size: hi.Sub(lo).Add(Cell{1, 1, 1}), stamp: make([]uint32, len(s))}
	if vol := t.size.X * t.size.Y * t.size.Z; vol <= 32*len(s)+1<<16 {
		t.dense = make([]int32, vol)
	} else {
		t.sparse = make(map[Cell]int32, len(s))
	}
	for i, c := range s {
		if t.dense != nil {
			t.dense[t.index(c)] = int32(i) + 1
		} else {
			t.sparse[c] = int32(i)
		}
	}
	return t
}

// index is c's place in the dense array (c within the bounds).
func (t *cellTable) index(c Cell) int {
	d := c.Sub(t.lo)
	return (d.X*t.size.Y+d.Y)*t.size.Z + d.Z
}

// number returns the number of cell c in the shape, or -1.
func (t *cellTable) number(c Cell) int32 {
	if t.dense == nil {
		if n, ok := t.sparse[c]; ok {
			return n
		}
		return -1
	}
	d := c.Sub(t.lo)
	if d.X < 0 || d.Y < 0 || d.Z < 0 || d.X >= t.size.X || d.Y >= t.size.Y || d.Z >= t.size.Z {
		return -1
	}
	return t.dense[t.index(c)] - 1
}

// same reports whether the cells of img, moved by shift, are the shape's
// cells, each once; perm[i] is then the number of img[i]'s.
func (t *cellTable) same(img []Cell, shift Cell, perm []int32) bool {
	if len(img) != len(t.stamp) {
		return false
	}
	t.token++
	for i, c := range img {
		n := t.number(c.Add(shift))
		if n < 0 || t.stamp[n] == t.token {
			return false
		}
		t.stamp[n] = t.token
		perm[i] = n
	}
	return true
}
