package assets

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"testing"
)

var updateIcon = flag.Bool("update-icon", false, "redraw icon.png")

// drawIcon draws the application icon: a 3x3x3 cube in isometric view, its
// three visible faces split into cells and coloured like Soma pieces.
func drawIcon() *image.NRGBA {
	const size = 256
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	// The silhouette is a regular hexagon around the centre c, which is the
	// corner nearest the viewer; each face is a rhombus from c spanned by
	// two of the vectors to the upper-right, upper-left and bottom corners.
	c := [2]float64{128, 128}
	const r = 112.0
	ur := [2]float64{0.866 * r, -0.5 * r}
	ul := [2]float64{-0.866 * r, -0.5 * r}
	down := [2]float64{0, r}
	faces := []struct {
		u, v   [2]float64
		origin [2]float64
		colors [3]color.NRGBA
	}{
		{ur, ul, c, [3]color.NRGBA{{0xf2, 0xc1, 0x4e, 255}, {0xe9, 0x6a, 0x4b, 255}, {0x5b, 0xa4, 0xd6, 255}}},
		{ur, down, c, [3]color.NRGBA{{0xb8, 0x48, 0x30, 255}, {0x3d, 0x7a, 0xa8, 255}, {0x6b, 0x9e, 0x3a, 255}}},
		{ul, down, c, [3]color.NRGBA{{0x4f, 0x86, 0xb8, 255}, {0x88, 0xb8, 0x4c, 255}, {0xcf, 0x9a, 0x2a, 255}}},
	}
	for py := range size {
		for px := range size {
			x, y := float64(px)+0.5, float64(py)+0.5
			for fi, f := range faces {
				// Solve (x,y) = origin + a*u + b*v.
				dx, dy := x-f.origin[0], y-f.origin[1]
				det := f.u[0]*f.v[1] - f.u[1]*f.v[0]
				a := (dx*f.v[1] - dy*f.v[0]) / det
				b := (f.u[0]*dy - f.u[1]*dx) / det
				if a < 0 || a > 1 || b < 0 || b > 1 {
					continue
				}
				ca, cb := int(a*3), int(b*3)
				ca, cb = min(ca, 2), min(cb, 2)
				c := f.colors[(ca+2*cb+fi)%3]
				// Dark grid lines between cells and on the outline.
				fa, fb := a*3-float64(int(a*3)), b*3-float64(int(b*3))
				if fa < 0.05 || fa > 0.95 || fb < 0.05 || fb > 0.95 {
					c = color.NRGBA{0x22, 0x22, 0x2a, 255}
				}
				img.SetNRGBA(px, py, c)
				break
			}
		}
	}
	return img
}

func TestIcon(t *testing.T) {
	want := drawIcon()
	if *updateIcon {
		var buf bytes.Buffer
		if err := png.Encode(&buf, want); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("icon.png", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := png.Decode(bytes.NewReader(Icon()))
	if err != nil {
		t.Fatalf("Icon() is not a PNG: %v", err)
	}
	if got.Bounds() != image.Rect(0, 0, 256, 256) {
		t.Fatalf("icon bounds %v, want 256x256", got.Bounds())
	}
	for y := range 256 {
		for x := range 256 {
			if color.NRGBAModel.Convert(got.At(x, y)) != want.At(x, y) {
				t.Fatalf("icon.png differs from drawIcon at (%d,%d); run go test -run TestIcon -update-icon", x, y)
			}
		}
	}
}
