package backend

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/gif"
	"os"
	"strings"
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
		sc := gridSolution(t, b, c.file+".xmpuzzle", data)
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

// gridSolution loads a puzzle in the window's backend and returns its first
// solution as the view's scene.
func gridSolution(t *testing.T, b *ui.Backend, name string, data []byte) *ui.Scene {
	t.Helper()
	p, err := b.Load(name, data)
	if err != nil {
		t.Fatal(err)
	}
	var sol ui.Solution
	if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Max: 1, Workers: 1}, func(s ui.Solution) bool {
		sol = append(ui.Solution(nil), s...)
		return false
	}); err != nil || sol == nil {
		t.Fatalf("%s: solve: %v", name, err)
	}
	sc := &ui.Scene{Grid: p.Grid}
	for _, o := range sol {
		pl := p.Placements[o]
		sc.Pieces = append(sc.Pieces, ui.ScenePiece{Piece: pl.Piece, Name: p.Pieces[pl.Piece].Name, Cells: pl.Cells, Color: render.PieceColor(pl.Piece, len(p.Pieces))})
	}
	return sc
}

// TestGridSVG: the window's SVG export draws a packing of prisms one layer
// thick (hexiamond-prisms-6x6: 12 pieces of 6 triangles) and refuses
// Bermuda (several layers) and Ball Room (spheres), saying why.
func TestGridSVG(t *testing.T) {
	b := New()
	var data []byte
	for _, e := range b.Catalog() {
		if e.Name == "hexiamond-prisms-6x6" {
			var err error
			if data, err = e.Data(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if data == nil {
		t.Fatal("no hexiamond-prisms-6x6 in the gallery")
	}
	var buf bytes.Buffer
	if err := b.WriteSVG(gridSolution(t, b, "hexiamond-prisms-6x6", data), &buf); err != nil {
		t.Fatal(err)
	}
	pieces := strings.Split(buf.String(), `<g class="piece">`)[1:]
	if len(pieces) != 12 {
		t.Fatalf("%d pieces in the SVG, want 12", len(pieces))
	}
	for k, pc := range pieces {
		_, fill, _ := strings.Cut(pc, "<path d=\"")
		fill, _, _ = strings.Cut(fill, "\"")
		if n := strings.Count(fill, "z"); n != 6 {
			t.Errorf("piece %d has %d triangles, want 6", k+1, n)
		}
	}
	for file, want := range map[string]string{"Bermuda": "one layer thick", "BallRoom": "spheres grid"} {
		data, err := os.ReadFile("../../burrtools/testdata/grids/" + file + ".xmpuzzle")
		if err != nil {
			t.Fatal(err)
		}
		err = b.WriteSVG(gridSolution(t, b, file+".xmpuzzle", data), &buf)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", file, err, want)
		}
	}
}
