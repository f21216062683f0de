package render

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// inkAround counts the pixels near (x, y) that are much darker than the
// face colour around them: the strokes of a digit.
func inkAround(img *image.NRGBA, x, y, r int) int {
	n := 0
	for yy := y - r; yy <= y+r; yy++ {
		for xx := x - r; xx <= x+r; xx++ {
			c := img.NRGBAAt(xx, yy)
			if int(c.R)+int(c.G)+int(c.B) < 3*90 {
				n++
			}
		}
	}
	return n
}

func TestLabelsOnVisibleFacesOnly(t *testing.T) {
	board := boxCells(4, 4, 1)
	piece := Piece{Cells: board, Color: PieceColor(3, 12)}
	cam := Camera{Pitch: 90, Ortho: true}
	cam = cam.FitSize(mgl64.Vec3{0, 0, 0}, mgl64.Vec3{4, 4, 2}, 400, 400)
	labelAt := func(c geometry.Cell, text string) *image.NRGBA {
		s := &Scene{Pieces: []Piece{piece}, BoxStyle: BoxHidden, Labels: []Label{{Cell: c, Text: text, Bold: true}}}
		return Render(s, cam, 400, 400)
	}
	plain := Render(&Scene{Pieces: []Piece{piece}, BoxStyle: BoxHidden}, cam, 400, 400)
	cell := geometry.Cell{X: 1, Y: 2}
	cx, cy, _, ok := cam.Project(cellTop(cell), 400, 400)
	if !ok {
		t.Fatal("cell centre not in view")
	}
	x, y := int(cx), int(cy)
	if n := inkAround(plain, x, y, 20); n != 0 {
		t.Fatalf("no label: %d dark pixels at the cell centre", n)
	}
	if n := inkAround(labelAt(cell, "8"), x, y, 20); n < 20 {
		t.Errorf("label 8 on a visible face: only %d dark pixels at the cell centre", n)
	}
	// the same label on the bottom layer of a two-layer stack is buried
	stack := Piece{Cells: append(boxCells(4, 4, 1), shift(boxCells(4, 4, 1), geometry.Cell{Z: 1})...), Color: PieceColor(3, 12)}
	s := &Scene{Pieces: []Piece{stack}, BoxStyle: BoxHidden, Labels: []Label{{Cell: cell, Text: "8"}}}
	img := Render(s, cam, 400, 400)
	cx, cy, _, _ = cam.Project(cellTop(cell.Add(geometry.Cell{Z: 1})), 400, 400)
	if n := inkAround(img, int(cx), int(cy), 20); n != 0 {
		t.Errorf("label on a buried face: %d dark pixels", n)
	}
}

func TestLabelsTooSmallAreSkipped(t *testing.T) {
	board := boxCells(64, 64, 1)
	s := &Scene{Pieces: []Piece{{Cells: board, Color: PieceColor(0, 1)}}, BoxStyle: BoxHidden}
	for _, c := range board {
		s.Labels = append(s.Labels, Label{Cell: c, Text: "9"})
	}
	cam := FitCameraSize(s, true, 100, 100)
	with := Render(s, cam, 100, 100)
	s.Labels = nil
	without := Render(s, cam, 100, 100)
	if string(with.Pix) != string(without.Pix) {
		t.Error("labels under 6 px high were drawn")
	}
}

func cellTop(c geometry.Cell) mgl64.Vec3 {
	return mgl64.Vec3{float64(c.X) + 0.5, float64(c.Y) + 0.5, float64(c.Z + 1)}
}

func shift(cells []geometry.Cell, d geometry.Cell) []geometry.Cell {
	out := make([]geometry.Cell, len(cells))
	for i, c := range cells {
		out[i] = c.Add(d)
	}
	return out
}
