package shapeinfo

import (
	"context"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/polyform"
)

// cells reads a shape written as Knuth writes cells, one digit a
// coordinate: "00 01 11" in the plane, "000 100" in space.
func cells(t testing.TB, spec string) geometry.Shape {
	t.Helper()
	var out []geometry.Cell
	for _, w := range strings.Fields(spec) {
		var c geometry.Cell
		c.X, c.Y = geometry.DecodeDigit(w[0]), geometry.DecodeDigit(w[1])
		if len(w) > 2 {
			c.Z = geometry.DecodeDigit(w[2])
		}
		out = append(out, c)
	}
	return geometry.NewShape(out...)
}

func describe(t testing.TB, s Space, shapes ...Named) []Info {
	t.Helper()
	infos, err := Describe(context.Background(), s, shapes)
	if err != nil {
		t.Fatal(err)
	}
	return infos
}

// The pentominoes as free planar shapes: their symmetry groups inside the
// square's group of order 8 (Golomb).
func TestPentominoSymmetry(t *testing.T) {
	tests := []struct {
		name, cells string
		order       int
		chiral      bool
	}{
		{"F", "10 20 01 11 12", 1, true},
		{"I", "00 01 02 03 04", 4, false},
		{"L", "00 01 02 03 10", 1, true},
		{"N", "00 01 11 12 13", 1, true},
		{"P", "00 10 01 11 02", 1, true},
		{"T", "02 12 22 11 10", 2, false},
		{"U", "00 01 10 20 21", 2, false},
		{"V", "00 01 02 10 20", 2, false},
		{"W", "00 01 11 12 22", 2, false},
		{"X", "10 01 11 21 12", 8, false},
		{"Y", "00 01 02 03 11", 1, true},
		{"Z", "00 10 11 12 22", 2, true},
	}
	s := Space{Lattice: geometry.Squares()}
	if n := len(s.Elements()); n != 8 {
		t.Fatalf("the square's group has %d elements, want 8", n)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := describe(t, s, Named{Name: tc.name, Shape: cells(t, tc.cells)})[0]
			if in.Order != tc.order || in.Chiral != tc.chiral || len(in.Symmetry) != in.Order {
				t.Errorf("order %d, chiral %v (%d elements); want %d, %v", in.Order, in.Chiral, len(in.Symmetry), tc.order, tc.chiral)
			}
			if in.Connected != ViaEdges || *in.Holes2D != 0 || in.Holes3D != nil {
				t.Errorf("connected %q, holes %v %v", in.Connected, in.Holes2D, in.Holes3D)
			}
		})
	}
}

// The seven Soma pieces in space, reflections included: the two screws
// are chiral and each other's mirror image.
func TestSomaSymmetry(t *testing.T) {
	tests := []struct {
		name, cells string
		order, rot  int
		mirror      string
	}{
		{"V", "000 100 010", 4, 2, ""},
		{"L", "000 100 200 010", 2, 1, ""},
		{"T", "000 100 200 110", 4, 2, ""},
		{"Z", "000 100 110 210", 4, 2, ""},
		{"A", "000 100 010 101", 2, 2, "B"},
		{"B", "000 100 010 011", 2, 2, "A"},
		{"P", "000 100 010 001", 6, 3, ""},
	}
	s := Space{Lattice: geometry.Cubes()}
	var shapes []Named
	for _, tc := range tests {
		shapes = append(shapes, Named{Name: tc.name, Shape: cells(t, tc.cells)})
	}
	infos := describe(t, s, shapes...)
	for i, tc := range tests {
		in := infos[i]
		t.Run(tc.name, func(t *testing.T) {
			if in.Order != tc.order || in.Rotations != tc.rot || in.Chiral != (tc.order == tc.rot) {
				t.Errorf("order %d with %d rotations, chiral %v; want %d with %d", in.Order, in.Rotations, in.Chiral, tc.order, tc.rot)
			}
			if got := strings.Join(in.Mirrors, " "); got != tc.mirror {
				t.Errorf("mirrors %q, want %q", got, tc.mirror)
			}
			if len(in.Identical) != 0 {
				t.Errorf("identical to %v", in.Identical)
			}
		})
	}
}

