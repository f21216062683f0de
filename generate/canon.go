package generate

import (
	"fmt"

	"polyviz/geometry"
)

// keyer makes the canonical forms of a template's subsets, as package
// polyform defines them (the least of the normalized images under the
// motions, cells compared in Cell.Less order, packed in 30 bits), without
// sorting: a translation keeps the order of cells, so each motion's order
// of the template's cells, found once, is the order of any subset's image.
// One keyer serves one goroutine.
type keyer struct {
	img   [][]geometry.Cell // img[m][i]: the image of template cell i under motion m
	order [][]int           // order[m]: the template's cells in the order of their images
	axes  int
	cur   []uint32
	best  []uint32
}

// coordBits is the bits of a packed coordinate; a template's images must
// span fewer than 1<<coordBits cells along every axis.
const coordBits = 10

func newKeyer(l *geometry.Lattice, cells geometry.Shape, motions []geometry.Transform) (*keyer, error) {
	k := &keyer{axes: l.Axes()}
	for _, m := range motions {
		img := make([]geometry.Cell, len(cells))
		for i, c := range cells {
			img[i] = m.Apply(c)
		}
		lo, hi := geometry.Shape(img).Bounds()
		if d := hi.Sub(lo); max(d.X, d.Y, d.Z) >= 1<<coordBits {
			return nil, fmt.Errorf("the template spans %v cells: at most %d a side", d.Add(geometry.Cell{X: 1, Y: 1, Z: 1}), 1<<coordBits)
		}
		order := make([]int, len(cells))
		for i := range order {
			order[i] = i
		}
		// insertion sort by image: a template has few cells
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && img[order[j]].Less(img[order[j-1]]); j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		k.img = append(k.img, img)
		k.order = append(k.order, order)
	}
	return k, nil
}

func pack(c geometry.Cell) uint32 {
	return uint32(c.X)<<(2*coordBits) | uint32(c.Y)<<coordBits | uint32(c.Z)
}

// canonical returns the canonical form of the subset whose cells have in
// set (at least one); the slice is the keyer's until its next call.
func (k *keyer) canonical(in []bool) []uint32 {
	first := true
	for m, img := range k.img {
		lo := geometry.Cell{X: 1 << 30, Y: 1 << 30, Z: 1 << 30}
		for i, c := range img {
			if in[i] {
				lo.X, lo.Y, lo.Z = min(lo.X, c.X), min(lo.Y, c.Y), min(lo.Z, c.Z)
			}
		}
		if k.axes == 2 {
			lo.Z = 0 // Z is the cell's kind in the plane, never translated
		}
		// build the image, giving up as soon as it is worse than the best
		cur, better, worse := k.cur[:0], first, false
		for _, i := range k.order[m] {
			if !in[i] {
				continue
			}
			v := pack(img[i].Sub(lo))
			if !better {
				b := k.best[len(cur)]
				if v > b {
					worse = true
					break
				}
				better = v < b
			}
			cur = append(cur, v)
		}
		k.cur = cur
		if better && !worse {
			k.cur, k.best = k.best, k.cur
		}
		first = false
	}
	return k.best
}

// symmetry returns how many of the keyer's motions map the subset whose
// cells have in set onto itself, up to translation, and whether one of
// them is improper (proper[m] false). The first motion must be the
// identity.
func (k *keyer) symmetry(in []bool, proper []bool) (order int, mirror bool) {
	var self []uint32
	for m, img := range k.img {
		lo := geometry.Cell{X: 1 << 30, Y: 1 << 30, Z: 1 << 30}
		for i, c := range img {
			if in[i] {
				lo.X, lo.Y, lo.Z = min(lo.X, c.X), min(lo.Y, c.Y), min(lo.Z, c.Z)
			}
		}
		if k.axes == 2 {
			lo.Z = 0
		}
		cur, same := k.cur[:0], true
		for _, i := range k.order[m] {
			if !in[i] {
				continue
			}
			v := pack(img[i].Sub(lo))
			if m > 0 && v != self[len(cur)] {
				same = false
				break
			}
			cur = append(cur, v)
		}
		if m == 0 {
			self = append([]uint32(nil), cur...)
		}
		k.cur = cur
		if same {
			order++
			if !proper[m] {
				mirror = true
			}
		}
	}
	return order, mirror
}
