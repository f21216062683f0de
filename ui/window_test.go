package ui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"polyviz/geometry"
)

// labels returns the text of every label laid out in o.
func labels(o fyne.CanvasObject) []string {
	var out []string
	for _, obj := range test.LaidOutObjects(o) {
		if l, ok := obj.(*widget.Label); ok && l.Visible() {
			out = append(out, l.Text)
		}
	}
	return out
}

func hasLabel(o fyne.CanvasObject, sub string) bool {
	for _, l := range labels(o) {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

func TestOpenSpecShowsPieces(t *testing.T) {
	w, _, fd := newTestWindow(t, false)
	if !w.openData("four.txt", []byte(fourInARow)) {
		t.Fatalf("open failed: %s", w.errShown)
	}
	if got, want := w.win.Title(), "polyviz — four.txt"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	if n := w.pieces.Length(); n != 3 {
		t.Fatalf("pieces list has %d rows, want 3", n)
	}
	w.win.Canvas().Refresh(w.win.Content())
	for _, want := range []string{
		"D", "E", "F",
		"×1 · 2 cells · 1 orient. · 3 places", // the domino
		"×1 · 1 cell · 1 orient. · 4 places",  // a monomino
		"3D · 4 cells · 3 pieces · 11 placements",
	} {
		if !hasLabel(w.win.Content(), want) {
			t.Errorf("no label %q among %q", want, labels(w.win.Content()))
		}
	}
	// the view shows the pieces laid out in a tray, drawn at the view's size
	test.WidgetRenderer(w.view) // make sure it is rendered
	w.win.Canvas().Capture()
	if fd.calls.Load() == 0 {
		t.Error("the view never drew")
	}
	if s := w.view.Scene(); s == nil || len(s.Pieces) != 3 {
		t.Errorf("view scene %+v, want the 3 pieces", s)
	}
}

func TestBadFileShowsErrorAndKeepsPuzzle(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	if w.openData("broken.txt", []byte("4\nD 2\nbad\n")) {
		t.Fatal("a bad file opened")
	}
	for _, want := range []string{"Cannot open broken.txt", "File broken.txt, line 3, column 1", "decreasing range"} {
		if !strings.Contains(w.errShown, want) {
			t.Errorf("error dialog %q lacks %q", w.errShown, want)
		}
	}
	if top := w.win.Canvas().Overlays().Top(); top == nil || !hasLabel(top, "line 3, column 1") {
		t.Error("no error dialog on the canvas")
	}
	if w.puzzle == nil || w.puzzle.Name != "four.txt" || w.win.Title() != "polyviz — four.txt" {
		t.Error("the current puzzle did not stay loaded")
	}
}

func TestSolveAndStepThroughSolutions(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.mode.SetSelected(modeAll)
	test.Tap(w.solver.solve)
	if !w.solver.Running() || !w.solver.solve.Disabled() || w.solver.stop.Disabled() {
		t.Fatal("Solve did not start a run")
	}
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.browser.Len() != 6 {
		t.Fatalf("%d solutions, want 6", w.browser.Len())
	}
	if !strings.HasPrefix(w.solver.status.Text, "Done") || !strings.Contains(w.solver.status.Text, "6 solutions") {
		t.Errorf("status %q", w.solver.status.Text)
	}
	if w.solver.bar.Value != 1 {
		t.Errorf("progress %v at the end", w.solver.bar.Value)
	}
	if got := w.browser.label.Text; got != "Solution 1 of 6" {
		t.Errorf("label %q", got)
	}
	first := w.browser.Current()
	if s := w.view.Scene(); s == nil || len(s.Pieces) != 3 || len(s.Box) != 4 {
		t.Fatalf("view does not show the packing: %+v", s)
	}
	test.Tap(w.browser.next)
	if w.browser.cur != 1 || w.browser.label.Text != "Solution 2 of 6" {
		t.Errorf("Next: at %d, %q", w.browser.cur, w.browser.label.Text)
	}
	w.typedKey(fyne.KeyP) // back
	w.typedKey(fyne.KeyP) // wraps to the last
	if w.browser.cur != 5 {
		t.Errorf("P, P from 2: at %d, want 6", w.browser.cur+1)
	}
	w.browser.jump.OnSubmitted("1")
	if got := w.browser.Current(); w.browser.cur != 0 || got[0] != first[0] {
		t.Errorf("jump to 1: at %d", w.browser.cur)
	}
	// a number out of range, or none, is said, and goes nowhere
	for _, bad := range []string{"99", "0", "x"} {
		w.browser.jump.SetText(bad)
		w.browser.jump.OnSubmitted(bad)
		if w.browser.cur != 0 || w.browser.label.Text != "No solution #"+bad+": give 1 to 6" || w.browser.jump.Text != bad {
			t.Errorf("jump to %q: at %d, label %q, entry %q", bad, w.browser.cur+1, w.browser.label.Text, w.browser.jump.Text)
		}
	}
	w.browser.jump.OnSubmitted("1")
	if w.browser.label.Text != "Solution 1 of 6" || w.browser.jump.Text != "" {
		t.Errorf("jump to 1 again: label %q, entry %q", w.browser.label.Text, w.browser.jump.Text)
	}
	// every solution covers each cell once
	for i, s := range w.browser.sols {
		seen := map[int]bool{}
		for _, o := range s {
			for _, c := range w.puzzle.Placements[o].Cells {
				if seen[c.X] {
					t.Errorf("solution %d covers %d twice", i+1, c.X)
				}
				seen[c.X] = true
			}
		}
	}
}

func TestStartAndStopSolve(t *testing.T) {
	w, q, _ := newTestWindow(t, true)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "some solutions", func() bool { return w.browser.Len() >= 10 })
	w.typedKey(fyne.KeyEscape) // Esc stops
	q.drainUntil(t, "the run to stop", func() bool { return !w.solver.Running() })
	if !strings.HasPrefix(w.solver.status.Text, "Stopped") {
		t.Errorf("status %q after Stop", w.solver.status.Text)
	}
	if w.solver.solve.Disabled() || !w.solver.stop.Disabled() {
		t.Error("buttons not reset after Stop")
	}
	// loading another puzzle cancels a run and forgets the solutions
	w.solver.Start()
	q.drainUntil(t, "a solution", func() bool { return w.browser.Len() > 0 })
	w.openData("three.txt", []byte(threeInARow))
	if w.solver.Running() || w.browser.Len() != 0 {
		t.Errorf("after loading: running %v, %d solutions", w.solver.Running(), w.browser.Len())
	}
}

// TestEscapeClosesDialog: Esc with a dialog open closes the dialog shown
// last, as its Cancel would, and leaves the search running; with none
// open it stops the search.
func TestEscapeClosesDialog(t *testing.T) {
	w, q, _ := newTestWindow(t, true)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "some solutions", func() bool { return w.browser.Len() >= 3 })
	cancelled := false
	w.showError("First", errors.New("one"))
	w.showDialog(dialog.NewConfirm("Second", "two", func(ok bool) { cancelled = !ok }, w.win))
	overlays := w.win.Canvas().Overlays()
	if n := len(overlays.List()); n != 2 {
		t.Fatalf("%d overlays, want the two dialogs", n)
	}
	// keys other than Esc do not reach the view behind the dialogs
	cur := w.browser.cur
	w.typedKey(fyne.KeyN)
	if w.browser.cur != cur {
		t.Errorf("N behind a dialog moved to solution %d", w.browser.cur)
	}
	w.typedKey(fyne.KeyEscape)
	if n := len(overlays.List()); n != 1 || !cancelled {
		t.Fatalf("after Esc: %d overlays (want 1), cancelled %v (want the confirmation's Cancel)", n, cancelled)
	}
	w.typedKey(fyne.KeyEscape)
	if n := len(overlays.List()); n != 0 || len(w.dialogs) != 0 {
		t.Fatalf("after a second Esc: %d overlays, %d dialogs listed", n, len(w.dialogs))
	}
	if !w.solver.Running() {
		t.Fatal("Esc on a dialog stopped the search")
	}
	w.typedKey(fyne.KeyN)
	if w.browser.cur == cur {
		t.Errorf("N with no dialog stayed at solution %d", cur)
	}
	w.typedKey(fyne.KeyEscape)
	q.drainUntil(t, "the run to stop", func() bool { return !w.solver.Running() })
	// a dialog closed by its own button is off the list
	w.showError("Third", errors.New("three"))
	w.dialogs[0].Dismiss()
	if len(w.dialogs) != 0 {
		t.Fatalf("%d dialogs listed after the last closed", len(w.dialogs))
	}
}

