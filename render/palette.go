package render

import (
	"image/color"
	"math"

	colorful "github.com/lucasb-eyer/go-colorful"
)

// PieceColor returns the colour of piece i of a puzzle with n pieces. A
// piece's colour depends only on its index, so the same piece has the same
// colour in every picture of a puzzle, and the first pieces of any puzzle
// look alike.
//
// The first 30 colours are a farthest-point sequence in CIE Lab: each is the
// candidate (evenly spaced hues, four chromas, five lightnesses in HCL, all
// light enough for dark outlines) farthest by CIEDE2000 from every earlier
// one and from the renderer's greys. Any n of them are thus well spread:
// the smallest difference is 25 ΔE for 7 pieces, 18 for 13 and 12.7 for 30
// (about 2 ΔE is barely noticeable). Beyond 30 the hues continue by the
// golden angle. n is accepted for symmetry with Palette and is not needed.
func PieceColor(i, n int) color.NRGBA {
	_ = n
	if i < 0 {
		i = -i
	}
	if i < len(pieceColors) {
		return pieceColors[i]
	}
	h := math.Mod(float64(i)*137.50776405, 360)
	l := [3]float64{0.72, 0.6, 0.82}[i%3]
	r, g, b := colorful.Hcl(h, 0.45, l).Clamped().RGB255()
	return color.NRGBA{r, g, b, 255}
}

// pieceColors is generatePalette(30) (see palette_test.go, which checks it).
var pieceColors = [...]color.NRGBA{
	{0xfe, 0x81, 0x78, 0xff},
	{0x4f, 0x8b, 0x0b, 0xff},
	{0xc0, 0x85, 0x06, 0xff},
	{0x15, 0xee, 0xa9, 0xff},
	{0xcf, 0x46, 0xa0, 0xff},
	{0xd0, 0xda, 0x54, 0xff},
	{0x38, 0xe6, 0xf8, 0xff},
	{0x28, 0x8a, 0x80, 0xff},
	{0xe4, 0xaa, 0xd2, 0xff},
	{0xfa, 0xc8, 0x9f, 0xff},
	{0x17, 0x7e, 0xd8, 0xff},
	{0xc7, 0x5d, 0x1c, 0xff},
	{0x89, 0xb0, 0x81, 0xff},
	{0x8a, 0x67, 0xd8, 0xff},
	{0x88, 0xc1, 0xf1, 0xff},
	{0xae, 0x68, 0x6d, 0xff},
	{0x88, 0x7c, 0x48, 0xff},
	{0x38, 0x9c, 0xb7, 0xff},
	{0xb8, 0xb6, 0xee, 0xff},
	{0x25, 0xb9, 0xa4, 0xff},
	{0xd6, 0x86, 0xf6, 0xff},
	{0xb6, 0xa6, 0x59, 0xff},
	{0xf2, 0x8c, 0x3c, 0xff},
	{0xbe, 0x83, 0x6a, 0xff},
	{0xf8, 0x55, 0x87, 0xff},
	{0x9b, 0x88, 0xbb, 0xff},
	{0x89, 0xb3, 0x34, 0xff},
	{0x5a, 0x86, 0x5d, 0xff},
	{0x98, 0xe5, 0x71, 0xff},
	{0xdb, 0x48, 0x47, 0xff},
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
