package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/geometry"
)

// UniqueReport is what Edit > Make It Unique… shows: the puzzle's counts
// and the proposals, fewest changes first.
type UniqueReport struct {
	Summary   string
	Proposals []UniqueProposal
}

// UniqueProposal is one proposal: its changes in words, the same for
// Apply (nil: it cannot be applied), and the changed puzzle as a spec to
// open (nil when the puzzle was not read from a spec: it is not opened).
type UniqueProposal struct {
	Text    string
	Changes []UniqueChange
	Name    string
	Spec    []byte
}

// UniqueChange is one change of a proposal: piece Piece fixed on Cells
// (box cells), or, when Piece is "", the optional cell Cells[0] made
// required (Fill) or taken out of the box.
type UniqueChange struct {
	Piece string
	Cells geometry.Shape
	Fill  bool
}

// uniqueTarget is what a report was made of: the editor shown and its
// document then (Apply edits it, if it has not changed since), or the
// puzzle shown (Apply opens the editor on it).
type uniqueTarget struct {
	e   *editMode
	doc editor.Document
}

// makeUnique runs Edit > Make It Unique… on the puzzle being edited, or
// else the puzzle shown: the backend enumerates and proves on a goroutine
// behind a dialog whose Cancel stops it; the proposals replace it, each
// with Apply (an edit of the editor's document, undone by Undo) and Open
// (the changed puzzle opened as a new one).
func (w *window) makeUnique() {
	if w.b.Unique == nil {
		return
	}
	p, find := w.puzzle, w.b.Unique
	var on uniqueTarget
	var data []byte
	var name string
	if e := w.editor; e != nil {
		on = uniqueTarget{e: e, doc: e.h.Doc()}
		var err error
		if name, data, err = editedData(e); err != nil {
			w.showError("Cannot make it unique", err)
			return
		}
	} else if p == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	status := widget.NewLabel("Counting the solutions…")
	wait := dialog.NewCustom("Make It Unique", "Cancel", container.NewVBox(status, widget.NewProgressBarInfinite()), w.win)
	finished := false // set on the UI goroutine before the proposals replace the dialog
	wait.SetOnClosed(func() {
		if !finished {
			cancel()
		}
	})
	w.showDialog(wait)
	load := w.b.Load
	go func() {
		var r UniqueReport
		var err error
		if data != nil {
			p, err = load(name, data)
		}
		if err == nil {
			r, err = find(ctx, p, func(s string) { w.do(func() { status.SetText(s) }) })
		}
		w.do(func() {
			if ctx.Err() != nil {
				return // cancelled: the dialog is gone
			}
			finished = true
			wait.Hide()
			cancel()
			if err != nil {
				w.showDialog(dialog.NewError(err, w.win))
				return
			}
			w.showUnique(r, on)
		})
	}()
}

// editedData is the editor's document as a file the backend loads: a spec,
// or a BurrTools file when it has optional cells or is on one of
// BurrTools' grids.
func editedData(e *editMode) (name string, data []byte, err error) {
	base := "new-puzzle"
	if e.path != "" {
		base = strings.TrimSuffix(filepath.Base(e.path), filepath.Ext(e.path))
	}
	d := e.h.Doc()
	if (len(d.Optional) > 0 || len(d.Palette) > 0 || d.Lattice.Grid() != nil) && e.w.b.SaveXMPuzzle != nil {
		data, err = e.w.b.SaveXMPuzzle(nil, nil, d)
		return base + xmExt, data, err
	}
	data, err = d.Spec()
	return base + ".txt", data, err
}

