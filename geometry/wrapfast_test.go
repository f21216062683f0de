package geometry

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestWrappedBoxSymmetriesByKey checks WrappedBoxSymmetries against the way
// it first named each map, by the images of every cell written out: the
// same symmetries in the same order, on random boxes with holes, periods
// of 1 and 2 and flat axes.
func TestWrappedBoxSymmetriesByKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 300 {
		l := Squares()
		axes := 2
		if trial%3 == 0 {
			l, axes = Cubes(), 3
		}
		var n [3]int
		for a := range 3 {
			n[a] = 1
			if a < axes {
				n[a] = 1 + rng.IntN(5)
			}
		}
		if trial%5 == 0 && axes == 3 {
			n[1] = n[0]
		}
		var box Shape
		lo := Cell{rng.IntN(3) - 1, rng.IntN(3) - 1, 0}
		for x := range n[0] {
			for y := range n[1] {
				for z := range n[2] {
					if trial%4 != 0 || rng.IntN(6) > 0 {
						box = append(box, lo.Add(Cell{x, y, z}))
					}
				}
			}
		}
		if len(box) == 0 {
			continue
		}
		blo, bhi := box.Bounds()
		ext := bhi.Sub(blo).Add(Cell{1, 1, 1})
		var w Wrap
		w.Lo = blo
		for a := range axes {
			if rng.IntN(3) > 0 {
				switch a {
				case 0:
					w.Period.X = ext.X
				case 1:
					w.Period.Y = ext.Y
				case 2:
					w.Period.Z = ext.Z
				}
			}
		}
		got := l.WrappedBoxSymmetries(box, w)
		want := wrappedBoxSymmetriesByKey(l, box, w)
		if !slices.EqualFunc(got, want, func(a, b Symmetry) bool { return a.T == b.T && a.Offset == b.Offset }) {
			t.Fatalf("trial %d: box %v wrap %+v: %d symmetries, by key %d, or in another order", trial, box, w, len(got), len(want))
		}
	}
}

func wrappedBoxSymmetriesByKey(l *Lattice, box Shape, w Wrap) []Symmetry {
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
