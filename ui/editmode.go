package ui

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/fileout"
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
	undo     *widget.Button
	redo     *widget.Button
	pieceBar *fyne.Container
	boxBar   *fyne.Container
	optCheck *widget.Check
	size     *widget.Entry
	solveB   *quietButton
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
			e.z = 0
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
	e.name.OnSubmitted = func(s string) { e.apply(editor.RenamePiece(e.sel, strings.TrimSpace(s))) }
	e.mult = widget.NewEntry()
	e.mult.SetPlaceHolder("copies: 2 or 1:3")
	e.mult.OnSubmitted = func(s string) {
		lo, hi, err := parseCopies(s)
		if err != nil {
			e.status.SetText(err.Error())
			return
		}
		e.apply(editor.SetMultiplicity(e.sel, lo, hi))
	}
	turn := func(label string, t geometry.Transform) *widget.Button {
		return widget.NewButton(label, func() { e.apply(editor.TransformPiece(e.sel, t)) })
	}
	e.pieceBar = container.NewVBox(
		container.NewGridWithColumns(2, e.name, e.mult),
		container.NewGridWithColumns(4,
			turn("Turn Z", turnZ), turn("Turn X", turnX), turn("Turn Y", turnY), turn("Mirror", mirrorX)),
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
	e.size.OnSubmitted = func(s string) { e.setBoxSize(s) }
	e.boxBar = container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Box size"), widget.NewButton("Set", func() { e.setBoxSize(e.size.Text) }), e.size),
		e.optCheck,
	)

	e.undo = widget.NewButton("Undo", e.Undo)
	e.redo = widget.NewButton("Redo", e.Redo)
	e.solveB = newQuietButton("Solve", e.solve)
	e.solveB.Importance = widget.HighImportance
	buttons := container.NewGridWithColumns(3,
		e.undo, e.redo,
		widget.NewButton("Add piece", func() {
			e.apply(editor.AddPiece("", editor.Cells(0, 0, 0)))
			e.sel, e.z = len(e.h.Doc().Pieces)-1, 0
			e.refresh()
		}),
		widget.NewButton("Save", func() { e.save(false) }),
		widget.NewButton("Save As…", func() { e.save(true) }),
		e.solveB,
	)
	left := container.NewBorder(
		container.NewVBox(e.heading, buttons, e.lastEdit),
		container.NewVBox(e.pieceBar, e.boxBar, widget.NewSeparator(), e.checks, e.status,
			widget.NewButton("Close Editor", func() { e.w.closeEditor(nil) })),
		nil, nil, e.items)
	gridPane := container.NewBorder(nil,
		container.NewBorder(nil, nil, e.layerLbl, nil, e.layer), nil, nil, e.grid)
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
	return fmt.Sprintf("%s%s · %s", p.Name, copies, plural(len(p.Cells), "cell"))
}

// apply makes an edit, says why when it is refused, and shows the result.
func (e *editMode) apply(ed editor.Edit) {
	if err := e.h.Do(ed); err != nil {
		e.status.SetText("Not done: " + err.Error())
		return
	}
	e.status.SetText("")
	e.refresh()
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

// paint applies a click or drag of the layer grid to the shape shown.
func (e *editMode) paint(cells []geometry.Cell, on bool) {
	if e.sel < 0 {
		if on && e.optional {
			e.apply(editor.Batch("add optional cells", editor.PaintBox(true, cells...), editor.SetOptional(true, cells...)))
			return
		}
		e.apply(editor.PaintBox(on, cells...))
		return
	}
	e.apply(editor.PaintPiece(e.sel, on, cells...))
}

// viewClick adds the cell beyond the face clicked in the 3D view (add) or
// removes the cell clicked.
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
			e.status.SetText(fmt.Sprintf("Box size %q: write 3x3x3 (or 6x10 for a board), sides 1 to %d", s, editor.MaxCoord+1))
			return
		}
		dims = append(dims, n)
	}
	planar := e.h.Doc().Lattice == editor.Squares
	if planar && len(dims) == 2 {
		dims = append(dims, 1)
	}
	if len(dims) != 3 || planar && dims[2] != 1 {
		e.status.SetText(fmt.Sprintf("Box size %q: a board has two sides (6x10), a box three (3x3x3)", s))
		return
	}
	e.apply(editor.SetBox(editor.Cuboid(dims[0], dims[1], dims[2])))
}

