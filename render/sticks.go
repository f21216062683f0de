package render

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
)

// Stick is one unit segment of the square grid, from point (X, Y) to
// (X+1, Y), or to (X, Y+1) when Vertical: a cell of a polystick.
type Stick struct {
	X, Y     int
	Vertical bool
}

// StickBoard is a polysticks board to draw, as plain data: its segments
// and, for a solution, the segments of each placed piece (nil: the bare
// board). Pieces[i] is drawn in PieceColor(Colour[i]) when Colour is
// given, else PieceColor(i).
type StickBoard struct {
	Board  []Stick
	Pieces [][]Stick
	Colour []int
}

// SticksOptions are the settings of DrawSticks and WriteSticksSVG; the
// zero value draws 48-pixel units.
type SticksOptions struct {
	// Unit is the length of a segment in pixels (0: 48; at least 8).
	Unit int
}

// Colours of the polysticks board.
var (
	stickPaper = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	stickGrid  = color.NRGBA{0xc8, 0xc8, 0xc8, 0xff}
	stickDot   = color.NRGBA{0x70, 0x70, 0x70, 0xff}
)

// stickLayout is where a board goes on the page: the unit, the margin,
// and the board's extent in points.
type stickLayout struct {
	unit, margin   float64
	lx, ly, hx, hy int
}

func newStickLayout(b StickBoard, opt SticksOptions) stickLayout {
	u := opt.Unit
	if u == 0 {
		u = 48
	}
	u = max(u, 8)
	l := stickLayout{unit: float64(u), margin: float64(u) / 2}
	for i, s := range b.Board {
		ex, ey := s.X, s.Y
		if s.Vertical {
			ey++
		} else {
			ex++
		}
		if i == 0 {
			l.lx, l.ly, l.hx, l.hy = s.X, s.Y, ex, ey
		}
		l.lx, l.ly = min(l.lx, s.X), min(l.ly, s.Y)
		l.hx, l.hy = max(l.hx, ex), max(l.hy, ey)
	}
	return l
}

// size is the picture's width and height.
func (l stickLayout) size() (int, int) {
	return int(math.Round(float64(l.hx-l.lx)*l.unit + 2*l.margin)), int(math.Round(float64(l.hy-l.ly)*l.unit + 2*l.margin))
}

// at is the picture position of grid point (x, y), y up.
func (l stickLayout) at(x, y float64) (float64, float64) {
	return l.margin + (x-float64(l.lx))*l.unit, l.margin + (float64(l.hy)-y)*l.unit
}

// stickEnds is a segment's ends, drawn shortened by gap at an end where
// its piece does not go on (so pieces that meet there stay apart).
func stickEnds(s Stick, piece map[Stick]bool, gap float64) (x0, y0, x1, y1 float64) {
	x0, y0 = float64(s.X), float64(s.Y)
	x1, y1 = x0, y0
	if s.Vertical {
		y1++
	} else {
		x1++
	}
	joined := func(x, y int) bool {
		n := 0
		for _, t := range []Stick{{x, y, false}, {x - 1, y, false}, {x, y, true}, {x, y - 1, true}} {
			if piece[t] {
				n++
			}
		}
		return n > 1
	}
	ex, ey := int(x1), int(y1)
	if !joined(s.X, s.Y) {
		if s.Vertical {
			y0 += gap
		} else {
			x0 += gap
		}
	}
	if !joined(ex, ey) {
		if s.Vertical {
			y1 -= gap
		} else {
			x1 -= gap
		}
	}
	return
}

