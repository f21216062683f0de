package render

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"

	"golang.org/x/image/font"
)

// FillominoBoard is a fillomino grid to draw, as plain data: Rows lines of
// Cols cells, Clue[r*Cols+c] the clue of a cell (0 for a blank) and, for a
// solved board, Label[r*Cols+c] the label of every cell (nil: the bare
// puzzle; 0: a cell not yet known).
type FillominoBoard struct {
	Rows, Cols int
	Clue       []int
	Label      []int
}

// FillominoOptions are the settings of DrawFillomino; the zero value draws
// 48-pixel cells with the clues shown.
type FillominoOptions struct {
	// Cell is the side of a cell in pixels (0: 48; at least 12).
	Cell int
	// HideClues draws the clues of a solved board like the other labels,
	// to compare the solution with the puzzle.
	HideClues bool
}

// Colours of the fillomino board.
var (
	fillPaper     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	fillGridLine  = color.NRGBA{0xa8, 0xa8, 0xa8, 0xff}
	fillBorder    = color.NRGBA{0x1c, 0x1c, 0x1c, 0xff}
	fillClueInk   = color.NRGBA{0x00, 0x00, 0x00, 0xff}
	fillFilledInk = color.NRGBA{0x1f, 0x4e, 0xa8, 0xff}
)

// FillominoLabelColor is the fill of a region of label d: PieceColor(d-1)
// lightened halfway to white, so that digits stay readable on it. Regions
// of the same size share a colour (in a solution they never touch).
func FillominoLabelColor(d int) color.NRGBA {
	c := PieceColor(d-1, 15)
	mix := func(v uint8) uint8 { return uint8((int(v) + 0xff) / 2) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}

// DrawFillomino draws a fillomino board on white, with a margin of half a
// cell:
//
//   - on a solved board, each cell filled with its label's colour;
//   - thin grey grid lines between cells;
//   - thick dark lines around the board and, on a solved board, between
//     cells of different labels (the region outlines);
//   - clue digits in bold black, the labels filled in by the solution in
//     regular blue, a little smaller (10 to 15 written in decimal).
func DrawFillomino(b FillominoBoard, opt FillominoOptions) *image.RGBA {
	cell := opt.Cell
	if cell == 0 {
		cell = 48
	}
	cell = max(cell, 12)
	margin := cell / 2
	img := image.NewRGBA(image.Rect(0, 0, b.Cols*cell+2*margin, b.Rows*cell+2*margin))
	fill := func(r image.Rectangle, c color.Color) {
		draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
	}
	fill(img.Bounds(), fillPaper)
	at := func(r, c int) image.Point { return image.Pt(margin+c*cell, margin+r*cell) }
	label := func(r, c int) int {
		if b.Label == nil {
			return 0
		}
		return b.Label[r*b.Cols+c]
	}
	// Region colours.
	for r := range b.Rows {
		for c := range b.Cols {
			if d := label(r, c); d > 0 {
				fill(image.Rectangle{at(r, c), at(r+1, c+1)}, FillominoLabelColor(d))
			}
		}
	}
	// Thin grid lines.
	thin := max(1, cell/40)
	for r := 1; r < b.Rows; r++ {
		p := at(r, 0)
		fill(image.Rect(p.X, p.Y-thin/2, p.X+b.Cols*cell, p.Y-thin/2+thin), fillGridLine)
	}
	for c := 1; c < b.Cols; c++ {
		p := at(0, c)
		fill(image.Rect(p.X-thin/2, p.Y, p.X-thin/2+thin, p.Y+b.Rows*cell), fillGridLine)
	}
	// Thick region outlines and the board's frame.
	thick := max(3, cell/12)
	hLine := func(r, c int) { // the top edge of cell (r, c)
		p := at(r, c)
		fill(image.Rect(p.X-thick/2, p.Y-thick/2, p.X+cell+thick-thick/2, p.Y+thick-thick/2), fillBorder)
	}
	vLine := func(r, c int) { // the left edge of cell (r, c)
		p := at(r, c)
		fill(image.Rect(p.X-thick/2, p.Y-thick/2, p.X+thick-thick/2, p.Y+cell+thick-thick/2), fillBorder)
	}
	for r := 0; r <= b.Rows; r++ {
		for c := range b.Cols {
			if r == 0 || r == b.Rows || label(r-1, c) != label(r, c) {
				hLine(r, c)
			}
		}
	}
	for r := range b.Rows {
		for c := 0; c <= b.Cols; c++ {
			if c == 0 || c == b.Cols || label(r, c-1) != label(r, c) {
				vLine(r, c)
			}
		}
	}
	// Digits.
	bold := newFace(boldFont(), float64(cell)*0.62)
	regular := newFace(regularFont(), float64(cell)*0.54)
	for r := range b.Rows {
		for c := range b.Cols {
			clue := b.Clue[r*b.Cols+c]
			d, face, ink := label(r, c), regular, fillFilledInk
			if clue > 0 && !opt.HideClues {
				d, face, ink = clue, bold, fillClueInk
			} else if clue > 0 && d == 0 {
				d = clue
			}
			if d > 0 {
				p := at(r, c)
				drawDigitsCentred(img, face, p.X+cell/2, p.Y+cell/2, ink, strconv.Itoa(d))
			}
		}
	}
	return img
}

// drawDigitsCentred draws s with its ink box centred on (x, y).
func drawDigitsCentred(dst draw.Image, face font.Face, x, y int, c color.Color, s string) {
	bounds, _ := font.BoundString(face, s)
	w := (bounds.Max.X - bounds.Min.X).Round()
	top, bottom := bounds.Min.Y.Round(), bounds.Max.Y.Round()
	drawText(dst, face, x-w/2-bounds.Min.X.Round(), y-(top+bottom)/2, c, s)
}
