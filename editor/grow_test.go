package editor_test

import (
	"image/color"
	"maps"
	"strings"
	"testing"

	"polyviz/editor"
	"polyviz/geometry"
)

// isTranslation reports whether v maps lattice l onto itself.
func isTranslation(l editor.Lattice, v geometry.Cell) bool {
	if g := l.Grid(); g != nil {
		return g.IsTranslation(v)
	}
	return l.Geometry().IsTranslation(v)
}

// TestPaintShapeGrowsBelowZero: a click on a cell at a negative coordinate
// beside the box grows the box there on every lattice: the box, its
// optional cells and a piece's in-place cells move by the least translation
// of the lattice that brings the new cell to coordinates >= 0 (one cell on
// Knuth's lattices, keeping a triangle's kind; on BurrTools' grids one the
// grid allows), as one edit that Undo takes back exactly.
func TestPaintShapeGrowsBelowZero(t *testing.T) {
	cases := []struct {
		l     editor.Lattice
		click geometry.Cell
		want  geometry.Cell // the translation
	}{
		{editor.Squares, geometry.Cell{X: -1}, geometry.Cell{X: 1}},
		{editor.Cubes, geometry.Cell{X: -1, Z: 1}, geometry.Cell{X: 1}},
		{editor.Cubes, geometry.Cell{Y: -1}, geometry.Cell{Y: 1}},
		{editor.Hexagons, geometry.Cell{X: -1, Y: 1}, geometry.Cell{X: 1}},
		{editor.Hexagons, geometry.Cell{X: 1, Y: -1}, geometry.Cell{Y: 1}},  // a board's front edge
		{editor.Triangles, geometry.Cell{X: -1, Z: 1}, geometry.Cell{X: 1}}, // ∇ left of Δ00
		{editor.Prisms, geometry.Cell{X: -1}, geometry.Cell{X: 2}},          // x+y even keeps up and down
		{editor.Spheres, geometry.Cell{X: -1, Y: 1}, geometry.Cell{X: 2}},
		{editor.Rhombic, geometry.Cell{}, geometry.Cell{}}, // filled in below: a neighbour at x < 0
		{editor.TetraOcta, geometry.Cell{}, geometry.Cell{}},
	}
	for _, tc := range cases {
		l := tc.l
		d := editor.New(l)
		d.Box = l.Block(2, 2, 1)
		if !l.Planar() && l.Grid() == nil {
			d.Box = l.Block(2, 2, 2)
		}
		d.Optional = d.Box[:1]
		d.Pieces = []editor.Piece{{Name: "A", Min: 1, Max: 1, Cells: geometry.Shape{l.FirstCell()}, Colour: -1,
			InPlace: d.Box[len(d.Box)-1:]}}
		click, want := tc.click, tc.want
		if l == editor.Rhombic || l == editor.TetraOcta {
			for _, c := range d.Box {
				for _, n := range l.Grid().Neighbours(c) {
					if n.X < 0 && n.Y >= 0 && n.Z >= 0 && click == (geometry.Cell{}) {
						click = n
					}
				}
			}
			want = geometry.Cell{X: 2 * l.Period()} // one cube would swap the kinds of tetra-octa's cubes
			if l == editor.Rhombic {
				want = geometry.Cell{X: 5}
			}
		}
		h := editor.NewHistory(d)
		v, err := h.Doc().PaintShift(editor.TargetBox, true, []geometry.Cell{click})
		if err != nil || v != want || !isTranslation(l, v) {
			t.Errorf("%v: a click on %v moves the box by %v (%v), want %v", l, click, v, err, want)
			continue
		}
		if err := h.Do(editor.PaintShape(editor.TargetBox, true, false, click)); err != nil {
			t.Errorf("%v: a click on %v: %v", l, click, err)
			continue
		}
		got := h.Doc()
		wantBox := geometry.NewShape(append(d.Box.Translate(want), click.Add(want))...)
		if !got.Box.Equal(wantBox) || !got.Optional.Equal(d.Optional.Translate(want)) ||
			!got.Pieces[0].InPlace.Equal(d.Pieces[0].InPlace.Translate(want)) || !got.Pieces[0].Cells.Equal(d.Pieces[0].Cells) {
			t.Errorf("%v: after a click on %v: box %v (want %v), optional %v, in place %v", l, click, got.Box, wantBox, got.Optional, got.Pieces[0].InPlace)
		}
		if lo, _ := got.Box.Bounds(); lo.X < 0 || lo.Y < 0 || lo.Z < 0 || l.Grid() == nil && lo.X != 0 {
			t.Errorf("%v: the grown box starts at %v", l, lo)
		}
		if h.UndoLabel() != "add box cell" || !h.Undo() || !h.Doc().Equal(d) {
			t.Errorf("%v: Undo (%q) gives %+v, want the document before the click", l, h.UndoLabel(), h.Doc())
		}
		if !h.Redo() || !h.Doc().Equal(got) {
			t.Errorf("%v: Redo does not grow the box again", l)
		}

		// a piece: the same click grows it, kept at the origin
		pc := d.Pieces[0].Cells[0]
		beside := pc.Add(geometry.Cell{X: -1})
		if g := l.Grid(); g != nil {
			for _, n := range g.Neighbours(pc) {
				if n.X < pc.X {
					beside = n
					break
				}
			}
		}
		before := h.Doc()
		if err := h.Do(editor.PaintShape(0, true, false, beside)); err != nil {
			t.Errorf("%v: piece cell %v: %v", l, beside, err)
			continue
		}
		if p := h.Doc().Pieces[0].Cells; len(p) != 2 {
			t.Errorf("%v: the piece grown by %v is %v", l, beside, p)
		}
		if !h.Undo() || !h.Doc().Equal(before) {
			t.Errorf("%v: Undo does not restore the piece", l)
		}
	}
}

