package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/geometry"
)

// editMode is the window's editor: the designer's workshop. It shows one
// shape at a time (the box, or a piece) as a layer grid beside a live 3D
// view, the list of pieces, the live checks and Undo/Redo, and saves the
// puzzle as Knuth's spec. Every change goes through one editor.History, so
// everything can be undone. The window swaps its content for the editor's
// and back (see window.openEditor and window.closeEditor).
type editMode struct {
	w    *window
	h    *editor.History
	path string // where Save writes; "" until saved once
	// origin is the puzzle the editor was opened on (nil for a new one) and
	// orig its file's data when it is a BurrTools file: saving as
	// .xmpuzzle then replaces its problem and keeps the rest of the file
	origin *Puzzle
	orig   []byte
	sel    int // -1: the box; i >= 0: piece i
	z      int // the layer the grid shows
	// optional paints box cells as optional (they may stay empty)
	optional bool
	shift    bool // Shift is held: a click in the 3D view removes

	content  fyne.CanvasObject
	heading  *widget.Label
	items    *widget.List
	grid     *layerGrid
	layer    *widget.Slider
	layerLbl *widget.Label
	view     *View
	checks   *widget.Label
	status   *widget.Label
	lastEdit *widget.Label
	name     *widget.Entry
	mult     *widget.Entry
	motion   *widget.RadioGroup
	undo     *widget.Button
	redo     *widget.Button
	pieceBar *fyne.Container
	boxBar   *fyne.Container
	optCheck *widget.Check
	size     *widget.Entry
	solveB   *quietButton
	genForm  *generateForm // the generator's dialog, last opened
	tools    *editTools    // drawing aids and the Shape menu (edittools.go)
}

// newEditMode makes the editor for document d, saved at path ("" for a new
// puzzle).
func newEditMode(w *window, d editor.Document, path string) *editMode {
	e := &editMode{w: w, h: editor.NewHistory(d), path: path, sel: -1}
	e.build()
	e.refresh()
	return e
}

