package editor

import (
	"testing"

	"polyviz/geometry"
)

// do applies the edits through a history, failing the test on a refusal.
func do(t *testing.T, d Document, edits ...Edit) *History {
	t.Helper()
	h := NewHistory(d)
	for _, e := range edits {
		if err := h.Do(e); err != nil {
			t.Fatalf("%s: %v", e.Label, err)
		}
	}
	return h
}

var lTromino = Cells(0, 0, 0, 1, 0, 0, 0, 1, 0)

func TestScaleAndBack(t *testing.T) {
	for _, tc := range []struct {
		l     Lattice
		k     int
		cells int
	}{{Squares, 2, 12}, {Squares, 3, 27}, {Cubes, 2, 24}, {Cubes, 3, 81}} {
		d := New(tc.l)
		d.Pieces = []Piece{{Name: "L", Min: 1, Max: 1, Cells: lTromino, Colour: -1}}
		d.Box = Cuboid(2, 3, 1).Translate(geometry.Cell{X: 1, Y: 1})
		d.Optional = Cells(1, 1, 0)
		h := do(t, d, Scale(TargetAll, tc.k))
		got := h.Doc()
		if n := len(got.Pieces[0].Cells); n != tc.cells {
			t.Errorf("%s ×%d: %d cells, want %d", tc.l, tc.k, n, tc.cells)
		}
		if n, want := len(got.Optional), tc.cells/3; n != want {
			t.Errorf("%s ×%d: %d optional cells, want %d", tc.l, tc.k, n, want)
		}
		if lo, _ := got.Box.Bounds(); lo != (geometry.Cell{X: 1, Y: 1}) {
			t.Errorf("%s ×%d: the scaled box moved to %v", tc.l, tc.k, lo)
		}
		if !got.Scaled(0, tc.k) || !got.Scaled(TargetAll, tc.k) || d.Scaled(0, tc.k) {
			t.Errorf("%s ×%d: Scaled wrong", tc.l, tc.k)
		}
		if err := h.Do(Shrink(TargetAll, tc.k)); err != nil {
			t.Fatal(err)
		}
		if !h.Doc().Equal(d) {
			t.Errorf("%s ×%d then back: %+v, want %+v", tc.l, tc.k, h.Doc(), d)
		}
	}
	// a tromino is no scaled shape: back is refused and changes nothing
	d := New(Squares)
	d.Pieces = []Piece{{Name: "L", Min: 1, Max: 1, Cells: lTromino}}
	h := NewHistory(d)
	if err := h.Do(Shrink(0, 2)); err == nil || h.CanUndo() {
		t.Errorf("shrinking a tromino: %v", err)
	}
}

func TestRotateFourTimes(t *testing.T) {
	piece := Cells(0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 0, 1, 1) // asymmetric
	for _, l := range Lattices() {
		d := New(l)
		cells := piece
		if l.planar() {
			cells = Cells(0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 2, 0)
		}
		d.Pieces = []Piece{{Name: "P", Min: 1, Max: 1, Cells: cells}}
		d.Box = union(cells.Translate(geometry.Cell{X: 2, Y: 3}), nil)
		for a := AxisX; a <= AxisZ; a++ {
			if l.Supports(OpRotate, a) != nil {
				if err := NewHistory(d).Do(Rotate(0, a)); err == nil {
					t.Errorf("%s: turn about %s made", l, a)
				}
				continue
			}
			n := 4
			if l == Triangles || l == Hexagons {
				n = 6 // 60° turns
			}
			h := NewHistory(d)
			for i := range n {
				if err := h.Do(Rotate(TargetAll, a)); err != nil {
					t.Fatal(err)
				}
				if i == 0 && h.Doc().Pieces[0].Cells.Equal(cells) {
					t.Errorf("%s: a turn about %s changed nothing", l, a)
				}
			}
			if got := h.Doc(); !got.Equal(d) {
				t.Errorf("%s: %d turns about %s: %v, box %v", l, n, a, got.Pieces[0].Cells, got.Box)
			}
			// Undo takes the last turn back in one step
			h.Undo()
			if h.Doc().Equal(d) || h.UndoLabel() != "turn all shapes about "+a.String() {
				t.Errorf("%s: undo of a turn about %s", l, a)
			}
		}
	}
}