// shape returns the cells the grid edits and the lowest layer it offers.
func (e *editMode) shape(d editor.Document) (cells geometry.Shape, margin int) {
	if e.sel >= 0 && e.sel < len(d.Pieces) {
		return d.Pieces[e.sel].Cells, 1
	}
	return d.Box, 0
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
	cells, margin := e.shape(d)
	lo, hi := geometry.Cell{}, geometry.Cell{}
	if len(cells) > 0 {
		lo, hi = cells.Bounds()
	}
	if margin == 0 {
		lo = geometry.Cell{} // the box is drawn from the origin
	}
	planar := d.Lattice == editor.Squares
	zlo, zhi := lo.Z-margin, hi.Z+1
	if planar {
		zlo, zhi = 0, 0
	}
	e.z = min(max(e.z, zlo), zhi)
	cols := max(hi.X-lo.X+1+margin+1, 6)
	rows := max(hi.Y-lo.Y+1+margin+1, 6)
	if margin == 0 { // room to grow the box by one
		cols, rows = max(hi.X+2, 6), max(hi.Y+2, 6)
	}
	cols, rows = min(cols, editor.MaxCoord+1), min(rows, editor.MaxCoord+1)
	e.grid.state = func(c geometry.Cell) cellState {
		switch {
		case cells.Contains(c) && e.sel < 0 && d.Optional.Contains(c):
			return cellOptional
		case cells.Contains(c):
			return cellFilled
		case cells.Contains(geometry.Cell{X: c.X, Y: c.Y, Z: c.Z - 1}):
			return cellBelow
		}
		return cellEmpty
	}
	e.grid.colour = e.colour(d)
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
	planar := d.Lattice == editor.Squares
	col := e.colour(d)
	if e.sel >= 0 {
		p := d.Pieces[e.sel]
		return &Scene{Planar: planar, CellEdges: true, Pieces: []ScenePiece{{Piece: 0, Name: p.Name, Cells: p.Cells, Color: col, Opacity: 1}}}
	}
	var solid, above []geometry.Cell
	for _, c := range d.Box {
		if c.Z <= e.z {
			solid = append(solid, c)
		} else {
			above = append(above, c)
		}
	}
	sc := &Scene{Planar: planar, CellEdges: true}
	if len(solid) > 0 {
		sc.Pieces = append(sc.Pieces, ScenePiece{Piece: 0, Name: "box", Cells: solid, Color: col, Opacity: 1})
	}
	if len(above) > 0 {
		sc.Pieces = append(sc.Pieces, ScenePiece{Piece: 1, Name: "box", Cells: above, Color: col, Opacity: 0.25})
	}
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

// save writes the puzzle as a spec: to its file, or to one the user picks
// (always when as is true, or when it has none yet). The file is replaced
// atomically.
func (e *editMode) save(as bool) {
	if e.path != "" && !as {
		e.writeFile(e.path)
		return
	}
	dlg := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			e.w.showError("Cannot save", err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		path := wc.URI().Path()
		wc.Close() // the dialog created the file; it is replaced atomically
		e.writeFile(path)
	}, e.w.win)
	dlg.SetFileName("puzzle.txt")
	if e.path != "" {
		ext := filepath.Ext(e.path)
		if ext != xmExt {
			ext = ".txt"
		}
		dlg.SetFileName(strings.TrimSuffix(filepath.Base(e.path), filepath.Ext(e.path)) + ext)
	}
	exts := []string{".txt"}
	if e.w.b.SaveXMPuzzle != nil {
		exts = append(exts, xmExt)
	}
	dlg.SetFilter(storage.NewExtensionFileFilter(exts))
	dlg.Show()
	dlg.Resize(fyne.NewSize(800, 560))
}

// xmExt is the extension of BurrTools' files: Save writes one when the
// file's name ends with it, and Knuth's spec otherwise.
const xmExt = ".xmpuzzle"

// fileData is the document as the file at path holds it: a BurrTools file
// for a name ending in .xmpuzzle, Knuth's spec otherwise.
func (e *editMode) fileData(path string) ([]byte, error) {
	d := e.h.Doc()
	if strings.EqualFold(filepath.Ext(path), xmExt) {
		if e.w.b.SaveXMPuzzle == nil {
			return nil, errors.New("this build cannot write BurrTools files")
		}
		return e.w.b.SaveXMPuzzle(e.origin, e.orig, d)
	}
	return d.Spec()
}

// writeFile writes the document to path (atomically) and marks it saved.
func (e *editMode) writeFile(path string) {
	data, err := e.fileData(path)
	if err != nil {
		e.w.showError("Cannot save "+filepath.Base(path), err)
		return
	}
	err = fileout.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	if err != nil {
		e.w.showError("Cannot save "+filepath.Base(path), err)
		return
	}
	e.path = path
	e.h.MarkSaved()
	e.status.SetText("")
	e.refresh()
}

// solve leaves the editor and solves the puzzle as edited; Edit brings the
// editor back with its history.
func (e *editMode) solve() {
	spec, err := e.h.Doc().Spec()
	if err != nil {
		e.w.showError("Cannot solve", err)
		return
	}
	name := e.path
	if name == "" {
		name = "new-puzzle.txt"
	}
	e.w.closeEditor(func() {
		if e.w.loadData(name, spec) {
			e.w.edited = e // Edit comes back here while this puzzle is shown
			e.w.editedPuzzle = e.w.puzzle
			e.w.solver.Start()
		}
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

// plural writes a count and a noun: "1 cell", "27 cells".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