// build makes the widgets.
func (e *editMode) build() {
	e.heading = widget.NewLabel("")
	e.heading.TextStyle.Bold = true
	e.heading.Truncation = fyne.TextTruncateEllipsis
	e.items = widget.NewList(
		func() int { return len(e.h.Doc().Pieces) + 1 },
		func() fyne.CanvasObject { return widget.NewLabel("piece name and cells") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(e.itemText(i)) },
	)
	e.items.OnSelected = func(i widget.ListItemID) {
		if e.sel != i-1 {
			e.sel = i - 1
			e.z = e.firstLayer() // a layer where the shape has cells
			e.refresh()
		}
	}

	e.grid = newLayerGrid()
	e.grid.paint = e.paint
	e.layer = widget.NewSlider(0, 1)
	e.layer.Step = 1
	e.layer.OnChanged = func(v float64) {
		if int(v) != e.z {
			e.z = int(v)
			e.refresh()
		}
	}
	e.layerLbl = widget.NewLabel("")

	draw := e.w.b.Draw
	if e.w.b.NewDrawer != nil {
		draw = e.w.b.NewDrawer()
	}
	e.view = NewView(draw)
	e.view.OnTap = func(x, y, w, h int) { e.viewClick(x, y, w, h, !e.shift) }
	e.view.OnTapSecondary = func(x, y, w, h int) { e.viewClick(x, y, w, h, false) }

	e.checks = widget.NewLabel("")
	e.checks.Wrapping = fyne.TextWrapWord
	e.status = widget.NewLabel("")
	e.status.Wrapping = fyne.TextWrapWord
	e.status.Importance = widget.DangerImportance
	e.lastEdit = widget.NewLabel("")
	e.lastEdit.Importance = widget.LowImportance
	e.lastEdit.Truncation = fyne.TextTruncateEllipsis

	// the piece's own controls
	e.name = widget.NewEntry()
	e.name.SetPlaceHolder("name")
	e.name.OnSubmitted = func(s string) {
		e.apply(editor.RenamePiece(e.sel, strings.TrimSpace(s)))
		e.giveBackKeys()
	}
	e.mult = widget.NewEntry()
	e.mult.SetPlaceHolder("copies: 2 or 1:3")
	e.mult.OnSubmitted = func(s string) {
		lo, hi, err := parseCopies(s)
		if err != nil {
			e.refuse(err.Error())
			return
		}
		e.apply(editor.SetMultiplicity(e.sel, lo, hi))
		e.giveBackKeys()
	}
	e.motion = widget.NewRadioGroup(nil, e.setMotion)
	e.motion.Horizontal, e.motion.Required = true, true
	turn := func(label string, t geometry.Transform) *widget.Button {
		return widget.NewButton(label, func() { e.apply(e.turnEdit(t)) })
	}
	e.pieceBar = container.NewVBox(
		container.NewGridWithColumns(2, e.name, e.mult),
		container.NewBorder(nil, nil, widget.NewLabel("Moves"), nil, e.motion),
		turnButtons(e.h.Doc().Lattice.Planar(), turn),
		container.NewGridWithColumns(2,
			widget.NewButton("Duplicate", func() { e.apply(editor.DuplicatePiece(e.sel)) }),
			widget.NewButton("Delete", func() {
				i := e.sel
				e.sel = -1
				e.apply(editor.DeletePiece(i))
			}),
		),
	)
	// the box's own controls
	e.optCheck = widget.NewCheck("Paint optional cells", func(on bool) { e.optional = on })
	e.size = widget.NewEntry()
	e.size.SetPlaceHolder("3x3x3 or 6x10")
	e.size.OnSubmitted = func(s string) {
		e.setBoxSize(s)
		e.giveBackKeys()
	}
	e.boxBar = container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Box size"), widget.NewButton("Set", func() { e.setBoxSize(e.size.Text) }), e.size),
		e.optCheck,
	)
	if e.w.b.Generate != nil {
		e.boxBar.Add(widget.NewButton("Generate Pieces…", e.showGenerate))
	}

	e.undo = widget.NewButton("Undo", e.Undo)
	e.redo = widget.NewButton("Redo", e.Redo)
	e.solveB = newQuietButton("Solve", e.solve)
	e.solveB.Importance = widget.HighImportance
	buttons := container.NewGridWithColumns(3,
		e.undo, e.redo,
		widget.NewButton("Add piece", func() {
			e.apply(editor.AddPiece("", geometry.Shape{e.h.Doc().Lattice.FirstCell()}))
			e.sel = len(e.h.Doc().Pieces) - 1
			e.z = e.firstLayer()
			e.refresh()
		}),
		widget.NewButton("Save", func() { e.save(false) }),
		widget.NewButton("Save As…", func() { e.save(true) }),
		e.solveB,
	)
	left := container.NewBorder(
		container.NewVBox(e.heading, buttons, e.lastEdit),
		container.NewVBox(e.pieceBar, e.boxBar, widget.NewSeparator(), checksPane(e.checks), e.status,
			widget.NewButton("Close Editor", func() { e.w.closeEditor(nil) })),
		nil, nil, e.items)
	e.tools = newEditTools(e)
	gridPane := container.NewBorder(e.tools.bar,
		container.NewVBox(e.grid.picker.bar, container.NewBorder(nil, nil, e.layerLbl, nil, e.layer)), nil, nil, e.grid)
	right := container.NewHSplit(gridPane, e.view)
	split := container.NewHSplit(left, right)
	split.Offset = 0.3
	e.content = split
}

