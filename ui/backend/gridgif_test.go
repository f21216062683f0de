package backend

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/gif"
	"os"
	"testing"

	"polyviz/render"
	"polyviz/ui"
)

// TestGridGIF: the window's GIF export of a packing on BurrTools' other
// grids: Bermuda (prisms) assembles as the reverse of its disassembly,
// Ball Room (spheres) flies in; the last frame is the packing as the view
// draws it, on its grid.
func TestGridGIF(t *testing.T) {
	b := New()
	for _, c := range []struct {
		file string
		path bool
	}{{"Bermuda", true}, {"BallRoom", false}} {
		data, err := os.ReadFile("../../burrtools/testdata/grids/" + c.file + ".xmpuzzle")
		if err != nil {
			t.Fatal(err)
		}
		p, err := b.Load(c.file+".xmpuzzle", data)
		if err != nil {
			t.Fatal(err)
		}
		var sol ui.Solution
		if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Max: 1, Workers: 1}, func(s ui.Solution) bool {
			sol = append(ui.Solution(nil), s...)
			return false
		}); err != nil || sol == nil {
			t.Fatalf("%s: solve: %v", c.file, err)
		}
		sc := &ui.Scene{Grid: p.Grid}
		for _, o := range sol {
			pl := p.Placements[o]
			sc.Pieces = append(sc.Pieces, ui.ScenePiece{Piece: pl.Piece, Name: p.Pieces[pl.Piece].Name, Cells: pl.Cells, Color: render.PieceColor(pl.Piece, len(p.Pieces))})
		}
		if a := possibleAssembly(renderScene(sc), false); (len(a.Path) > 0) != c.path {
			t.Errorf("%s: assembly path of %d steps; want one: %v", c.file, len(a.Path), c.path)
		}
		const w, h = 120, 90
		cam := ui.Camera{Yaw: 30, Pitch: 25, Zoom: 1}
		var buf bytes.Buffer
		if err := b.WriteGIF(sc, cam, w, h, &buf); err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		g, err := gif.DecodeAll(&buf)
		if err != nil {
			t.Fatal(err)
		}
		last := image.NewRGBA(image.Rect(0, 0, w, h))
		for _, im := range g.Image {
			draw.Draw(last, im.Bounds(), im, im.Bounds().Min, draw.Src)
		}
		want := b.Draw(sc, cam, w, h)
		var sum, n float64
		for y := range h {
			for x := range w {
				r1, g1, b1, _ := last.At(x, y).RGBA()
				r2, g2, b2, _ := want.At(x, y).RGBA()
				for _, d := range []int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8)} {
					sum += float64(max(d, -d))
				}
				n += 3
			}
		}
		if d := sum / n; d > 2 {
			t.Errorf("%s: the GIF's last frame differs from the view's drawing by %.2f a channel", c.file, d)
		}
	}
}
