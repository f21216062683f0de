package cli

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"polyviz/render"
)

// TestRenderGridBoard: polyviz render of a puzzle of hexagons or triangles
// without a solution draws its board in the ghost box's light shade above
// the loose pieces, every piece's pixels below the board's.
func TestRenderGridBoard(t *testing.T) {
	pureComputation(t)
	for _, name := range []string{"tetrahex-4x7", "hexiamond-4x9"} {
		out := filepath.Join(t.TempDir(), name+".png")
		if code, _, stderr := run(t, "", "render", name, "--size", "320x240", "-o", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		board, boardBottom, pieceTop := 0, -1, img.Bounds().Dy()
		for y := range img.Bounds().Dy() {
			for x := range img.Bounds().Dx() {
				c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
				switch {
				case boardAt(img, x, y):
					board++
					boardBottom = max(boardBottom, y)
				case saturated(c):
					pieceTop = min(pieceTop, y)
				}
			}
		}
		if area := img.Bounds().Dx() * img.Bounds().Dy(); board < area/50 {
			t.Errorf("%s: %d pixels of the board's colour of %d", name, board, area)
		}
		if pieceTop <= boardBottom {
			t.Errorf("%s: a piece at row %d, the board down to row %d", name, pieceTop, boardBottom)
		}
		if pieceTop == img.Bounds().Dy() {
			t.Errorf("%s: no piece drawn", name)
		}
	}
}

// boardAt reports a pixel inside the board: it and its eight neighbours
// in the board's colour (not an outline's grey, blended with the
// background, which is at most two pixels wide).
func boardAt(img image.Image, x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			c := color.NRGBAModel.Convert(img.At(x+dx, y+dy)).(color.NRGBA)
			if !closeTo(c, render.DefaultBoxColor, 16) {
				return false
			}
		}
	}
	return true
}

func closeTo(a, b color.NRGBA, d int) bool {
	ok := func(x, y uint8) bool { return int(x)-int(y) <= d && int(y)-int(x) <= d }
	return ok(a.R, b.R) && ok(a.G, b.G) && ok(a.B, b.B)
}

// saturated reports a piece's colour: far from grey.
func saturated(c color.NRGBA) bool {
	hi := max(c.R, c.G, c.B)
	lo := min(c.R, c.G, c.B)
	return int(hi)-int(lo) > 60
}
