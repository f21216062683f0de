package ui

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestExportSTLSettings: File > Export STL passes the print settings to
// the backend, the plate without a solution and the solution shown with
// its pieces' cells; the assembled export is refused before a solve.
func TestExportSTLSettings(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	var got []STLSettings
	w.b.WriteSTL = func(p *Puzzle, s STLSettings, out io.Writer) error {
		got = append(got, s)
		_, err := io.WriteString(out, "solid")
		return err
	}
	w.openData("four.txt", []byte(fourInARow))
	if w.stlPrint != defaultSTLPrint {
		t.Errorf("settings %+v, want %+v", w.stlPrint, defaultSTLPrint)
	}
	export := func(k exportKind) error {
		var done bool
		var err error
		w.exportTo(k, filepath.Join(t.TempDir(), "four.stl"), func(e error) { done, err = true, e })
		q.drainUntil(t, "the export", func() bool { return done })
		return err
	}
	if err := export(exportSTLSolution); err == nil {
		t.Error("an assembled STL was written with no solution shown")
	}
	w.stlPrint = stlPrint{unit: 15, clearance: 0.3, bevel: 1, gap: 0.5}
	if err := export(exportSTL); err != nil {
		t.Fatal(err)
	}
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if err := export(exportSTLSolution); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d exports written", len(got))
	}
	plate, sol := got[0], got[1]
	if plate.Unit != 15 || plate.Clearance != 0.3 || plate.Bevel != 1 || plate.Solution != nil {
		t.Errorf("plate settings %+v", plate)
	}
	shown := w.browser.Current()
	if len(sol.Solution) != len(shown) || sol.Gap != 0.5 {
		t.Fatalf("assembled settings %+v for a solution of %d pieces", sol, len(shown))
	}
	for i, o := range shown {
		if want := w.puzzle.Placements[o].Cells; len(sol.Solution[i]) != len(want) || sol.Solution[i][0] != want[0] {
			t.Errorf("piece %d: cells %v, want %v", i, sol.Solution[i], want)
		}
	}
}

func TestParseSTLPrint(t *testing.T) {
	for _, tc := range []struct {
		in [4]string
		ok bool
	}{
		{[4]string{"20", "0.2", "1", "0"}, true},
		{[4]string{"20mm", " 0.2 mm", "0", "0.5"}, true},
		{[4]string{"0", "0.2", "1", "0"}, false},
		{[4]string{"20", "-1", "1", "0"}, false},
		{[4]string{"20", "0.2", "abc", "0"}, false},
		{[4]string{"20", "0.2", "1", "NaN"}, false},
	} {
		s, err := parseSTLPrint(tc.in[0], tc.in[1], tc.in[2], tc.in[3])
		if (err == nil) != tc.ok {
			t.Errorf("%q: %+v, %v", tc.in, s, err)
		}
		if tc.ok && s.unit != 20 {
			t.Errorf("%q: unit %g", tc.in, s.unit)
		}
	}
}

// TestSTLDialog: the settings dialog shows the unit, clearance and bevel
// (and the gap for the assembled solution) with the last settings; the
// assembled one is refused with its reason before a solve.
func TestSTLDialog(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.stlDialog(true)
	if !strings.Contains(w.errShown, "solve first") {
		t.Errorf("assembled before a solve: error %q", w.errShown)
	}
	w.stlDialog(false)
	top := w.win.Canvas().Overlays().Top()
	if txt := texts(top); top == nil || !strings.Contains(txt, "Clearance (mm)") || !strings.Contains(txt, "Bevel (mm)") ||
		!strings.Contains(txt, "Unit (mm)") || strings.Contains(txt, "Gap (mm)") {
		t.Fatalf("plate settings dialog: %s", txt)
	}
	w.win.Canvas().Overlays().Remove(top)
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	w.stlDialog(true)
	if top = w.win.Canvas().Overlays().Top(); top == nil || !strings.Contains(texts(top), "Gap (mm)") {
		t.Errorf("assembled settings dialog: %s", texts(top))
	}
}

// texts joins the text of every label, rich text and canvas text drawn in o.
func texts(o fyne.CanvasObject) string {
	if o == nil {
		return ""
	}
	var out []string
	for _, obj := range test.LaidOutObjects(o) {
		switch x := obj.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *widget.RichText:
			out = append(out, x.String())
		case *canvas.Text:
			out = append(out, x.Text)
		}
	}
	return strings.Join(out, " | ")
}