// Orbit and stabiliser: a shape's symmetry group times the number of its
// distinct images is the lattice's group, for every polyform of a few
// cells on every lattice; a chiral one is one polyform says is chiral.
func TestOrbitStabiliser(t *testing.T) {
	for _, tc := range []struct {
		lattice *geometry.Lattice
		n       int
	}{{geometry.Squares(), 6}, {geometry.Triangles(), 6}, {geometry.Hexagons(), 5}, {geometry.Cubes(), 5}} {
		t.Run(tc.lattice.Name(), func(t *testing.T) {
			s := Space{Lattice: tc.lattice}
			group := len(s.Elements())
			for n := 1; n <= tc.n; n++ {
				pieces, err := polyform.Enumerate(context.Background(), tc.lattice, n, polyform.Options{Equivalence: polyform.Fixed})
				if err != nil {
					t.Fatal(err)
				}
				free, err := polyform.Enumerate(context.Background(), tc.lattice, n, polyform.Options{})
				if err != nil {
					t.Fatal(err)
				}
				var shapes []Named
				for _, p := range free {
					shapes = append(shapes, Named{Name: p.Name, Shape: p.Cells})
				}
				images := 0
				for i, in := range describe(t, s, shapes...) {
					// the distinct images under the whole group
					seen := map[string]bool{}
					for k := range group {
						img, _ := s.image(k, free[i].Cells)
						seen[img.String()] = true
					}
					images += len(seen)
					if in.Order*len(seen) != group {
						t.Errorf("%s: order %d, %d images, group %d", free[i].Name, in.Order, len(seen), group)
					}
					if in.Chiral != free[i].Chiral {
						t.Errorf("%s: chiral %v, polyform says %v", free[i].Name, in.Chiral, free[i].Chiral)
					}
					if len(in.Identical) != 0 || len(in.Mirrors) != 0 {
						t.Errorf("%s: identical %v, mirrors %v among the free pieces", free[i].Name, in.Identical, in.Mirrors)
					}
				}
				// among the one-sided pieces, a chiral one has one mirror image
				oneSided, err := polyform.Enumerate(context.Background(), tc.lattice, n, polyform.Options{Equivalence: polyform.OneSided})
				if err != nil {
					t.Fatal(err)
				}
				shapes = shapes[:0]
				for _, p := range oneSided {
					shapes = append(shapes, Named{Name: p.Name, Shape: p.Cells})
				}
				for _, in := range describe(t, s, shapes...) {
					if want := map[bool]int{true: 1}[in.Chiral]; len(in.Identical) != 0 || len(in.Mirrors) != want {
						t.Errorf("%s one-sided: chiral %v, identical %v, mirrors %v", in.Name, in.Chiral, in.Identical, in.Mirrors)
					}
				}
				// on the planar lattices every fixed polyform is an image
				if tc.lattice.Planar() && images != len(pieces) {
					t.Errorf("%d cells: %d images of the free ones, %d fixed", n, images, len(pieces))
				}
			}
		})
	}
}

// Every element of each group has its own name, and the identity is named
// so and comes first.
func TestElementNames(t *testing.T) {
	spaces := []Space{{Lattice: geometry.Cubes()}, {Lattice: geometry.Squares()}, {Lattice: geometry.Triangles()}, {Lattice: geometry.Hexagons()},
		{Grid: geometry.Prisms()}, {Grid: geometry.RhombicTetrahedra()}, {Grid: geometry.TetraOcta()}}
	for _, s := range spaces {
		t.Run(s.Name(), func(t *testing.T) {
			els := s.Elements()
			if els[0].Name != "identity" || !els[0].Proper {
				t.Errorf("first element %+v", els[0])
			}
			seen := map[string]bool{}
			for _, e := range els {
				if seen[e.Name] {
					t.Errorf("two elements named %q", e.Name)
				}
				seen[e.Name] = true
				if improper := strings.Contains(e.Name, "reflection") || e.Name == "central inversion"; improper == e.Proper {
					t.Errorf("%q: proper %v", e.Name, e.Proper)
				}
			}
		})
	}
	for _, tc := range []struct {
		s    Space
		k    int
		name string
	}{
		{Space{Lattice: geometry.Cubes()}, 1, "quarter turn about −z"},
		{Space{Lattice: geometry.Cubes()}, 24, "central inversion"},
		{Space{Lattice: geometry.Squares()}, 1, "quarter turn clockwise"},
		{Space{Lattice: geometry.Squares()}, 2, "reflection across the diagonal y=x"},
	} {
		if got := tc.s.Elements()[tc.k]; got.Name != tc.name {
			t.Errorf("%s element %d: %q (%s), want %q", tc.s.Name(), tc.k, got.Name, got.Map, tc.name)
		}
	}
}

