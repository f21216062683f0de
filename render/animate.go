package render

import (
	"cmp"
	"context"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// Assembly animates a packing being assembled: the pieces arrive one after
// another, each flying in from outside the box to its place, easing out as
// it lands. A 3D packing is built from the bottom up, each piece dropping
// from above, in an order in which no piece falls through one already
// placed (when the packing allows it). A planar packing is laid from left
// to right, each piece sliding in from the right just above the board.
//
// With a Path (NewPathAssembly) the pieces follow it instead: the reverse
// of a disassembly, so that no piece passes through another.
type Assembly struct {
	// Packing is the finished scene; its pieces' offsets are ignored.
	Packing *Scene
	// Order lists the piece indices in order of arrival.
	Order []int
	// Planar selects the planar flight path.
	Planar bool
	// Times in seconds: before the first piece, each piece's flight, between
	// two departures, and the finished packing at the end.
	Lead, Flight, Stagger, Hold float64

	// Path, when not nil, replaces the flights: the pieces start where
	// the path has them (each displaced by the sum of its steps, reversed)
	// and move step by step, one step at a time, each taking Flight
	// seconds or somewhat more for a long one. A piece that enters (is in
	// a step with Enter set) is drawn from the start of its first step;
	// the others from the start. See NewPathAssembly.
	Path []Step

	height float64    // how far the flights start from the place
	lift   mgl64.Vec3 // unit direction of the flights, reversed
	timing []stepTime // the start and length of each step of Path
	start  []mgl64.Vec3
	shown  []float64 // when each piece appears
}

// Step is one move of an assembly path: the pieces (indices into the
// packing's pieces) slide together by Dist along the unit vector Dir. An
// assembly that no piece passes through another is the reverse of a
// disassembly (see the disassembly package); render takes it as plain data.
type Step struct {
	Pieces []int
	Dir    mgl64.Vec3
	Dist   float64
	// Enter is true when the pieces come in from outside (the reverse of
	// a removal).
	Enter bool
}

type stepTime struct{ at, dur float64 }

// NewPathAssembly returns the assembly of a packing along a path of steps
// (which should end with every piece in its place), with the default
// timing. An empty path gives the fly-in of NewAssembly.
func NewPathAssembly(packing *Scene, planar bool, path []Step) *Assembly {
	a := NewAssembly(packing, planar)
	if len(path) == 0 {
		return a
	}
	a.Path = path
	a.Lead, a.Flight, a.Stagger = 0.3, 0.5, 0.12
	n := len(packing.Pieces)
	a.start = make([]mgl64.Vec3, n)
	a.shown = make([]float64, n)
	for i := range a.shown {
		a.shown[i] = -1 // shown from the start
	}
	enters := make([]bool, n)
	for _, st := range path {
		for _, i := range st.Pieces {
			if i >= 0 && i < n && st.Enter {
				enters[i] = true
			}
		}
	}
	t := a.Lead
	a.timing = make([]stepTime, len(path))
	for k, st := range path {
		dur := a.Flight * math.Min(2.5, 0.7+0.15*st.Dist)
		a.timing[k] = stepTime{at: t, dur: dur}
		for _, i := range st.Pieces {
			if i < 0 || i >= n {
				continue
			}
			a.start[i] = a.start[i].Sub(st.Dir.Mul(st.Dist))
			if enters[i] && a.shown[i] < 0 {
				a.shown[i] = t
			}
		}
		t += dur + a.Stagger
	}
	return a
}

// easeInOut is the cubic ease-in-out: a piece starts and stops gently.
func easeInOut(p float64) float64 {
	if p < 0.5 {
		return 4 * p * p * p
	}
	q := 2 - 2*p
	return 1 - q*q*q/2
}

// pathAt returns the scene at time t along the path into dst.
func (a *Assembly) pathAt(t float64, dst *Scene) *Scene {
	off := slices.Clone(a.start)
	for k, st := range a.Path {
		p := (t - a.timing[k].at) / a.timing[k].dur
		if p <= 0 {
			break
		}
		move := st.Dir.Mul(st.Dist * easeInOut(math.Min(p, 1)))
		for _, i := range st.Pieces {
			if i >= 0 && i < len(off) {
				off[i] = off[i].Add(move)
			}
		}
	}
	for i, piece := range a.Packing.Pieces {
		if a.shown[i] >= 0 && t < a.shown[i] {
			continue
		}
		piece.Offset = off[i]
		if off[i].Len() < 1e-9 {
			piece.Offset = mgl64.Vec3{}
		}
		dst.Pieces = append(dst.Pieces, piece)
	}
	return dst
}

// NewAssembly returns the assembly of a packing with the default timing.
func NewAssembly(packing *Scene, planar bool) *Assembly {
	a := &Assembly{Packing: packing, Planar: planar, Lead: 0.4, Flight: 0.8, Stagger: 0.45, Hold: 1.6}
	a.Order = assemblyOrder(packing, planar)
	lo, hi, _ := packing.Bounds()
	if planar {
		a.lift = mgl64.Vec3{1, 0, 0}
		a.height = hi[0] - lo[0] + 1
	} else {
		a.lift = mgl64.Vec3{0, 0, 1}
		a.height = math.Max(hi[2]-lo[2], 1) + 2 + 0.5*math.Max(hi[0]-lo[0], hi[1]-lo[1])
	}
	return a
}

// assemblyOrder orders the pieces for assembling. Planar: by the leftmost
// cell, then the lowest. 3D: repeatedly the first piece, by lowest cell and
// then index, that no remaining piece lies under (a cell of another in the
// same column, lower down); if every remaining piece has one under it (the
// pieces interlock), the lowest.
func assemblyOrder(s *Scene, planar bool) []int {
	n := len(s.Pieces)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	lows := make([]geometry.Cell, n)
	for i := range s.Pieces {
		lows[i], _ = geometry.NewShape(s.Pieces[i].Cells...).Bounds()
	}
	if planar {
		slices.SortStableFunc(order, func(a, b int) int {
			return cmp.Or(cmp.Compare(lows[a].X, lows[b].X), cmp.Compare(lows[a].Y, lows[b].Y))
		})
		return order
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(lows[a].Z, lows[b].Z) })
	// under[i][j]: piece j has a cell below a cell of piece i
	under := func(i, j int) bool {
		for _, c := range s.Pieces[i].Cells {
			for _, d := range s.Pieces[j].Cells {
				if c.X == d.X && c.Y == d.Y && d.Z < c.Z {
					return true
				}
			}
		}
		return false
	}
	var out []int
	for len(order) > 0 {
		pick := 0
	search:
		for k, i := range order {
			for _, j := range order {
				if j != i && under(i, j) {
					continue search
				}
			}
			pick = k
			break
		}
		out = append(out, order[pick])
		order = slices.Delete(order, pick, pick+1)
	}
	return out
}

