package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/geometry"
)

// editTools is the editor's drawing aids, after BurrTools': a bar above
// the layer grid with the symmetric drawing toggles (a click also sets the
// cells mirrored in the planes across x, y or z), whole columns (a click
// fills the column along an axis), and the Shape menu of operations on
// the shape shown (or on every shape, with "All shapes"). Every operation
// is one edit of the history, so Undo takes it back in one step; what
// means nothing on the puzzle's lattice is disabled.
type editTools struct {
	e      *editMode
	mirror [3]*widget.Check
	column *widget.Select
	all    *widget.Check
	shapeB *widget.Button
	bar    fyne.CanvasObject
}

// columnChoices are the column select's options, NoAxis first.
var columnChoices = []string{"No columns", "Columns x", "Columns y", "Columns z"}

func newEditTools(e *editMode) *editTools {
	t := &editTools{e: e}
	l := e.h.Doc().Lattice
	row := []fyne.CanvasObject{widget.NewLabel("Mirror")}
	for a := editor.AxisX; a <= editor.AxisZ; a++ {
		t.mirror[a] = widget.NewCheck(a.String(), nil)
		if l.Supports(editor.OpMirror, a) != nil {
			t.mirror[a].Disable()
		}
		row = append(row, t.mirror[a])
	}
	var cols []string
	for i, c := range columnChoices {
		if i == 0 || l.Supports(editor.OpColumn, editor.Axis(i-1)) == nil {
			cols = append(cols, c)
		}
	}
	t.column = widget.NewSelect(cols, nil)
	t.column.SetSelectedIndex(0)
	t.all = widget.NewCheck("All shapes", nil)
	t.shapeB = widget.NewButton("Shape…", t.showMenu)
	row = append(row, t.column)
	t.bar = container.NewVBox(container.NewHBox(row...), container.NewHBox(t.shapeB, t.all))
	return t
}

// aid is the drawing aid the toggles say.
func (t *editTools) aid() editor.Aid {
	a := editor.Aid{Column: editor.NoAxis}
	for i, c := range t.mirror {
		a.Mirror[i] = c.Checked
	}
	for i, c := range columnChoices {
		if i > 0 && c == t.column.Selected {
			a.Column = editor.Axis(i - 1)
		}
	}
	return a
}

// expand gives the cells a click on cells draws, mirrored and as columns
// when the toggles say so (the grid's paint and the 3D view's clicks go
// through it, so one click stays one edit).
func (t *editTools) expand(cells []geometry.Cell) []geometry.Cell {
	out, err := t.e.h.Doc().ExpandCells(t.e.sel, t.aid(), cells)
	if err != nil {
		t.e.status.SetText("Not mirrored: " + err.Error())
		return cells
	}
	return out
}

// target is what the shape operations change: the shape shown, or all.
func (t *editTools) target() int {
	if t.all.Checked {
		return editor.TargetAll
	}
	return t.e.sel
}

// showMenu pops the Shape menu up under its button.
func (t *editTools) showMenu() {
	c := fyne.CurrentApp().Driver().CanvasForObject(t.shapeB)
	if c == nil {
		return
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(t.shapeB)
	widget.ShowPopUpMenuAtPosition(t.menu(), c, pos.Add(fyne.NewPos(0, t.shapeB.Size().Height)))
}

// menu is the Shape menu for the document as it is now: items that mean
// nothing for the target or on the lattice are disabled.
func (t *editTools) menu() *fyne.Menu {
	d := t.e.h.Doc()
	l, target := d.Lattice, t.target()
	piece := target >= 0 // a piece is kept at the origin: no nudge, no centre
	item := func(label string, ed editor.Edit, ok bool) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() { t.apply(ed) })
		it.Disabled = !ok
		return it
	}
	axes := func(op editor.Op, make func(editor.Axis) (string, editor.Edit)) []*fyne.MenuItem {
		var items []*fyne.MenuItem
		for a := editor.AxisX; a <= editor.AxisZ; a++ {
			label, ed := make(a)
			items = append(items, item(label, ed, l.Supports(op, a) == nil))
		}
		return items
	}
	var nudges []*fyne.MenuItem
	for a := editor.AxisX; a <= editor.AxisZ; a++ {
		for _, dir := range []int{1, -1} {
			sign := map[int]string{1: "+", -1: "−"}[dir]
			nudges = append(nudges, item(sign+a.String(), editor.Nudge(target, a, dir), !piece && l.Supports(editor.OpNudge, a) == nil))
		}
	}
	turn := axes(editor.OpRotate, func(a editor.Axis) (string, editor.Edit) {
		if l == editor.Triangles || l == editor.Hexagons {
			return "About " + a.String() + " (60°)", editor.Rotate(target, a)
		}
		return "About " + a.String(), editor.Rotate(target, a)
	})
	flip := axes(editor.OpFlip, func(a editor.Axis) (string, editor.Edit) {
		return "In " + a.String(), editor.Flip(target, a)
	})
	scaleOK := l.Supports(editor.OpScale, editor.NoAxis) == nil
	var scale []*fyne.MenuItem
	for _, k := range []int{2, 3} {
		scale = append(scale, item(fmt.Sprintf("By %d", k), editor.Scale(target, k), scaleOK))
	}
	for _, k := range []int{2, 3} {
		scale = append(scale, item(fmt.Sprintf("Back ÷%d", k), editor.Shrink(target, k), d.Scaled(target, k)))
	}
	sub := func(label string, items []*fyne.MenuItem) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, nil)
		it.ChildMenu = fyne.NewMenu("", items...)
		it.Disabled = true // unless one of its items is offered
		for _, c := range items {
			it.Disabled = it.Disabled && c.Disabled
		}
		return it
	}
	notBox := target != editor.TargetBox && target != editor.TargetAll
	return fyne.NewMenu("Shape",
		sub("Nudge", nudges),
		sub("Turn", turn),
		sub("Mirror", flip),
		sub("Scale", scale),
		item("Minimise", editor.Minimise(target), !piece && l.Supports(editor.OpMinimise, editor.NoAxis) == nil),
		item("Centre", editor.Centre(target), !piece && l.Supports(editor.OpCentre, editor.NoAxis) == nil),
		fyne.NewMenuItemSeparator(),
		item("Fill holes", editor.FillHoles(target, false), true),
		item("Fill holes of each layer", editor.FillHoles(target, true), l.Supports(editor.OpFillLayers, editor.NoAxis) == nil),
		fyne.NewMenuItemSeparator(),
		item("Make inside optional", editor.OptionalPart(true), !notBox),
		item("Make outside optional", editor.OptionalPart(false), !notBox),
		item("Make every cell required", editor.RequireAll(), !notBox && len(d.Optional) > 0),
	)
}

// apply makes an operation of the menu, and says so when it changed
// nothing (a shape without holes, say), since no Undo step appears.
func (t *editTools) apply(ed editor.Edit) {
	before := t.e.h.Doc()
	t.e.apply(ed)
	if t.e.status.Text == "" && t.e.h.Doc().Equal(before) {
		t.e.status.SetText("Nothing to do: " + ed.Label + " changes nothing here")
	}
}