// Quarter turns and a mirror for the piece buttons.
var (
	turnZ   = geometry.Transform{M: [3][3]int{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}}
	turnX   = geometry.Transform{M: [3][3]int{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}}
	turnY   = geometry.Transform{M: [3][3]int{{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}}}
	mirrorX = geometry.Transform{M: [3][3]int{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}
)

// setMotion says how the selected piece may move, by the motion's name
// (the radio group's choice); choosing the motion it has already, as
// refresh does, changes nothing.
func (e *editMode) setMotion(name string) {
	d := e.h.Doc()
	if e.sel < 0 || e.sel >= len(d.Pieces) {
		return
	}
	for _, m := range d.Lattice.Motions() {
		if m.String() == name && m != d.Pieces[e.sel].Motion {
			e.apply(editor.SetMotion(e.sel, m))
		}
	}
}

// parseCopies reads a multiplicity: "2" or "1:3".
func parseCopies(s string) (lo, hi int, err error) {
	s = strings.TrimSpace(s)
	a, b, isRange := strings.Cut(s, ":")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi = lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("copies %q: write a number (2) or a range (1:3)", s)
	}
	return lo, hi, nil
}

// itemText is the list's line i: the box first, then each piece.
func (e *editMode) itemText(i int) string {
	d := e.h.Doc()
	if i == 0 {
		t := "Box · " + plural(len(d.Box), "cell")
		if len(d.Optional) > 0 {
			t += fmt.Sprintf(", %d optional", len(d.Optional))
		}
		return t
	}
	if i-1 >= len(d.Pieces) {
		return ""
	}
	p := d.Pieces[i-1]
	copies := ""
	switch {
	case p.Min != p.Max:
		copies = fmt.Sprintf(" ×%d–%d", p.Min, p.Max)
	case p.Min != 1:
		copies = fmt.Sprintf(" ×%d", p.Min)
	}
	motion := ""
	if p.Motion != editor.Free {
		motion = " · " + p.Motion.String()
	}
	if len(p.InPlace) > 0 {
		motion += " · in place" // Make It Unique's Apply
	}
	return fmt.Sprintf("%s%s · %s%s", p.Name, copies, plural(len(p.Cells), "cell"), motion)
}

// giveBackKeys takes the focus from the field just submitted (Enter), so
// that Ctrl+Z next undoes the edit rather than going to the field's own
// text history, where it changed nothing the user could see.
func (e *editMode) giveBackKeys() {
	e.w.win.Canvas().Unfocus()
}

// apply makes an edit, says why when it is refused, and shows the result.
func (e *editMode) apply(ed editor.Edit) {
	if err := e.h.Do(ed); err != nil {
		e.refuse("Not done: " + err.Error())
		return
	}
	e.refuse("") // cleared; what is written there next is a refusal unless said
	e.refresh()
}

// refuse says in the status line, in red, why something was not done.
func (e *editMode) refuse(msg string) {
	e.status.Importance = widget.DangerImportance
	e.status.SetText(msg)
}

// Undo and Redo step through the history (Ctrl+Z, Ctrl+Shift+Z).
func (e *editMode) Undo() {
	if e.h.Undo() {
		e.status.SetText("")
		e.refresh()
	}
}

func (e *editMode) Redo() {
	if e.h.Redo() {
		e.status.SetText("")
		e.refresh()
	}
}

// paint applies a click or drag of the layer grid (or the 3D view) to the
// shape shown. A cell below coordinate 0 grows the shape there: it moves
// by a translation of the lattice as part of the same edit, and the grid
// follows it to the same layer and says so.
func (e *editMode) paint(cells []geometry.Cell, on bool) {
	cells = e.tools.expand(cells) // mirrored, or whole columns
	d := e.h.Doc()
	v, err := d.PaintShift(e.sel, on, cells) // e.sel is editor.TargetBox for the box
	if err != nil {
		e.refuse("Not done: " + err.Error())
		return
	}
	e.apply(editor.PaintShape(e.sel, on, e.optional, cells...))
	if v == (geometry.Cell{}) || e.status.Text != "" { // stayed put, or refused
		return
	}
	if !d.Lattice.Planar() {
		e.z += v.Z
	}
	e.refresh()
	if on {
		what := "The box"
		if e.sel >= 0 {
			what = "Piece " + d.Pieces[e.sel].Name
		}
		e.status.Importance = widget.MediumImportance // news, not a refusal
		e.status.SetText(fmt.Sprintf("%s moved %s so that it can grow there (one edit: Undo takes both back).", what, moveWords(v)))
	}
}

