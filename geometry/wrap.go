package geometry

import (
	"encoding/binary"
	"slices"
)

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
	in := make(map[Cell]bool, len(box))
	for _, c := range box {
		in[c] = true
	}
	period := [3]int{w.Period.X, w.Period.Y, w.Period.Z}
	var group []Symmetry
	index := map[string]int{} // the images of the box's cells -> the symmetry
	var key []byte
	img := make([]Cell, len(box))
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
					key = key[:0]
					ok := true
					for _, c := range box {
						m := s.Apply(c)
						if !in[m] {
							ok = false
							break
						}
						key = binary.AppendVarint(key, int64(m.X))
						key = binary.AppendVarint(key, int64(m.Y))
						key = binary.AppendVarint(key, int64(m.Z))
					}
					if !ok {
						continue
					}
					if j, dup := index[string(key)]; dup {
						if !group[j].Proper() && s.Proper() {
							group[j] = s
						}
						continue
					}
					index[string(key)] = len(group)
					group = append(group, s)
				}
			}
		}
	}
	return slices.Clip(group)
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