func TestFlipTwice(t *testing.T) {
	d := New(Cubes)
	d.Pieces = []Piece{{Name: "L", Min: 1, Max: 1, Cells: Cells(0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0)}}
	h := do(t, d, Flip(0, AxisX))
	if got := h.Doc().Pieces[0].Cells; !got.Equal(Cells(0, 0, 0, 1, 0, 0, 2, 0, 0, 2, 1, 0)) {
		t.Errorf("mirrored L: %v", got)
	}
	if err := h.Do(Flip(0, AxisX)); err != nil || !h.Doc().Equal(d) {
		t.Errorf("mirrored twice: %v %v", h.Doc().Pieces[0].Cells, err)
	}
	if err := NewHistory(New(Squares)).Do(Flip(TargetBox, AxisZ)); err == nil {
		t.Error("a board mirrored in z")
	}
}

func TestFillHoles(t *testing.T) {
	hollow := minus(Cuboid(3, 3, 3), Cells(1, 1, 1))
	d := New(Cubes)
	d.Box = hollow
	d.Pieces = []Piece{{Name: "H", Min: 1, Max: 1, Cells: hollow}}
	got := do(t, d, FillHoles(TargetAll, false)).Doc()
	if len(got.Box) != 27 || len(got.Pieces[0].Cells) != 27 {
		t.Errorf("hollow 3x3x3 filled: box %d, piece %d cells; want 27", len(got.Box), len(got.Pieces[0].Cells))
	}
	// a tube's bore is open at both ends: no hole of the solid, a hole of
	// every layer
	tube := minus(Cuboid(3, 3, 3), Cells(1, 1, 0, 1, 1, 1, 1, 1, 2))
	if n := len(Cubes.Holes(tube, false)); n != 0 {
		t.Errorf("tube: %d 3D holes", n)
	}
	if n := len(Cubes.Holes(tube, true)); n != 3 {
		t.Errorf("tube: %d 2D holes, want 3", n)
	}
	ring := minus(Lattice(Squares).Block(3, 3, 1), Cells(1, 1, 0))
	if h := Squares.Holes(ring, false); !h.Equal(Cells(1, 1, 0)) {
		t.Errorf("square ring: holes %v", h)
	}
	// six triangles round a point and a ring of six hexagons
	hexring := Cells(1, 0, 0, 2, 0, 0, 0, 1, 0, 2, 1, 0, 0, 2, 0, 1, 2, 0)
	if h := Hexagons.Holes(hexring, false); !h.Equal(Cells(1, 1, 0)) {
		t.Errorf("hexagon ring: holes %v", h)
	}
	if err := NewHistory(New(Squares)).Do(FillHoles(TargetBox, true)); err == nil {
		t.Error("a board's layers filled")
	}
}

func TestOptionalParts(t *testing.T) {
	d := New(Cubes)
	d.Box = Cuboid(3, 3, 3)
	if got := do(t, d, OptionalPart(true)).Doc().Optional; !got.Equal(Cells(1, 1, 1)) {
		t.Errorf("inside of 3x3x3: %v", got)
	}
	h := do(t, d, OptionalPart(false))
	if n := len(h.Doc().Optional); n != 26 {
		t.Errorf("outside of 3x3x3: %d cells", n)
	}
	if err := h.Do(RequireAll()); err != nil || len(h.Doc().Optional) != 0 {
		t.Error("RequireAll left optional cells")
	}
	b := New(Squares)
	b.Box = Cuboid(4, 3, 1)
	if n := len(do(t, b, OptionalPart(true)).Doc().Optional); n != 2 {
		t.Errorf("inside of a 4x3 board: %d cells, want 2", n)
	}
}

