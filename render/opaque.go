package render

import (
	"image"
	"image/draw"
)

// AsRGBA returns img as an *image.RGBA for a consumer that takes that type
// without a conversion (Fyne's GL painter uploads an *image.RGBA as it is
// and draws anything else onto a new one first, which cost the window's 3D
// view a tenth of its frame). An opaque pixel has the same bytes in both
// types, and Render's images are opaque (the background is, and everything
// is drawn over it), so when every alpha byte is 0xff the result shares
// img's pixels; otherwise the pixels are converted (premultiplied).
func AsRGBA(img *image.NRGBA) *image.RGBA {
	pix := img.Pix
	opaque := true
	w := img.Rect.Dx() * 4
	for y := range img.Rect.Dy() {
		row := pix[y*img.Stride : y*img.Stride+w]
		for i := 3; i < len(row); i += 4 {
			if row[i] != 0xff {
				opaque = false
				break
			}
		}
		if !opaque {
			break
		}
	}
	if opaque {
		return &image.RGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
	}
	out := image.NewRGBA(img.Rect)
	draw.Draw(out, out.Rect, img, img.Rect.Min, draw.Src)
	return out
}
