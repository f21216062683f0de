package render

import (
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The Go fonts, parsed once. Parsed fonts are immutable and safe to share;
// faces (which cache glyphs) are made per drawing.
var (
	regularFont = sync.OnceValue(func() *opentype.Font { f, _ := opentype.Parse(goregular.TTF); return f })
	boldFont    = sync.OnceValue(func() *opentype.Font { f, _ := opentype.Parse(gobold.TTF); return f })
)

// newFace returns a face of the font at size pixels, or the fixed 7×13
// bitmap face if the font cannot be used.
func newFace(f *opentype.Font, size float64) font.Face {
	if f != nil {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err == nil {
			return face
		}
	}
	return basicfont.Face7x13
}

// drawText draws s in colour c with its baseline starting at (x, y).
func drawText(dst draw.Image, face font.Face, x, y int, c color.Color, s string) {
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// drawTextCentred draws s centred horizontally on x, baseline at y.
func drawTextCentred(dst draw.Image, face font.Face, x, y int, c color.Color, s string) {
	w := font.MeasureString(face, s).Round()
	drawText(dst, face, x-w/2, y, c, s)
}

// Caption writes s in the regular Go font at size pixels, centred on x with
// its baseline at y: the names under pictures laid out in panels.
func Caption(dst draw.Image, x, y int, size float64, c color.Color, s string) {
	drawTextCentred(dst, newFace(regularFont(), size), x, y, c, s)
}
