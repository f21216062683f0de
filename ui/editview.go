package ui

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strconv"
	"strings"

	"polyviz/editor"
	"polyviz/geometry"
)

// What the editor shows (editmode.go): the grid of the layer, the 3D view,
// the history and the checks, refreshed after every edit.

// shape returns the cells the grid edits: the piece selected, or the box.
func (e *editMode) shape(d editor.Document) geometry.Shape {
	if e.sel >= 0 && e.sel < len(d.Pieces) {
		return d.Pieces[e.sel].Cells
	}
	return d.Box
}

// firstLayer is the layer the grid shows when a shape is selected: its
// lowest, since on BurrTools' grids a piece kept at the origin by whole
// cubes may have no cell on index layer 0 (a rhombic piece from z = 1).
func (e *editMode) firstLayer() int {
	d := e.h.Doc()
	cells := e.shape(d)
	if len(cells) == 0 || d.Lattice.Planar() {
		return 0
	}
	lo, _ := cells.Bounds()
	return lo.Z
}

// refresh shows the current document: heading, list, grid, view, checks.
func (e *editMode) refresh() {
	d := e.h.Doc()
	if e.sel >= len(d.Pieces) {
		e.sel = len(d.Pieces) - 1
	}
	name := "New puzzle"
	switch {
	case e.path != "":
		name = filepath.Base(e.path)
	case e.origin != nil:
		name = filepath.Base(e.origin.Name)
	}
	dirty := ""
	if e.h.Dirty() {
		dirty = " (unsaved)"
	}
	e.heading.SetText(fmt.Sprintf("Editing %s%s · %s", name, dirty, d.Lattice))
	e.w.win.SetTitle("polyviz — editing " + name + dirty)
	e.items.Refresh()
	e.items.Select(e.sel + 1)

	// the undo and redo buttons say what they would do
	e.lastEdit.SetText(historyText(e.h))
	setEnabled(e.undo, e.h.CanUndo())
	setEnabled(e.redo, e.h.CanRedo())

	// the controls of what is selected
	if e.sel >= 0 {
		p := d.Pieces[e.sel]
		e.name.SetText(p.Name)
		if p.Min == p.Max {
			e.mult.SetText(strconv.Itoa(p.Min))
		} else {
			e.mult.SetText(fmt.Sprintf("%d:%d", p.Min, p.Max))
		}
		e.motion.Options = e.motion.Options[:0]
		for _, m := range d.Lattice.Motions() {
			e.motion.Options = append(e.motion.Options, m.String())
		}
		e.motion.SetSelected(p.Motion.String())
		e.motion.Refresh()
		e.pieceBar.Show()
		e.boxBar.Hide()
	} else {
		e.pieceBar.Hide()
		e.boxBar.Show()
	}

	e.refreshGrid(d)
	e.view.SetScene(e.scene(d))
	e.checks.SetText(checkText(d))
}

