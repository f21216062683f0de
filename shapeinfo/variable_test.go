package shapeinfo

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// loadFile returns the space and shapes of a puzzle file in testdata.
func loadFile(t testing.TB, name string) (Space, []Named) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	l, err := formats.Load(name, data, "", puzzle.LoadOptions{Context: context.Background()})
	if err != nil {
		t.Fatal(err)
	}
	s, shapes, err := FromPuzzle(l.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	return s, shapes
}

func symmetryNames(in Info) string {
	var names []string
	for _, e := range in.Symmetry {
		names = append(names, e.Name)
	}
	return strings.Join(names, "; ")
}

// A box's symmetries map its fixed cells to fixed ones and its optional
// cells to optional ones, as BurrTools compares voxel states; they were
// once the symmetries of its cells alone.
func TestBoxOptionalSymmetry(t *testing.T) {
	tests := []struct {
		file           string
		order, rots    int
		chiral         bool
		symmetry       string
		optional, cell int
	}{
		// a 2x6x2 bar whose fixed cells have one mirror plane
		{"DemoPieceGenerator.xmpuzzle", 2, 1, false, "identity; reflection across the plane y=0", 10, 24},
		// a 2x2 slab with one fixed corner: what `solve` finds acting
		{"box2x2.xmpuzzle", 4, 2, false, "identity; half turn about x+y; reflection across the plane z=0; reflection across the plane x=y", 3, 4},
	}
	for _, tt := range tests {
		s, shapes := loadFile(t, tt.file)
		infos := describe(t, s, shapes...)
		box := infos[len(infos)-1]
		if !box.Box || box.Cells != tt.cell || box.Optional != tt.optional {
			t.Fatalf("%s: box %+v", tt.file, box)
		}
		if box.Order != tt.order || box.Rotations != tt.rots || box.Chiral != tt.chiral {
			t.Errorf("%s: box %d (%d rot.), chiral %v; want %d (%d rot.), %v", tt.file, box.Order, box.Rotations, box.Chiral, tt.order, tt.rots, tt.chiral)
		}
		if got := symmetryNames(box); got != tt.symmetry {
			t.Errorf("%s: box symmetry %q, want %q", tt.file, got, tt.symmetry)
		}
	}
}

// A box with optional cells is no longer identical to a piece of the same
// cells, nor are the two boxes one; with no optional cells they are.
func TestOptionalIdentical(t *testing.T) {
	s := Space{Lattice: geometry.Cubes()}
	slab := cells(t, "000 100 010 110")
	infos := describe(t, s,
		Named{Name: "piece", Shape: slab},
		Named{Name: "plain", Box: true, Shape: slab},
		Named{Name: "box", Box: true, Shape: slab, Variable: cells(t, "100 010 110")},
		// the same pattern moved and turned: the fixed corner elsewhere
		Named{Name: "turned", Box: true, Shape: slab.Translate(geometry.Cell{X: 3}), Variable: cells(t, "300 410 310")})
	want := map[string]string{"piece": "plain", "plain": "piece", "box": "turned", "turned": "box"}
	for _, in := range infos {
		if got := strings.Join(in.Identical, " "); got != want[in.Name] {
			t.Errorf("%s: identical to %q, want %q", in.Name, got, want[in.Name])
		}
	}
	if infos[1].Order != 16 || infos[2].Order != 4 || infos[2].Optional != 3 {
		t.Errorf("orders %d and %d (%d optional), want 16 and 4 (3)", infos[1].Order, infos[2].Order, infos[2].Optional)
	}
}

// On every kind of space the symmetries of a shape with variable cells are
// those that keep both the shape and its fixed cells: a star (a cell and
// its neighbours) with one or two neighbours variable, whose fixed part
// fits no other translate of itself inside the star, so the two can be
// tested apart.
func TestVariableOnGrids(t *testing.T) {
	spaces := []Space{{Lattice: geometry.Cubes()}, {Lattice: geometry.Squares()}, {Lattice: geometry.Triangles()},
		{Lattice: geometry.Hexagons()}, {Grid: geometry.Prisms()}, {Grid: geometry.RhombicTetrahedra()}, {Grid: geometry.TetraOcta()}}
	for _, s := range spaces {
		c0, found := geometry.Cell{}, false
		for i := 0; i < 6*6*6 && !found; i++ {
			c0 = geometry.Cell{X: 2 + i%6, Y: 2 + i/6%6, Z: i / 36}
			found = s.isCell(c0)
		}
		if !found {
			t.Fatalf("%s: no cell found", s.Name())
		}
		nb := s.neighbours(c0)
		star := geometry.NewShape(append([]geometry.Cell{c0}, nb...)...)
		fewer := false
		for _, variable := range []geometry.Shape{geometry.NewShape(nb[0]), geometry.NewShape(nb[0], nb[1])} {
			var fixed []geometry.Cell
			for _, c := range star {
				if !variable.Contains(c) {
					fixed = append(fixed, c)
				}
			}
			want := 0
			st, fx := s.normalize(star), s.normalize(geometry.NewShape(fixed...))
			for k := range s.Elements() {
				a, ok := s.image(k, st)
				b, ok2 := s.image(k, fx)
				if ok && ok2 && a.Equal(st) && b.Equal(fx) {
					want++
				}
			}
			plain := describe(t, s, Named{Shape: star})[0]
			in := describe(t, s, Named{Shape: star, Variable: variable})[0]
			if in.Order != want {
				t.Errorf("%s: a star of %d cells, %d variable: order %d, want %d (of %d)", s.Name(), len(star), len(variable), in.Order, want, plain.Order)
			}
			fewer = fewer || in.Order < plain.Order
		}
		if !fewer {
			t.Errorf("%s: no star's variable cells cost it a symmetry: the test tells nothing", s.Name())
		}
	}
}
