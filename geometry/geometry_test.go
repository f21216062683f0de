package geometry

import (
	"fmt"
	"testing"
)

// cells parses Knuth-style cells "000 100 010" (two digits for planar shapes).
func cells(t testing.TB, spec ...string) Shape {
	t.Helper()
	var cs []Cell
	for _, s := range spec {
		var c Cell
		v := []*int{&c.X, &c.Y, &c.Z}
		for i := range len(s) {
			d := DecodeDigit(s[i])
			if d < 0 || i > 2 {
				t.Fatalf("bad cell %q", s)
			}
			*v[i] = d
		}
		cs = append(cs, c)
	}
	return NewShape(cs...)
}

func TestGroups(t *testing.T) {
	rots := Rotations()
	if len(rots) != 24 || rots[0] != Identity {
		t.Fatalf("Rotations: %d, first %v", len(rots), rots[0])
	}
	seen := map[Transform]bool{}
	for _, r := range rots {
		if !r.Proper() || seen[r] {
			t.Errorf("rotation %v improper or repeated", r)
		}
		seen[r] = true
		if r.Then(r.Inverse()) != Identity {
			t.Errorf("inverse of %v wrong", r)
		}
	}
	// Knuth's generators, in his order: the 2nd and 3rd rotations found are
	// the quarter turn (y,-x,z) and the cycle (y,z,x).
	if got := rots[1].Apply(Cell{1, 2, 3}); got != (Cell{2, -1, 3}) {
		t.Errorf("second rotation maps 123 to %v", got)
	}
	if got := rots[2].Apply(Cell{1, 2, 3}); got != (Cell{2, 3, 1}) {
		t.Errorf("third rotation maps 123 to %v", got)
	}
	planes := PlaneSymmetries()
	if len(planes) != 8 {
		t.Fatalf("PlaneSymmetries: %d", len(planes))
	}
	proper := 0
	for _, p := range planes {
		if !p.Planar() {
			t.Errorf("%v is not planar", p)
		}
		if p.Proper() {
			proper++
		}
	}
	if proper != 4 {
		t.Errorf("%d proper plane symmetries, want 4", proper)
	}
	all := Symmetries()
	seenAll := map[Transform]bool{}
	for _, s := range all {
		seenAll[s] = true
	}
	if len(all) != 48 || len(seenAll) != 48 {
		t.Errorf("Symmetries: %d (%d distinct)", len(all), len(seenAll))
	}
}

func TestOrientationCounts(t *testing.T) {
	tests := []struct {
		name   string
		planar bool
		cells  []string
		want   int
	}{
		{"monocube", false, []string{"000"}, 1},
		{"straight tricube", false, []string{"000", "100", "200"}, 3},
		{"L-tricube", false, []string{"000", "100", "010"}, 12},
		{"tripod", false, []string{"000", "100", "010", "001"}, 8},
		{"2x2x2 cube", false, []string{"000", "001", "010", "011", "100", "101", "110", "111"}, 1},
		{"L-tetracube", false, []string{"000", "100", "200", "010"}, 24},
		{"T-tetracube", false, []string{"000", "100", "200", "110"}, 12},
		{"S-tetracube", false, []string{"000", "100", "110", "210"}, 12},
		{"left screw", false, []string{"000", "100", "010", "011"}, 12},
		{"right screw", false, []string{"000", "100", "010", "101"}, 12},
		{"square tetracube", false, []string{"000", "100", "010", "110"}, 3},
		{"X pentomino", true, []string{"10", "01", "11", "21", "12"}, 1},
		{"I pentomino", true, []string{"00", "01", "02", "03", "04"}, 2},
		{"F pentomino", true, []string{"10", "20", "01", "11", "12"}, 8},
		{"L pentomino", true, []string{"00", "01", "02", "03", "13"}, 8},
		{"T pentomino", true, []string{"00", "10", "20", "11", "12"}, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Orientations(cells(t, tc.cells...), tc.planar)
			if len(got) != tc.want {
				t.Errorf("%d orientations, want %d: %v", len(got), tc.want, got)
			}
			for i, s := range got {
				if lo, _ := s.Bounds(); lo != (Cell{}) {
					t.Errorf("orientation %d not normalized: %v", i, s)
				}
			}
		})
	}
}

