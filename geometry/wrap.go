package geometry

import "slices"

// Wrap joins a box's opposite faces across some axes, as a cylinder or a
// torus joins the edges of a board: along an axis whose Period is positive
// a coordinate is taken modulo Period, into Lo .. Lo+Period-1. A zero Wrap
// joins nothing.
type Wrap struct {
	Lo, Period Cell
}

// On reports whether any axis is joined.
func (w Wrap) On() bool { return w.Period != Cell{} }

// Axes reports which axes are joined (x, y, z).
func (w Wrap) Axes() [3]bool { return [3]bool{w.Period.X > 0, w.Period.Y > 0, w.Period.Z > 0} }

// Reduce returns the cell of the box that c stands for: each joined
// coordinate taken modulo its period.
func (w Wrap) Reduce(c Cell) Cell {
	red := func(x, lo, p int) int {
		if p <= 0 {
			return x
		}
		x = (x - lo) % p
		if x < 0 {
			x += p
		}
		return x + lo
	}
	return Cell{red(c.X, w.Lo.X, w.Period.X), red(c.Y, w.Lo.Y, w.Period.Y), red(c.Z, w.Lo.Z, w.Period.Z)}
}

// WrappedBoxSymmetries returns the symmetry group of a box whose faces are
// joined by w (w.Lo the box's least corner, w.Period its extent along each
// joined axis): every map c ↦ w.Reduce(T·c + Offset), with T in the
// lattice's Group, that carries the box's cells onto themselves. Along a
// joined axis every offset modulo the period is tried, so the group holds
// the translations around the cylinder or torus (a 3x20 board joined along
// its length has 20 of them, times the 4 symmetries of the rectangle); T
// must carry joined axes onto joined axes of the same period and the other
// axes onto other axes, so that the map keeps cells that touch across a
// join touching. Two such maps that move every cell alike (on a period of
// 2 a reflection can move cells as a translation does) are one symmetry,
// kept as a rotation if either is one. The identity comes first.
//
// Only the lattices whose group is signed permutations of the axes
// (squares and cubes) wrap; on others it returns BoxSymmetries(box). It
// tries |Group| times the product of the periods maps, each on every cell.
func (l *Lattice) WrappedBoxSymmetries(box Shape, w Wrap) []Symmetry {
	if !w.On() || (l != Squares() && l != Cubes()) {
		return l.BoxSymmetries(box)
	}
	box = NewShape(box...)
	lo, _ := box.Bounds()
	at := newBoxIndex(box)
	period := [3]int{w.Period.X, w.Period.Y, w.Period.Z}
	var group []Symmetry
	// A map is named by the hash of its images' places in the box, a
	// collision checked cell by cell (sameMap): a key of every image
	// written out was 2.7 s of a 62x40 torus, and bytes a cell a map.
	index := map[uint64][]int{}
	img := make([]Cell, len(box))
	perm := make([]int32, len(box))
	for _, t := range l.group {
		if !keepsJoins(t, period) {
			continue
		}
		for i, c := range box {
			img[i] = l.Apply(t, c)
		}
		ilo, _ := NewShape(img...).Bounds()
		base := lo.Sub(ilo)
		if l.axes == 2 {
			base.Z = 0
		}
		var steps [3]int
		for a := range 3 {
			steps[a] = max(1, period[a])
		}
		for k0 := range steps[0] {
			for k1 := range steps[1] {
				for k2 := range steps[2] {
					s := Symmetry{T: t, Offset: base.Add(Cell{k0, k1, k2}), lattice: l, wrap: w}
					// s.Apply(c) is w.Reduce(img[i] + Offset), img[i] made once
					h := uint64(len(box))
					ok := true
					for i := range box {
						n, in := at.lookup(w.Reduce(img[i].Add(s.Offset)))
						if !in {
							ok = false
							break
						}
						perm[i] = n
						h = (h^uint64(n))*0x100000001b3 + 0x9e3779b97f4a7c15
					}
					if !ok {
						continue
					}
					dup := -1
					for _, j := range index[h] {
						if sameMap(group[j], perm, box, at) {
							dup = j
							break
						}
					}
					if dup >= 0 {
						if !group[dup].Proper() && s.Proper() {
							group[dup] = s
						}
						continue
					}
					index[h] = append(index[h], len(group))
					group = append(group, s)
				}
			}
		}
	}
	return slices.Clip(group)
}

// sameMap reports whether s takes each cell of box where perm says (by
// place in box).
func sameMap(s Symmetry, perm []int32, box Shape, at *boxIndex) bool {
	for i, c := range box {
		if n, ok := at.lookup(s.Apply(c)); !ok || n != perm[i] {
			return false
		}
	}
	return true
}

// A boxIndex finds a cell's place in a sorted box: through an array over
// the box's bounds, or a map when that would be sparse.
type boxIndex struct {
	lo, size Cell
	dense    []int32 // place + 1; 0: not in the box
	sparse   map[Cell]int32
}

func newBoxIndex(box Shape) *boxIndex {
	t := &boxIndex{}
	lo, hi := box.Bounds()
	size := hi.Sub(lo).Add(Cell{1, 1, 1})
	if vol := size.X * size.Y * size.Z; len(box) > 0 && vol <= 8*len(box)+1<<16 {
		t.lo, t.size, t.dense = lo, size, make([]int32, vol)
		for i, c := range box {
			t.dense[t.slot(c)] = int32(i) + 1
		}
		return t
	}
	t.sparse = make(map[Cell]int32, len(box))
	for i, c := range box {
		t.sparse[c] = int32(i)
	}
	return t
}

func (t *boxIndex) slot(c Cell) int {
	d := c.Sub(t.lo)
	return (d.X*t.size.Y+d.Y)*t.size.Z + d.Z
}

// lookup returns c's place in the box, or false when c is not in it.
func (t *boxIndex) lookup(c Cell) (int32, bool) {
	if t.dense == nil {
		n, ok := t.sparse[c]
		return n, ok
	}
	d := c.Sub(t.lo)
	if d.X < 0 || d.Y < 0 || d.Z < 0 || d.X >= t.size.X || d.Y >= t.size.Y || d.Z >= t.size.Z {
		return 0, false
	}
	n := t.dense[t.slot(c)]
	return n - 1, n != 0
}

// keepsJoins reports whether the signed permutation t carries each joined
// axis onto a joined axis of the same period, and the others onto others.
func keepsJoins(t Transform, period [3]int) bool {
	for i := range 3 {
		for j := range 3 {
			if t.M[j][i] != 0 && period[j] != period[i] {
				return false
			}
		}
	}
	return true
}
