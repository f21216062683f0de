package backend

import (
	"image"
	"image/color"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
	"polyviz/render"
	"polyviz/ui"
)

// TestDrawGridBoard: the window draws a grid scene's box as a board in the
// ghost box's shade when the scene asks for it (the tray before a
// solution), and a click on the board picks no piece; a scene that does
// not ask (a packing) draws no box.
func TestDrawGridBoard(t *testing.T) {
	b := New()
	var p *ui.Puzzle
	for _, e := range b.Catalog() {
		if e.Name != "tetrahex-4x7" {
			continue
		}
		data, err := e.Data()
		if err != nil {
			t.Fatal(err)
		}
		if p, err = b.Load(e.Name, data); err != nil {
			t.Fatal(err)
		}
	}
	if p == nil || p.Grid == nil || len(p.Box) != 28 {
		t.Fatalf("tetrahex-4x7 not in the gallery on hexagons: %+v", p)
	}
	const w, h = 320, 240
	cam := ui.Camera{Pitch: 90, Zoom: 1}
	// a piece beside the box, so that the scene without a board is framed
	pc := ui.ScenePiece{Cells: p.Pieces[0].Orientations[0], Color: render.PieceColor(0, 1), Offset: [3]float64{0, -20, 0}}
	for _, board := range []bool{true, false} {
		sc := &ui.Scene{Planar: true, Grid: p.Grid, Box: p.Box, GridBoard: board, Pieces: []ui.ScenePiece{pc}}
		img := b.Draw(sc, cam, w, h)
		if !board {
			for y := range h {
				for x := range w {
					if boardPixel(img, x, y) {
						t.Fatalf("a packing's box drawn: the board's colour at (%d, %d)", x, y)
					}
				}
			}
			continue
		}
		rc := renderCamera(sc, cam, w, h)
		for _, c := range p.Box {
			ctr := p.Grid.WorldCentre(c)
			x, y, _, _ := rc.Project(mgl64.Vec3{ctr[0], ctr[1], geometry.LatticeThickness}, w, h)
			if !boardPixel(img, int(x), int(y)) {
				t.Errorf("cell %v of the board is %v, not the board's %v", c, img.At(int(x), int(y)), render.DefaultBoxColor)
			}
			if _, ok := b.Pick(sc, cam, w, h, int(x), int(y)); ok {
				t.Errorf("a click on the board's cell %v picks a piece", c)
			}
		}
	}
}

// boardPixel reports a pixel inside a board: it and its eight neighbours
// in the board's colour (an outline's grey blended with the background is
// at most two pixels wide).
func boardPixel(img image.Image, x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			got := color.NRGBAModel.Convert(img.At(x+dx, y+dy)).(color.NRGBA)
			if !nearColour(got, render.DefaultBoxColor, 16) {
				return false
			}
		}
	}
	return true
}

func nearColour(a, b color.NRGBA, d int) bool {
	ok := func(x, y uint8) bool { return int(x)-int(y) <= d && int(y)-int(x) <= d }
	return ok(a.R, b.R) && ok(a.G, b.G) && ok(a.B, b.B)
}

// TestGridFloorScene: the window's floor under a grid's pieces reaches the
// renderer as its board drawn one layer down; a board beside the pieces
// (the tray) stays in its place.
func TestGridFloorScene(t *testing.T) {
	g := geometry.Hexagons().Solids()
	box := []geometry.Cell{{}, {X: 1}}
	for _, c := range []struct {
		sc    ui.Scene
		style render.BoxStyle
		below bool
	}{
		{ui.Scene{Grid: g, Box: box, GridFloor: true}, render.BoxBoard, true},
		{ui.Scene{Grid: g, Box: box, GridBoard: true}, render.BoxBoard, false},
		{ui.Scene{Grid: g, Box: box}, render.BoxGhost, false},
	} {
		rs := renderScene(&c.sc)
		if rs.BoxStyle != c.style || rs.BoxBelow != c.below {
			t.Errorf("floor %v, board %v: style %d below %v, want %d %v", c.sc.GridFloor, c.sc.GridBoard, rs.BoxStyle, rs.BoxBelow, c.style, c.below)
		}
	}
}
