package ui

import (
	"image"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

// bufDraw is a drawer that, like the real one, draws every image into the
// same buffer: the pixel's red is the camera's yaw. gate, when not nil,
// holds each draw until the test sends on it.
type bufDraw struct {
	mu      sync.Mutex
	buf     *image.RGBA
	drawing bool
	overlap bool // two draws ran at once
	gate    chan struct{}
}

func (d *bufDraw) draw(s *Scene, cam Camera, w, h int) image.Image {
	d.mu.Lock()
	if d.drawing {
		d.overlap = true
	}
	d.drawing = true
	d.mu.Unlock()
	if d.gate != nil {
		<-d.gate
	}
	if d.buf == nil || d.buf.Rect.Dx() != w || d.buf.Rect.Dy() != h {
		d.buf = image.NewRGBA(image.Rect(0, 0, w, h))
	}
	for i := 0; i < len(d.buf.Pix); i += 4 {
		d.buf.Pix[i], d.buf.Pix[i+3] = uint8(cam.Yaw), 0xff
	}
	d.mu.Lock()
	d.drawing = false
	d.mu.Unlock()
	return d.buf
}

func yawOf(img image.Image) int {
	r, _, _, _ := img.At(0, 0).RGBA()
	return int(r >> 8)
}

// TestViewRendersAhead: with RenderAhead the UI goroutine's generate
// returns the last image at once while the next is drawn elsewhere (a draw
// held by the test would otherwise block it), the tick refreshes the view
// once the image is done, and the next generate shows it; the image shown
// is never drawn over while it is shown.
func TestViewRendersAhead(t *testing.T) {
	test.NewTempApp(t)
	d0, d1 := &bufDraw{}, &bufDraw{}
	v := NewView(d0.draw)
	v.RenderAhead(d1.draw)
	defer v.StopRenderAhead()
	v.SetScene(&Scene{})
	v.SetCamera(Camera{Yaw: 10, Zoom: 1})

	// the first image is drawn at once, here
	img := v.generate(40, 30)
	if yawOf(img) != 10 {
		t.Fatalf("first image shows yaw %d, want 10", yawOf(img))
	}
	d0.gate, d1.gate = make(chan struct{}), make(chan struct{})

	// the camera moves: the old image is shown while the new one is drawn
	v.SetCamera(Camera{Yaw: 20, Zoom: 1})
	shown := v.generate(40, 30)
	if yawOf(shown) != 10 {
		t.Fatalf("while drawing ahead, the view shows yaw %d, want the last image (10)", yawOf(shown))
	}
	if v.ahead.busy < 0 {
		t.Fatal("no image is being drawn ahead")
	}
	// the drawer drawing is not the one whose buffer is shown
	if v.ahead.busy == v.lastDrawer {
		t.Fatalf("drawer %d draws into the image shown", v.ahead.busy)
	}
	gate := d0.gate
	if v.ahead.busy == 1 {
		gate = d1.gate
	}
	gate <- struct{}{}
	// the tick refreshes the view once the image is done; generate shows it
	res := <-v.ahead.done
	v.ahead.done <- res
	v.tickAhead()
	if got := yawOf(v.generate(40, 30)); got != 20 {
		t.Fatalf("after the image was drawn, the view shows yaw %d, want 20", got)
	}
	if yawOf(shown) != 10 {
		t.Fatalf("the image shown before was drawn over (yaw %d)", yawOf(shown))
	}

	// nothing moved: no new drawing
	v.generate(40, 30)
	if v.ahead.busy >= 0 {
		t.Fatal("drew again though nothing changed")
	}

	// a new size is drawn at once, on this goroutine, even while another
	// image is being drawn (that one is waited for and dropped)
	v.SetCamera(Camera{Yaw: 30, Zoom: 1})
	v.generate(40, 30) // starts drawing yaw 30 at 40×30
	busy := v.ahead.busy
	// release the draw under way, then the one at the new size: the same
	// drawer, as the other holds the image shown
	if busy == v.lastDrawer {
		t.Fatalf("drawer %d draws into the image shown", busy)
	}
	go func() {
		g := []chan struct{}{d0.gate, d1.gate}
		g[busy] <- struct{}{}
		g[busy] <- struct{}{}
	}()
	big := v.generate(50, 40)
	if big.Bounds().Dx() != 50 || yawOf(big) != 30 {
		t.Fatalf("after a resize the view shows %v at yaw %d, want 50 wide at yaw 30", big.Bounds(), yawOf(big))
	}
	if d0.overlap || d1.overlap {
		t.Fatal("a drawer drew two images at once")
	}
}

// TestViewWithoutRenderAheadDrawsAtOnce: the default view (tests, the
// editor) draws on the calling goroutine, each change at once.
func TestViewWithoutRenderAheadDrawsAtOnce(t *testing.T) {
	test.NewTempApp(t)
	d := &bufDraw{}
	v := NewView(d.draw)
	v.SetScene(&Scene{})
	for _, yaw := range []float64{10, 20, 30} {
		v.SetCamera(Camera{Yaw: yaw, Zoom: 1})
		if got := yawOf(v.generate(8, 8)); got != int(yaw) {
			t.Fatalf("view shows yaw %d, want %v", got, yaw)
		}
	}
}

// TestViewAnimating: the view counts as animating while it draws new
// pictures one after another (animatingRun of them, each within
// animatingFor of the one before) and for animatingFor after the last;
// not before the first, not for a single new picture (a solve's start lays
// the window out again and shows the first solution), and not once it
// stands still.
func TestViewAnimating(t *testing.T) {
	test.NewTempApp(t)
	d := &bufDraw{}
	v := NewView(d.draw)
	v.SetScene(&Scene{})
	if v.Animating() {
		t.Fatal("a view that drew nothing is animating")
	}
	yaw := 0.0
	turn := func() {
		yaw += 5
		v.SetCamera(Camera{Yaw: yaw, Zoom: 1})
		v.generate(8, 8)
	}
	v.generate(8, 8)
	if v.Animating() {
		t.Fatal("a view that drew one picture is animating")
	}
	for range animatingRun - 1 {
		turn()
	}
	if !v.Animating() {
		t.Fatalf("a view that drew %d pictures in a row is not animating", animatingRun)
	}
	v.generate(8, 8) // the same picture again: no new frame
	time.Sleep(animatingFor + 20*time.Millisecond)
	if v.Animating() {
		t.Fatalf("a view that drew nothing for %v is animating", animatingFor+20*time.Millisecond)
	}
	turn() // one new picture after a pause: not an animation
	if v.Animating() {
		t.Fatal("a view that drew one picture after a pause is animating")
	}
	for range animatingRun - 1 {
		turn()
	}
	if !v.Animating() {
		t.Fatal("a view that turned is not animating")
	}
}
