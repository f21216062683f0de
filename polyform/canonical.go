package polyform

import (
	"encoding/binary"
	"slices"

	"polyviz/geometry"
)

// maxCoordinate bounds a normalized coordinate so that a cell packs into
// 30 bits, ten a coordinate; Enumerate's size limit keeps shapes well inside.
const maxCoordinate = 1 << 10

// pack returns a normalized cell as one number whose order is Cell.Less order.
func pack(c geometry.Cell) uint32 { return uint32(c.X)<<20 | uint32(c.Y)<<10 | uint32(c.Z) }

// unpack undoes pack.
func unpack(v uint32) geometry.Cell {
	return geometry.Cell{X: int(v >> 20), Y: int(v >> 10 & (maxCoordinate - 1)), Z: int(v & (maxCoordinate - 1))}
}

// canonizer finds canonical forms under a list of motions: the canonical
// form of a shape is the least of its normalized images, comparing their
// cells in sorted order (Cell.Less), so that two shapes are the same piece
// exactly when their canonical forms are equal. It keeps its buffers
// between calls; one canonizer serves one goroutine.
type canonizer struct {
	motions   []geometry.Transform
	axes      int // translated axes: 3 for cubes, 2 in the plane (Z holds the kind)
	img, best []uint32
	moved     []geometry.Cell
}

func newCanonizer(l *geometry.Lattice, e Equivalence) *canonizer {
	return &canonizer{motions: e.Motions(l), axes: l.Axes()}
}

// canonical returns the canonical form of cells (untagged, any position)
// as packed cells; the slice is the canonizer's until its next call.
func (c *canonizer) canonical(cells []geometry.Cell) []uint32 {
	for k, t := range c.motions {
		c.image(t, cells)
		if k == 0 || lessPacked(c.img, c.best) {
			c.img, c.best = c.best, c.img
		}
	}
	return c.best
}

// symmetries counts the motions that map cells onto themselves, up to translation.
func (c *canonizer) symmetries(cells []geometry.Cell) int {
	c.image(geometry.Identity, cells)
	self := append([]uint32(nil), c.img...)
	n := 0
	for _, t := range c.motions {
		c.image(t, cells)
		if equalPacked(c.img, self) {
			n++
		}
	}
	return n
}

// image puts the image of cells under t, normalized, packed and sorted, in c.img.
func (c *canonizer) image(t geometry.Transform, cells []geometry.Cell) {
	c.moved = c.moved[:0]
	lo := t.Apply(cells[0])
	for _, cell := range cells {
		m := t.Apply(cell)
		lo.X, lo.Y, lo.Z = min(lo.X, m.X), min(lo.Y, m.Y), min(lo.Z, m.Z)
		c.moved = append(c.moved, m)
	}
	if c.axes == 2 {
		lo.Z = 0 // Z is the cell's kind in the plane, never translated
	}
	c.img = c.img[:0]
	for _, m := range c.moved {
		c.img = append(c.img, pack(m.Sub(lo)))
	}
	// insertion sort: a polyform has few cells
	for i := 1; i < len(c.img); i++ {
		for j := i; j > 0 && c.img[j] < c.img[j-1]; j-- {
			c.img[j], c.img[j-1] = c.img[j-1], c.img[j]
		}
	}
}

func lessPacked(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func equalPacked(a, b []uint32) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// keyOf returns packed cells as a string, big-endian, so that the order of
// keys is the order of canonical forms.
func keyOf(p []uint32) string {
	b := make([]byte, 4*len(p))
	for i, v := range p {
		binary.BigEndian.PutUint32(b[4*i:], v)
	}
	return string(b)
}

// cellsOf decodes a key into cells, appending to buf.
func cellsOf(key string, buf []geometry.Cell) []geometry.Cell {
	for i := 0; i+4 <= len(key); i += 4 {
		buf = append(buf, unpack(binary.BigEndian.Uint32([]byte(key[i:i+4]))))
	}
	return buf
}

// Canonical returns the canonical form of shape s on lattice l up to e:
// the least of its normalized images under e's motions, comparing their
// cells in sorted (Cell.Less) order. Two shapes are the same piece up to e
// exactly when their canonical forms are equal; Enumerate's pieces are
// canonical forms. Planar cells' tags are dropped.
func Canonical(l *geometry.Lattice, s geometry.Shape, e Equivalence) geometry.Shape {
	cells := make([]geometry.Cell, len(s))
	for i, c := range s {
		if l.Planar() {
			c.Z = l.Kind(c)
		}
		cells[i] = c
	}
	var best geometry.Shape
	for k, t := range e.Motions(l) {
		img := l.ApplyShape(t, geometry.NewShape(cells...))
		if k == 0 || slices.CompareFunc(img, best, geometry.Cell.Compare) < 0 {
			best = img
		}
	}
	return best
}