// Duration returns the length of the animation in seconds.
func (a *Assembly) Duration() float64 {
	if k := len(a.timing); len(a.Path) > 0 && k == len(a.Path) {
		return a.timing[k-1].at + a.timing[k-1].dur + a.Hold
	}
	n := len(a.Order)
	if n == 0 {
		return a.Lead + a.Hold
	}
	return a.Lead + float64(n-1)*a.Stagger + a.Flight + a.Hold
}

// landing is the distance (in cubes) from which a flying piece is shown in
// its place.
const landing = 0.08

// easeOut is the cubic ease-out: fast departure, gentle landing.
func easeOut(p float64) float64 { return 1 - (1-p)*(1-p)*(1-p) }

// At returns the scene at time t seconds into dst (its piece slice is
// reused) and dst itself: pieces not yet departed are left out, those in
// flight are moved by their offset, those landed are in place.
func (a *Assembly) At(t float64, dst *Scene) *Scene {
	dst.Box, dst.BoxStyle, dst.Grid = a.Packing.Box, a.Packing.BoxStyle, a.Packing.Grid
	dst.BoxBelow, dst.Wrap = a.Packing.BoxBelow, a.Packing.Wrap
	dst.Pieces = dst.Pieces[:0]
	if len(a.Path) > 0 && len(a.timing) == len(a.Path) {
		return a.pathAt(t, dst)
	}
	for k, i := range a.Order {
		if i < 0 || i >= len(a.Packing.Pieces) {
			continue
		}
		p := (t - a.Lead - float64(k)*a.Stagger) / a.Flight
		if p < 0 {
			continue
		}
		piece := a.Packing.Pieces[i]
		piece.Offset = mgl64.Vec3{}
		// the last few hundredths of a cube are skipped: a piece almost
		// touching its neighbours would flicker between them
		if rest := 1 - easeOut(p); p < 1 && a.height*rest > landing {
			piece.Offset = a.lift.Mul(a.height * rest)
			if a.Planar {
				piece.Offset[2] = math.Min(1, 4*rest) // above the board
			}
		}
		dst.Pieces = append(dst.Pieces, piece)
	}
	return dst
}

// GIFOptions sets up WriteGIF. The zero value is usable.
type GIFOptions struct {
	Width, Height int     // default 480×360
	FPS           float64 // frames per second (default 20)
	Style         Style
}

