package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"polyviz/editor"
	"polyviz/geometry"
)

// gridPos is where the layer grid draws cell c: a square, or the cell's
// own shape on triangles, hexagons and BurrTools' grids.
func gridPos(g *layerGrid, c geometry.Cell) fyne.Position {
	if g.solids != nil {
		return cellCentreAt(g, c)
	}
	return squareAt(g, c)
}

// TestLayerGridGrowsTheBoxBelowZero: the layer grid shows a ring of cells
// around the box, below 0 too; a click there grows the box, which moves so
// that the new cell is at coordinates >= 0 (by a whole cube on the rhombic
// grid), the status line says it moved, the grid follows it to the same
// layer, and one Undo restores the document exactly.
func TestLayerGridGrowsTheBoxBelowZero(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	for _, tc := range []struct {
		l     editor.Lattice
		click geometry.Cell
		move  geometry.Cell
	}{
		{editor.Squares, geometry.Cell{X: -1}, geometry.Cell{X: 1}},
		{editor.Cubes, geometry.Cell{X: -1, Y: 1, Z: 1}, geometry.Cell{X: 1}},
		{editor.Cubes, geometry.Cell{X: 1, Z: -1}, geometry.Cell{Z: 1}}, // the layer below
		{editor.Hexagons, geometry.Cell{X: 1, Y: -1}, geometry.Cell{Y: 1}},
		{editor.Triangles, geometry.Cell{X: -1, Z: 1}, geometry.Cell{X: 1}},
		{editor.Rhombic, geometry.Cell{}, geometry.Cell{X: 5}},
	} {
		d := editor.New(tc.l)
		d.Box = tc.l.Block(2, 2, 1)
		switch tc.l {
		case editor.Cubes:
			d.Box = tc.l.Block(2, 2, 2)
		case editor.Rhombic:
			d.Box = tc.l.Block(1, 1, 1) // one cube: a small grid to draw and hit
		}
		click := tc.click
		if tc.l == editor.Rhombic { // a cell across a face of the box's cube, at x < 0
			for _, c := range d.Box {
				for _, n := range tc.l.Grid().Neighbours(c) {
					if n.X < 0 && n.Y >= 0 && n.Z >= 0 && click == (geometry.Cell{}) {
						click = n
					}
				}
			}
		}
		w.openEditor(newEditMode(w, d, ""))
		e := w.editor
		w.win.Canvas().Refresh(w.win.Content())
		e.z = click.Z
		e.refresh()
		if tc.l.Planar() {
			e.z = 0
		}
		test.TapAt(e.grid, gridPos(e.grid, click))
		got := e.h.Doc()
		want := geometry.NewShape(append(d.Box.Translate(tc.move), click.Add(tc.move))...)
		if !got.Box.Equal(want) {
			t.Errorf("%v: a click on %v gives box %v, want %v (%s)", tc.l, click, got.Box, want, e.status.Text)
			continue
		}
		if !strings.Contains(e.status.Text, "The box moved") {
			t.Errorf("%v: status %q", tc.l, e.status.Text)
		}
		if wantZ := click.Z + tc.move.Z; !tc.l.Planar() && (e.z != wantZ || e.grid.lo.Z != wantZ) {
			t.Errorf("%v: the grid shows layer %d, want %d where the new cell is", tc.l, e.z, wantZ)
		}
		if !e.grid.filled(click.Add(tc.move)) {
			t.Errorf("%v: the grid does not show the new cell %v", tc.l, click.Add(tc.move))
		}
		tapButton(t, e.content, "Undo")
		if !e.h.Doc().Equal(d) {
			t.Errorf("%v: Undo gives box %v, want %v", tc.l, e.h.Doc().Box, d.Box)
		}
	}
}

// TestViewClickGrowsAtTheOrigin: on a hexagon at the origin, a click on
// every side the camera sees adds the hexagon across it, those at x or
// y = -1 too (the board moves), each undone exactly.
func TestViewClickGrowsAtTheOrigin(t *testing.T) {
	c := geometry.Cell{}
	e := editorOn(t, editor.Hexagons, c)
	g := e.view.Scene().Grid
	_, _, fwd := viewPicker{}.camera(e.view.Scene(), e.view.Camera(), 100, 100).Basis()
	before, below := e.h.Doc(), 0
	for _, n := range geometry.Hexagons().Neighbours(c) {
		mid, normal, ok := sharedFace(g, c, n)
		if !ok || normal.Dot(fwd) > -0.2 {
			continue
		}
		if !tapWorld(e, mid, false) {
			t.Fatalf("the side towards %v is outside the picture", n)
		}
		lo, _ := geometry.NewShape(c, n).Bounds()
		move := geometry.Cell{X: max(-lo.X, 0), Y: max(-lo.Y, 0)}
		if want := geometry.NewShape(c.Add(move), n.Add(move)); !e.h.Doc().Box.Equal(want) {
			t.Fatalf("a click towards %v gives box %v, want %v (%s)", n, e.h.Doc().Box, want, e.status.Text)
		}
		if move != (geometry.Cell{}) {
			below++
		}
		e.Undo()
		if !e.h.Doc().Equal(before) {
			t.Fatalf("Undo after the click towards %v gives %v", n, e.h.Doc().Box)
		}
	}
	if below == 0 {
		t.Fatal("no side the camera sees leads below 0")
	}
}

// TestLayerGridShowsAGridPiece: selecting a piece of BurrTools' grids
// shows a layer where it has cells, though a piece kept at the origin by
// whole cubes may have none on index layer 0 (the rhombic wedge of
// rhombic-cube-wedges.xmpuzzle, tetra-octa-tetrahedron's piece); so does
// a new piece.
func TestLayerGridShowsAGridPiece(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	for _, tc := range []struct {
		l     editor.Lattice
		cells geometry.Shape
	}{
		{editor.Rhombic, editor.Cells(0, 1, 2, 0, 2, 1, 0, 2, 3, 0, 3, 2, 1, 0, 2, 2, 0, 1, 2, 0, 3, 3, 0, 2)},
		{editor.TetraOcta, editor.Cells(1, 1, 1, 2, 2, 2, 3, 2, 2)},
		{editor.Spheres, editor.Cells(0, 2, 0, 1, 1, 0, 1, 3, 0, 2, 0, 0, 2, 4, 0)},
	} {
		d := editor.New(tc.l)
		d.Box = tc.l.Block(1, 1, 1)
		d.Pieces = []editor.Piece{{Name: "A", Min: 1, Max: 1, Cells: tc.cells, Colour: -1}}
		w.openEditor(newEditMode(w, d, ""))
		e := w.editor
		w.win.Canvas().Refresh(w.win.Content())
		e.items.Select(1)
		if n := filledShown(e); e.sel != 0 || n == 0 {
			t.Errorf("%v: piece selected (%d), layer %d shows %d of its cells", tc.l, e.sel, e.z, n)
		}
		tapButton(t, e.content, "Add piece")
		if n := filledShown(e); e.sel != 1 || n != 1 {
			t.Errorf("%v: a new piece (%v), layer %d shows %d cells", tc.l, e.h.Doc().Pieces[e.sel].Cells, e.z, n)
		}
	}
}

// filledShown counts the cells the layer grid shows filled.
func filledShown(e *editMode) int {
	n := 0
	for _, c := range e.grid.planeCells() {
		if e.grid.filled(c) {
			n++
		}
	}
	return n
}