// TestStatusSaysOneSolution: a puzzle with one solution (every fillomino
// grid of the library) is "Done · … · 1 solution", not "1 solutions".
func TestStatusSaysOneSolution(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("two.txt", []byte("2\nD 2\n")) // a domino in a row of 2
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if st := w.solver.status.Text; !strings.Contains(st, " · 1 solution") || strings.Contains(st, "1 solutions") {
		t.Errorf("status %q, want it to say 1 solution", st)
	}
}

func TestSolveFirstN(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.mode.SetSelected(modeFirstN)
	w.solver.count.SetText("4")
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.browser.Len() != 4 {
		t.Errorf("first 4: got %d", w.browser.Len())
	}
}

func TestPlayAssemblesPieceByPiece(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	w.typedKey(fyne.KeySpace) // play
	if !w.player.Playing() {
		t.Fatal("space did not play")
	}
	if n := len(w.view.Scene().Pieces); n != 0 {
		t.Errorf("at the start %d pieces shown, want 0", n)
	}
	w.player.Advance(pieceTime * 3 / 2) // 1.5 pieces in
	s := w.view.Scene()
	if len(s.Pieces) != 2 || s.Pieces[0].Offset != [3]float64{} || s.Pieces[1].Offset[2] <= 0 {
		t.Errorf("1.5 pieces in: %d pieces, offsets %v", len(s.Pieces), s.Pieces)
	}
	w.typedKey(fyne.KeySpace) // pause
	w.player.Advance(pieceTime)
	if w.player.Playing() || w.player.Position() != 1.5 {
		t.Errorf("pause: playing %v at %v", w.player.Playing(), w.player.Position())
	}
	w.player.Play()
	if f := w.view.Scene().Frame; f == nil || f[1][2] <= 1 {
		t.Fatalf("Play's frame %v does not hold the pieces flying in from above", f)
	}
	w.player.Advance(10 * pieceTime)
	if w.player.Playing() || len(w.view.Scene().Pieces) != 3 {
		t.Error("play did not end with the whole packing")
	}
	// and framed as the packing is outside Play, not in Play's wider frame
	still := solutionScene(w.puzzle, w.colors, w.browser.Current(), look{layer: -1, play: -1, explode: w.explode.Value})
	if got := w.view.Scene().Frame; got == nil || *got != *still.Frame {
		t.Errorf("after Play the frame is %v, want %v", got, still.Frame)
	}
}