// DrawSticks draws a polysticks board on white: its segments as thin grey
// lines and its points as dots; on a solution, each piece's segments as
// thick lines of its colour, with round joints, drawn a little short at
// the piece's ends so that pieces that meet stay apart.
func DrawSticks(b StickBoard, opt SticksOptions) *image.RGBA {
	l := newStickLayout(b, opt)
	w, h := l.size()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(stickPaper), image.Point{}, draw.Src)
	thin := max(1, l.unit/24)
	for _, s := range b.Board {
		x0, y0, x1, y1 := stickEnds(s, nil, 0)
		thickLine(img, l, x0, y0, x1, y1, thin, stickGrid)
	}
	dot := max(1.5, l.unit/14)
	for _, s := range b.Board {
		for _, p := range [][2]float64{{float64(s.X), float64(s.Y)}} {
			px, py := l.at(p[0], p[1])
			fillDisc(img, px, py, dot, stickDot)
		}
		if s.Vertical {
			px, py := l.at(float64(s.X), float64(s.Y+1))
			fillDisc(img, px, py, dot, stickDot)
		} else {
			px, py := l.at(float64(s.X+1), float64(s.Y))
			fillDisc(img, px, py, dot, stickDot)
		}
	}
	thick := max(3, l.unit/6)
	for i, pc := range b.Pieces {
		c := PieceColor(i, len(b.Pieces))
		if i < len(b.Colour) {
			c = PieceColor(b.Colour[i], len(b.Pieces))
		}
		on := map[Stick]bool{}
		for _, s := range pc {
			on[s] = true
		}
		for _, s := range pc {
			x0, y0, x1, y1 := stickEnds(s, on, stickGap)
			thickLine(img, l, x0, y0, x1, y1, thick, c)
		}
	}
	return img
}

// FitSticksUnit is the unit, in pixels, at which b's picture (a margin of
// half a unit all round) fits a w×h picture: at least 8, at most maxUnit
// (0: no bound).
func FitSticksUnit(b StickBoard, w, h, maxUnit int) int {
	l := newStickLayout(b, SticksOptions{Unit: 8})
	u := min(w/(l.hx-l.lx+1), h/(l.hy-l.ly+1))
	if maxUnit > 0 {
		u = min(u, maxUnit)
	}
	return max(u, 8)
}

// DrawSticksIn draws b as DrawSticks does, at the largest unit that fits
// (FitSticksUnit, at most maxUnit), centred in a w×h picture of colour bg:
// the size every other board is drawn at, whatever the board's shape.
func DrawSticksIn(b StickBoard, w, h, maxUnit int, bg color.Color) *image.RGBA {
	w, h = max(w, 1), max(h, 1)
	pic := DrawSticks(b, SticksOptions{Unit: FitSticksUnit(b, w, h, maxUnit)})
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	off := image.Pt((w-pic.Bounds().Dx())/2, (h-pic.Bounds().Dy())/2)
	draw.Draw(img, pic.Bounds().Add(off), pic, image.Point{}, draw.Src)
	return img
}

// StickPieceAt returns the index in b.Pieces of the piece drawn at pixel
// (x, y) of the picture DrawSticksIn(b, w, h, maxUnit, ...) draws: the
// piece with a stick within a quarter of a unit of the pixel, the nearest
// if several; ok is false when none is.
func StickPieceAt(b StickBoard, w, h, maxUnit, x, y int) (piece int, ok bool) {
	w, h = max(w, 1), max(h, 1)
	l := newStickLayout(b, SticksOptions{Unit: FitSticksUnit(b, w, h, maxUnit)})
	pw, ph := l.size()
	// the pixel's centre in grid units, y up
	gx := (float64(x-(w-pw)/2)+0.5-l.margin)/l.unit + float64(l.lx)
	gy := float64(l.hy) - (float64(y-(h-ph)/2)+0.5-l.margin)/l.unit
	best := 0.25
	for i, pc := range b.Pieces {
		for _, s := range pc {
			// distance from the point to the segment
			x0, y0 := float64(s.X), float64(s.Y)
			dx, dy := 0.0, 0.0
			if s.Vertical {
				dx, dy = math.Abs(gx-x0), math.Max(0, math.Max(y0-gy, gy-y0-1))
			} else {
				dx, dy = math.Max(0, math.Max(x0-gx, gx-x0-1)), math.Abs(gy-y0)
			}
			if d := math.Hypot(dx, dy); d < best {
				best, piece, ok = d, i, true
			}
		}
	}
	return piece, ok
}

