package geometry

import "testing"

func TestGridGroupSizes(t *testing.T) {
	for _, tc := range []struct {
		g         *Grid
		rots, all int
	}{
		{Prisms(), 12, 24},
		{Spheres(), 120, 240},
		{RhombicTetrahedra(), 24, 48},
		{TetraOcta(), 24, 48},
	} {
		if tc.g.NumRotations() != tc.rots || tc.g.NumMaps() != tc.all {
			t.Errorf("%s: %d rotations, %d maps; want %d, %d", tc.g, tc.g.NumRotations(), tc.g.NumMaps(), tc.rots, tc.all)
		}
		for k := 0; k < tc.g.NumMaps(); k++ {
			if got := tc.g.maps[k].proper(); got != tc.g.Proper(k) {
				t.Errorf("%s: map %d has det sign %v, listed as proper=%v", tc.g, k, got, tc.g.Proper(k))
			}
		}
		if GridType(tc.g.GridType()) != tc.g {
			t.Errorf("%s: GridType(%d) is not the grid", tc.g, tc.g.GridType())
		}
	}
}

// The prism, rhombic and tetra-octa maps form groups; spheres' 120 turns do
// not (a product of two extra turns need not be one), but its 24 cube turns do.
func TestGridClosure(t *testing.T) {
	for _, g := range []*Grid{Prisms(), RhombicTetrahedra(), TetraOcta(), Spheres()} {
		n := g.NumMaps()
		if g == Spheres() {
			n = 24
		}
		keys := map[[9]int64]bool{}
		for _, m := range g.maps[:n] {
			keys[m.key()] = true
		}
		for _, a := range g.maps[:n] {
			for _, b := range g.maps[:n] {
				if !keys[a.mul(b).key()] {
					t.Fatalf("%s: a product of two maps is not a map", g)
				}
			}
		}
	}
}

// Every map carries every cell of a block onto a cell, and the cell counts
// per period are BurrTools': 24 rhombic tetrahedra per cube, 5 cells per
// tetra-octa cube, half the triples for spheres, all for prisms.
func TestGridCellsAndMaps(t *testing.T) {
	for _, tc := range []struct {
		g      *Grid
		period int
		cells  int
	}{
		{Prisms(), 2, 8},
		{Spheres(), 2, 4},
		{RhombicTetrahedra(), 5, 24},
		{TetraOcta(), 6, 8 * 5},
	} {
		var block Shape
		for x := 0; x < tc.period; x++ {
			for y := 0; y < tc.period; y++ {
				for z := 0; z < tc.period; z++ {
					if c := (Cell{x, y, z}); tc.g.IsCell(c) {
						block = append(block, c)
					}
				}
			}
		}
		if len(block) != tc.cells {
			t.Errorf("%s: %d cells in a %d-block, want %d", tc.g, len(block), tc.period, tc.cells)
		}
		for k := 0; k < tc.g.NumMaps(); k++ {
			if tc.g == Spheres() && k >= 24 && k < 120 {
				continue // the extra turns need not keep a 3D block on the grid
			}
			if tc.g == Spheres() && k >= 144 {
				continue
			}
			for _, c := range block {
				if _, ok := tc.g.Orient(k, Shape{c}); !ok {
					t.Fatalf("%s: map %d takes cell %v off the grid", tc.g, k, c)
				}
			}
			img, ok := tc.g.Orient(k, block)
			if !ok || len(img) != len(block) {
				t.Fatalf("%s: map %d does not keep the block on the grid", tc.g, k)
			}
		}
	}
}

func TestGridNeighbours(t *testing.T) {
	for _, tc := range []struct {
		g    *Grid
		c    Cell
		want int
	}{
		{Prisms(), Cell{2, 2, 2}, 5},
		{Prisms(), Cell{3, 2, 2}, 5},
		{Spheres(), Cell{2, 2, 2}, 12},
		{RhombicTetrahedra(), Cell{5, 6, 7}, 4},
		{RhombicTetrahedra(), Cell{9, 8, 7}, 4},
		{TetraOcta(), Cell{4, 4, 4}, 4},
		{TetraOcta(), Cell{5, 5, 3}, 4},
		{TetraOcta(), Cell{3, 3, 3}, 4},
	} {
		if !tc.g.IsCell(tc.c) {
			t.Fatalf("%s: %v is not a cell", tc.g, tc.c)
		}
		ns := tc.g.Neighbours(tc.c)
		if len(ns) != tc.want {
			t.Errorf("%s: %v has %d neighbours %v, want %d", tc.g, tc.c, len(ns), ns, tc.want)
		}
		for _, n := range ns {
			back := tc.g.Neighbours(n)
			if !NewShape(back...).Contains(tc.c) {
				t.Errorf("%s: %v touches %v but not back", tc.g, tc.c, n)
			}
		}
	}
	// An up prism touches its row's neighbours and the down triangle below.
	got := NewShape(Prisms().Neighbours(Cell{2, 2, 0})...)
	want := NewShape(Cell{1, 2, 0}, Cell{3, 2, 0}, Cell{2, 1, 0}, Cell{2, 2, 1}, Cell{2, 2, -1})
	if !got.Equal(want) {
		t.Errorf("prism 2,2,0 touches %v, want %v", got, want)
	}
}

