package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// countingApp is the test app with a driver that counts the animations
// started.
type countingApp struct {
	fyne.App
	drv *countingDriver
}

func (a *countingApp) Driver() fyne.Driver { return a.drv }

type countingDriver struct {
	fyne.Driver
	started int
}

func (d *countingDriver) StartAnimation(an *fyne.Animation) {
	d.started++
	d.Driver.StartAnimation(an)
}

func TestQuietButton(t *testing.T) {
	base := test.NewTempApp(t)
	drv := &countingDriver{Driver: base.Driver()}
	fyne.SetCurrentApp(&countingApp{App: base, drv: drv})
	defer fyne.SetCurrentApp(base)

	// the reference: Fyne's button animates a tap (the test app shows
	// animations)
	plain := widget.NewButton("Solve", func() {})
	test.NewTempWindow(t, plain)
	test.WidgetRenderer(plain) // the renderer makes the animation
	test.Tap(plain)
	if drv.started != 1 {
		t.Fatalf("Fyne's button started %d animations on a tap, want 1: the test cannot tell", drv.started)
	}

	taps := 0
	q := newQuietButton("Solve", func() { taps++ })
	test.NewTempWindow(t, q)
	test.WidgetRenderer(q)
	test.Tap(q)
	if taps != 1 {
		t.Fatalf("a tap called OnTapped %d times, want 1", taps)
	}
	if drv.started != 1 {
		t.Errorf("the quiet button started %d animations on a tap", drv.started-1)
	}
	q.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if taps != 2 {
		t.Fatalf("the space bar: %d taps, want 2", taps)
	}
	q.TypedKey(&fyne.KeyEvent{Name: fyne.KeyA})
	q.Disable()
	test.Tap(q)
	if taps != 2 {
		t.Fatalf("a disabled button or another key tapped: %d taps, want 2", taps)
	}
	if drv.started != 1 {
		t.Errorf("the quiet button started %d animations", drv.started-1)
	}
}