func TestExportWritesFilesAtomically(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	dir := t.TempDir()
	for _, tc := range []struct {
		kind exportKind
		file string
		want string
	}{
		{exportDLX, "four.dlx", "D [000 100]\n"},
		{exportSolutions, "four.txt", "1:\n D "},
		{exportPNG, "four.png", "\x89PNG"},
	} {
		path := filepath.Join(dir, tc.file)
		os.WriteFile(path, []byte("old"), 0o644)
		var done, ok bool
		w.exportTo(tc.kind, path, func(err error) { done, ok = true, err == nil })
		q.drainUntil(t, "the export", func() bool { return done })
		data, _ := os.ReadFile(path)
		if !ok || !strings.HasPrefix(string(data), tc.want) {
			t.Errorf("%s: ok %v, starts %q", tc.file, ok, data[:min(len(data), 20)])
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 3 {
		t.Errorf("%d files in the folder, want 3 (temporary files left?)", len(ents))
	}
}

func TestRecentFilesAndOpenURI(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	dir := t.TempDir()
	var paths []string
	for i := range maxRecent + 2 {
		p := filepath.Join(dir, "p"+string(rune('a'+i))+".txt")
		os.WriteFile(p, []byte(threeInARow), 0o644)
		paths = append(paths, p)
		w.openURI(storage.NewFileURI(p))
	}
	w.openURI(storage.NewFileURI(paths[3])) // again: moves to the front
	got := w.recent.List()
	if len(got) != maxRecent || got[0] != paths[3] || got[1] != paths[len(paths)-1] {
		t.Errorf("recent %v", got)
	}
	if w.puzzle.Name != paths[3] {
		t.Errorf("opened %q", w.puzzle.Name)
	}
	// the File menu lists them
	var recentItem *fyne.MenuItem
	for _, it := range w.win.MainMenu().Items[0].Items {
		if it.Label == "Open Recent" {
			recentItem = it
		}
	}
	if recentItem == nil || recentItem.ChildMenu == nil || len(recentItem.ChildMenu.Items) != maxRecent {
		t.Error("Open Recent does not list the recent files")
	}
}

func TestKeyboardOrbitsAndZooms(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	c0 := w.view.Camera()
	w.typedKey(fyne.KeyRight)
	w.typedKey(fyne.KeyUp)
	w.win.Canvas().(interface{ OnTypedRune() func(rune) }).OnTypedRune()('+')
	c := w.view.Camera()
	if c.Yaw != c0.Yaw+10 || c.Pitch != c0.Pitch+10 || c.Zoom <= c0.Zoom {
		t.Errorf("camera %+v after →, ↑, + from %+v", c, c0)
	}
	test.Drag(w.win.Canvas(), fyne.NewPos(600, 300), 40, 0)
	test.Scroll(w.win.Canvas(), fyne.NewPos(600, 300), 0, 10)
	w.view.ResetCamera()
	if w.view.Camera() != c0 {
		t.Errorf("reset: %+v", w.view.Camera())
	}
}

func TestInitialPuzzleAndPieceSelection(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openInitial(nil)
	if w.puzzle == nil || w.puzzle.Name != DefaultPuzzle {
		t.Fatal("did not open the default puzzle")
	}
	w.openInitial([]string{"no-such-file-or-puzzle"})
	if !strings.Contains(w.errShown, "no-such-file-or-puzzle") {
		t.Errorf("error %q", w.errShown)
	}
	w.pieces.Select(0)
	if w.selPiece != 0 || !w.pieceBox.Visible() || len(w.view.Scene().Pieces) != 1 {
		t.Error("selecting a piece does not show it alone")
	}
	w.deselectPiece()
	if w.selPiece != -1 || w.pieceBox.Visible() {
		t.Error("Back to box")
	}
}

func TestFileDialogsOpen(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.showOpen() // Fyne 2.8.1 panicked on Resize before Show
	if w.win.Canvas().Overlays().Top() == nil {
		t.Error("no open dialog")
	}
	w.exportDialog(exportPNG)
	if w.win.Canvas().Overlays().Top() == nil {
		t.Error("no save dialog")
	}
}

func TestDropOpensFile(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("three.txt", []byte(threeInARow))
	path := filepath.Join(t.TempDir(), "dropped.txt")
	os.WriteFile(path, []byte(fourInARow), 0o644)
	w.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(path)})
	if w.puzzle.Name != path || w.win.Title() != "polyviz — dropped.txt" {
		t.Errorf("after the drop: %q, title %q", w.puzzle.Name, w.win.Title())
	}
}

