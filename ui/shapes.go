package ui

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ShapeTable is the shape information of a puzzle, as the Shape
// Information dialog shows it: one row per piece and the box, and notes
// below (each shape's symmetries in words).
type ShapeTable struct {
	Header []string
	Rows   [][]string
	Notes  []string
}

// showShapes opens Edit > Shape Information… for the puzzle being edited,
// or else the puzzle shown: the table of `polyviz shapes`. The shapes are
// described on a goroutine (the burr tests of a large set take seconds)
// behind a dialog whose Cancel stops the work; the table replaces it on
// the UI goroutine.
func (w *window) showShapes() {
	if w.b.Shapes == nil {
		return
	}
	p, describe, load := w.puzzle, w.b.Shapes, w.b.Load
	var name string
	var data []byte
	if e := w.editor; e != nil {
		var err error
		if name, data, err = editedData(e); err != nil {
			w.showError("Cannot describe the shapes", err)
			return
		}
	} else if p == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	wait := dialog.NewCustom("Shape Information", "Cancel", container.NewVBox(
		widget.NewLabel("Describing the shapes…"), widget.NewProgressBarInfinite()), w.win)
	finished := false // set on the UI goroutine before the table replaces the dialog
	wait.SetOnClosed(func() {
		if !finished {
			cancel()
		}
	})
	w.showDialog(wait)
	go func() {
		var t ShapeTable
		var err error
		if data != nil {
			p, err = load(name, data)
		}
		if err == nil {
			t, err = describe(ctx, p)
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
			d := dialog.NewCustom("Shape Information", "Close", shapeTableView(t), w.win)
			d.Resize(fyne.NewSize(960, 560))
			w.showDialog(d)
		})
	}()
}

// shapeTableView lays out the table, each column as wide as its longest
// text, and the notes under it.
func shapeTableView(t ShapeTable) fyne.CanvasObject {
	cell := func(r, c int) string {
		row := t.Header
		if r > 0 {
			row = t.Rows[r-1]
		}
		if c < len(row) {
			return row[c]
		}
		return ""
	}
	table := widget.NewTable(
		func() (int, int) { return len(t.Rows) + 1, len(t.Header) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.TextStyle.Bold = id.Row == 0
			l.SetText(cell(id.Row, id.Col))
		},
	)
	for c := range t.Header {
		var widest float32
		for r := 0; r <= len(t.Rows); r++ {
			size := fyne.MeasureText(cell(r, c), theme.TextSize(), fyne.TextStyle{Bold: r == 0})
			widest = max(widest, size.Width)
		}
		table.SetColumnWidth(c, widest+2*theme.InnerPadding())
	}
	notes := widget.NewLabel(strings.Join(t.Notes, "\n"))
	notes.Wrapping = fyne.TextWrapWord
	split := container.NewVSplit(table, container.NewVScroll(notes))
	split.Offset = 0.6
	return split
}
