package ui

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// figuresAbove puts the puzzle's figures above the pieces list.
func figuresAbove(figures, list fyne.CanvasObject) *container.Split {
	sp := container.NewVSplit(figures, list)
	sp.Offset = 0.22
	return sp
}

// pieceDetail is the line of figures of a piece in the panel.
func pieceDetail(pc Piece) string {
	mult := fmt.Sprintf("×%d", pc.Max)
	if pc.Min != pc.Max {
		mult = fmt.Sprintf("×%d–%d", pc.Min, pc.Max)
	}
	orient := fmt.Sprintf("%d orient.", pc.turns())
	if pc.Motion != "" {
		orient = pc.Motion + ": " + orient
	}
	unit := pc.unit()
	if pc.Cells == 1 { // "1 cell", "1 stick"
		unit = strings.TrimSuffix(unit, "s")
	}
	return fmt.Sprintf("%s · %d %s · %s · %s", mult, pc.Cells, unit, orient, plural(pc.Placements, "place"))
}

// turns is the number of orientations the piece may take: its shapes, or
// the pictures of a piece not made of cells.
func (pc Piece) turns() int {
	if pc.Picture != nil {
		return pc.Turns
	}
	return len(pc.Orientations)
}

// unit names what the piece is made of: cells, or Unit.
func (pc Piece) unit() string {
	if pc.Unit != "" {
		return pc.Unit
	}
	return "cells"
}

// pictureScene is orientation o of piece i of p drawn by its Picture, as
// the view shows a piece alone; nil when the piece has no picture.
func pictureScene(p *Puzzle, i, o int) *Scene {
	pc := p.Pieces[i]
	if pc.Picture == nil || o < 0 || o >= pc.Turns {
		return nil
	}
	return &Scene{Planar: true, Board: func(w, h int) image.Image { return pc.Picture(o, w, h) }}
}

// shownOptions is s without the options of hidden pieces, for a board
// that says which piece each option places (Puzzle.PieceOf); s itself
// otherwise.
func shownOptions(p *Puzzle, s Solution, hidden []bool) Solution {
	if s == nil || p.PieceOf == nil || !slices.Contains(hidden, true) {
		return s
	}
	out := Solution{}
	for _, o := range s {
		if !hiddenAt(hidden, p.PieceOf(o)) {
			out = append(out, o)
		}
	}
	return out
}

// puzzleInfo sums up a puzzle in a line.
func puzzleInfo(p *Puzzle) string {
	if p.Info != "" {
		return p.Info
	}
	kind := "3D"
	if p.Planar {
		kind = "2D"
	}
	if p.Box == nil {
		return "DLX file · " + plural(p.Options, "option")
	}
	return kind + " · " + plural(len(p.Box), "cell") + " · " + pieceCount(p.Pieces) + " · " + plural(p.Options, "placement")
}

// pieceCount says how many pieces a puzzle has: with copies ("S3 ×6") or
// pieces that may stay out, the pieces a packing uses and the kinds listed,
// "12 pieces (3 kinds)" or "9–12 pieces (12 kinds)".
func pieceCount(pieces []Piece) string {
	lo, hi := 0, 0
	for _, pc := range pieces {
		if pc.Max == 0 { // no multiplicity given: one piece
			lo, hi = lo+1, hi+1
			continue
		}
		lo, hi = lo+pc.Min, hi+pc.Max
	}
	if lo == len(pieces) && hi == len(pieces) {
		return plural(len(pieces), "piece")
	}
	kinds := plural(len(pieces), "kind")
	if lo == hi {
		return plural(hi, "piece") + " (" + kinds + ")"
	}
	return GroupDigits(int64(lo)) + "–" + plural(hi, "piece") + " (" + kinds + ")"
}

// setNote shows what the box's symmetries do, under the puzzle's figures
// (nothing for "").
func (w *window) setNote(text string) {
	showText(w.symNote, text)
	w.left.Refresh() // lay the panel out again
}

// setRestrictions shows the puzzle's own restrictions, one per line, under
// the symmetry note ("L2 locked to 1 orientation"); hidden when there are none.
func (w *window) setRestrictions(lines []string) {
	showText(w.restrictNote, strings.Join(lines, "\n"))
	w.left.Refresh()
}

// selectPiece selects piece i: with a solution shown, the packing stays
// and the other pieces turn faint; before there is one, the piece is shown
// alone, in its first orientation.
func (w *window) selectPiece(i int) {
	if w.puzzle == nil || i < 0 || i >= len(w.puzzle.Pieces) {
		return
	}
	w.player.Pause()
	w.selPiece, w.selOrient, w.orienting = i, 0, false
	w.pieceBox.Show()
	w.left.Refresh() // lay the panel out now, so the list can scroll to the row
	w.updateOrientLabel()
	w.updateHideButton()
	w.refreshScene()
}

// deselectPiece goes back to the box: no piece selected.
func (w *window) deselectPiece() {
	w.clearSelection()
	w.refreshScene()
}

// clearSelection selects no piece: the list's row, the piece's buttons
// and the orientations shown all go (the view is left to the caller).
func (w *window) clearSelection() {
	w.selPiece, w.orienting = -1, false
	w.pieces.UnselectAll()
	w.pieceBox.Hide()
}