// TestPaintShiftOfAPiece: a piece grown at x = -1 moves by +1 along x (it
// is kept at the origin), and the shift says so, so the window can follow.
func TestPaintShiftOfAPiece(t *testing.T) {
	d := editor.New(editor.Cubes)
	d, _ = editor.AddPiece("L", editor.Cells(0, 0, 0, 1, 0, 0, 1, 0, 1)).Apply(d)
	v, err := d.PaintShift(0, true, []geometry.Cell{{X: -1, Z: -1}})
	if err != nil || v != (geometry.Cell{X: 1, Z: 1}) {
		t.Fatalf("shift %v (%v), want 101", v, err)
	}
	n, err := editor.PaintShape(0, true, false, geometry.Cell{X: -1, Z: -1}).Apply(d)
	if want := editor.Cells(0, 0, 0, 1, 0, 1, 2, 0, 1, 2, 0, 2); err != nil || !n.Pieces[0].Cells.Equal(want) {
		t.Errorf("piece %v (%v), want %v", n.Pieces[0].Cells, err, want)
	}
}

// TestPaintShapeRefusesOnlyAtTheTop: a box from x = 0 to 61 cannot grow
// along x on either side, and says so in words; it still grows along y.
func TestPaintShapeRefusesOnlyAtTheTop(t *testing.T) {
	d := editor.New(editor.Squares)
	d.Box = editor.Squares.Block(editor.MaxCoord+1, 1, 1)
	for _, c := range []geometry.Cell{{X: -1}, {X: editor.MaxCoord + 1}} {
		n, err := editor.PaintShape(editor.TargetBox, true, false, c).Apply(d)
		if err == nil || !strings.Contains(err.Error(), "x = 62") || !strings.Contains(err.Error(), "0 to 61") || !n.Equal(d) {
			t.Errorf("a click on %v: %v", c, err)
		}
	}
	n, err := editor.PaintShape(editor.TargetBox, true, false, geometry.Cell{Y: -1}).Apply(d)
	if err != nil || len(n.Box) != len(d.Box)+1 || !n.Box.Contains(geometry.Cell{}) || !n.Box.Contains(geometry.Cell{X: 61, Y: 1}) {
		t.Errorf("a click below the row: %v", err)
	}
	// erasing a cell outside the box erases nothing, and is no error
	if n, err := editor.PaintShape(editor.TargetBox, false, false, geometry.Cell{X: -1}).Apply(d); err != nil || !n.Equal(d) {
		t.Errorf("erasing beyond the box: %v", err)
	}
}

// TestPaintShapeKeepsColours: a coloured cell keeps its colour when a
// click at a corner beyond 0 moves the box or a piece (a move with growth
// in two directions, which no look at the bounds alone tells apart).
func TestPaintShapeKeepsColours(t *testing.T) {
	d := editor.New(editor.Squares)
	d.Palette = []color.RGBA{{R: 0xff, A: 0xff}}
	d.Box = editor.Squares.Block(2, 2, 1)
	d.Pieces = []editor.Piece{{Name: "O", Min: 1, Max: 1, Cells: editor.Squares.Block(2, 2, 1), Colour: -1}}
	for _, target := range []int{editor.TargetBox, 0} {
		d, _ = editor.PaintColour(target, 1, geometry.Cell{X: 1, Y: 1}).Apply(d)
		n, err := editor.PaintShape(target, true, false, geometry.Cell{X: -1, Y: 2}).Apply(d)
		cols := n.BoxColours()
		if target == 0 {
			cols = n.PieceColours(0)
		}
		if want := map[geometry.Cell]int{{X: 2, Y: 1}: 1}; err != nil || !maps.Equal(cols, want) {
			t.Errorf("target %d: colours %v after the move (%v), want %v", target, cols, err, want)
		}
	}
}
