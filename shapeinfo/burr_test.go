package shapeinfo

import (
	"testing"

	"polyviz/geometry"
)

// burrPieces returns every piece of a six-piece burr of length 6 as a
// 2x2x6 bar along x: the ends and the four cubes on the outer face beside
// the crossing are always there (a solid burr needs them), each of the
// other 12 cubes of the middle may be taken out; pieces that fall apart
// are left out.
func burrPieces(s Space) []geometry.Shape {
	var fixed, removable []geometry.Cell
	for x := range 6 {
		for y := range 2 {
			for z := range 2 {
				c := geometry.Cell{X: x, Y: y, Z: z}
				if x == 0 || x == 5 || ((x == 1 || x == 4) && y == 0) {
					fixed = append(fixed, c)
				} else {
					removable = append(removable, c)
				}
			}
		}
	}
	var out []geometry.Shape
	for mask := range 1 << len(removable) {
		sh := append([]geometry.Cell(nil), fixed...)
		for i, c := range removable {
			if mask>>i&1 == 1 {
				sh = append(sh, c)
			}
		}
		shape := geometry.NewShape(sh...)
		if connectivity(s, shape) == ViaFaces {
			out = append(out, shape)
		}
	}
	return out
}

// The notchable six-piece burr pieces: 59 up to rotation, as BurrTools'
// user guide counts them ("all 59 notchable six-piece burr pieces"); 37
// when a piece and its mirror image count once. Every notchable piece is
// millable; the millable ones are 78 up to rotation, 47 up to reflection
// too (this package's own figures, kept so a change shows).
func TestBurrPieceCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	s := Space{Lattice: geometry.Cubes()}
	els := s.Elements()
	key := func(sh geometry.Shape, proper bool) string {
		best := ""
		for k, e := range els {
			if proper && !e.Proper {
				continue
			}
			img, _ := s.image(k, sh)
			if k := img.String(); best == "" || k < best {
				best = k
			}
		}
		return best
	}
	pieces := burrPieces(s)
	if len(pieces) != 2225 {
		t.Errorf("%d connected pieces, want 2225", len(pieces))
	}
	notch, notchAll := map[string]bool{}, map[string]bool{}
	mill, millAll := map[string]bool{}, map[string]bool{}
	for _, p := range pieces {
		if burrLength(p) != 6 {
			t.Fatalf("%v: not seen as a 2x2x6 burr piece", p)
		}
		n, m := Notchable(p), Millable(p)
		if n && !m {
			t.Errorf("%v: notchable but not millable", p)
		}
		if n {
			notch[key(p, true)], notchAll[key(p, false)] = true, true
		}
		if m {
			mill[key(p, true)], millAll[key(p, false)] = true, true
		}
	}
	if len(notch) != 59 || len(notchAll) != 37 {
		t.Errorf("notchable: %d up to rotation, %d up to reflection too; want 59 and 37", len(notch), len(notchAll))
	}
	if len(mill) != 78 || len(millAll) != 47 {
		t.Errorf("millable: %d up to rotation, %d up to reflection too; want 78 and 47", len(mill), len(millAll))
	}
}

func TestNotchableMillable(t *testing.T) {
	bar := cells(t, "000 001 010 011 100 101 110 111 200 201 210 211 300 301 310 311 400 401 410 411 500 501 510 511")
	without := func(gone ...string) geometry.Shape {
		drop := map[geometry.Cell]bool{}
		for _, g := range gone {
			drop[cells(t, g)[0]] = true
		}
		var out []geometry.Cell
		for _, c := range bar {
			if !drop[c] {
				out = append(out, c)
			}
		}
		return geometry.NewShape(out...)
	}
	tests := []struct {
		name        string
		shape       geometry.Shape
		notch, mill bool
		burr        int
	}{
		{"the whole bar", bar, true, true, 6},
		{"a 2x2x8 bar standing on end", cells(t, "000 100 010 110 001 101 011 111 002 102 012 112 003 103 013 113 004 104 014 114 005 105 015 115 006 106 016 116 007 107 017 117"), true, true, 8},
		{"a 2x2x7 bar", cells(t, "000 100 010 110 001 101 011 111 002 102 012 112 003 103 013 113 004 104 014 114 005 105 015 115 006 106 016 116"), true, true, 0},
		{"a notch across the bar", without("210", "211"), true, true, 6},
		{"a notch two long", without("210", "211", "310", "311"), true, true, 6},
		{"two notches crossing", without("210", "211", "200"), true, true, 6},
		{"one cube at an edge of the bar", without("210"), false, false, 6},
		{"a slot along the bar, open at both sides", without("210", "310"), false, false, 6},
		{"a router's path: millable, not notchable", without("110", "111", "211", "301", "310", "311", "410", "411"), false, true, 6},
		{"an L-tromino of cubes", cells(t, "000 100 010"), true, true, 0},
		{"a cube without a corner: an inside corner", cube3WithoutShape(t, "222"), false, false, 0},
		{"a cube without an edge: a rabbet", cube3WithoutShape(t, "022 122 222"), true, true, 0},
		{"a cube with a stopped rabbet", cube3WithoutShape(t, "022 122"), false, false, 0},
		{"a cube with its centre cut out", cube3WithoutShape(t, "111"), false, false, 0},
		{"a plate with a hole through it", cells(t, "000 100 200 010 210 020 120 220"), true, true, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Notchable(tc.shape); got != tc.notch {
				t.Errorf("notchable %v, want %v", got, tc.notch)
			}
			if got := Millable(tc.shape); got != tc.mill {
				t.Errorf("millable %v, want %v", got, tc.mill)
			}
			if got := burrLength(tc.shape); got != tc.burr {
				t.Errorf("burr length %d, want %d", got, tc.burr)
			}
		})
	}
}

func cube3WithoutShape(t testing.TB, without string) geometry.Shape {
	return cells(t, cube3Without(t, without))
}
