package ui

import (
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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

// showShapes opens Edit > Shape Information… for the puzzle shown: the
// table of `polyviz shapes`.
func (w *window) showShapes() {
	if w.puzzle == nil || w.b.Shapes == nil {
		return
	}
	t, err := w.b.Shapes(w.puzzle)
	if err != nil {
		dialog.ShowError(err, w.win)
		return
	}
	d := dialog.NewCustom("Shape Information", "Close", shapeTableView(t), w.win)
	d.Resize(fyne.NewSize(960, 560))
	d.Show()
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
	probe := widget.NewLabel("M")
	charW := probe.MinSize().Width / 2
	for c := range t.Header {
		longest := 0
		for r := 0; r <= len(t.Rows); r++ {
			longest = max(longest, utf8.RuneCountInString(cell(r, c)))
		}
		table.SetColumnWidth(c, float32(longest+3)*charW)
	}
	notes := widget.NewLabel(strings.Join(t.Notes, "\n"))
	notes.Wrapping = fyne.TextWrapWord
	return container.NewVSplit(table, container.NewVScroll(notes))
}
