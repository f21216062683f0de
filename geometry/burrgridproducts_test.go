package geometry

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBoxProducts holds the box symmetries found as products of others
// (boxProduct) to the maps themselves: on blocks of each grid, cubes and
// longer blocks (a subgroup), every symmetry moves every cell where its
// permutation says, and they are exactly the maps whose image of the box,
// normalized, is the box.
func TestBoxProducts(t *testing.T) {
	block := func(g *Grid, nx, ny, nz int) Shape {
		var s Shape
		for x := range nx {
			for y := range ny {
				for z := range nz {
					if c := (Cell{x, y, z}); g.IsCell(c) {
						s = append(s, c)
					}
				}
			}
		}
		return s
	}
	for _, tc := range []struct {
		g    *Grid
		box  Shape
		name string
	}{
		{RhombicTetrahedra(), block(RhombicTetrahedra(), 5, 5, 5), "rhombic cube"},
		{RhombicTetrahedra(), block(RhombicTetrahedra(), 9, 9, 9), "rhombic 9x9x9"},
		{RhombicTetrahedra(), block(RhombicTetrahedra(), 5, 5, 9), "rhombic 5x5x9"},
		{TetraOcta(), block(TetraOcta(), 6, 6, 6), "tetra-octa cube"},
		{TetraOcta(), block(TetraOcta(), 6, 6, 12), "tetra-octa 6x6x12"},
		{Prisms(), Shape{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {1, 1, 0}, {2, 1, 0}, {3, 1, 0}, {1, 0, 1}, {2, 0, 1}, {3, 0, 1}, {1, 1, 1}, {2, 1, 1}, {3, 1, 1}}, "hexagonal prism"},
	} {
		box := NewShape(tc.box...)
		syms, perms := tc.g.BoxSymmetryPerms(box)
		for s, sym := range syms {
			for i, c := range box {
				if got := sym.Apply(c); got != box[perms[s][i]] {
					t.Fatalf("%s: symmetry %d (map %d) takes %v to %v, its permutation says %v", tc.name, s, sym.mapK, c, got, box[perms[s][i]])
				}
			}
		}
		want := 0
		norm := tc.g.Normalize(box)
		for k := range tc.g.maps {
			if img, ok := tc.g.Orient(k, box); ok && img.Equal(norm) {
				want++
			}
		}
		if len(syms) != want {
			t.Errorf("%s: %d symmetries, %d maps keep it", tc.name, len(syms), want)
		}
		t.Logf("%s: %d cells, %d symmetries", tc.name, len(box), len(syms))
	}
}

// TestBoxImage holds boxImage, which maps a box's cells with no image made,
// to the test it stands for (imageInto, Bounds, cellTable.same): on blocks
// and random clumps of each grid, under every map, the same verdict, the
// same translation and the same permutation, or no verdict at all.
func TestBoxImage(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, g := range []*Grid{RhombicTetrahedra(), TetraOcta(), Prisms()} {
		for trial := range 40 {
			var box Shape
			n := 3 + trial%5
			for x := range n {
				for y := range n {
					for z := range n + trial%3 {
						if c := (Cell{x, y, z}); g.IsCell(c) && (trial < 10 || r.IntN(4) > 0) {
							box = append(box, c)
						}
					}
				}
			}
			box = NewShape(box...)
			if len(box) == 0 {
				continue
			}
			lo, hi := box.Bounds()
			boxAnchor, a := g.anchor(lo), g.anchor(box[0])
			at := newCellTable(lo, hi, box)
			for k := range g.maps {
				got := make([]int32, len(box))
				shift, ok, done := g.boxImage(k, box, a, lo, hi, boxAnchor, at, got)
				if !done {
					continue
				}
				want := make([]int32, len(box))
				wok := false
				var wshift Cell
				if img, iok := g.imageInto(nil, k, box); iok {
					ilo, ihi := img.Bounds()
					if ihi.Sub(ilo) == hi.Sub(lo) {
						wshift = boxAnchor.Sub(g.anchor(ilo))
						wok = at.same(img, wshift, want)
					}
				}
				if ok != wok || ok && (shift != wshift || !slices.Equal(got, want)) {
					t.Fatalf("%s trial %d map %d: boxImage says %v %v, the image %v %v", g.Name(), trial, k, ok, shift, wok, wshift)
				}
			}
		}
	}
}