func TestConnectivity(t *testing.T) {
	cubes, squares := Space{Lattice: geometry.Cubes()}, Space{Lattice: geometry.Squares()}
	tri, hex := Space{Lattice: geometry.Triangles()}, Space{Lattice: geometry.Hexagons()}
	tests := []struct {
		name  string
		s     Space
		cells string
		want  string
	}{
		{"one cube", cubes, "000", ViaFaces},
		{"cubes by a face", cubes, "000 001", ViaFaces},
		{"cubes by an edge", cubes, "000 110", ViaEdges},
		{"cubes by a corner", cubes, "000 111", ViaCorners},
		{"cubes apart", cubes, "000 200", NotJoined},
		{"squares by an edge", squares, "00 01", ViaEdges},
		{"squares by a corner", squares, "00 11", ViaCorners},
		{"squares apart", squares, "00 20", NotJoined},
		{"triangles by an edge", tri, "000 001", ViaEdges},
		{"triangles by a corner", tri, "000 100", ViaCorners},
		{"hexagons apart", hex, "00 20", NotJoined},
		{"hexagons by an edge", hex, "00 10", ViaEdges},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := connectivity(tc.s, cells(t, tc.cells)); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

func TestHoles(t *testing.T) {
	cubes, squares := Space{Lattice: geometry.Cubes()}, Space{Lattice: geometry.Squares()}
	tests := []struct {
		name       string
		s          Space
		cells      string
		holes2D    int
		holes3D    int // -1: none on a planar lattice
		connection string
	}{
		{"square ring", squares, "00 01 02 10 12 20 21 22", 1, -1, ViaEdges},
		{"open square ring", squares, "00 01 02 10 12 20 22", 0, -1, ViaEdges},
		{"ring of squares by corners", squares, "10 01 21 12", 1, -1, ViaCorners},
		{"flat ring of cubes", cubes, "000 010 020 100 120 200 210 220", 1, 0, ViaFaces},
		{"cube with a cavity", cubes, cube3Without(t, "111"), 1, 1, ViaFaces},
		{"cube with a tunnel along z", cubes, cube3Without(t, "110 111 112"), 3, 0, ViaFaces},
		{"cube with a tunnel along x", cubes, cube3Without(t, "011 111 211"), 0, 0, ViaFaces},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := describe(t, tc.s, Named{Name: tc.name, Shape: cells(t, tc.cells)})[0]
			if *in.Holes2D != tc.holes2D {
				t.Errorf("2D holes %d, want %d", *in.Holes2D, tc.holes2D)
			}
			switch {
			case tc.holes3D < 0 && in.Holes3D != nil:
				t.Errorf("3D holes %d on a planar lattice", *in.Holes3D)
			case tc.holes3D >= 0 && (in.Holes3D == nil || *in.Holes3D != tc.holes3D):
				t.Errorf("3D holes %v, want %d", in.Holes3D, tc.holes3D)
			}
			if in.Connected != tc.connection {
				t.Errorf("connected %q, want %q", in.Connected, tc.connection)
			}
		})
	}
}

// cube3Without returns the cells of a 3x3x3 cube but the given ones.
func cube3Without(t testing.TB, without string) string {
	t.Helper()
	gone := map[string]bool{}
	for _, w := range strings.Fields(without) {
		gone[w] = true
	}
	var out []string
	for x := range 3 {
		for y := range 3 {
			for z := range 3 {
				if w := string(rune('0'+x)) + string(rune('0'+y)) + string(rune('0'+z)); !gone[w] {
					out = append(out, w)
				}
			}
		}
	}
	return strings.Join(out, " ")
}
