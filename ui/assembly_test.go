package ui

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// offsets returns the offsets of the view's pieces, sorted.
func offsets(w *window) [][3]float64 {
	var out [][3]float64
	for _, p := range w.view.Scene().Pieces {
		o := p.Offset
		for k := range o {
			o[k] = math.Round(o[k]*1e6) / 1e6
		}
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b [3]float64) int {
		for k := range 3 {
			if a[k] != b[k] {
				if a[k] < b[k] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	return out
}

// TestPlayFollowsTheAssemblyPlan: with a plan from the backend, Play moves
// the pieces along it, one step at a time, a piece that enters hidden until
// its step; the step buttons and the slider go through it by hand.
func TestPlayFollowsTheAssemblyPlan(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	// the solution's second piece comes down into its place, then the two
	// others slide one cell along x together
	w.b.Assemble = func(p *Puzzle, s Solution) AssemblyPlan {
		return AssemblyPlan{Level: 2, Steps: []AssemblyStep{
			{Pieces: []int{1}, Shift: [3]float64{0, 0, -2}, Enter: true},
			{Pieces: []int{0, 2}, Shift: [3]float64{1, 0, 0}},
		}}
	}
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if !strings.Contains(w.player.info.Text, "Level 2: 2 steps") || !w.player.info.Visible() {
		t.Errorf("the player says %q", w.player.info.Text)
	}
	w.typedKey(fyne.KeySpace) // play
	left := [3]float64{-1, 0, 0}
	if got := offsets(w); !slices.Equal(got, [][3]float64{left, left}) {
		t.Errorf("at the start: %v, want the two outer pieces one cell to the left", got)
	}
	w.player.Advance(pieceTime / 2) // half way down
	if got := offsets(w); !slices.Equal(got, [][3]float64{left, left, {0, 0, 1}}) {
		t.Errorf("half a step in: %v", got)
	}
	test.Tap(w.player.next)
	if w.player.Playing() || w.player.Position() != 1 || w.player.stepL.Text != "1/2" {
		t.Errorf("next step: playing %v at %v (%q)", w.player.Playing(), w.player.Position(), w.player.stepL.Text)
	}
	if got := offsets(w); !slices.Equal(got, [][3]float64{left, left, {}}) {
		t.Errorf("after the first step: %v", got)
	}
	test.Tap(w.player.prev)
	if w.player.Position() != 0 || len(offsets(w)) != 2 {
		t.Errorf("previous step: at %v with %d pieces", w.player.Position(), len(offsets(w)))
	}
	w.player.scrub.SetValue(1.5)
	if got := offsets(w); w.player.Position() != 1.5 || !slices.Equal(got, [][3]float64{{-0.5, 0, 0}, {-0.5, 0, 0}, {}}) {
		t.Errorf("slider at 1.5: at %v, %v", w.player.Position(), got)
	}
	w.player.scrub.SetValue(2)
	if got := offsets(w); !slices.Equal(got, [][3]float64{{}, {}, {}}) {
		t.Errorf("slider at the end: %v", got)
	}
	// another puzzle: the last one's plan and its line go
	w.openData("three.txt", []byte(threeInARow))
	if w.player.info.Visible() || w.plan != nil || w.player.stepL.Text != "0/0" {
		t.Errorf("after opening another puzzle the player says %q (visible %v), plan %v, %q", w.player.info.Text, w.player.info.Visible(), w.plan != nil, w.player.stepL.Text)
	}
}

// TestPlayFallsBackWithANote: when the packing cannot be taken apart the
// pieces fly in as before, and the player says why.
func TestPlayFallsBackWithANote(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.b.Assemble = func(p *Puzzle, s Solution) AssemblyPlan {
		return AssemblyPlan{Note: "This packing cannot be taken apart."}
	}
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.player.info.Text != "This packing cannot be taken apart." || w.plan != nil || w.player.n != 3 {
		t.Errorf("note %q, plan %v, %d pieces to play", w.player.info.Text, w.plan, w.player.n)
	}
}

// TestViewControlsNeedASolution: before a solve Explode and Layers are off,
// and a hint says why; a solution turns them on.
func TestViewControlsNeedASolution(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	if !w.explode.Disabled() || !w.viewHint.Visible() {
		t.Errorf("before a solve: explode disabled %v, hint shown %v", w.explode.Disabled(), w.viewHint.Visible())
	}
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.explode.Disabled() || w.viewHint.Visible() {
		t.Errorf("after a solve: explode disabled %v, hint shown %v", w.explode.Disabled(), w.viewHint.Visible())
	}
}

// TestViewHintReadableAtFirstSize: the hint that says why Explode and
// Layers are off used to sit beside the disabled sliders and, at the
// window's first size, had room for "…" only. It must have room for its
// whole text there, with Layers shown (a 3D puzzle) or not, and leave the
// window's minimum size as the sliders have it.
func TestViewHintReadableAtFirstSize(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	for _, layers := range []bool{false, true} {
		if layers {
			w.layer.Show()
			w.layerLabel.Show()
			w.viewHint.SetText(hintLayers)
		}
		w.win.Resize(fyne.NewSize(1199, 759)) // a new size lays the content out again
		w.win.Resize(fyne.NewSize(1200, 760))
		h := w.viewHint
		full := fyne.MeasureText(h.Text, theme.TextSize(), h.TextStyle).Width + 2*theme.InnerPadding()
		if !h.Visible() || h.Size().Width < full {
			t.Errorf("layers %v: hint %q shown %v in %.0f px, needs %.0f", layers, h.Text, h.Visible(), h.Size().Width, full)
		}
		minHint := w.win.Content().MinSize()
		w.setViewControls(true)
		if got := w.win.Content().MinSize(); got != minHint {
			t.Errorf("layers %v: minimum size %v with the hint, %v with the sliders", layers, minHint, got)
		}
		w.setViewControls(false)
	}
}

// TestEscLeavesFullScreen: Esc leaves F11's full screen.
func TestEscLeavesFullScreen(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.typedKey(fyne.KeyF11)
	if !w.win.FullScreen() {
		t.Skip("the test driver does not go full screen")
	}
	w.typedKey(fyne.KeyEscape)
	if w.win.FullScreen() {
		t.Error("Esc did not leave full screen")
	}
}

// TestGalleryDrawsEachThumbnailOnce: opening the gallery again draws
// nothing again.
func TestGalleryDrawsEachThumbnailOnce(t *testing.T) {
	w, q, fd := newTestWindow(t, false)
	before := fd.calls.Load()
	w.gallery.show()
	q.drainUntil(t, "the thumbnail", func() bool { return len(w.gallery.thumbs) == 1 })
	drawn := fd.calls.Load() - before
	w.gallery.cancel()
	w.gallery.show()
	time.Sleep(200 * time.Millisecond) // time enough to draw it again, were it not kept
	q.drainUntil(t, "nothing", func() bool { return true })
	if again := fd.calls.Load() - before - drawn; drawn != 1 || again != 0 {
		t.Errorf("drawn %d thumbnails the first time, %d the second", drawn, again)
	}
	w.gallery.cancel()
}

// TestPresentationRestoresTheSize: leaving the presentation gives the
// window back its size.
func TestPresentationRestoresTheSize(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.win.Resize(fyne.NewSize(1100, 700))
	size := w.win.Canvas().Size()
	w.togglePresentation()
	w.win.Resize(fyne.NewSize(1440, 900)) // as full screen would
	w.togglePresentation()
	if got := w.win.Canvas().Size(); got != size {
		t.Errorf("after the presentation the window is %v, was %v", got, size)
	}
}