func TestAssemblyOrderIsBottomUp(t *testing.T) {
	p := &Puzzle{Placements: []Placement{
		{Cells: []geometry.Cell{{X: 0, Y: 0, Z: 2}}},
		{Cells: []geometry.Cell{{X: 1, Y: 0, Z: 0}}},
		{Cells: []geometry.Cell{{X: 0, Y: 0, Z: 0}, {X: 0, Y: 0, Z: 1}}},
	}}
	if got := assemblyOrder(p, Solution{0, 1, 2}); !slices.Equal(got, []int{2, 1, 0}) {
		t.Errorf("3D order %v, want [2 1 0]", got)
	}
	p.Planar = true
	if got := assemblyOrder(p, Solution{1, 0, 2}); !slices.Equal(got, []int{0, 2, 1}) {
		t.Errorf("2D order %v, want [0 2 1] (left to right, stable)", got)
	}
}

func TestDistinctSolutions(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	if w.browser.kind.Disabled() {
		t.Fatal("the sameness selector is disabled for a packing puzzle")
	}
	w.browser.kind.SetSelected("Up to rotation")
	if w.solver.Running() {
		t.Error("picking a sameness before any solve started one")
	}
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	// fourInARow: 6 raw solutions, 3 pairs of mirror images
	if w.browser.Len() != 3 {
		t.Fatalf("%d distinct solutions listed, want 3", w.browser.Len())
	}
	for i := range w.browser.Len() {
		s := w.browser.sols[i]
		if !slices.IsSorted(s) || slices.Compare(fakeMirror(w.puzzle, s), s) < 0 {
			t.Errorf("solution %d %v is not its class's representative", i+1, s)
		}
	}
	w.win.Canvas().Refresh(w.win.Content())
	for _, want := range []string{
		"Solution 1 of 3 distinct (of 6 raw)",
		"3 distinct (of 6 raw)", // the status line
		"A row has 2 symmetries.",
	} {
		if !hasLabel(w.win.Content(), want) {
			t.Errorf("no label %q among %q", want, labels(w.win.Content()))
		}
	}
	// the packing shown is the representative
	if n := len(w.view.Scene().Pieces); n != 3 {
		t.Errorf("view shows %d pieces, want the 3 of the packing", n)
	}

	// another sameness solves again, the new way
	w.browser.kind.SetSelected("Raw")
	q.drainUntil(t, "the raw run", func() bool { return !w.solver.Running() && w.browser.Len() == 6 })
	if !hasLabel(w.win.Content(), "Solution 1 of 6") || hasLabel(w.win.Content(), "distinct") {
		t.Errorf("raw solutions labelled %q", labels(w.win.Content()))
	}
}