// TestOrientationsKnuthOrder checks the first few orientations of the
// L-tricube against the base placements POLYCUBE-DLX writes for soma's V.
func TestOrientationsKnuthOrder(t *testing.T) {
	got := Orientations(cells(t, "000", "100", "010"), false)
	want := [][]string{
		{"000", "010", "100"},
		{"000", "010", "110"}, // (y, 1-x, z) of the first
		{"000", "001", "100"}, // (y, z, x) of the first
	}
	for i, w := range want {
		if !got[i].Equal(cells(t, w...)) {
			t.Errorf("orientation %d = %v, want %v", i, got[i], w)
		}
	}
}

func TestOrientationImages(t *testing.T) {
	s := cells(t, "000", "100", "200") // straight tricube
	imgs, distinct := OrientationImages(s, Rotations(), false)
	n := 0
	for _, d := range distinct {
		if d {
			n++
		}
	}
	if len(imgs) != 24 || n != 3 {
		t.Errorf("%d images, %d distinct; want 24, 3", len(imgs), n)
	}
}

func TestBoxSymmetries(t *testing.T) {
	box := func(nx, ny, nz int) Shape {
		var cs []Cell
		for x := range nx {
			for y := range ny {
				for z := range nz {
					cs = append(cs, Cell{x + 1, y + 2, z})
				}
			}
		}
		return NewShape(cs...)
	}
	hole := box(8, 8, 1)
	var holed []Cell
	for _, c := range hole {
		if !(c.X >= 4 && c.X <= 5 && c.Y >= 5 && c.Y <= 6) {
			holed = append(holed, c)
		}
	}
	lshape := cells(t, "00", "01", "10")
	tests := []struct {
		name   string
		box    Shape
		planar bool
		want   int
	}{
		{"cube 3x3x3", box(3, 3, 3), false, 48},
		{"box 2x3x4", box(2, 3, 4), false, 8},
		{"box 2x2x8", box(2, 2, 8), false, 16},
		{"board 6x10", box(6, 10, 1), true, 4},
		{"board 8x8", box(8, 8, 1), true, 8},
		{"board 8x8 without centre", NewShape(holed...), true, 8},
		{"L-tromino board", lshape, true, 2},
		{"board 6x10 as a 3D box", box(6, 10, 1), false, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := BoxSymmetries(tc.box, tc.planar)
			if len(g) != tc.want {
				t.Fatalf("group of order %d, want %d", len(g), tc.want)
			}
			if g[0].T != Identity || g[0].Offset != (Cell{}) {
				t.Errorf("first element %v is not the identity", g[0])
			}
			for _, s := range g {
				if !s.ApplyShape(tc.box).Equal(tc.box) {
					t.Errorf("%v does not map the box onto itself", s)
				}
			}
		})
	}
}

func TestDigits(t *testing.T) {
	for v := range Radix {
		if DecodeDigit(EncodeDigit(v)) != v {
			t.Errorf("digit %d does not round-trip", v)
		}
	}
	if EncodeDigit(-1) != '-' || EncodeDigit(62) != '?' || DecodeDigit('*') != -1 {
		t.Error("out-of-range digits")
	}
}

func ExampleOrientations() {
	ltricube := NewShape(Cell{0, 0, 0}, Cell{1, 0, 0}, Cell{0, 1, 0})
	fmt.Println(len(Orientations(ltricube, false)), "orientations; the first three:")
	for _, s := range Orientations(ltricube, false)[:3] {
		fmt.Println(s)
	}
	// Output:
	// 12 orientations; the first three:
	// 000 010 100
	// 000 010 110
	// 000 001 100
}
