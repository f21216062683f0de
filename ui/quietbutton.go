package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// quietButton is a button that starts or stops a search: it does what
// Fyne's button does on a tap, without the tap's animation. The animation
// (a ripple across the button for 300 ms) makes Fyne draw the whole window
// at the frame rate, and with a software GL driver that takes about a
// quarter of a second of CPU from the first moments of every solve. The
// button's own change (Solve disabled, Stop enabled) and the status line
// already show that the tap was taken.
type quietButton struct {
	widget.Button
}

// newQuietButton returns a quiet button labelled label that calls tapped.
func newQuietButton(label string, tapped func()) *quietButton {
	b := &quietButton{}
	b.Text = label
	b.OnTapped = tapped
	b.ExtendBaseWidget(b)
	return b
}

// Tapped calls OnTapped, as widget.Button's does, with no animation.
func (b *quietButton) Tapped(*fyne.PointEvent) {
	if app := fyne.CurrentApp(); app != nil {
		if c := app.Driver().CanvasForObject(b); c != nil {
			c.Focus(nil) // as widget.Button: it takes no focus
		}
	}
	if b.Disabled() || b.OnTapped == nil {
		return
	}
	b.OnTapped()
}

// TypedKey taps the button on the space bar, as widget.Button's does.
func (b *quietButton) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeySpace {
		b.Tapped(nil)
	}
}