func TestDistinctFirstNAndStop(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.browser.kind.SetSelected("Up to rotation and reflection")
	w.solver.mode.SetSelected(modeFirst)
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.browser.Len() != 1 {
		t.Errorf("first distinct: %d listed", w.browser.Len())
	}
	// a partial run gives no raw count
	if hasLabel(w.win.Content(), "raw") {
		t.Errorf("a raw count after a partial run: %q", labels(w.win.Content()))
	}
}

func TestDistinctNeedsPackingPuzzle(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.browser.kind.SetSelected("Up to rotation")
	w.openData("four.dlx", []byte(fourInARow)) // not a packing: no distinct counts
	if !w.browser.kind.Disabled() || w.browser.Mode() != DistinctRaw {
		t.Fatalf("selector disabled %v, mode %v, for a DLX file", w.browser.kind.Disabled(), w.browser.Mode())
	}
	time.Sleep(10 * time.Millisecond) // the note of four.txt, if late, is dropped
	q.drainUntil(t, "pending updates", func() bool { return q.pending() == 0 })
	if w.symNote.Visible() {
		t.Errorf("a symmetry note %q for a DLX file", w.symNote.Text)
	}
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.browser.Len() != 6 {
		t.Errorf("%d solutions of the DLX file, want all 6", w.browser.Len())
	}
}

func TestProgressFraction(t *testing.T) {
	w, q, _ := newTestWindow(t, true)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "an estimate", func() bool { return w.solver.bar.Value == 0.5 })
	if !w.solver.bar.Visible() || w.solver.busy.Visible() {
		t.Error("the endless bar still shows once an estimate came")
	}
}

// The endless bar shows only for a search that has run busyAfter without
// an estimate of the fraction done (it animates at the frame rate, which
// costs a software GL driver most of a core), and gives way to the bar
// once an estimate comes.
func TestBusyBarWaits(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	s := w.solver
	s.showProgress(Progress{Elapsed: busyAfter / 2}, false, 0, nil)
	if s.busy.Visible() || !s.bar.Visible() {
		t.Fatal("the endless bar shows before busyAfter")
	}
	s.showProgress(Progress{Elapsed: busyAfter}, false, 0, nil)
	if !s.busy.Visible() || s.bar.Visible() {
		t.Fatal("no endless bar after busyAfter without an estimate")
	}
	s.showProgress(Progress{Elapsed: busyAfter + time.Second, Fraction: 0.25}, false, 0, nil)
	if s.busy.Visible() || !s.bar.Visible() || s.bar.Value != 0.25 {
		t.Fatalf("busy %v, bar %v at %v, once an estimate came", s.busy.Visible(), s.bar.Visible(), s.bar.Value)
	}
	s.showProgress(Progress{Elapsed: 3 * busyAfter}, true, 0, nil)
	if s.busy.Visible() {
		t.Fatal("the endless bar shows at the end")
	}
}

