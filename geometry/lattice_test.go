package geometry

import (
	"slices"
	"testing"
)

func TestLatticeGroups(t *testing.T) {
	tests := []struct {
		l             *Lattice
		group, proper int
		orientations  int // of an asymmetric piece
	}{
		{Cubes(), 48, 24, 24},
		{Squares(), 8, 4, 8},
		{Triangles(), 12, 6, 12},
		{Hexagons(), 12, 6, 12},
	}
	for _, tc := range tests {
		t.Run(tc.l.Name(), func(t *testing.T) {
			g := tc.l.Group()
			if len(g) != tc.group || g[0] != Identity {
				t.Fatalf("group of %d, first %v; want %d from the identity", len(g), g[0], tc.group)
			}
			if n := len(tc.l.Rotations()); n != tc.proper {
				t.Errorf("%d rotations, want %d", n, tc.proper)
			}
			seen := map[Transform]bool{}
			for _, a := range g {
				if seen[a] {
					t.Errorf("%v repeated", a)
				}
				seen[a] = true
				if a.Then(a.Inverse()) != Identity {
					t.Errorf("inverse of %v wrong", a)
				}
				for _, b := range g {
					if !seen[a.Then(b)] && !slices.Contains(g, a.Then(b)) {
						t.Fatalf("group not closed: %v then %v", a, b)
					}
				}
			}
			// Every symmetry maps cells to cells and neighbours to neighbours.
			c := Cell{3, 4, 0}
			cells := []Cell{c}
			if tc.l.Kinds() == 2 {
				cells = append(cells, Cell{3, 4, 1})
			}
			for _, a := range g {
				for _, c := range cells {
					ac := tc.l.Apply(a, c)
					if !tc.l.IsCell(ac) {
						t.Fatalf("%v maps %v to %v, not a cell", a, c, ac)
					}
					for _, n := range tc.l.Neighbours(c) {
						if !slices.Contains(tc.l.Neighbours(ac), tc.l.Apply(a, n)) {
							t.Fatalf("%v does not keep %v next to %v", a, n, c)
						}
					}
				}
			}
		})
	}
}

// TestLatticeKnuthOrders: cubes and squares keep the orders of
// Rotations/Symmetries and PlaneSymmetries; the triangles' second
// orientation is Knuth's 60° turn of the first.
func TestLatticeKnuthOrders(t *testing.T) {
	if !slices.Equal(Cubes().Rotations(), Rotations()) || !slices.Equal(Cubes().Group(), Symmetries()) {
		t.Error("cubes differ from Rotations/Symmetries")
	}
	if !slices.Equal(Squares().Group(), PlaneSymmetries()) {
		t.Error("squares differ from PlaneSymmetries")
	}
	// POLYIAMOND-DLX: Δ 00 and ∇ 00' (a diamond) turned by 60° gives
	// ∇ (x+y,t-x)' and Δ (x+y+1,t-x) = 00' 10, normalized.
	tri := Triangles()
	diamond := NewShape(Cell{0, 0, 0}, Cell{0, 0, 1})
	got := tri.Orientations(diamond)
	want := []Shape{diamond, NewShape(Cell{0, 0, 1}, Cell{1, 0, 0}), NewShape(Cell{0, 0, 1}, Cell{0, 1, 0})}
	if len(got) != 3 {
		t.Fatalf("diamond: %d orientations %v, want 3", len(got), got)
	}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Errorf("diamond orientation %d = %v, want %v", i, got[i], want[i])
		}
	}
	// A tag (Knuth's suffix pair number) rides along: Z = kind + 2·tag.
	tagged := tri.Orientations(NewShape(Cell{0, 0, 0}, Cell{0, 0, 3}))
	if !tagged[1].Equal(NewShape(Cell{0, 0, 1}, Cell{1, 0, 2})) {
		t.Errorf("tagged diamond turned: %v", tagged[1])
	}
}