func TestSymmetricDrawing(t *testing.T) {
	// one corner cell across x and y: the four corners
	aid := Aid{Mirror: [3]bool{true, true, false}, Column: NoAxis}
	got := do(t, New(Cubes), DrawCells(TargetBox, true, aid, geometry.Cell{X: 2, Y: 2})).Doc()
	if want := Cells(0, 0, 0, 2, 0, 0, 0, 2, 0, 2, 2, 0); !got.Box.Equal(want) {
		t.Errorf("mirrored corner: %v, want %v", got.Box, want)
	}
	// across all three planes of a 3x3x3 piece's frame: eight corners
	d := New(Cubes)
	// the six face centres of a 3x3x3 frame
	d.Pieces = []Piece{{Name: "C", Min: 1, Max: 1, Cells: Cells(1, 1, 0, 1, 1, 2, 0, 1, 1, 2, 1, 1, 1, 0, 1, 1, 2, 1)}}
	aid.Mirror[AxisZ] = true
	h := do(t, d, DrawCells(0, true, aid, geometry.Cell{X: 0, Y: 0, Z: 0}))
	if n := len(h.Doc().Pieces[0].Cells); n != 6+8 {
		t.Errorf("mirrored across x, y, z: %d cells", n)
	}
	// erasing mirrors too, in one step
	h.Do(DrawCells(0, false, aid, geometry.Cell{X: 2, Y: 2, Z: 2}))
	if !h.Doc().Equal(d) || h.UndoLabel() != "erase cells" {
		t.Errorf("erased mirrored: %v", h.Doc().Pieces[0].Cells)
	}
	// a centred box mirrors onto itself: its eight corners erased at a click
	box := New(Cubes)
	box.Box = Cuboid(3, 3, 3).Translate(geometry.Cell{X: 1, Y: 1, Z: 1})
	got = do(t, box, DrawCells(TargetBox, false, aid, geometry.Cell{X: 1, Y: 1, Z: 1})).Doc()
	if n := len(got.Box); n != 27-8 || got.Box.Contains(geometry.Cell{X: 3, Y: 3, Z: 3}) {
		t.Errorf("a centred box's corners erased: %v", got.Box)
	}
	if _, err := New(Triangles).ExpandCells(TargetBox, aid, []geometry.Cell{{}}); err == nil {
		t.Error("mirrored drawing on triangles")
	}
	if _, err := New(Squares).ExpandCells(TargetBox, aid, []geometry.Cell{{}}); err == nil {
		t.Error("a board mirrored in z")
	}
}

func TestColumns(t *testing.T) {
	d := New(Cubes)
	d.Box = Cuboid(3, 3, 4)
	d.Pieces = []Piece{{Name: "I", Min: 1, Max: 1, Cells: Cells(0, 0, 0, 0, 0, 1, 0, 0, 2)}}
	aid := Aid{Column: AxisZ}
	got := do(t, d, DrawCells(0, true, aid, geometry.Cell{X: 1})).Doc()
	if n := len(got.Pieces[0].Cells); n != 6 {
		t.Errorf("a column along z by a 1x1x3 piece: %d cells", n)
	}
	// a column of the box runs its whole height; x and y mirrored too: 4 columns
	aid.Mirror = [3]bool{true, true, false}
	got = do(t, New(Cubes), SetBox(Cuboid(3, 3, 4)), DrawCells(TargetBox, false, aid, geometry.Cell{X: 0, Y: 0, Z: 1})).Doc()
	if n := len(got.Box); n != 36-16 {
		t.Errorf("four columns erased: %d cells left", n)
	}
	// on triangles a row is a strip of both kinds
	got = do(t, New(Triangles), SetBox(Triangles.Block(3, 2, 1)), DrawCells(TargetBox, false, Aid{Column: AxisX}, geometry.Cell{Y: 1})).Doc()
	if n := len(got.Box); n != 6 {
		t.Errorf("a triangle strip erased from 12: %d left", n)
	}
}