// stepOrientation moves through the orientations of the selected piece.
func (w *window) stepOrientation(d int) {
	if w.selPiece < 0 {
		return
	}
	n := w.puzzle.Pieces[w.selPiece].turns()
	if n == 0 {
		return
	}
	if w.orienting || w.browser.Current() == nil {
		w.selOrient = ((w.selOrient+d)%n + n) % n
	}
	w.orienting = true // from the packing: the piece alone, as it lies first
	w.updateOrientLabel()
	w.refreshScene()
}

func (w *window) updateOrientLabel() {
	pc := w.puzzle.Pieces[w.selPiece]
	if w.browser.Current() != nil && !w.orienting && w.puzzle.Blocking == nil {
		rest := "the others are faint"
		if w.puzzle.DrawBoard != nil && w.puzzle.PieceOf == nil { // no faint pieces there
			rest = "Orientation shows it alone"
		}
		w.orientLabel.SetText(fmt.Sprintf("%s selected (%d %s): %s", pc.Name, pc.Cells, pc.unit(), rest))
		return
	}
	motion := ""
	if pc.Motion != "" {
		motion = " (" + pc.Motion + ")"
	}
	w.orientLabel.SetText(fmt.Sprintf("%s: orientation %d of %d%s", pc.Name, w.selOrient+1, pc.turns(), motion))
}

// showSheet opens the orientation sheet of the selected piece.
func (w *window) showSheet() {
	if w.selPiece < 0 {
		return
	}
	if pc := w.puzzle.Pieces[w.selPiece]; pc.Picture != nil {
		w.showDialog(dialog.NewCustom("Orientations of "+pc.Name, "Close", pictureSheet(pc), w.win))
		return
	}
	if w.b.OrientationSheet == nil {
		return
	}
	img, err := w.b.OrientationSheet(w.puzzle, w.selPiece)
	if err != nil {
		w.showError("Cannot draw the orientations", err)
		return
	}
	ci := canvas.NewImageFromImage(img)
	ci.FillMode = canvas.ImageFillContain
	ci.SetMinSize(fyne.NewSize(720, 480))
	name := w.puzzle.Pieces[w.selPiece].Name
	w.showDialog(dialog.NewCustom("Orientations of "+name, "Close", ci, w.win))
}

// pictureSheet is every orientation of a piece drawn by its Picture, in a
// grid of captioned pictures: the sheet of a piece not made of cells.
func pictureSheet(pc Piece) fyne.CanvasObject {
	cells := make([]fyne.CanvasObject, pc.Turns)
	for o := range pc.Turns {
		ci := canvas.NewImageFromImage(pc.Picture(o, 320, 320))
		ci.FillMode = canvas.ImageFillContain
		ci.SetMinSize(fyne.NewSize(160, 160))
		caption := widget.NewLabelWithStyle(fmt.Sprintf("%d of %d", o+1, pc.Turns), fyne.TextAlignCenter, fyne.TextStyle{})
		cells[o] = container.NewBorder(nil, caption, nil, nil, ci)
	}
	cols := min(4, max(pc.Turns, 1))
	note := widget.NewLabel(fmt.Sprintf("%d orientations", pc.Turns))
	if pc.Motion != "" {
		note.SetText(fmt.Sprintf("%d orientations (%s)", pc.Turns, pc.Motion))
	}
	return container.NewBorder(note, nil, nil, nil, container.NewGridWithColumns(cols, cells...))
}

// isHidden says whether piece i is hidden from the view.
func (w *window) isHidden(i int) bool { return hiddenAt(w.hidden, i) }

// setHidden hides or shows piece i.
func (w *window) setHidden(i int, hide bool) {
	if i < 0 || i >= len(w.hidden) || w.hidden[i] == hide {
		return
	}
	w.hidden[i] = hide
	w.hiddenChanged()
}

// toggleSelectedHidden hides the selected piece, or shows it again.
func (w *window) toggleSelectedHidden() {
	w.setHidden(w.selPiece, !w.isHidden(w.selPiece))
}

// showOnly hides every piece but i; -1 shows them all.
func (w *window) showOnly(i int) {
	for k := range w.hidden {
		w.hidden[k] = i >= 0 && k != i
	}
	w.hiddenChanged()
}

// hiddenChanged follows a change of the hidden pieces: the rows' checks,
// the Hide button, Show all, and the view.
func (w *window) hiddenChanged() {
	w.pieces.Refresh()
	w.updateHideButton()
	if slices.Contains(w.hidden, true) {
		w.showAll.Show()
	} else {
		w.showAll.Hide()
	}
	w.refreshScene()
}

// updateHideButton names what the Hide button does for the selected piece.
func (w *window) updateHideButton() {
	if w.isHidden(w.selPiece) {
		w.hideBtn.SetText("Show")
	} else {
		w.hideBtn.SetText("Hide")
	}
}

