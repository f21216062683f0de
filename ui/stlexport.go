package ui

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"polyviz/geometry"
)

// STLSettings are the print settings of File > Export STL, in millimetres.
// The zero value is what the backend's defaults mean: 20 mm cells, square
// edges, no clearance.
type STLSettings struct {
	// Unit is the edge of one cell; Clearance how far every face moves in
	// (half the gap between two pieces that touch); Bevel how far each
	// outer edge is cut back, a 45° chamfer.
	Unit, Clearance, Bevel float64
	// Solution, when not nil, holds the cells of each piece of a solution:
	// the export is that solution assembled, each piece a shell of its own
	// in its place, Gap plus twice the clearance apart. Nil writes every
	// piece laid out on a plate.
	Solution [][]geometry.Cell
	Gap      float64
}

// stlPrint is what the STL settings dialog last held; the window starts
// with 20 mm cells and a 0.2 mm clearance.
type stlPrint struct {
	unit, clearance, bevel, gap float64
}

var defaultSTLPrint = stlPrint{unit: 20, clearance: 0.2}

// stlDialog asks for the print settings, then where to write: the plate
// of every piece, or with assembled the solution shown, in one piece.
func (w *window) stlDialog(assembled bool) {
	if w.puzzle == nil {
		return
	}
	if assembled && w.browser.Current() == nil {
		w.showError("Cannot export", errors.New("no solution shown: solve first"))
		return
	}
	s := w.stlPrint
	entry := func(v float64) *widget.Entry {
		e := widget.NewEntry()
		e.SetText(strconv.FormatFloat(v, 'g', -1, 64))
		return e
	}
	unit, clearance, bevel, gap := entry(s.unit), entry(s.clearance), entry(s.bevel), entry(s.gap)
	items := []*widget.FormItem{
		widget.NewFormItem("Unit (mm)", unit),
		widget.NewFormItem("Clearance (mm)", clearance),
		widget.NewFormItem("Bevel (mm)", bevel),
	}
	items[1].HintText = "each face moves in; touching pieces end up twice as far apart"
	items[2].HintText = "outer edges cut back at 45°; 0 keeps them square"
	title, kind := "STL Print Settings", exportSTL
	if assembled {
		items = append(items, widget.NewFormItem("Gap (mm)", gap))
		items[3].HintText = "more space between the pieces, beyond twice the clearance"
		title, kind = "STL of the Solution Shown", exportSTLSolution
	}
	d := dialog.NewForm(title, "Export…", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		next, err := parseSTLPrint(unit.Text, clearance.Text, bevel.Text, gap.Text)
		if err != nil {
			w.showError("Cannot export", err)
			return
		}
		w.stlPrint = next
		w.exportDialog(kind)
	}, w.win)
	w.showDialog(d)
}

// parseSTLPrint reads the dialog's four lengths in millimetres.
func parseSTLPrint(unit, clearance, bevel, gap string) (stlPrint, error) {
	var s stlPrint
	for _, f := range []struct {
		name, text string
		v          *float64
	}{{"unit", unit, &s.unit}, {"clearance", clearance, &s.clearance}, {"bevel", bevel, &s.bevel}, {"gap", gap, &s.gap}} {
		v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f.text), "mm")), 64)
		if err != nil || v < 0 || v != v {
			return s, fmt.Errorf("%s %q: want a length in millimetres, 0 or more", f.name, f.text)
		}
		*f.v = v
	}
	if s.unit == 0 {
		return s, errors.New("unit 0: want the edge of one cell in millimetres")
	}
	return s, nil
}

// stlExporter captures what an STL export needs: the settings, and for
// the assembled solution the cells of each of its pieces.
func (w *window) stlExporter(assembled bool) (func(io.Writer) error, error) {
	p, b := w.puzzle, w.b
	if b.WriteSTL == nil {
		return nil, errors.New("this build cannot write STL files")
	}
	s := STLSettings{Unit: w.stlPrint.unit, Clearance: w.stlPrint.clearance, Bevel: w.stlPrint.bevel, Gap: w.stlPrint.gap}
	if assembled {
		sol := w.browser.Current()
		if sol == nil {
			return nil, errors.New("no solution shown: solve first")
		}
		for _, o := range sol {
			if o < 0 || o >= len(p.Placements) {
				return nil, fmt.Errorf("option %d of the solution is not a placement", o)
			}
			s.Solution = append(s.Solution, p.Placements[o].Cells)
		}
	}
	return func(out io.Writer) error { return b.WriteSTL(p, s, out) }, nil
}
