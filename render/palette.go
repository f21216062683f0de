package render

import (
	"image/color"
	"math"

	colorful "github.com/lucasb-eyer/go-colorful"
)

// PieceColor returns the colour of piece i of n, so that the same piece gets
// the same colour everywhere the same puzzle is drawn.
//
// The colours are evenly spaced hues in the perceptual HCL space (CIE LCh),
// taken in a scrambled order so that pieces with neighbouring indices get
// far-apart hues. Beyond 10 pieces a second lightness level is used, beyond
// 20 a third, which keeps ~30 pieces distinguishable side by side. All the
// colours are light enough for the dark outlines to stand out. For i outside
// 0..n-1 the colour is still defined (the palette is extended).
func PieceColor(i, n int) color.NRGBA {
	if n < 1 {
		n = 1
	}
	if i < 0 {
		i = -i
	}
	if i >= n {
		n = i + 1
	}
	levels := 1 + (n-1)/10
	if levels > 3 {
		levels = 3
	}
	hues := (n + levels - 1) / levels
	level, j := i%levels, i/levels
	pos := (j * hueStep(hues)) % hues
	hue := 360 * (float64(pos) + float64(level)/float64(levels)) / float64(hues)
	hue = math.Mod(hue+25, 360) // start at a warm red rather than pink
	l := [3]float64{0.72, 0.58, 0.84}[level]
	ch := [3]float64{0.52, 0.46, 0.36}[level]
	c := colorful.Hcl(hue, ch, l).Clamped()
	r, g, b := c.RGB255()
	return color.NRGBA{r, g, b, 255}
}

// hueStep returns a step coprime to m near m times the golden ratio's
// conjugate, so that stepping through the hues visits them all and
// consecutive ones are far apart.
func hueStep(m int) int {
	if m <= 2 {
		return 1
	}
	s := int(math.Round(float64(m) * 0.382))
	for s > 1 && gcd(s, m) != 1 {
		s++
	}
	if s < 1 {
		s = 1
	}
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Palette returns the colours of pieces 0..n-1 (see PieceColor).
func Palette(n int) []color.NRGBA {
	p := make([]color.NRGBA, max(n, 0))
	for i := range p {
		p[i] = PieceColor(i, n)
	}
	return p
}

// shade returns c lit by the factor k (in linear light), as 0xAABBGGRR.
func shade(c color.NRGBA, k float64) uint32 {
	col := colorful.Color{R: float64(c.R) / 255, G: float64(c.G) / 255, B: float64(c.B) / 255}
	r, g, b := col.LinearRgb()
	out := colorful.LinearRgb(math.Min(r*k, 1), math.Min(g*k, 1), math.Min(b*k, 1))
	r8, g8, b8 := out.Clamped().RGB255()
	return pack(r8, g8, b8, 255)
}

// pack returns the pixel bytes r, g, b, a as the little-endian uint32 the
// framebuffer stores.
func pack(r, g, b, a uint8) uint32 {
	return uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24
}

func packNRGBA(c color.NRGBA) uint32 { return pack(c.R, c.G, c.B, c.A) }

func unpack(p uint32) color.NRGBA {
	return color.NRGBA{uint8(p), uint8(p >> 8), uint8(p >> 16), uint8(p >> 24)}
}