// buildPiecesPanel makes the pieces panel, on the left: the puzzle's
// figures and notes, the list of pieces (shown, colour, name, figures),
// and the selected piece's buttons.
func (w *window) buildPiecesPanel() {
	w.info = widget.NewLabel("")
	w.info.Wrapping = fyne.TextWrapWord
	w.symNote = widget.NewLabel("")
	w.symNote.Wrapping = fyne.TextWrapWord
	w.symNote.Importance = widget.MediumImportance // readable: low importance was too faint
	w.symNote.Hide()
	w.restrictNote = widget.NewLabel("")
	w.restrictNote.Wrapping = fyne.TextWrapWord
	w.restrictNote.Hide()
	w.pieces = widget.NewList(w.pieceCount, newPieceRow, w.updatePieceRow)
	w.pieces.OnSelected = func(id widget.ListItemID) { w.selectPiece(id) }
	w.pieces.OnUnselected = func(widget.ListItemID) {}
	w.orientLabel = widget.NewLabel("")
	w.orientLabel.Wrapping = fyne.TextWrapWord
	w.hideBtn = widget.NewButton("Hide", func() { w.toggleSelectedHidden() })
	w.pieceBox = container.NewVBox(
		w.orientLabel,
		container.NewGridWithColumns(2,
			w.hideBtn,
			widget.NewButton("Show only this", func() { w.showOnly(w.selPiece) })),
		container.NewGridWithColumns(2,
			widget.NewButton("◀ Orientation", func() { w.stepOrientation(-1) }),
			widget.NewButton("Orientation ▶", func() { w.stepOrientation(1) })),
		container.NewGridWithColumns(2,
			widget.NewButton("Sheet…", func() { w.showSheet() }),
			widget.NewButton("Back to box", func() { w.deselectPiece() })),
	)
	w.pieceBox.Hide()
	w.showAll = widget.NewButton("Show all pieces", func() { w.showOnly(-1) })
	w.showAll.Hide()
	// the puzzle's figures and note scroll when long, above the pieces
	// (the split's handle shares the height), so a long note never makes
	// the window taller
	w.left = container.NewBorder(
		widget.NewLabelWithStyle("Pieces", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewVBox(w.showAll, w.pieceBox), nil, nil,
		figuresAbove(container.NewVScroll(container.NewVBox(w.info, w.symNote, w.restrictNote)), w.pieces))
}

// pieceCount is the number of rows of the pieces list.
func (w *window) pieceCount() int {
	if w.puzzle == nil {
		return 0
	}
	return len(w.puzzle.Pieces)
}

// newPieceRow makes a row of the pieces list: a check that shows the
// piece, its colour (or, for a piece not made of cells, its picture), its
// name and its figures.
func newPieceRow() fyne.CanvasObject {
	sw := canvas.NewRectangle(color.Gray{0x80})
	sw.SetMinSize(fyne.NewSize(18, 18))
	sw.StrokeColor = color.NRGBA{0x1c, 0x1e, 0x26, 0xff}
	sw.StrokeWidth = 1
	thumb := canvas.NewImageFromImage(nil)
	thumb.FillMode = canvas.ImageFillContain
	thumb.SetMinSize(fyne.NewSize(rowPicW, rowPicH))
	thumb.Hide()
	name := widget.NewLabelWithStyle("name", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	detail := widget.NewLabel("×1 · 5 cells · 24 orient. · 9999 places")
	detail.Truncation = fyne.TextTruncateEllipsis
	shown := widget.NewCheck("", nil)
	return container.NewBorder(nil, nil, container.NewHBox(shown, container.NewCenter(sw, thumb), name), nil, detail)
}

// updatePieceRow fills row o of the pieces list with piece id.
func (w *window) updatePieceRow(id widget.ListItemID, o fyne.CanvasObject) {
	if w.puzzle == nil || id >= len(w.puzzle.Pieces) {
		return
	}
	outer := o.(*fyne.Container).Objects // detail, then the left part
	row := outer[1].(*fyne.Container).Objects
	shown := row[0].(*widget.Check)
	shown.OnChanged = nil
	shown.SetChecked(!w.isHidden(id))
	shown.OnChanged = func(on bool) { w.setHidden(id, !on) }
	sw := row[1].(*fyne.Container).Objects[0].(*canvas.Rectangle)
	sw.FillColor = w.colors[id]
	sw.Refresh()
	pc := w.puzzle.Pieces[id]
	thumb := row[1].(*fyne.Container).Objects[1].(*canvas.Image)
	if pc.Picture != nil && pc.Turns > 0 {
		// drawn at the size it shows: scaled down, its sticks grow thin
		thumb.Image = pc.Picture(0, rowPicW, rowPicH)
		thumb.Show()
		thumb.Refresh()
		sw.Hide()
	} else {
		thumb.Image = nil
		thumb.Hide()
		sw.Show()
	}
	row[2].(*widget.Label).SetText(pc.Name)
	outer[0].(*widget.Label).SetText(pieceDetail(pc))
}

// rowPicW and rowPicH are the size of a piece's picture in its row.
const rowPicW, rowPicH = 48, 32

// showText writes text in l and shows it, or hides l when text is "".
func showText(l *widget.Label, text string) {
	l.SetText(text)
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
}
