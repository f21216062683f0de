package render

import (
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// Render's images are opaque, translucent pieces and the ghost box
// included, so AsRGBA hands them on without a copy; an image with
// transparent pixels is converted as image/draw converts it.
func TestAsRGBA(t *testing.T) {
	s := packingScene(somaPacking, 3, 3, 3)
	for i := range s.Pieces {
		if i%2 == 0 {
			s.Pieces[i].Opacity = 0.4
		}
	}
	img := Render(s, FitCameraSize(s, false, 160, 120), 160, 120)
	rgba := AsRGBA(img)
	if &rgba.Pix[0] != &img.Pix[0] {
		t.Fatal("an opaque rendering was copied")
	}
	for y := range 120 {
		for x := range 160 {
			if got, want := rgba.RGBAAt(x, y), color.RGBAModel.Convert(img.NRGBAAt(x, y)); got != want {
				t.Fatalf("pixel %d,%d: %v, want %v", x, y, got, want)
			}
		}
	}

	half := image.NewNRGBA(image.Rect(0, 0, 4, 3))
	for i := range half.Pix {
		half.Pix[i] = uint8(37 * i)
	}
	half.Pix[3] = 0x80
	got := AsRGBA(half)
	want := image.NewRGBA(half.Rect)
	draw.Draw(want, want.Rect, half, image.Point{}, draw.Src)
	if string(got.Pix) != string(want.Pix) {
		t.Fatalf("translucent image converted to %v, want %v", got.Pix, want.Pix)
	}
	if &got.Pix[0] == &half.Pix[0] {
		t.Fatal("a translucent image was shared, not converted")
	}
}
