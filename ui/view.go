package ui

import (
	"image"
	"image/color"
	"math"
	"slices"
	"sync"
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

	frames frameStats

	// OnTap, if not nil, is called when the view is clicked (not dragged),
	// with the pixel clicked in the last image drawn, w×h pixels.
	OnTap func(x, y, w, h int)
	// OnTapSecondary, if not nil, is called on a right click, likewise.
	OnTapSecondary func(x, y, w, h int)
}

// NewView returns an empty view drawing with draw.
func NewView(draw func(s *Scene, cam Camera, w, h int) image.Image) *View {
	v := &View{draw: draw, home: Camera{Yaw: 32, Pitch: 28, Zoom: 1}}
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
	if v.last != nil && w == v.lastW && h == v.lastH && v.version == v.lastScene {
		return v.last
	}
	start := time.Now()
	var img image.Image
	if v.scene == nil || v.draw == nil || w <= 0 || h <= 0 {
		img = image.NewUniform(color.NRGBA{0xfb, 0xfb, 0xf8, 0xff})
	} else {
		img = v.draw(v.scene, v.cam, w, h)
	}
	v.frames.add(start, time.Since(start))
	v.last, v.lastW, v.lastH, v.lastScene = img, w, h, v.version
	return img
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
	mu        sync.Mutex
	prev      time.Time
	draws     []time.Duration
	intervals []time.Duration
}

// add records one frame; a pause of over half a second starts a new burst,
// so that idle time between interactions does not count as a slow frame.
func (f *frameStats) add(start time.Time, d time.Duration) {
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