// freeCounts enumerates the free polyforms of sizes 1..n on l (up to the
// lattice's whole group) by growing each from the last size's.
func freeCounts(l *Lattice, seeds []Cell, n int) []int {
	canon := func(s Shape) string {
		best := ""
		for _, o := range l.Orientations(s) {
			if k := o.String(); best == "" || k < best {
				best = k
			}
		}
		return best
	}
	var level []Shape
	seen := map[string]bool{}
	for _, c := range seeds {
		s := NewShape(c)
		if k := canon(s); !seen[k] {
			seen[k] = true
			level = append(level, s)
		}
	}
	counts := []int{len(level)}
	for size := 2; size <= n; size++ {
		seen = map[string]bool{}
		var next []Shape
		for _, s := range level {
			for _, c := range s {
				for _, nb := range l.Neighbours(c) {
					if s.Contains(nb) {
						continue
					}
					g := NewShape(append(slices.Clone(s), nb)...)
					if k := canon(g); !seen[k] {
						seen[k] = true
						next = append(next, l.Normalize(g))
					}
				}
			}
		}
		level = next
		counts = append(counts, len(level))
	}
	return counts
}

// TestFreePolyforms counts free polyforms by enumeration: OEIS A000577
// (polyiamonds 1, 1, 1, 3, 4, 12, 24), A000228 (polyhexes 1, 1, 3, 7, 22),
// A000105 (polyominoes 1, 1, 2, 5, 12, 35).
func TestFreePolyforms(t *testing.T) {
	tests := []struct {
		l     *Lattice
		seeds []Cell
		want  []int
	}{
		{Triangles(), []Cell{{5, 5, 0}, {5, 5, 1}}, []int{1, 1, 1, 3, 4, 12, 24}},
		{Hexagons(), []Cell{{5, 5, 0}}, []int{1, 1, 3, 7, 22}},
		{Squares(), []Cell{{5, 5, 0}}, []int{1, 1, 2, 5, 12, 35}},
	}
	for _, tc := range tests {
		t.Run(tc.l.Name(), func(t *testing.T) {
			if got := freeCounts(tc.l, tc.seeds, len(tc.want)); !slices.Equal(got, tc.want) {
				t.Errorf("free counts %v, want %v", got, tc.want)
			}
		})
	}
}

func TestTriangleBoxSymmetries(t *testing.T) {
	var rhombus, hexagon []Cell
	for x := range 6 {
		for y := range 6 {
			rhombus = append(rhombus, Cell{x, y, 0}, Cell{x, y, 1})
		}
	}
	// A hexagon of 6 triangles around the corner shared by 00' and 11.
	hexagon = []Cell{{1, 1, 0}, {0, 0, 1}, {0, 1, 0}, {0, 1, 1}, {1, 0, 0}, {1, 0, 1}}
	if n := len(Triangles().BoxSymmetries(NewShape(rhombus...))); n != 4 {
		t.Errorf("6x6 rhombus: %d symmetries, want 4", n)
	}
	if n := len(Triangles().BoxSymmetries(NewShape(hexagon...))); n != 12 {
		t.Errorf("hexagon: %d symmetries, want 12", n)
	}
	var hexes []Cell
	for x := -2; x <= 2; x++ {
		for y := -2; y <= 2; y++ {
			if z := -x - y; z >= -2 && z <= 2 {
				hexes = append(hexes, Cell{x + 2, y + 2, 0})
			}
		}
	}
	if n := len(Hexagons().BoxSymmetries(NewShape(hexes...))); n != 12 {
		t.Errorf("hexagon of 19 hexagons: %d symmetries, want 12", n)
	}
}

// TestFlatBoard: a board is one layer of solids: triangles and hexagons
// when the puzzle is planar, prisms all at one height, never spheres.
func TestFlatBoard(t *testing.T) {
	one := []Cell{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}
	two := []Cell{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}
	var none *Grid
	for _, c := range []struct {
		name   string
		g      *Grid
		box    []Cell
		planar bool
		want   bool
	}{
		{"triangles, planar", Triangles().Solids(), one, true, true},
		{"hexagons, planar", Hexagons().Solids(), one, true, true},
		{"hexagons, not planar", Hexagons().Solids(), one, false, false},
		{"prisms, one layer", Prisms(), one, false, true},
		{"prisms, two layers", Prisms(), two, false, false},
		{"spheres", Spheres(), one, false, false},
		{"no box", Prisms(), nil, false, false},
		{"no grid", none, one, true, false},
	} {
		if got := c.g.FlatBoard(c.box, c.planar); got != c.want {
			t.Errorf("%s: FlatBoard = %v, want %v", c.name, got, c.want)
		}
	}
}