// refreshGrid sets the layer grid's region, layer and colours.
func (e *editMode) refreshGrid(d editor.Document) {
	cells := e.shape(d)
	lo, hi := geometry.Cell{}, geometry.Cell{}
	if len(cells) > 0 {
		lo, hi = cells.Bounds()
	}
	if e.sel < 0 { // the box is drawn from the origin, or from below it
		lo = geometry.Cell{X: min(lo.X, 0), Y: min(lo.Y, 0), Z: min(lo.Z, 0)}
	}
	planar, grid := d.Lattice.Planar(), d.Lattice.Grid()
	// room around the shape on every side, where a click grows it (the
	// editor moves it when it grows below 0): one cell, or one cube of a
	// BurrTools grid
	margin, least := 1, 6
	if grid != nil {
		margin = d.Lattice.Period()
		if d.Lattice == editor.Prisms {
			least = 12 // a row alternates up and down triangles
		}
	}
	zlo, zhi := lo.Z-margin, hi.Z+margin
	if planar {
		zlo, zhi = 0, 0
	}
	e.z = min(max(e.z, zlo), zhi)
	cols := max(hi.X-lo.X+1+2*margin, least)
	rows := max(hi.Y-lo.Y+1+2*margin, 6)
	cols, rows = min(cols, editor.MaxCoord+1+2*margin), min(rows, editor.MaxCoord+1+2*margin)
	e.grid.state = func(c geometry.Cell) cellState {
		switch {
		case cells.Contains(c) && e.sel < 0 && d.Optional.Contains(c):
			return cellOptional
		case cells.Contains(c):
			return cellFilled
		case !planar && grid == nil && cells.Contains(geometry.Cell{X: c.X, Y: c.Y, Z: c.Z - 1}):
			return cellBelow
		}
		return cellEmpty
	}
	e.grid.colour = e.colour(d)
	e.grid.mark, e.grid.recolour = cellMark(d, e.sel), e.recolour // editcolour.go
	e.grid.picker.update(d)
	if grid != nil {
		e.grid.setGrid(grid)
	} else {
		e.grid.setLattice(d.Lattice.Geometry())
	}
	e.grid.setRegion(geometry.Cell{X: lo.X - margin, Y: lo.Y - margin, Z: e.z}, cols, rows)
	if planar {
		e.layer.Hide()
		e.layerLbl.Hide()
		return
	}
	e.layer.Min, e.layer.Max = float64(zlo), float64(zhi)
	e.layer.SetValue(float64(e.z))
	e.layer.Refresh()
	e.layer.Show()
	e.layerLbl.SetText(fmt.Sprintf("Layer z = %d", e.z))
	e.layerLbl.Show()
}

// colour is the colour of what is selected.
func (e *editMode) colour(d editor.Document) color.NRGBA {
	if e.sel < 0 {
		return color.NRGBA{0x9a, 0xa4, 0xb4, 0xff}
	}
	if e.w.b.PieceColor != nil {
		return e.w.b.PieceColor(e.sel, len(d.Pieces))
	}
	return fallbackColor(e.sel)
}

// scene is the 3D view of what is selected: the box with the layer being
// edited and those below it solid and the rest faint, or the piece alone.
func (e *editMode) scene(d editor.Document) *Scene {
	planar, grid := d.Lattice.Planar(), d.Lattice.Solids()
	col := e.colour(d)
	if e.sel >= 0 {
		p := d.Pieces[e.sel]
		sc := &Scene{Planar: planar, Grid: grid, CellEdges: true, Pieces: []ScenePiece{{Piece: 0, Name: p.Name, Cells: p.Cells, Color: col, Opacity: 1}}}
		tintScene(sc, d, e.sel) // editcolour.go
		return sc
	}
	var solid, above []geometry.Cell
	for _, c := range d.Box {
		if planar || c.Z <= e.z { // a triangle's z is its kind, not a layer
			solid = append(solid, c)
		} else {
			above = append(above, c)
		}
	}
	sc := &Scene{Planar: planar, Grid: grid, CellEdges: true}
	solid = e.addInPlace(sc, d, solid) // unique.go: the pieces fixed in place, in their colours
	if len(solid) > 0 {
		sc.Pieces = append(sc.Pieces, ScenePiece{Piece: 0, Name: "box", Cells: solid, Color: col, Opacity: 1})
	}
	if len(above) > 0 {
		sc.Pieces = append(sc.Pieces, ScenePiece{Piece: 1, Name: "box", Cells: above, Color: col, Opacity: 0.25})
	}
	tintScene(sc, d, e.sel) // editcolour.go
	return sc
}

// historyText says what Undo and Redo would do (the buttons keep their
// width, so the panes do not move under the pointer).
func historyText(h *editor.History) string {
	var parts []string
	if h.CanUndo() {
		parts = append(parts, "Undo: "+h.UndoLabel())
	}
	if h.CanRedo() {
		parts = append(parts, "Redo: "+h.RedoLabel())
	}
	if len(parts) == 0 {
		return "Nothing to undo"
	}
	return strings.Join(parts, " · ")
}

// checkText is the live checks in words.
func checkText(d editor.Document) string {
	fs := editor.Check(d)
	if len(fs) == 0 {
		return "Checks: the cell counts match, every piece is in one part and fits in the box, no two pieces are alike."
	}
	lines := make([]string, len(fs))
	for i, f := range fs {
		lines[i] = "• " + f.Message
	}
	return strings.Join(lines, "\n")
}
