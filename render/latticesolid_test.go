package render

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// latticeScenes are two small packings seen from above, as the window and
// polyviz render draw triangles and hexagons: a 2x2 rhombus of triangles
// in three pieces, and seven hexagons (a flower) in three.
func latticeScenes() map[string]*Scene {
	tri := func(x, y, o int) geometry.Cell { return geometry.Cell{X: x, Y: y, Z: o} }
	hex := func(x, y int) geometry.Cell { return geometry.Cell{X: x, Y: y} }
	return map[string]*Scene{
		"triangles": {Grid: geometry.Triangles().Solids(), Pieces: []Piece{
			{Cells: []geometry.Cell{tri(0, 0, 0), tri(0, 0, 1), tri(1, 0, 0)}, Color: PieceColor(0, 3)},
			{Cells: []geometry.Cell{tri(1, 0, 1), tri(1, 1, 0), tri(1, 1, 1)}, Color: PieceColor(1, 3)},
			// a tag (Knuth's suffix number) does not move a cell
			{Cells: []geometry.Cell{tri(0, 1, 0+2*3), tri(0, 1, 1)}, Color: PieceColor(2, 3)},
		}},
		"hexagons": {Grid: geometry.Hexagons().Solids(), Pieces: []Piece{
			{Cells: []geometry.Cell{hex(0, 0), hex(1, 0), hex(0, 1)}, Color: PieceColor(0, 3)},
			{Cells: []geometry.Cell{hex(-1, 0), hex(-1, 1), hex(0, -1)}, Color: PieceColor(1, 3)},
			{Cells: []geometry.Cell{hex(1, -1)}, Color: PieceColor(2, 3)},
		}},
	}
}

// topPolygon returns the corners of cell c's top face in pixels.
func topPolygon(s *Scene, cam Camera, c geometry.Cell, off mgl64.Vec3, w, h int) [][2]float64 {
	var out [][2]float64
	for _, v := range s.Grid.WorldVertices(c) {
		if v[2] < geometry.LatticeThickness-1e-9 {
			continue
		}
		x, y, _, _ := cam.Project(vec(v).Add(off), w, h)
		out = append(out, [2]float64{x, y})
	}
	// order the corners around their centre
	var cx, cy float64
	for _, p := range out {
		cx, cy = cx+p[0]/float64(len(out)), cy+p[1]/float64(len(out))
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && math.Atan2(out[j][1]-cy, out[j][0]-cx) < math.Atan2(out[j-1][1]-cy, out[j-1][0]-cx); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// inside returns the signed distance of (x, y) from the convex polygon's
// border: positive inside.
func inside(poly [][2]float64, x, y float64) float64 {
	d := math.Inf(1)
	n := len(poly)
	for i := range poly {
		a, b := poly[i], poly[(i+1)%n]
		ex, ey := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(ex, ey)
		// the corners go around by increasing angle in y-down pixels: the
		// inside is to the right of each edge there
		s := (ex*(y-a[1]) - ey*(x-a[0])) / l
		d = math.Min(d, s)
	}
	return d
}

// TestLatticePick: seen from above, every pixel that Pick gives to a piece
// lies on (or within a pixel of) the top face of one of that piece's cells,
// and every pixel well inside a cell's top face is picked as its piece;
// PickFace names that cell.
func TestLatticePick(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	const w, h = 48, 36
	for name, s := range latticeScenes() {
		cam := FitCameraSize(s, true, w, h)
		polys := make([][][][2]float64, len(s.Pieces))
		for i, p := range s.Pieces {
			for _, c := range p.Cells {
				polys[i] = append(polys[i], topPolygon(s, cam, c, p.Offset, w, h))
			}
		}
		picked := 0
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				px, py := float64(x)+0.5, float64(y)+0.5
				got, ok := Pick(s, cam, w, h, x, y)
				for i := range s.Pieces {
					for k, poly := range polys[i] {
						d := inside(poly, px, py)
						if d > 1.5 && (!ok || got != i) {
							t.Fatalf("%s: pixel %d,%d inside cell %v of piece %d picked as %d, %v", name, x, y, s.Pieces[i].Cells[k], i, got, ok)
						}
						if d > 1.5 {
							if _, cell, _, ok := PickFace(s, cam, w, h, x, y); !ok || cell != s.Pieces[i].Cells[k] {
								t.Fatalf("%s: pixel %d,%d: PickFace gives cell %v, want %v", name, x, y, cell, s.Pieces[i].Cells[k])
							}
						}
					}
				}
				if !ok {
					continue
				}
				picked++
				best := math.Inf(-1)
				for _, poly := range polys[got] {
					best = math.Max(best, inside(poly, px, py))
				}
				if best < -1 {
					t.Fatalf("%s: pixel %d,%d picked as piece %d lies %.1f px outside its cells", name, x, y, got, -best)
				}
			}
		}
		if picked < w*h/4 {
			t.Errorf("%s: only %d pixels picked", name, picked)
		}
	}
}