func TestStartViewShowsBoxAndPieces(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	// a layout that puts the pieces in a row behind the box, a cell apart
	w.b.Layout = func(box []geometry.Cell, shapes []geometry.Shape, planar bool) [][]geometry.Cell {
		var out [][]geometry.Cell
		x := 0
		for _, sh := range shapes {
			out = append(out, sh.Translate(geometry.Cell{X: x, Y: 2}))
			x += len(sh) + 1
		}
		return out
	}
	w.openData("four.txt", []byte(fourInARow))
	s := w.view.Scene()
	if s == nil || len(s.Box) != 4 || len(s.Pieces) != 3 {
		t.Fatalf("start view %+v, want the box of 4 and 3 pieces", s)
	}
	for i, pc := range s.Pieces {
		if pc.Name != w.puzzle.Pieces[i].Name || pc.Color != w.colors[i] || pc.Cells[0].Y != 2 {
			t.Errorf("piece %d shown as %+v", i, pc)
		}
	}
}

func TestKeysWorkAfterChoosingInASelect(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.win.Canvas().Focus(w.browser.kind)
	w.browser.kind.SetSelected("Up to rotation")
	if f := w.win.Canvas().Focused(); f != nil {
		t.Errorf("%T keeps the keyboard after a choice", f)
	}
}

func TestExportSTLAndSVG(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.b.WriteSTL = func(p *Puzzle, _ STLSettings, out io.Writer) error {
		_, err := io.WriteString(out, "solid "+p.Name)
		return err
	}
	w.b.WriteSVG = func(s *Scene, out io.Writer) error { _, err := io.WriteString(out, "<svg/>"); return err }
	w.openData("four.txt", []byte(fourInARow))
	dir := t.TempDir()
	var done, ok bool
	w.exportTo(exportSTL, filepath.Join(dir, "four.stl"), func(err error) { done, ok = true, err == nil })
	q.drainUntil(t, "the export", func() bool { return done })
	if data, _ := os.ReadFile(filepath.Join(dir, "four.stl")); !ok || string(data) != "solid four.txt" {
		t.Errorf("STL: ok %v, %q", ok, data)
	}
	// The fake puzzle is 3D: SVG is refused with a reason.
	done = false
	w.exportTo(exportSVG, filepath.Join(dir, "four.svg"), func(err error) { done, ok = true, err == nil })
	q.drainUntil(t, "the export", func() bool { return done })
	if ok {
		t.Error("SVG of a 3D puzzle was written")
	}
	labels := map[string]bool{}
	for _, it := range w.win.MainMenu().Items[0].Items {
		labels[it.Label] = true
	}
	if !labels["Export STL (3D print plate)…"] || !labels["Export STL of the Solution (assembled)…"] || !labels["Export SVG (2D)…"] {
		t.Errorf("File menu: %v", labels)
	}
	if !slices.Contains(specExtensions, ".xmpuzzle") {
		t.Error("the open dialog does not offer .xmpuzzle files")
	}
}

func TestAskProblem(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	var asked int
	w.b.LoadProblem = func(name string, data []byte, k int) (*Puzzle, error) {
		asked = k
		p, err := fakeLoad(name, []byte(threeInARow))
		if err == nil {
			p.Name = fmt.Sprintf("%s #%d", name, k+1)
		}
		return p, err
	}
	w.openData("four.txt", []byte(fourInARow))
	d, sel := w.problemDialog("two.xmpuzzle", []byte(fourInARow), []string{"1: a", "2: b"})
	sel.SetSelectedIndex(1)
	d.Confirm()
	if asked != 1 || w.puzzle.Name != "two.xmpuzzle #2" {
		t.Errorf("asked for problem %d, showing %q", asked, w.puzzle.Name)
	}
}

