package ui

import (
	"fmt"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// pieceTime is how long one piece takes to fly in at speed 1.
const pieceTime = 600 * time.Millisecond

// player animates a packing assembling itself, piece by piece. It keeps its
// own clock, advanced on every tick of a fyne.Animation, so that pause,
// speed and loop can change at any moment. Everything runs on the UI goroutine.
type player struct {
	anim    *fyne.Animation
	playing bool
	pos     float64 // pieces placed so far, 0..n
	n       int     // pieces in the packing
	last    time.Time

	playBtn *widget.Button
	speed   *widget.Slider
	loop    *widget.Check
	speedL  *widget.Label

	// scrub goes through the animation by hand, prev and next one step
	// (one piece, or one move of the assembly path) at a time; info says
	// how the packing is assembled
	scrub      *widget.Slider
	prev, next *widget.Button
	stepL      *widget.Label
	info       *widget.Label
	syncing    bool // the slider is being set from pos, not by the user

	// onFrame shows the packing with pos pieces placed.
	onFrame func(pos float64)
	// onEnd is called when a run through ends and loop is off; returning
	// true means the caller started something new (the slideshow).
	onEnd func() bool
}

func newPlayer() *player {
	pl := &player{}
	pl.playBtn = widget.NewButton("▶ Play", func() { pl.Toggle() })
	pl.speedL = widget.NewLabel("1.0×")
	pl.speed = widget.NewSlider(-2, 2) // log2 of the speed
	pl.speed.Step = 0.25
	pl.speed.OnChanged = func(v float64) { pl.speedL.SetText(fmt.Sprintf("%.2g×", math.Pow(2, v))) }
	pl.loop = widget.NewCheck("Loop", nil)
	pl.scrub = widget.NewSlider(0, 1)
	pl.scrub.Step = 0.01
	pl.scrub.OnChanged = func(v float64) {
		if !pl.syncing {
			pl.Seek(v)
		}
	}
	pl.prev = widget.NewButton("◀", func() { pl.Seek(math.Ceil(pl.pos) - 1) })
	pl.next = widget.NewButton("▶", func() { pl.Seek(math.Floor(pl.pos) + 1) })
	pl.stepL = widget.NewLabel("")
	pl.info = widget.NewLabel("")
	pl.info.Wrapping = fyne.TextWrapWord
	pl.info.Hide()
	pl.anim = fyne.NewAnimation(time.Second, pl.tick)
	pl.anim.RepeatCount = fyne.AnimationRepeatForever
	pl.anim.Curve = fyne.AnimationLinear
	pl.setPlayingLabel()
	return pl
}

func (pl *player) content() fyne.CanvasObject {
	return container.NewVBox(
		widget.NewLabelWithStyle("Play", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewBorder(nil, nil, pl.playBtn, pl.loop),
		container.NewBorder(nil, nil, widget.NewLabel("Speed"), pl.speedL, pl.speed),
		container.NewBorder(nil, nil, container.NewHBox(pl.prev, pl.next, pl.stepL), nil, pl.scrub),
		pl.info,
	)
}

// setInfo shows a line about how the packing is assembled ("" hides it).
func (pl *player) setInfo(text string) {
	pl.info.SetText(text)
	if text == "" {
		pl.info.Hide()
	} else {
		pl.info.Show()
	}
}

// Seek pauses and shows the animation at pos (clamped to 0..n): the slider
// and the step buttons go through it by hand.
func (pl *player) Seek(pos float64) {
	if pl.n == 0 {
		return
	}
	pl.Pause()
	pl.pos = math.Min(math.Max(pos, 0), float64(pl.n))
	pl.frame()
}

// SetPieces readies the player for a packing of n pieces, stopped, showing
// the whole packing.
func (pl *player) SetPieces(n int) {
	pl.Stop()
	pl.n = n
	pl.pos = float64(n)
	pl.syncing = true
	pl.scrub.Max = float64(max(n, 1))
	pl.scrub.SetValue(pl.pos)
	pl.syncing = false
	pl.showStep()
}

// showStep sets the step label and the slider from pos.
func (pl *player) showStep() {
	pl.stepL.SetText(fmt.Sprintf("%d/%d", int(math.Ceil(pl.pos)), pl.n))
	pl.syncing = true
	pl.scrub.SetValue(pl.pos)
	pl.syncing = false
}

// Playing reports whether the animation runs.
func (pl *player) Playing() bool { return pl.playing }

// Position is how many pieces are placed (fractionally).
func (pl *player) Position() float64 { return pl.pos }

// Toggle plays or pauses.
func (pl *player) Toggle() {
	if pl.playing {
		pl.Pause()
	} else {
		pl.Play()
	}
}

// Play starts or resumes; at the end it starts from an empty box.
func (pl *player) Play() {
	if pl.n == 0 || pl.playing {
		return
	}
	if pl.pos >= float64(pl.n) {
		pl.pos = 0
	}
	pl.playing = true
	pl.last = time.Time{} // the first tick starts the clock
	pl.setPlayingLabel()
	pl.frame()
	pl.anim.Start()
}

// Pause stops where it is.
func (pl *player) Pause() {
	if !pl.playing {
		return
	}
	pl.playing = false
	pl.anim.Stop()
	pl.setPlayingLabel()
}

// Stop pauses and shows the whole packing.
func (pl *player) Stop() {
	pl.Pause()
	pl.pos = float64(pl.n)
	pl.showStep()
}

// Advance moves the clock by d, as a tick would: exported to the tests,
// which cannot wait for real animation ticks.
func (pl *player) Advance(d time.Duration) {
	if !pl.playing {
		return
	}
	pl.pos += d.Seconds() / pieceTime.Seconds() * math.Pow(2, pl.speed.Value)
	if pl.pos >= float64(pl.n) {
		if pl.loop.Checked {
			pl.pos = 0
		} else {
			// paused first: the last frame is the packing as shown
			// outside Play, framed as usual, not in Play's wider frame
			pl.pos = float64(pl.n)
			pl.Pause()
			pl.frame()
			if pl.onEnd != nil {
				pl.onEnd()
			}
			return
		}
	}
	pl.frame()
}

// tick is the animation callback; it ignores fyne's fraction and uses real time.
func (pl *player) tick(float32) {
	now := time.Now()
	if pl.last.IsZero() {
		pl.last = now
		return
	}
	d := now.Sub(pl.last)
	pl.last = now
	pl.Advance(d)
}

func (pl *player) frame() {
	pl.showStep()
	if pl.onFrame != nil {
		pl.onFrame(pl.pos)
	}
}

func (pl *player) setPlayingLabel() {
	if pl.playing {
		pl.playBtn.SetText("⏸ Pause")
	} else {
		pl.playBtn.SetText("▶ Play")
	}
}
