package shapeinfo

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/formats"
	"polyviz/puzzle"
)

// loadLibrary returns the space and shapes of a library puzzle.
func loadLibrary(t testing.TB, name string) (Space, []Named) {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no library puzzle %q", name)
	}
	l, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{Context: context.Background()})
	if err != nil {
		t.Fatal(err)
	}
	s, shapes, err := FromPuzzle(l.Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	return s, shapes
}

// The library's puzzles: every shape of every packing puzzle described,
// each group a subgroup of the space's (the identity first, its order
// dividing the group's), and known answers: the symmetry orders of each
// piece and box, written as NAME:ORDER, the chiral pieces and the mirror
// pairs.
func TestLibraryShapes(t *testing.T) {
	tests := []struct {
		puzzle string
		orders string // NAME:ORDER of each shape, the box last
		mirror string // NAME>NAME for each piece whose mirror image is another
		extra  func(t *testing.T, infos []Info)
	}{
		{"pentomino-6x10", "F:1 I:4 L:1 N:1 P:1 T:2 U:2 V:2 W:2 X:8 Y:1 Z:2 box:4", "", nil},
		{"pentomino-8x8-hole", "F:1 I:4 L:1 N:1 P:1 T:2 U:2 V:2 W:2 X:8 Y:1 Z:2 box:8", "", func(t *testing.T, infos []Info) {
			if box := infos[len(infos)-1]; *box.Holes2D != 4 || box.Connected != ViaEdges {
				t.Errorf("the board's hole: %d cells, connected %q; want 4, edge", *box.Holes2D, box.Connected)
			}
		}},
		{"soma", "V:4 L:2 T:4 Z:4 A:2 B:2 P:6 box:48", "A>B B>A", nil},
		{"tetracube-2x4x4", "I:16 O:16 L:2 T:4 Z:4 P:6 A:2 B:2 box:16", "A>B B>A", nil},
		{"tetromino-5x8", "I:4 O:8 T:2 L:1 S:2 box:4", "", func(t *testing.T, infos []Info) {
			for _, in := range infos[:len(infos)-1] {
				if in.Copies != "2" {
					t.Errorf("%s: copies %q, want 2", in.Name, in.Copies)
				}
			}
		}},
		// twelve hexiamonds, seven chiral (19 one-sided); the hexagon has
		// the whole group, the bar the rectangle's
		{"hexiamond-6x6", "A:2 B:1 C:2 D:1 E:1 F:2 G:1 H:2 I:1 J:12 K:2 L:4 box:4", "", nil},
		// seven tetrahexes, three chiral (10 one-sided)
		{"tetrahex-4x7", "I4:4 J4:1 P4:1 S4:2 U4:2 Y4:6 O4:4 box:2", "", nil},
		// the twenty-ball pyramid is a regular tetrahedron
		{"ball-pyramid-20", "L:2 T:4 I:24 v:4 i:24 d:24 box:24", "", nil},
		{"rhombic-cube-wedges", "Wedge:4 box:48", "", nil},
		{"tetra-octa-tetrahedron", "Piece:2 box:24", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.puzzle, func(t *testing.T) {
			s, shapes := loadLibrary(t, tc.puzzle)
			infos := describe(t, s, shapes...)
			var orders, mirrors []string
			for _, in := range infos {
				orders = append(orders, fmt.Sprintf("%s:%d", in.Name, in.Order))
				for _, m := range in.Mirrors {
					mirrors = append(mirrors, in.Name+">"+m)
				}
			}
			if got := strings.Join(orders, " "); got != tc.orders {
				t.Errorf("orders\n%s\nwant\n%s", got, tc.orders)
			}
			if got := strings.Join(mirrors, " "); got != tc.mirror {
				t.Errorf("mirror pairs %q, want %q", got, tc.mirror)
			}
			if tc.extra != nil {
				tc.extra(t, infos)
			}
		})
	}
	// every packing puzzle of the library
	if testing.Short() {
		return
	}
	for _, e := range assets.Catalog() {
		l, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{Context: context.Background()})
		if err != nil || l.Puzzle == nil {
			continue // fillomino grids and antislide problems are no packings of shapes
		}
		s, shapes, err := FromPuzzle(l.Puzzle)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
			continue
		}
		group := len(s.Elements())
		for _, in := range describe(t, s, shapes...) {
			if in.Order < 1 || group%in.Order != 0 || in.Symmetry[0].Name != "identity" || in.Cells == 0 {
				t.Errorf("%s %s: order %d in a group of %d, first %q, %d cells", e.Name, in.Name, in.Order, group, in.Symmetry[0].Name, in.Cells)
			}
			if in.Connected != ViaFaces && in.Connected != ViaEdges && in.Connected != ViaTouch && !in.Box {
				t.Errorf("%s %s: connected %q", e.Name, in.Name, in.Connected)
			}
		}
	}
}
