package generate

import (
	"fmt"
	"slices"

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
	// perm[m] is set when motion m permutes the translated axes with
	// signs (cubes, squares): the least image coordinate on axis i is then
	// V_i plus the subset's least or greatest coordinate on axis from[i]
	perm []*axisMap
	axes int
	// blo and bhi bound the current subset (bounds)
	blo, bhi [3]int
	cur      []uint32
	best     []uint32
}

// coordBits is the bits of a packed coordinate; a template's images must
// span fewer than 1<<coordBits cells along every axis.
const coordBits = 10

// axisMap says how a signed permutation maps the translated axes: image
// axis i is sign[i] times axis from[i], plus v[i].
type axisMap struct {
	from, sign, v [3]int
}

// signedPermutation returns m's axisMap when its rows for the translated
// axes each hold one ±1 among those axes and nothing else, else nil.
func signedPermutation(m geometry.Transform, axes int) *axisMap {
	var a axisMap
	v := [3]int{m.V.X, m.V.Y, m.V.Z}
	for i := range axes {
		found := 0
		for j := range 3 {
			switch e := m.M[i][j]; {
			case e == 0:
			case (e == 1 || e == -1) && j < axes:
				a.from[i], a.sign[i] = j, e
				found++
			default:
				return nil
			}
		}
		if found != 1 {
			return nil
		}
		a.v[i] = v[i]
	}
	return &a
}

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
		slices.SortFunc(order, func(a, b int) int { return img[a].Compare(img[b]) })
		k.img = append(k.img, img)
		k.order = append(k.order, order)
		k.perm = append(k.perm, signedPermutation(m, k.axes))
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
	k.bounds(in)
	for m, img := range k.img {
		lo := k.lowest(m, in)
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
	k.bounds(in)
	for m, img := range k.img {
		lo := k.lowest(m, in)
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

// bounds finds the bounds of the subset whose cells have in set.
func (k *keyer) bounds(in []bool) {
	k.blo, k.bhi = [3]int{1 << 30, 1 << 30, 1 << 30}, [3]int{-1 << 30, -1 << 30, -1 << 30}
	for i, c := range k.img[0] { // the identity's images are the cells
		if in[i] {
			k.blo = [3]int{min(k.blo[0], c.X), min(k.blo[1], c.Y), min(k.blo[2], c.Z)}
			k.bhi = [3]int{max(k.bhi[0], c.X), max(k.bhi[1], c.Y), max(k.bhi[2], c.Z)}
		}
	}
}

// lowest returns the translation that normalizes the subset's image under
// motion m: its least coordinates (Z 0 in the plane, where Z is the
// cell's kind), from the bounds when m permutes axes.
func (k *keyer) lowest(m int, in []bool) geometry.Cell {
	var lo geometry.Cell
	if a := k.perm[m]; a != nil {
		var l [3]int
		for i := range k.axes {
			if a.sign[i] > 0 {
				l[i] = a.v[i] + k.blo[a.from[i]]
			} else {
				l[i] = a.v[i] - k.bhi[a.from[i]]
			}
		}
		lo = geometry.Cell{X: l[0], Y: l[1], Z: l[2]}
	} else {
		lo = geometry.Cell{X: 1 << 30, Y: 1 << 30, Z: 1 << 30}
		for i, c := range k.img[m] {
			if in[i] {
				lo.X, lo.Y, lo.Z = min(lo.X, c.X), min(lo.Y, c.Y), min(lo.Z, c.Z)
			}
		}
	}
	if k.axes == 2 {
		lo.Z = 0
	}
	return lo
}

// The same for a subset given as the list of its cells (their indices),
// for a few cells of a large template (pieces grown, Result.Joined): each
// image is made of the list's cells alone and sorted, where the forms
// above walk every cell of the template in each motion's order. The forms
// are the same (TestKeyerListForms).

// imageOf returns the subset's normalized image under motion m, packed and
// sorted, in k.cur.
func (k *keyer) imageOf(m int, list []int) []uint32 {
	img := k.img[m]
	lo := img[list[0]]
	for _, i := range list[1:] {
		c := img[i]
		lo.X, lo.Y, lo.Z = min(lo.X, c.X), min(lo.Y, c.Y), min(lo.Z, c.Z)
	}
	if k.axes == 2 {
		lo.Z = 0
	}
	cur := k.cur[:0]
	for _, i := range list {
		cur = append(cur, pack(img[i].Sub(lo)))
	}
	slices.Sort(cur)
	k.cur = cur
	return cur
}

// canonicalOf is canonical for the subset of the listed cells.
func (k *keyer) canonicalOf(list []int) []uint32 {
	for m := range k.img {
		if cur := k.imageOf(m, list); m == 0 || slices.Compare(cur, k.best) < 0 {
			k.cur, k.best = k.best, cur
		}
	}
	return k.best
}

// symmetryOf is symmetry for the subset of the listed cells.
func (k *keyer) symmetryOf(list []int, proper []bool) (order int, mirror bool) {
	var self []uint32
	for m := range k.img {
		cur := k.imageOf(m, list)
		if m == 0 {
			self = append([]uint32(nil), cur...)
		}
		if slices.Equal(cur, self) {
			order++
			if !proper[m] {
				mirror = true
			}
		}
	}
	return order, mirror
}
