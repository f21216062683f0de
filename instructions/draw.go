package instructions

import (
	"context"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"polyviz/render"
)

// Colours of the page's own marks.
var (
	inkText  = color.NRGBA{0x1c, 0x1e, 0x26, 0xff}
	inkNote  = color.NRGBA{0x55, 0x5b, 0x66, 0xff}
	inkArrow = color.NRGBA{0x26, 0x2a, 0x33, 0xff}
	inkRule  = color.NRGBA{0xc8, 0xcc, 0xd4, 0xff}
)

var (
	regular = sync.OnceValue(func() *opentype.Font { f, _ := opentype.Parse(goregular.TTF); return f })
	bold    = sync.OnceValue(func() *opentype.Font { f, _ := opentype.Parse(gobold.TTF); return f })
)

func face(f *opentype.Font, size float64) font.Face {
	if f != nil {
		if fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull}); err == nil {
			return fc
		}
	}
	return basicfont.Face7x13
}

// textSizes are the font sizes of a page of height h: heading, caption,
// note and label.
func textSizes(h int) (heading, caption, note float64) {
	head, foot := bands(h)
	return float64(head) * 0.55, float64(foot) * 0.3, float64(foot) * 0.22
}

// Page draws page p of the sheet (0: the piece list; k: step k) as a
// picture.
func (s *Sheet) Page(ctx context.Context, p int, opt Options) (*image.NRGBA, error) {
	pg, err := s.layout(ctx, render.NewRenderer(), p, opt)
	if err != nil {
		return nil, err
	}
	return pg.raster(), nil
}

// raster draws a laid-out page.
func (pg *page) raster() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, pg.w, pg.h))
	draw.Draw(img, img.Bounds(), image.NewUniform(render.DefaultBackground), image.Point{}, draw.Src)
	head, foot := bands(pg.h)
	hs, cs, ns := textSizes(pg.h)
	margin := int(hs * 0.6)
	for _, pic := range pg.pics {
		draw.Draw(img, pic.img.Bounds().Add(pic.at), pic.img, image.Point{}, draw.Src)
		if pic.label != "" {
			lf := face(bold(), ns)
			tw := font.MeasureString(lf, pic.label).Round()
			drawText(img, lf, pic.at.X+(pic.img.Bounds().Dx()-tw)/2, pic.at.Y+pic.img.Bounds().Dy()+int(ns*1.1), inkText, pic.label)
		}
	}
	if pg.arrow {
		drawArrow(img, pg.x0, pg.y0, pg.x1, pg.y1, arrowWidth(pg.h), inkArrow)
	}
	// heading and title
	hf := face(bold(), hs)
	drawText(img, hf, margin, int(float64(head)*0.72), inkText, pg.heading)
	if pg.title != "" {
		tf := face(regular(), ns)
		tw := font.MeasureString(tf, pg.title).Round()
		drawText(img, tf, pg.w-margin-tw, int(float64(head)*0.72), inkNote, pg.title)
	}
	fillRect(img, image.Rect(margin, head-1, pg.w-margin, head), inkRule)
	fillRect(img, image.Rect(margin, pg.h-foot, pg.w-margin, pg.h-foot+1), inkRule)
	// caption and note, wrapped to the page
	y := float64(pg.h-foot) + cs*1.3
	cf := face(bold(), cs)
	for _, line := range wrap(pg.caption, float64(pg.w-2*margin), func(s string) float64 { return float64(font.MeasureString(cf, s).Round()) }) {
		drawText(img, cf, margin, int(y), inkText, line)
		y += cs * 1.2
	}
	nf := face(regular(), ns)
	for _, line := range wrap(pg.note, float64(pg.w-2*margin), func(s string) float64 { return float64(font.MeasureString(nf, s).Round()) }) {
		drawText(img, nf, margin, int(y), inkNote, line)
		y += ns * 1.25
	}
	return img
}

// arrowWidth is the width of a page's arrow shaft.
func arrowWidth(h int) float64 { return math.Max(3, float64(h)/160) }

func drawText(dst draw.Image, f font.Face, x, y int, c color.Color, s string) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func fillRect(img *image.NRGBA, r image.Rectangle, c color.NRGBA) {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
}

// wrap breaks text into lines no wider than width, at spaces.
func wrap(text string, width float64, measure func(string) float64) []string {
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if line != "" && measure(try) > width {
				lines = append(lines, line)
				try = word
			}
			line = try
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// arrowPolygon is the outline of an arrow from (x0, y0) to (x1, y1) with a
// shaft of width wd: seven points, the head's tip at (x1, y1).
func arrowPolygon(x0, y0, x1, y1, wd float64) [][2]float64 {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	nx, ny := -uy, ux
	hl := math.Min(wd*4.5, l*0.6) // head length
	hw := wd * 2.2                // head half width
	bx, by := x1-ux*hl, y1-uy*hl  // base of the head
	s := wd / 2
	return [][2]float64{
		{x0 + nx*s, y0 + ny*s}, {bx + nx*s, by + ny*s}, {bx + nx*hw, by + ny*hw},
		{x1, y1},
		{bx - nx*hw, by - ny*hw}, {bx - nx*s, by - ny*s}, {x0 - nx*s, y0 - ny*s},
	}
}

// drawArrow fills an anti-aliased arrow, with a light rim so that it shows
// on dark pieces too.
func drawArrow(img *image.NRGBA, x0, y0, x1, y1, wd float64, c color.NRGBA) {
	fill := func(pts [][2]float64, c color.NRGBA) {
		b := img.Bounds()
		z := vector.NewRasterizer(b.Dx(), b.Dy())
		z.MoveTo(float32(pts[0][0]), float32(pts[0][1]))
		for _, p := range pts[1:] {
			z.LineTo(float32(p[0]), float32(p[1]))
		}
		z.ClosePath()
		z.Draw(img, b, image.NewUniform(c), image.Point{})
	}
	// the rim: the arrow a little wider, in the page's colour
	fill(arrowPolygon(x0, y0, x1, y1, wd*1.8), render.DefaultBackground)
	fill(arrowPolygon(x0, y0, x1, y1, wd), c)
}
