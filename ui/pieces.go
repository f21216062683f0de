package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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
	return fmt.Sprintf("%s · %d cells · %d orient. · %d places", mult, pc.Cells, len(pc.Orientations), pc.Placements)
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
		return fmt.Sprintf("DLX file · %d options", p.Options)
	}
	return fmt.Sprintf("%s · %d cells · %d pieces · %d placements", kind, len(p.Box), len(p.Pieces), p.Options)
}

// setNote shows what the box's symmetries do, under the puzzle's figures
// (nothing for "").
func (w *window) setNote(text string) {
	w.symNote.SetText(text)
	if text == "" {
		w.symNote.Hide()
	} else {
		w.symNote.Show()
	}
	w.left.Refresh() // lay the panel out again
}

// setRestrictions shows the puzzle's own restrictions, one per line, under
// the symmetry note ("L2 locked to 1 orientation"); hidden when there are none.
func (w *window) setRestrictions(lines []string) {
	w.restrictNote.SetText(strings.Join(lines, "\n"))
	if len(lines) == 0 {
		w.restrictNote.Hide()
	} else {
		w.restrictNote.Show()
	}
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

func (w *window) deselectPiece() {
	w.selPiece, w.orienting = -1, false
	w.pieces.UnselectAll()
	w.pieceBox.Hide()
	w.refreshScene()
}

// stepOrientation moves through the orientations of the selected piece.
func (w *window) stepOrientation(d int) {
	if w.selPiece < 0 {
		return
	}
	n := len(w.puzzle.Pieces[w.selPiece].Orientations)
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
		w.orientLabel.SetText(fmt.Sprintf("%s selected (%d cells): the others are faint", pc.Name, pc.Cells))
		return
	}
	w.orientLabel.SetText(fmt.Sprintf("%s: orientation %d of %d", pc.Name, w.selOrient+1, len(pc.Orientations)))
}

// showSheet opens the orientation sheet of the selected piece.
func (w *window) showSheet() {
	if w.selPiece < 0 || w.b.OrientationSheet == nil {
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
	dialog.ShowCustom("Orientations of "+name, "Close", ci, w.win)
}

// isHidden says whether piece i is hidden from the view.
func (w *window) isHidden(i int) bool { return i >= 0 && i < len(w.hidden) && w.hidden[i] }

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