// thickLine draws a horizontal or vertical segment between grid points,
// width w pixels, with round ends.
func thickLine(img *image.RGBA, l stickLayout, x0, y0, x1, y1, w float64, c color.Color) {
	ax, ay := l.at(x0, y0)
	bx, by := l.at(x1, y1)
	r := w / 2
	rect := image.Rect(int(math.Round(min(ax, bx))), int(math.Round(min(ay, by)-r)), int(math.Round(max(ax, bx))), int(math.Round(max(ay, by)+r)))
	if ax == bx {
		rect = image.Rect(int(math.Round(ax-r)), int(math.Round(min(ay, by))), int(math.Round(ax+r)), int(math.Round(max(ay, by))))
	}
	draw.Draw(img, rect, image.NewUniform(c), image.Point{}, draw.Over)
	fillDisc(img, ax, ay, r, c)
	fillDisc(img, bx, by, r, c)
}

// fillDisc fills the disc of radius r about (cx, cy).
func fillDisc(img *image.RGBA, cx, cy, r float64, c color.Color) {
	u := image.NewUniform(c)
	for y := int(math.Floor(cy - r)); y <= int(math.Ceil(cy+r)); y++ {
		for x := int(math.Floor(cx - r)); x <= int(math.Ceil(cx+r)); x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			if dx*dx+dy*dy <= r*r {
				img.Set(x, y, u.C)
			}
		}
	}
}

// WriteSticksSVG writes the picture DrawSticks draws as SVG: the board's
// segments and points, and each piece as one path of round-capped lines.
func WriteSticksSVG(w io.Writer, b StickBoard, opt SticksOptions) error {
	l := newStickLayout(b, opt)
	width, height := l.size()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", width, height, width, height)
	fmt.Fprintf(bw, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height)
	line := func(x0, y0, x1, y1 float64) string {
		ax, ay := l.at(x0, y0)
		bx, by := l.at(x1, y1)
		return fmt.Sprintf("M%.2f %.2fL%.2f %.2f", ax, ay, bx, by)
	}
	fmt.Fprintf(bw, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" d=\"", hexColour(stickGrid), max(1, l.unit/24))
	for _, s := range b.Board {
		x0, y0, x1, y1 := stickEnds(s, nil, 0)
		bw.WriteString(line(x0, y0, x1, y1))
	}
	bw.WriteString("\"/>\n")
	dots := map[[2]int]bool{}
	for _, s := range b.Board {
		dots[[2]int{s.X, s.Y}] = true
		if s.Vertical {
			dots[[2]int{s.X, s.Y + 1}] = true
		} else {
			dots[[2]int{s.X + 1, s.Y}] = true
		}
	}
	fmt.Fprintf(bw, "<g fill=\"%s\">\n", hexColour(stickDot))
	for y := l.ly; y <= l.hy; y++ {
		for x := l.lx; x <= l.hx; x++ {
			if dots[[2]int{x, y}] {
				px, py := l.at(float64(x), float64(y))
				fmt.Fprintf(bw, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\"/>\n", px, py, max(1.5, l.unit/14))
			}
		}
	}
	bw.WriteString("</g>\n")
	for i, pc := range b.Pieces {
		c := PieceColor(i, len(b.Pieces))
		if i < len(b.Colour) {
			c = PieceColor(b.Colour[i], len(b.Pieces))
		}
		on := map[Stick]bool{}
		for _, s := range pc {
			on[s] = true
		}
		fmt.Fprintf(bw, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"", hexColour(c), max(3, l.unit/6))
		for _, s := range pc {
			x0, y0, x1, y1 := stickEnds(s, on, stickGap)
			bw.WriteString(line(x0, y0, x1, y1))
		}
		bw.WriteString("\"/>\n")
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// hexColour writes c as #rrggbb.
func hexColour(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// stickGap is how much shorter, in units, a piece's segment is drawn at an
// end where the piece stops: twice the width of the pieces' round caps, so
// two pieces that meet end to end show a gap.
const stickGap = 0.2