// moveWords says a translation: "+1 along x", "+5 along x and +5 along z".
func moveWords(v geometry.Cell) string {
	var parts []string
	for i, n := range [3]int{v.X, v.Y, v.Z} {
		if n != 0 {
			parts = append(parts, fmt.Sprintf("%+d along %c", n, "xyz"[i]))
		}
	}
	return strings.Join(parts, " and ")
}

// viewClick adds the cell beyond the face clicked in the 3D view (add) or
// removes the cell clicked. On every lattice PickFace gives the step to the
// neighbour across the face (a unit step on cubes, the grid's own elsewhere).
func (e *editMode) viewClick(x, y, w, h int, add bool) {
	if e.w.b.PickFace == nil {
		return
	}
	sc := e.view.Scene()
	_, cell, normal, ok := e.w.b.PickFace(sc, e.view.Camera(), w, h, x, y)
	if !ok {
		return
	}
	if add {
		if normal == (geometry.Cell{}) { // the top or bottom of a board's prism
			e.refuse("No cell lies above or below a board's cell: click a side face, or a cell on the layer grid.")
			return
		}
		e.paint([]geometry.Cell{cell.Add(normal)}, true)
	} else {
		e.paint([]geometry.Cell{cell}, false)
	}
}

// setBoxSize replaces the box by a cuboid "AxBxC" (or "AxB" on a board).
func (e *editMode) setBoxSize(s string) {
	var dims []int
	for _, f := range strings.Split(strings.ToLower(strings.TrimSpace(s)), "x") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > editor.MaxCoord+1 {
			e.refuse(fmt.Sprintf("Box size %q: write 3x3x3 (or 6x10 for a board), sides 1 to %d", s, editor.MaxCoord+1))
			return
		}
		dims = append(dims, n)
	}
	l := e.h.Doc().Lattice
	planar := l.Planar()
	if planar && len(dims) == 2 {
		dims = append(dims, 1)
	}
	if len(dims) != 3 || planar && dims[2] != 1 {
		e.refuse(fmt.Sprintf("Box size %q: a board has two sides (6x10), a box three (3x3x3)", s))
		return
	}
	e.apply(editor.SetBox(l.Block(dims[0], dims[1], dims[2])))
}

// solve leaves the editor and solves the puzzle as edited; Edit brings the
// editor back with its history.
func (e *editMode) solve() {
	name, spec, err := e.solveData()
	if err != nil {
		e.w.showError("Cannot solve", err)
		return
	}
	e.w.closeEditor(func() {
		e.w.loadData(name, spec, func(ok bool) {
			if ok {
				e.w.edited = e // Edit comes back here while this puzzle is shown
				e.w.editedPuzzle = e.w.puzzle
				e.w.solver.Start()
			}
		})
	})
}

// typedKey takes the keys the editor uses: Page Up/Down (and Up/Down) step
// through the layers. It reports whether it used the key.
func (e *editMode) typedKey(k fyne.KeyName) bool {
	switch k {
	case fyne.KeyUp, fyne.KeyPageUp:
		e.z++
	case fyne.KeyDown, fyne.KeyPageDown:
		e.z--
	default:
		return false
	}
	e.refresh()
	return true
}

// setEnabled enables or disables a button.
func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// errNotEditable is shown by Edit for a puzzle the editor cannot show.
var errNotEditable = errors.New("this kind of puzzle cannot be edited")

// plural writes a count and a noun: "1 cell", "27 cells", "460,464
// solutions".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return GroupDigits(int64(n)) + " " + noun + "s"
}