func TestNudgeMinimiseCentre(t *testing.T) {
	d := New(Cubes)
	d.Box = Cuboid(2, 1, 1)
	d.Optional = Cells(1, 0, 0)
	h := do(t, d, Nudge(TargetBox, AxisX, 1), Nudge(TargetBox, AxisZ, 1))
	if got := h.Doc(); !got.Box.Equal(Cells(1, 0, 1, 2, 0, 1)) || !got.Optional.Equal(Cells(2, 0, 1)) {
		t.Errorf("nudged: %v optional %v", got.Box, got.Optional)
	}
	if err := NewHistory(d).Do(Nudge(TargetBox, AxisY, -1)); err == nil {
		t.Error("a box at y = 0 nudged to -y")
	}
	if err := h.Do(Minimise(TargetAll)); err != nil || !h.Doc().Equal(d) {
		t.Errorf("minimised: %v %v", h.Doc().Box, err)
	}
	// 2x1x1 centred in a 4x4x4 space
	if err := h.Do(Centre(TargetBox)); err != nil || !h.Doc().Box.Equal(Cells(1, 1, 1, 2, 1, 1)) {
		t.Errorf("centred: %v %v", h.Doc().Box, err)
	}
	// a board stays in its plane; triangles keep their kinds
	tri := New(Triangles)
	tri.Box = Cells(0, 0, 0, 0, 0, 1)
	got := do(t, tri, Centre(TargetBox)).Doc()
	if !got.Box.Equal(Cells(1, 1, 0, 1, 1, 1)) {
		t.Errorf("triangles centred: %v", got.Box)
	}
	if err := NewHistory(tri).Do(Nudge(TargetBox, AxisZ, 1)); err == nil {
		t.Error("a board nudged along z")
	}
}

// TestHolesOnEveryLattice takes an inside cell out of a block of each
// lattice and grid: it is the one hole, and filling restores the block.
func TestHolesOnEveryLattice(t *testing.T) {
	for _, l := range Lattices() {
		d := New(l)
		d.Box = l.Block(4, 4, 4)
		if l.planar() {
			d.Box = l.Block(4, 4, 1)
		}
		if l.Period() > 1 {
			d.Box = l.Block(2, 2, 2) // 10x10x10 index triples of rhombic tetrahedra
		}
		inside := do(t, d, OptionalPart(true)).Doc().Optional
		if len(inside) == 0 || len(inside) == len(d.Box) {
			t.Errorf("%s: %d of %d cells inside", l, len(inside), len(d.Box))
			continue
		}
		c := inside[len(inside)/2]
		holed := d
		holed.Box = minus(d.Box, geometry.Shape{c})
		if h := l.Holes(holed.Box, false); !h.Equal(geometry.Shape{c}) {
			t.Errorf("%s: block without %v has holes %v", l, c, h)
		}
		if got := do(t, holed, FillHoles(TargetBox, false)).Doc(); !got.Box.Equal(d.Box) {
			t.Errorf("%s: filled, %d cells of %d", l, len(got.Box), len(d.Box))
		}
		if l.Grid() != nil {
			if err := NewHistory(d).Do(Scale(TargetBox, 2)); err == nil {
				t.Errorf("%s: scaled", l)
			}
			// a nudge where the grid has a translation, and back
			for a := AxisX; a <= AxisZ; a++ {
				if l.Supports(OpNudge, a) != nil {
					continue
				}
				h := do(t, d, Nudge(TargetBox, a, 1), Nudge(TargetBox, a, -1))
				if !h.Doc().Equal(d) || !h.CanUndo() {
					t.Errorf("%s: nudged along %s and back", l, a)
				}
			}
		}
	}
}

// TestGridNeighboursCached holds the cached neighbours of a grid against
// the grid's own, over a few periods.
func TestGridNeighboursCached(t *testing.T) {
	for _, l := range Lattices() {
		g := l.Grid()
		if g == nil {
			continue
		}
		cached, _ := l.adjacency()
		for _, c := range l.Block(2, 2, 2) {
			if want, got := geometry.NewShape(g.Neighbours(c)...), geometry.NewShape(cached(c)...); !got.Equal(want) {
				t.Errorf("%s: neighbours of %v: %v, want %v", l, c, got, want)
			}
		}
	}
}
