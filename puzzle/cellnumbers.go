package puzzle

import "polyviz/geometry"

// cellNumbers numbers cells as they are first met: through a dense array
// over the box's bounds, and a map for any cell outside them. A grid's
// placements have hundreds of cells each, looked up again under every
// symmetry of the box: hashing them was a sixth of the symmetries' setup
// on BurrTools' rhombic grid.
type cellNumbers struct {
	lo, size geometry.Cell
	dense    []int32 // number + 1; 0: not met yet
	other    map[geometry.Cell]int32
	cells    []geometry.Cell // by number
}

func newCellNumbers(box geometry.Shape) *cellNumbers {
	t := &cellNumbers{other: map[geometry.Cell]int32{}}
	if len(box) == 0 {
		return t
	}
	lo, hi := box.Bounds()
	size := hi.Sub(lo).Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	if vol := size.X * size.Y * size.Z; vol > 0 && vol <= 32*len(box)+1<<16 {
		t.lo, t.size, t.dense = lo, size, make([]int32, vol)
	}
	t.cells = make([]geometry.Cell, 0, len(box)) // most placements' cells are the box's
	return t
}

// boxCellNumbers returns the cellNumbers that newCellNumbers(ix.Cells)
// becomes once each of ix.Cells is numbered in turn, taking over ix's
// dense array (not nil), which is laid out alike: the box's cells are
// numbered by their places in it, over the same bounds, when the bounds
// are as small (both allow 32 cells of them a box cell, or 65,536 more).
func boxCellNumbers(ix *geometry.BoxIndex) *cellNumbers {
	n := len(ix.Cells)
	return &cellNumbers{lo: ix.Lo, size: ix.Size, dense: ix.Dense, other: map[geometry.Cell]int32{},
		cells: ix.Cells[:n:n]} // appending copies: ix.Cells is not ours
}

// slot returns the dense array's place of c, or -1 outside it.
func (t *cellNumbers) slot(c geometry.Cell) int {
	if t.dense == nil {
		return -1
	}
	d := c.Sub(t.lo)
	if d.X < 0 || d.Y < 0 || d.Z < 0 || d.X >= t.size.X || d.Y >= t.size.Y || d.Z >= t.size.Z {
		return -1
	}
	return (d.X*t.size.Y+d.Y)*t.size.Z + d.Z
}

// number returns c's number, giving it the next one if it has none.
func (t *cellNumbers) number(c geometry.Cell) int32 {
	if n, ok := t.lookup(c); ok {
		return n
	}
	n := int32(len(t.cells))
	t.cells = append(t.cells, c)
	if i := t.slot(c); i >= 0 {
		t.dense[i] = n + 1
	} else {
		t.other[c] = n
	}
	return n
}

// lookup returns c's number, or false if it has none.
func (t *cellNumbers) lookup(c geometry.Cell) (int32, bool) {
	if i := t.slot(c); i >= 0 {
		return t.dense[i] - 1, t.dense[i] != 0
	}
	n, ok := t.other[c]
	return n, ok
}

// A shiftedShape is a shape whose moved copies cellNumbers numbers through
// the dense array, each cell's place worked out from the move's
// (numberShifted): a grid's placements are a few shapes moved, hundreds
// of cells each.
type shiftedShape struct {
	shape  geometry.Shape
	lo, hi geometry.Cell // its bounds
}

func (t *cellNumbers) shifted(s geometry.Shape) shiftedShape {
	lo, hi := s.Bounds()
	return shiftedShape{shape: s, lo: lo, hi: hi}
}

// numberShifted sets out[k] to the number of s's k-th cell moved by d, as
// number(c.Add(d)) for each cell in turn would (so giving new numbers in
// the same order), when the moved shape lies in the dense array's bounds;
// it reports false, numbering nothing, when it does not.
func (t *cellNumbers) numberShifted(s *shiftedShape, d geometry.Cell, out []int32) bool {
	if t.dense == nil || len(s.shape) == 0 {
		return false
	}
	a, b := s.lo.Add(d).Sub(t.lo), s.hi.Add(d).Sub(t.lo)
	if a.X < 0 || a.Y < 0 || a.Z < 0 || b.X >= t.size.X || b.Y >= t.size.Y || b.Z >= t.size.Z {
		return false
	}
	o := d.Sub(t.lo)
	sy, sz := t.size.Y, t.size.Z
	for k, c := range s.shape {
		i := ((c.X+o.X)*sy+c.Y+o.Y)*sz + c.Z + o.Z
		if t.dense[i] == 0 {
			t.cells = append(t.cells, c.Add(d))
			t.dense[i] = int32(len(t.cells))
		}
		out[k] = t.dense[i] - 1
	}
	return true
}

// namesNumberCells reports whether the names a grid's placements number
// (SetGrid) are those of cells, in order, and of no other cells: then a
// placement's Numbers, the names of the cells it covers (its base shape
// moved), are those cells' numbers in a cellNumbers that numbered cells
// first, and give them with no cell looked up. The names are made so
// (the box's cells' names, sorted); anything else is numbered cell by
// cell. Each name is one cell's when every coordinate is one digit.
func (p *Puzzle) namesNumberCells(cells []geometry.Cell) bool {
	if p.grid == nil || len(p.gridNames) != len(cells) || p.lattice().Axes() != 3 {
		return false
	}
	var buf [8]byte
	for n, c := range cells {
		if min(c.X, c.Y, c.Z) < 0 || max(c.X, c.Y, c.Z) >= geometry.Radix || string(p.appendCellName(buf[:0], c)) != p.gridNames[n] {
			return false
		}
	}
	return true
}

// gridNumbers returns pl's Numbers when it is a grid placement numbered
// by the names (SetGrid), each less than cells, and nil otherwise.
func gridNumbers(pl Placement, cells int) []int32 {
	if pl.Items != nil || pl.Numbers == nil {
		return nil
	}
	for _, n := range pl.Numbers {
		if n < 0 || int(n) >= cells {
			return nil
		}
	}
	return pl.Numbers
}