// The line POLYVIZ_FRAMESTATS gets at a solve's end, in the form
// scripts/measure-solve-window.sh reads: the time third, in seconds with
// an "s", then the solutions.
func TestSolveLine(t *testing.T) {
	for _, tc := range []struct {
		st   SolveStats
		err  error
		want string
	}{
		{SolveStats{Solutions: 19186, Raw: 460464, Nodes: 32441775, Elapsed: 3456 * time.Millisecond}, nil,
			"solve done 3.456s 19186 solutions 32441775 nodes (460464 raw)"},
		{SolveStats{Solutions: 2, Nodes: 7, Elapsed: time.Second}, errors.New("disk full"),
			"solve done 1.000s 2 solutions 7 nodes: disk full"},
	} {
		if got := solveLine(tc.st, tc.err); got != tc.want {
			t.Errorf("solveLine = %q, want %q", got, tc.want)
		}
	}
}

// TestAskFormat: a file that reads as triangles and as squares alike is
// not refused with the command line's advice: the window asks, the puzzle
// shown stays meanwhile, and the answer reads it in the format chosen.
func TestAskFormat(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	choices := []FormatChoice{{"polyiamond", "Triangles"}, {"polyomino", "Squares"}}
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		if name == "both.txt" {
			return nil, &LoadError{File: name, Line: 2, Col: 4, Err: errors.New("say --format"), Choices: choices}
		}
		return fakeLoad(name, data)
	}
	var asked string
	w.b.LoadAs = func(name string, data []byte, format string) (*Puzzle, error) {
		asked = format
		p, err := fakeLoad(name, []byte(threeInARow))
		if err == nil {
			p.Name = name + " as " + format
		}
		return p, err
	}
	w.openData("four.txt", []byte(fourInARow))
	if !w.openData("both.txt", []byte("x")) || w.errShown != "" || w.puzzle.Name != "four.txt" {
		t.Fatalf("an ambiguous file: error %q, showing %q", w.errShown, w.puzzle.Name)
	}
	d, radio := w.formatDialog("both.txt", []byte("x"), choices)
	if radio.Selected != "Triangles" {
		t.Errorf("chosen at first: %q", radio.Selected)
	}
	radio.SetSelected("Squares")
	d.Confirm()
	if asked != "polyomino" || w.puzzle.Name != "both.txt as polyomino" {
		t.Errorf("read as %q, showing %q", asked, w.puzzle.Name)
	}

	// without LoadAs the error is shown, as before
	w.b.LoadAs = nil
	if w.openData("both.txt", []byte("x")) || !strings.Contains(w.errShown, "line 2, column 4") {
		t.Errorf("without LoadAs: error %q", w.errShown)
	}
}

// TestErrorFits: the error dialog's text is as tall as its wrapped lines
// at the dialog's width; a box of fixed height let a long message run
// over the OK button.
func TestErrorFits(t *testing.T) {
	test.NewTempApp(t)
	size := func(text string) fyne.Size {
		l := widget.NewLabel(text)
		l.Wrapping = fyne.TextWrapWord
		return wrapped(l, 460).MinSize()
	}
	short := size("decreasing range: 3-1")
	long := size(strings.Repeat("a word that wraps ", 40))
	if short.Width != 460 || long.Width != 460 {
		t.Errorf("widths %v and %v, want 460", short.Width, long.Width)
	}
	if long.Height < 4*short.Height {
		t.Errorf("a message of 720 characters is %v tall, one line %v", long.Height, short.Height)
	}
}

// TestCountsGrouped: the window writes large counts with their digits in
// threes, as its estimates do: the status line, raw or distinct, and the
// solutions list's label.
func TestCountsGrouped(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.showProgress(Progress{Solutions: 460464, Nodes: 5}, true, 0, nil)
	if st := w.solver.status.Text; !strings.Contains(st, " · 460,464 solutions") {
		t.Errorf("status %q", st)
	}
	w.solver.counts = DistinctRotations
	w.solver.showProgress(Progress{Solutions: 12345, Nodes: 5}, true, 1234567, nil)
	if st := w.solver.status.Text; !strings.Contains(st, " · 12,345 distinct (of 1,234,567 raw)") {
		t.Errorf("status %q", st)
	}
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	w.browser.total = 460464
	w.browser.update()
	if l := w.browser.label.Text; !strings.HasPrefix(l, "Solution 1 of 460,464 (") {
		t.Errorf("label %q", l)
	}
}