// TestLatticeOutlines: between two cells of different pieces the renderer
// draws an outline; between two cells of one piece (a seam) none: the
// pixels there have the piece's own colour.
func TestLatticeOutlines(t *testing.T) {
	const w, h = 320, 240
	for name, s := range latticeScenes() {
		cam := FitCameraSize(s, true, w, h)
		img := Render(s, cam, w, h)
		owner := map[geometry.Cell]int{}
		untag := func(c geometry.Cell) geometry.Cell {
			l := s.Grid.Lattice()
			return geometry.Cell{X: c.X, Y: c.Y, Z: l.Kind(c)}
		}
		for i, p := range s.Pieces {
			for _, c := range p.Cells {
				owner[untag(c)] = i
			}
		}
		at := func(x, y float64) [3]float64 {
			c := img.NRGBAAt(int(x), int(y))
			return [3]float64{float64(c.R), float64(c.G), float64(c.B)}
		}
		dist := func(a, b [3]float64) float64 { return math.Hypot(math.Hypot(a[0]-b[0], a[1]-b[1]), a[2]-b[2]) }
		outline := [3]float64{float64(DefaultOutline.R), float64(DefaultOutline.G), float64(DefaultOutline.B)}
		seams, borders := 0, 0
		for c, i := range owner {
			for _, n := range s.Grid.Lattice().Neighbours(c) {
				j, ok := owner[n]
				if !ok {
					continue
				}
				// the shared edge's middle, and the two cells' centres
				pc, pn := topPolygon(s, cam, c, mgl64.Vec3{}, w, h), topPolygon(s, cam, n, mgl64.Vec3{}, w, h)
				var mx, my float64
				shared := 0
				for _, a := range pc {
					for _, b := range pn {
						if math.Hypot(a[0]-b[0], a[1]-b[1]) < 1e-6 {
							mx, my, shared = mx+a[0], my+a[1], shared+1
						}
					}
				}
				if shared != 2 {
					t.Fatalf("%s: cells %v and %v share %d corners", name, c, n, shared)
				}
				mx, my = mx/2, my/2
				centre := func(poly [][2]float64) [3]float64 {
					var x, y float64
					for _, p := range poly {
						x, y = x+p[0]/float64(len(poly)), y+p[1]/float64(len(poly))
					}
					return at(x, y)
				}
				own := centre(pc)
				// the darkest pixel near the edge's middle (an outline on a
				// pixel boundary is shared by two rows, each half dark)
				darkest := math.Inf(1)
				for dy := -1.0; dy <= 1; dy++ {
					for dx := -1.0; dx <= 1; dx++ {
						darkest = math.Min(darkest, dist(at(mx+dx, my+dy), outline))
					}
				}
				if i == j {
					seams++
					if darkest < dist(own, outline)-20 || dist(at(mx, my), own) > 20 {
						t.Errorf("%s: seam between %v and %v of piece %d is drawn", name, c, n, i)
					}
				} else {
					borders++
					if darkest > 0.4*min(dist(own, outline), dist(centre(pn), outline)) {
						t.Errorf("%s: no outline between %v (piece %d) and %v (piece %d): %.0f at %.1f,%.1f", name, c, i, n, j, darkest, mx, my)
					}
				}
			}
		}
		if seams == 0 || borders == 0 {
			t.Errorf("%s: %d seams, %d borders checked", name, seams, borders)
		}
	}
}

