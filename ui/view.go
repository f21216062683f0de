package ui

import (
	"image"
	"image/color"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// View is the 3D view: a raster the backend draws the scene into, at the
// view's own pixel size. Drag orbits, scroll zooms.
type View struct {
	widget.BaseWidget

	draw   func(s *Scene, cam Camera, w, h int) image.Image
	raster *canvas.Raster

	scene *Scene
	cam   Camera
	home  Camera

	// the last image, reused while nothing changed
	last               image.Image
	lastW, lastH       int
	lastScene, version int

	// ahead, when not nil, draws the next image off the UI goroutine
	// (RenderAhead); lastDrawer is the drawer whose buffer holds last (-1:
	// none of ahead's)
	ahead      *renderAhead
	lastDrawer int

	frames frameStats

	// OnTap, if not nil, is called when the view is clicked (not dragged),
	// with the pixel clicked in the last image drawn, w×h pixels.
	OnTap func(x, y, w, h int)
	// OnTapSecondary, if not nil, is called on a right click, likewise.
	OnTapSecondary func(x, y, w, h int)
}

// NewView returns an empty view drawing with draw.
func NewView(draw func(s *Scene, cam Camera, w, h int) image.Image) *View {
	v := &View{draw: draw, home: Camera{Yaw: 32, Pitch: 28, Zoom: 1}, lastDrawer: -1}
	v.cam = v.home
	v.raster = canvas.NewRaster(v.generate)
	v.raster.ScaleMode = canvas.ImageScaleFastest
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer implements fyne.Widget.
func (v *View) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(v.raster)
}

// MinSize keeps the view usable.
func (v *View) MinSize() fyne.Size { return fyne.NewSize(240, 200) }

// SetScene shows s; the camera is kept.
func (v *View) SetScene(s *Scene) {
	v.scene = s
	v.version++
	v.raster.Refresh()
}

// Scene returns the scene shown.
func (v *View) Scene() *Scene { return v.scene }

// SetHome sets the camera that ResetCamera returns to, and goes there.
func (v *View) SetHome(c Camera) {
	v.home = c
	v.SetCamera(c)
}

// Camera returns the current camera.
func (v *View) Camera() Camera { return v.cam }

// SetCamera moves the camera, keeping pitch within ±90° and zoom sensible.
func (v *View) SetCamera(c Camera) {
	c.Pitch = math.Max(-90, math.Min(90, c.Pitch))
	c.Yaw = math.Mod(c.Yaw, 360)
	c.Zoom = math.Max(0.2, math.Min(8, c.Zoom))
	if c == v.cam {
		return
	}
	v.cam = c
	v.version++
	v.raster.Refresh()
}

// ResetCamera returns to the home camera.
func (v *View) ResetCamera() { v.SetCamera(v.home) }

// Orbit turns the camera by yaw and pitch degrees.
func (v *View) Orbit(yaw, pitch float64) {
	c := v.cam
	c.Yaw += yaw
	c.Pitch += pitch
	v.SetCamera(c)
}

// ZoomBy multiplies the zoom by f.
func (v *View) ZoomBy(f float64) {
	c := v.cam
	c.Zoom *= f
	v.SetCamera(c)
}

// Dragged orbits: a drag across the view's width turns half a circle.
func (v *View) Dragged(e *fyne.DragEvent) {
	w := math.Max(float64(v.Size().Width), 1)
	v.Orbit(-float64(e.Dragged.DX)/w*180, float64(e.Dragged.DY)/w*180)
}

// Tapped calls OnTap with the pixel under the pointer.
func (v *View) Tapped(e *fyne.PointEvent) {
	if v.OnTap == nil {
		return
	}
	x, y, w, h, ok := v.pixelAt(e.Position)
	if ok {
		v.OnTap(x, y, w, h)
	}
}

// TappedSecondary calls OnTapSecondary with the pixel under the pointer.
func (v *View) TappedSecondary(e *fyne.PointEvent) {
	if v.OnTapSecondary == nil {
		return
	}
	if x, y, w, h, ok := v.pixelAt(e.Position); ok {
		v.OnTapSecondary(x, y, w, h)
	}
}

// pixelAt maps a position in the view to a pixel of the last image drawn
// (or, before any, of an image at the view's size).
func (v *View) pixelAt(pos fyne.Position) (x, y, w, h int, ok bool) {
	size := v.Size()
	if size.Width <= 0 || size.Height <= 0 {
		return 0, 0, 0, 0, false
	}
	w, h = v.lastW, v.lastH
	if w <= 0 || h <= 0 {
		w, h = int(size.Width), int(size.Height)
	}
	x = int(float64(pos.X) / float64(size.Width) * float64(w))
	y = int(float64(pos.Y) / float64(size.Height) * float64(h))
	return x, y, w, h, x >= 0 && y >= 0 && x < w && y < h
}

// DragEnd implements fyne.Draggable.
func (v *View) DragEnd() {}

// Scrolled zooms by 10% per notch.
func (v *View) Scrolled(e *fyne.ScrollEvent) {
	v.ZoomBy(math.Pow(1.1, float64(e.Scrolled.DY)/10))
}

// generate is the raster's generator: it runs on the UI goroutine whenever
// the view is painted, at the view's size in pixels.
func (v *View) generate(w, h int) image.Image {
	if v.ahead != nil {
		if img := v.generateAhead(w, h); img != nil {
			return img
		}
	}
	if v.last != nil && w == v.lastW && h == v.lastH && v.version == v.lastScene {
		return v.last
	}
	start := time.Now()
	var img image.Image
	drawer := -1
	if v.scene == nil || v.draw == nil || w <= 0 || h <= 0 {
		img = image.NewUniform(color.NRGBA{0xfb, 0xfb, 0xf8, 0xff})
	} else if v.ahead != nil {
		drawer = v.ahead.free(v.lastDrawer)
		img = v.ahead.draws[drawer](v.scene, v.cam, w, h)
	} else {
		img = v.draw(v.scene, v.cam, w, h)
	}
	v.frames.add(start, time.Since(start))
	v.last, v.lastW, v.lastH, v.lastScene, v.lastDrawer = img, w, h, v.version, drawer
	return img
}

// renderAhead draws the view's images on a goroutine of its own, so that
// the UI goroutine, which paints the whole window, does not wait for our
// renderer: a frame shows the image drawn for the camera of the frame
// before (one frame later, the same spin and the same pictures), and the
// renderer's time is taken off the UI goroutine, whose paint is what
// bounds the frame rate (the GL driver's rasterizer only starts once the
// UI goroutine has submitted the frame).
//
// Two drawers take turns, each with its own buffers: one holds the image
// shown (Fyne may upload it again), the other draws the next. The image
// drawn is shown at the next animation tick after it is done (tick): a
// fyne.Do from the drawing goroutine every frame made Fyne's shutdown
// hang now and then (a function queued while the driver drains its queue
// is never run). All fields but done belong to the UI goroutine.
type renderAhead struct {
	draws [2]func(s *Scene, cam Camera, w, h int) image.Image
	// busy is the drawer drawing now, -1 when none is
	busy int
	done chan aheadImage
	// anim ticks on the UI goroutine every frame while the view draws
	// ahead, to show an image once it is done
	anim *fyne.Animation
}

// aheadImage is an image drawn ahead: the scene version and size it shows,
// its drawer and how long it took.
type aheadImage struct {
	img           image.Image
	version, w, h int
	drawer        int
	took          time.Duration
}

// RenderAhead makes the view draw its images on a goroutine of its own
// with draw and other, two drawers for its exclusive use, taking turns (see
// renderAhead). A flat board's picture, the first image and one at a new
// size are still drawn on the UI goroutine, at once. StopRenderAhead ends
// it (the window closing).
func (v *View) RenderAhead(other func(s *Scene, cam Camera, w, h int) image.Image) {
	if v.draw == nil || other == nil || v.ahead != nil {
		return
	}
	v.ahead = &renderAhead{draws: [2]func(*Scene, Camera, int, int) image.Image{v.draw, other}, busy: -1, done: make(chan aheadImage, 1)}
	v.lastDrawer = -1
	v.ahead.anim = fyne.NewAnimation(time.Second, func(float32) { v.tickAhead() })
	v.ahead.anim.RepeatCount = fyne.AnimationRepeatForever
	v.ahead.anim.Curve = fyne.AnimationLinear
	v.ahead.anim.Start()
}

// StopRenderAhead stops the animation that shows the images drawn ahead.
func (v *View) StopRenderAhead() {
	if v.ahead != nil {
		v.ahead.anim.Stop()
	}
}

// tickAhead runs on the UI goroutine every frame: when an image drawn
// ahead is done, the raster is refreshed, so that it is shown in this
// frame (generate takes it).
func (v *View) tickAhead() {
	if a := v.ahead; a != nil && a.busy >= 0 && len(a.done) > 0 {
		v.raster.Refresh()
	}
}

// free returns a drawer neither drawing nor holding the image shown
// (shown, -1 for none of the two), waiting for the one drawing to finish
// if need be.
func (a *renderAhead) free(shown int) int {
	if a.busy >= 0 {
		a.take(true)
	}
	if shown == 0 {
		return 1
	}
	return 0
}

// take collects the image drawn ahead, if one is done (or, with wait, once
// it is); ok is false when there is none.
func (a *renderAhead) take(wait bool) (img aheadImage, ok bool) {
	if a.busy < 0 {
		return aheadImage{}, false
	}
	if wait {
		img = <-a.done
	} else {
		select {
		case img = <-a.done:
		default:
			return aheadImage{}, false
		}
	}
	a.busy = -1
	return img, true
}

// generateAhead is generate with a drawer ahead: it shows the newest image
// drawn, and starts drawing the current scene and camera when that image
// is not of them. It returns nil when the image must be drawn here and
// now: no image yet, a new size, a board or an empty view.
func (v *View) generateAhead(w, h int) image.Image {
	a := v.ahead
	if d, ok := a.take(false); ok && d.w == w && d.h == h && d.version > v.lastScene {
		v.frames.add(time.Now(), d.took)
		v.last, v.lastW, v.lastH, v.lastScene, v.lastDrawer = d.img, d.w, d.h, d.version, d.drawer
	}
	if v.last == nil || w != v.lastW || h != v.lastH || v.scene == nil || v.scene.Board != nil || w <= 0 || h <= 0 {
		return nil
	}
	if v.lastScene != v.version && a.busy < 0 {
		drawer := a.free(v.lastDrawer)
		a.busy = drawer
		// the scene as it is now: the window may change a scene it has
		// shown (its cell edges) while this one is drawn
		scene, cam, version := *v.scene, v.cam, v.version
		go func() {
			start := time.Now()
			img := a.draws[drawer](&scene, cam, w, h)
			a.done <- aheadImage{img: img, version: version, w: w, h: h, drawer: drawer, took: time.Since(start)}
		}()
	}
	return v.last
}

// animatingFor is how long after its last frame the view counts as
// animating: a spinning view or a played assembly draws one every 16-30 ms.
const animatingFor = 250 * time.Millisecond

// animatingRun is how many new pictures in a row, each within animatingFor
// of the one before, make an animation. A single new picture is not one:
// at a solve's start the view draws two (the window laid out again, then
// the first solution) a few tenths of a second apart, and counting those
// as an animation made the worker that holds off for it lose a tenth of
// a Bedlam search. Three in a row still catch Spin, Play and a drag at once.
const animatingRun = 3

// Animating reports whether the view is drawing new pictures one after
// another (animatingRun of them, each within animatingFor of the one
// before, the last within animatingFor): it spins, plays, is dragged or
// zoomed. It may be called from any goroutine (the solver asks it:
// SolveOptions.Animating).
func (v *View) Animating() bool {
	t := v.frames.last.Load()
	return t != 0 && v.frames.run.Load() >= animatingRun && time.Since(time.Unix(0, t)) < animatingFor
}

// FrameStats returns figures on the frames drawn so far and starts afresh.
func (v *View) FrameStats() FrameStats { return v.frames.take() }

// FrameStats summarise the frames the view drew: how many, how long the
// renderer took for each, and the time between the starts of consecutive
// frames (which includes waiting for the UI goroutine).
type FrameStats struct {
	Frames                    int
	DrawMean, DrawMax         time.Duration
	IntervalMean, IntervalMax time.Duration
	IntervalP95               time.Duration
}

type frameStats struct {
	// last is when the last frame was drawn (Unix nanoseconds), and run
	// how many frames in a row came each within animatingFor of the one
	// before, for Animating, from any goroutine
	last      atomic.Int64
	run       atomic.Int32
	mu        sync.Mutex
	prev      time.Time
	draws     []time.Duration
	intervals []time.Duration
}

// add records one frame; a pause of over half a second starts a new burst,
// so that idle time between interactions does not count as a slow frame.
func (f *frameStats) add(start time.Time, d time.Duration) {
	now := time.Now().UnixNano()
	if prev := f.last.Load(); prev != 0 && now-prev < int64(animatingFor) {
		f.run.Add(1)
	} else {
		f.run.Store(1)
	}
	f.last.Store(now)
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.prev.IsZero() {
		if gap := start.Sub(f.prev); gap < 500*time.Millisecond {
			f.intervals = append(f.intervals, gap)
		}
	}
	f.prev = start
	f.draws = append(f.draws, d)
}

func (f *frameStats) take() FrameStats {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := FrameStats{Frames: len(f.draws)}
	s.DrawMean, s.DrawMax, _ = summarize(f.draws)
	s.IntervalMean, s.IntervalMax, s.IntervalP95 = summarize(f.intervals)
	f.draws, f.intervals = nil, nil
	return s
}

func summarize(ds []time.Duration) (mean, max, p95 time.Duration) {
	if len(ds) == 0 {
		return 0, 0, 0
	}
	sorted := make([]time.Duration, len(ds))
	copy(sorted, ds)
	var sum time.Duration
	for _, d := range sorted {
		sum += d
	}
	slices.Sort(sorted)
	return sum / time.Duration(len(ds)), sorted[len(sorted)-1], sorted[len(sorted)*95/100]
}
