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
// light enough for dark outlines) farthest from every earlier one and from
// the renderer's greys. The distance is CIEDE2000 between faces as they are
// drawn, one lit and one in shade (a light colour in shade looks like a
// darker one in light: L3 and X of the Bedlam cube did): the least is 19.7
// ΔE for 7 pieces, 14.6 for 13 and 9.8 for 30 (about 2 ΔE is barely
// noticeable; plain CIEDE2000 gives 23.5, 15.8 and 10.4). Beyond 30 the hues continue by the
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
	{0x38, 0xd0, 0xc2, 0xff},
	{0xc8, 0x4b, 0xab, 0xff},
	{0x1b, 0xb2, 0xea, 0xff},
	{0xc8, 0xd8, 0xa0, 0xff},
	{0xf6, 0xc1, 0xee, 0xff},
	{0x60, 0x72, 0xe4, 0xff},
	{0xfe, 0xc6, 0xa1, 0xff},
	{0xc7, 0x5d, 0x1c, 0xff},
	{0x46, 0xed, 0x9c, 0xff},
	{0x83, 0x7e, 0x49, 0xff},
	{0xb0, 0xb8, 0xf0, 0xff},
	{0xe9, 0xd2, 0x4e, 0xff},
	{0x4d, 0x88, 0x66, 0xff},
	{0xf8, 0x55, 0x87, 0xff},
	{0xb1, 0x76, 0xe8, 0xff},
	{0xf3, 0xa7, 0xb1, 0xff},
	{0x0a, 0x89, 0x95, 0xff},
	{0xa7, 0x69, 0x87, 0xff},
	{0x9e, 0x73, 0x4e, 0xff},
	{0x7e, 0xe0, 0xf2, 0xff},
	{0xac, 0xc7, 0x43, 0xff},
	{0xe6, 0xd0, 0x99, 0xff},
	{0x9b, 0xe0, 0xbf, 0xff},
	{0x98, 0xe5, 0x71, 0xff},
	{0x7f, 0x75, 0xa8, 0xff},
	{0x40, 0x93, 0xef, 0xff},
	{0xf9, 0xaa, 0x60, 0xff},
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