// TestLatticeSheet: a piece of triangles or hexagons gets 12 thumbnails,
// as many distinct as the lattice says.
func TestLatticeSheet(t *testing.T) {
	for _, tt := range []struct {
		l     *geometry.Lattice
		shape geometry.Shape
		want  int
	}{
		// the hexiamond "bar" (6 triangles in a row): 6 distinct
		{geometry.Triangles(), geometry.NewShape(geometry.Cell{}, geometry.Cell{Z: 1}, geometry.Cell{X: 1}, geometry.Cell{X: 1, Z: 1}, geometry.Cell{X: 2}, geometry.Cell{X: 2, Z: 1}), 6},
		// the tetrahex S4: 6 distinct
		{geometry.Hexagons(), geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{X: 1, Y: 1}, geometry.Cell{X: 2, Y: 1}), 6},
	} {
		g := tt.l.Solids()
		var images []geometry.Shape
		for k := range g.NumRotations() {
			o, _ := g.Orient(k, tt.shape)
			images = append(images, o)
		}
		if len(images) != 12 {
			t.Fatalf("%s: %d images", tt.l, len(images))
		}
		n := 0
		for _, d := range distinctImages(images, g.Normalize) {
			if d {
				n++
			}
		}
		if n != tt.want {
			t.Errorf("%s: %d distinct, want %d", tt.l, n, tt.want)
		}
		if img := GridSheet(g, tt.shape, SheetOptions{Thumb: 40}); img.Bounds().Dx() < 6*40 || !drawsColour(img) {
			t.Errorf("%s: sheet %v", tt.l, img.Bounds())
		}
	}
}

// drawsColour reports whether the image has a saturated pixel (a piece).
func drawsColour(img *image.NRGBA) bool {
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b := int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2])
		if max(r, g, b)-min(r, g, b) > 60 {
			return true
		}
	}
	return false
}

// TestLatticeAssemblyFrames: an animation's frames of a grid packing are
// drawn on its grid (as its solids, not as cubes), in flight and landed.
func TestLatticeAssemblyFrames(t *testing.T) {
	for name, s := range latticeScenes() {
		a := NewAssembly(s, true)
		for _, at := range []float64{0, a.Duration() / 2, a.Duration()} {
			var f Scene
			if a.At(at, &f); f.Grid != s.Grid {
				t.Errorf("%s: the frame at %.1fs is not on the grid", name, at)
			}
		}
	}
}

// TestGridTray: the loose pieces of a lattice puzzle lie on the floor, in
// rows, their solids apart.
func TestGridTray(t *testing.T) {
	for name, s := range latticeScenes() {
		var shapes [][]geometry.Cell
		for range 4 {
			for _, p := range s.Pieces {
				shapes = append(shapes, p.Cells)
			}
		}
		tray := GridTray(s.Grid, nil, nil, shapes)
		if len(tray.Pieces) != len(shapes) {
			t.Fatalf("%s: %d pieces", name, len(tray.Pieces))
		}
		type box struct{ lo, hi mgl64.Vec3 }
		var boxes []box
		rows := map[float64]bool{}
		for _, p := range tray.Pieces {
			lo, hi := solidExtent(s.Grid, p.Cells)
			lo, hi = lo.Add(p.Offset), hi.Add(p.Offset)
			if math.Abs(lo[2]) > 1e-9 {
				t.Errorf("%s: a piece at height %v", name, lo[2])
			}
			for _, b := range boxes {
				if lo[0] < b.hi[0]-1e-9 && b.lo[0] < hi[0]-1e-9 && lo[1] < b.hi[1]-1e-9 && b.lo[1] < hi[1]-1e-9 {
					t.Errorf("%s: pieces overlap: %v-%v and %v-%v", name, lo, hi, b.lo, b.hi)
				}
			}
			boxes = append(boxes, box{lo, hi})
			rows[math.Round(hi[1]*1e6)] = true
		}
		if len(rows) < 2 || len(rows) == len(shapes) {
			t.Errorf("%s: %d rows of %d pieces", name, len(rows), len(shapes))
		}
	}
}
