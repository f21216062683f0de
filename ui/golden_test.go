package ui

import (
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata")

// TestWindowGolden pins the layout: the window after solving a toy puzzle,
// drawn by Fyne's software painter with the test theme and the fake
// renderer (a flat colour for the view). Run with -update after a deliberate
// change and look at testdata/window-solved.png.
func TestWindowGolden(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.win.Resize(fyne.NewSize(1000, 640))
	w.openData("four.txt", []byte(fourInARow))
	w.solver.workers.SetSelected("1") // the same on every machine
	w.solver.Start()
	q.drainUntil(t, "the run to end, the note and the levels", func() bool {
		return !w.solver.Running() && w.symNote.Visible() && allKnown(w.browser)
	})
	w.solver.status.SetText("Done · 6 solutions") // no timings in a golden image
	w.solver.relayout()                           // the status may have had two lines
	img := w.win.Canvas().Capture()
	const name = "window-solved.png"
	if *update {
		f, err := os.Create(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		return
	}
	test.AssertImageMatches(t, name, img)
}
