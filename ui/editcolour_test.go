package ui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"

	"polyviz/editor"
	"polyviz/geometry"
)

// TestEditorCellColours: a board whose box is red, blue, neutral opens
// with the colour picker shown, the red cell tinted red in the layer grid
// and drawn as a piece of its own in the 3D view; picking colour 2 makes
// a click paint the neutral cell blue instead of removing it, and Undo
// takes it back.
func TestEditorCellColours(t *testing.T) {
	red, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}
	d, err := editor.FromSource(editor.Source{Planar: true, Box: editor.Cuboid(3, 1, 1),
		Pieces: []editor.SourcePiece{{Name: "I", Min: 1, Max: 1, Orientations: []geometry.Shape{editor.Cells(0, 0, 0, 1, 0, 0, 2, 0, 0), editor.Cells(0, 0, 0, 0, 1, 0, 0, 2, 0)}}},
		Colours: editor.SourceColours{Palette: []color.RGBA{red, blue}, Rules: [][2]int{{1, 1}},
			Box: map[geometry.Cell]int{{X: 0}: 1, {X: 1}: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, d, ""))
	e := w.editor
	w.win.Canvas().Refresh(w.win.Content())
	if !e.grid.picker.bar.Visible() || len(e.grid.picker.sel.Options) != 4 {
		t.Fatalf("picker shown %v, options %v", e.grid.picker.bar.Visible(), e.grid.picker.sel.Options)
	}
	base := e.colour(d)
	if got := e.grid.mark(geometry.Cell{X: 0}, base); got.R <= base.R || got.B >= base.B {
		t.Errorf("the red cell's tint %v from %v", got, base)
	}
	var tinted int
	for _, sp := range e.scene(e.h.Doc()).Pieces {
		if sp.Color != base {
			tinted += len(sp.Cells)
		}
	}
	if tinted != 2 {
		t.Errorf("%d cells tinted in the 3D view, want 2", tinted)
	}
	e.grid.picker.sel.SetSelected(colourName(2))
	e.grid.Tapped(&fyne.PointEvent{Position: squareAt(e.grid, geometry.Cell{X: 2})})
	doc := e.h.Doc()
	if len(doc.Box) != 3 || doc.CellColour(editor.TargetBox, geometry.Cell{X: 2}) != 2 {
		t.Fatalf("after the click: box %v, colours %v", doc.Box, doc.BoxColours())
	}
	if name, _, _ := e.solveData(); name != "new-puzzle.xmpuzzle" { // the test's backend writes none
		t.Errorf("Solve loads %s; a spec would drop the colours", name)
	}
	e.Undo()
	if doc := e.h.Doc(); doc.CellColour(editor.TargetBox, geometry.Cell{X: 2}) != 0 || doc.CellColour(editor.TargetBox, geometry.Cell{X: 0}) != 1 {
		t.Errorf("after Undo: %v", doc.BoxColours())
	}
}