// A flat rhombus of four spheres in a close-packed layer takes more
// orientations than a rotation of the packing could give it (BurrTools'
// extra turns), a 3D tetrahedron of four spheres does not.
func TestSphereOrientations(t *testing.T) {
	rhombus := Shape{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}, {3, 2, 1}} // a hockey stick in one layer
	tetra := Shape{{0, 0, 0}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}}
	lattice := func(s Shape) int {
		seen := map[string]bool{}
		for k := 0; k < 24; k++ {
			o, _ := Spheres().Orient(k, s)
			seen[o.String()] = true
		}
		return len(seen)
	}
	r, _ := Spheres().Orientations(rhombus)
	if len(r) != 48 || lattice(rhombus) != 24 {
		t.Errorf("rhombus: %d orientations, the packing's rotations give %d", len(r), lattice(rhombus))
	}
	tt, _ := Spheres().Orientations(tetra)
	if len(tt) != lattice(tetra) || len(tt) != 2 {
		t.Errorf("tetrahedron: %d orientations, want 2", len(tt))
	}
	for _, o := range r {
		for _, c := range o {
			if !Spheres().IsCell(c) {
				t.Fatalf("orientation %v has a cell off the grid", o)
			}
		}
	}
}

func TestGridBoxSymmetries(t *testing.T) {
	// A regular tetrahedron of 4 spheres has 12 rotations, 24 with mirrors.
	tetra := Shape{{0, 0, 0}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}}
	syms := Spheres().BoxSymmetries(tetra)
	rot := 0
	for _, s := range syms {
		if !s.ApplyShape(tetra).Equal(NewShape(tetra...)) {
			t.Fatalf("a symmetry does not map the tetrahedron onto itself")
		}
		if s.Proper() {
			rot++
		}
	}
	if len(syms) != 24 || rot != 12 {
		t.Errorf("sphere tetrahedron: %d symmetries, %d rotations; want 24, 12", len(syms), rot)
	}
	// A hexagonal prism of 6 triangles, one layer: 12 rotations, 24 maps.
	hex := Shape{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {1, 1, 0}, {2, 1, 0}, {3, 1, 0}}
	hs := Prisms().BoxSymmetries(hex)
	if len(hs) != 24 {
		t.Errorf("hexagon of prisms: %d symmetries, want 24", len(hs))
	}
	for _, s := range hs {
		if !s.ApplyShape(hex).Equal(NewShape(hex...)) {
			t.Fatalf("a symmetry does not map the hexagon onto itself")
		}
	}
	// A rhombic dodecahedron's cube (24 cells) has the cube's 48.
	var cube Shape
	for x := 0; x < 5; x++ {
		for y := 0; y < 5; y++ {
			for z := 0; z < 5; z++ {
				if c := (Cell{x, y, z}); RhombicTetrahedra().IsCell(c) {
					cube = append(cube, c)
				}
			}
		}
	}
	if n := len(RhombicTetrahedra().BoxSymmetries(cube)); n != 48 {
		t.Errorf("cube of rhombic tetrahedra: %d symmetries, want 48", n)
	}
}

// Every cell is a closed convex solid: prisms have 5 faces, the tetrahedra
// 4, and a cell and its face neighbour share one face's corners.
func TestGridFaces(t *testing.T) {
	for _, tc := range []struct {
		g     *Grid
		c     Cell
		faces int
	}{
		{Prisms(), Cell{2, 2, 0}, 5},
		{Prisms(), Cell{3, 2, 0}, 5},
		{RhombicTetrahedra(), Cell{5, 6, 7}, 4},
		{TetraOcta(), Cell{4, 4, 4}, 4},
		{TetraOcta(), Cell{3, 3, 3}, 4},
	} {
		fs := tc.g.Faces(tc.c)
		if len(fs) != tc.faces {
			t.Errorf("%s %v: %d faces, want %d", tc.g, tc.c, len(fs), tc.faces)
		}
		vs := tc.g.WorldVertices(tc.c)
		for _, n := range tc.g.Neighbours(tc.c) {
			nv := tc.g.WorldVertices(n)
			shared := 0
			for _, a := range vs {
				for _, b := range nv {
					if a == b {
						shared++
					}
				}
			}
			if shared < 3 {
				t.Errorf("%s %v and %v share %d corners", tc.g, tc.c, n, shared)
			}
		}
	}
}
