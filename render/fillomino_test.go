package render

import (
	"image"
	"image/color"
	"testing"
)

// TestDrawFillomino checks the board's geometry and inks: the size, the
// thick outline between regions and not inside one, black clue digits and
// blue filled ones, and region colours by label.
func TestDrawFillomino(t *testing.T) {
	// 1 | 2 2      a solved 1x3 board: clue 1, clue 2, one filled 2
	b := FillominoBoard{Rows: 1, Cols: 3, Clue: []int{1, 2, 0}, Label: []int{1, 2, 2}}
	img := DrawFillomino(b, FillominoOptions{Cell: 40})
	if got := img.Bounds(); got != image.Rect(0, 0, 160, 80) {
		t.Fatalf("bounds %v, want 160x80", got)
	}
	same := func(c color.Color, want color.NRGBA) bool {
		r, g, bb, _ := c.RGBA()
		return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(bb>>8) == want.B
	}
	// The boundary between cells 0 and 1 (x = 20+40) is a thick line; the
	// one between cells 1 and 2 (x = 100) is a thin grid line.
	if !same(img.At(60, 25), fillBorder) || !same(img.At(61, 25), fillBorder) {
		t.Errorf("no region outline between labels 1 and 2")
	}
	if same(img.At(100, 25), fillBorder) || same(img.At(101, 25), fillBorder) {
		t.Errorf("an outline inside the region of 2s")
	}
	if !same(img.At(24, 25), FillominoLabelColor(1)) || !same(img.At(104, 25), FillominoLabelColor(2)) {
		t.Errorf("region colours wrong: %v %v", img.At(24, 25), img.At(104, 25))
	}
	// Count the inks in each cell.
	count := func(x0 int, ink color.NRGBA) int {
		n := 0
		for y := 20; y < 60; y++ {
			for x := x0 + 4; x < x0+36; x++ {
				if same(img.At(x, y), ink) {
					n++
				}
			}
		}
		return n
	}
	if count(20, fillClueInk) < 20 || count(60, fillClueInk) < 20 || count(100, fillClueInk) != 0 {
		t.Errorf("clue ink: %d %d %d", count(20, fillClueInk), count(60, fillClueInk), count(100, fillClueInk))
	}
	if count(100, fillFilledInk) < 8 || count(60, fillFilledInk) != 0 {
		t.Errorf("filled ink: %d %d", count(100, fillFilledInk), count(60, fillFilledInk))
	}
	// With the clues hidden, every digit is drawn as filled.
	img = DrawFillomino(b, FillominoOptions{Cell: 40, HideClues: true})
	if count(60, fillFilledInk) < 8 {
		t.Errorf("hidden clue not drawn as a filled digit")
	}
	// The bare puzzle: no colours, no inner outlines, the empty cell empty.
	img = DrawFillomino(FillominoBoard{Rows: 1, Cols: 3, Clue: []int{1, 2, 0}}, FillominoOptions{Cell: 40})
	if same(img.At(60, 25), fillBorder) || !same(img.At(24, 25), fillPaper) || count(100, fillFilledInk) != 0 {
		t.Errorf("bare puzzle drawn with solution marks")
	}
}