// showUnique lists the proposals, each with its Apply and Open buttons.
func (w *window) showUnique(r UniqueReport, on uniqueTarget) {
	summary := widget.NewLabel(r.Summary)
	summary.Wrapping = fyne.TextWrapWord
	rows := container.NewVBox()
	var d *dialog.CustomDialog
	for _, pr := range r.Proposals {
		apply := widget.NewButton("Apply", func() {
			d.Hide()
			w.applyUnique(pr, on)
		})
		if pr.Changes == nil || w.b.EditSource == nil && on.e == nil {
			apply.Disable()
		}
		open := widget.NewButton("Open", func() {
			d.Hide()
			w.openData(pr.Name, pr.Spec)
		})
		if pr.Spec == nil {
			open.Disable()
		}
		text := widget.NewLabel(pr.Text)
		text.Wrapping = fyne.TextWrapWord
		rows.Add(container.NewBorder(nil, nil, nil, container.NewHBox(apply, open), text))
	}
	d = dialog.NewCustom("Make It Unique", "Close", container.NewBorder(summary, nil, nil, nil, container.NewVScroll(rows)), w.win)
	d.Resize(fyne.NewSize(760, 480))
	w.showDialog(d)
}

// applyUnique makes a proposal one edit of the editor's document: of the
// editor the report was made in, or of the editor opened on the puzzle
// shown. Undo gives the puzzle back as it was.
func (w *window) applyUnique(pr UniqueProposal, on uniqueTarget) {
	e := on.e
	switch {
	case e == nil:
		w.editPuzzle() // says why when the puzzle cannot be edited
		if e = w.editor; e == nil {
			return
		}
	case w.editor != e || !e.h.Doc().Equal(on.doc):
		w.showError("Cannot apply the proposal", errors.New("the puzzle was edited after the proposals were made: make it unique again"))
		return
	}
	ed, err := uniqueEdit(e.h.Doc(), pr)
	if err != nil {
		w.showError("Cannot apply the proposal", err)
		return
	}
	e.apply(ed)
}

// uniqueEdit is a proposal as one edit: its pieces fixed, last in the
// list first (a copy fixed is inserted after its piece), then its cells
// made required or removed.
func uniqueEdit(d editor.Document, pr UniqueProposal) (editor.Edit, error) {
	type fix struct {
		i     int
		cells geometry.Shape
	}
	var fixes []fix
	var edits []editor.Edit
	for _, c := range pr.Changes {
		switch {
		case c.Piece != "":
			i := d.PieceIndex(c.Piece)
			if i < 0 {
				return editor.Edit{}, fmt.Errorf("the puzzle has no piece %s", c.Piece)
			}
			fixes = append(fixes, fix{i, c.Cells})
		case len(c.Cells) != 1:
			return editor.Edit{}, errors.New("a cell's change names one cell")
		case c.Fill:
			edits = append(edits, editor.SetOptional(false, c.Cells[0]))
		default:
			edits = append(edits, editor.PaintBox(false, c.Cells[0]))
		}
	}
	slices.SortStableFunc(fixes, func(a, b fix) int { return b.i - a.i })
	var all []editor.Edit
	for _, f := range fixes {
		all = append(all, editor.FixInPlace(f.i, f.cells))
	}
	return editor.Batch("make it unique ("+pr.Text+")", append(all, edits...)...), nil
}

// addInPlace draws the pieces of d fixed in place on the box's solid cells
// (the layer edited and those below), each in its colour, and returns the
// solid cells they leave to the box.
func (e *editMode) addInPlace(sc *Scene, d editor.Document, solid []geometry.Cell) []geometry.Cell {
	taken := map[geometry.Cell]bool{}
	for k, p := range d.Pieces {
		var cells []geometry.Cell
		for _, c := range p.InPlace {
			if slices.Contains(solid, c) {
				cells = append(cells, c)
				taken[c] = true
			}
		}
		if len(cells) == 0 {
			continue
		}
		col := fallbackColor(k)
		if e.w.b.PieceColor != nil {
			col = e.w.b.PieceColor(k, len(d.Pieces))
		}
		sc.Pieces = append(sc.Pieces, ScenePiece{Piece: 2 + k, Name: p.Name, Cells: cells, Color: col, Opacity: 1})
	}
	return slices.DeleteFunc(solid, func(c geometry.Cell) bool { return taken[c] })
}