// WriteGIF renders the assembly with cam and writes it to w as a looping
// animated GIF. It returns ctx.Err() if ctx is cancelled between frames.
//
// All frames share one palette, chosen from the colours of sample frames by
// popularity: the flat colours of every face come first, then the most
// frequent anti-aliasing blends; any other colour is drawn as its nearest.
// Each frame stores only the rectangle that changed since the one before.
func WriteGIF(ctx context.Context, w io.Writer, a *Assembly, cam Camera, opt GIFOptions) error {
	width, height := opt.Width, opt.Height
	if width <= 0 || height <= 0 {
		width, height = 480, 360
	}
	width, height = min(width, 4096), min(height, 4096)
	fps := opt.FPS
	if !(fps > 0 && fps <= 100) {
		fps = 20
	}
	delay := max(2, int(math.Round(100/fps))) // in 1/100 s, as GIF counts
	frames := int(math.Ceil(a.Duration()*100/float64(delay))) + 1
	frames = max(2, min(frames, 2000))
	at := func(f int) float64 { return float64(f) * float64(delay) / 100 }

	r := Renderer{Style: opt.Style}
	var scene Scene

	// the palette, from every fourth frame and the last
	hist := map[uint32]int{}
	for f := 0; f < frames; f++ {
		if f%4 != 0 && f != frames-1 {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		img := r.Render(a.At(at(f), &scene), cam, width, height)
		countColors(hist, img)
	}
	pal := popularPalette(hist, 256)
	q := newQuantizer(pal)

	// the frames, each cropped to what changed
	anim := &gif.GIF{Config: image.Config{ColorModel: pal, Width: width, Height: height}}
	prev := image.NewPaletted(image.Rect(0, 0, width, height), pal)
	cur := image.NewPaletted(image.Rect(0, 0, width, height), pal)
	for f := 0; f < frames; f++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		img := r.Render(a.At(at(f), &scene), cam, width, height)
		q.convert(cur, img)
		rect := cur.Bounds()
		if f > 0 {
			rect = diffRect(prev, cur)
			if rect.Empty() {
				anim.Delay[len(anim.Delay)-1] += delay
				continue
			}
		}
		frame := image.NewPaletted(rect, pal)
		for y := rect.Min.Y; y < rect.Max.Y; y++ {
			copy(frame.Pix[(y-rect.Min.Y)*frame.Stride:], cur.Pix[y*cur.Stride+rect.Min.X:y*cur.Stride+rect.Max.X])
		}
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, delay)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
		prev, cur = cur, prev
	}
	anim.Delay[len(anim.Delay)-1] += int(math.Round(a.Hold * 100 / 2)) // linger on the result
	return gif.EncodeAll(w, anim)
}

// countColors adds the pixels of img to the histogram.
func countColors(hist map[uint32]int, img *image.NRGBA) {
	last, run := uint32(0), 0
	for i := 0; i+4 <= len(img.Pix); i += 4 {
		c := uint32(img.Pix[i]) | uint32(img.Pix[i+1])<<8 | uint32(img.Pix[i+2])<<16
		if c == last && run > 0 {
			run++
			continue
		}
		if run > 0 {
			hist[last] += run
		}
		last, run = c, 1
	}
	if run > 0 {
		hist[last] += run
	}
}

// popularPalette returns the n most frequent colours (ties by value, so the
// result is deterministic).
func popularPalette(hist map[uint32]int, n int) color.Palette {
	cs := make([]uint32, 0, len(hist))
	for c := range hist {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b uint32) int { return cmp.Or(cmp.Compare(hist[b], hist[a]), cmp.Compare(a, b)) })
	cs = cs[:min(n, len(cs))]
	pal := make(color.Palette, len(cs))
	for i, c := range cs {
		pal[i] = color.NRGBA{uint8(c), uint8(c >> 8), uint8(c >> 16), 0xff}
	}
	if len(pal) == 0 {
		pal = color.Palette{color.Black}
	}
	return pal
}

// quantizer maps colours to their nearest palette entry, remembering the
// answers.
type quantizer struct {
	pal   color.Palette
	cache map[uint32]uint8
}

func newQuantizer(pal color.Palette) *quantizer {
	return &quantizer{pal: pal, cache: make(map[uint32]uint8, 4096)}
}

// convert fills dst with the palette indices of src's pixels.
func (q *quantizer) convert(dst *image.Paletted, src *image.NRGBA) {
	last, lastIdx := uint32(1<<31), uint8(0)
	for i, j := 0, 0; i+4 <= len(src.Pix); i, j = i+4, j+1 {
		c := uint32(src.Pix[i]) | uint32(src.Pix[i+1])<<8 | uint32(src.Pix[i+2])<<16
		if c != last {
			idx, ok := q.cache[c]
			if !ok {
				idx = uint8(q.pal.Index(color.NRGBA{uint8(c), uint8(c >> 8), uint8(c >> 16), 0xff}))
				q.cache[c] = idx
			}
			last, lastIdx = c, idx
		}
		dst.Pix[j] = lastIdx
	}
}

// diffRect returns the smallest rectangle holding every pixel that differs
// between a and b (same size).
func diffRect(a, b *image.Paletted) image.Rectangle {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	x0, y0, x1, y1 := w, h, -1, -1
	for y := range h {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+w], b.Pix[y*b.Stride:y*b.Stride+w]
		if string(ra) == string(rb) {
			continue
		}
		y0, y1 = min(y0, y), max(y1, y)
		for x := range w {
			if ra[x] != rb[x] {
				x0 = min(x0, x)
				break
			}
		}
		for x := w - 1; x >= 0; x-- {
			if ra[x] != rb[x] {
				x1 = max(x1, x)
				break
			}
		}
	}
	if x1 < 0 {
		return image.Rectangle{}
	}
	return image.Rect(x0, y0, x1+1, y1+1)
}
