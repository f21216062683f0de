package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// boardTrays are small boards of triangles and hexagons with pieces that
// fill them, as polyviz render lays them out before a solution.
func boardTrays() map[string]*Scene {
	tri := func(x, y, o int) geometry.Cell { return geometry.Cell{X: x, Y: y, Z: o} }
	hex := func(x, y int) geometry.Cell { return geometry.Cell{X: x, Y: y} }
	var triBox, hexBox []geometry.Cell
	for x := range 3 {
		for y := range 2 {
			triBox = append(triBox, tri(x, y, 0), tri(x, y, 1))
		}
		for y := range 3 {
			hexBox = append(hexBox, hex(x, y))
		}
	}
	return map[string]*Scene{
		"triangles": GridTray(geometry.Triangles().Solids(), triBox, nil, [][]geometry.Cell{
			{tri(0, 0, 0), tri(0, 0, 1), tri(1, 0, 0)}, {tri(0, 0, 0), tri(0, 0, 1), tri(1, 0, 0)},
			{tri(0, 0, 0), tri(0, 0, 1), tri(1, 0, 0), tri(1, 0, 1), tri(2, 0, 0), tri(2, 0, 1)},
		}),
		"hexagons": GridTray(geometry.Hexagons().Solids(), hexBox, nil, [][]geometry.Cell{
			{hex(0, 0), hex(1, 0), hex(0, 1)}, {hex(0, 0), hex(1, 0), hex(2, 0)}, {hex(0, 0), hex(0, 1), hex(0, 2)},
		}),
	}
}

// TestGridTrayBoard: before a solution, a board of triangles or hexagons
// is drawn at its place, one top face for each of its cells and none
// elsewhere, in the ghost box's light shade, and the pieces lie apart from
// it; without the board (BoxHidden) the same pixels are background.
func TestGridTrayBoard(t *testing.T) {
	for name, s := range boardTrays() {
		if s.BoxStyle != BoxBoard || len(s.Box) == 0 {
			t.Fatalf("%s: the tray has no board (style %d, %d cells)", name, s.BoxStyle, len(s.Box))
		}
		// the board's top faces, each matched to the cell whose solid has
		// its corners: exactly the box's cells
		var r Renderer
		r.buildQuads(s)
		covered := map[geometry.Cell]bool{}
		for i := range r.quads {
			q := &r.quads[i]
			if q.owner >= 0 || q.nrm[2] < 0.99 {
				continue
			}
			found := false
			for _, c := range s.Box {
				if hasCorners(s.Grid.WorldVertices(c), q, mgl64.Vec3{}) {
					covered[c], found = true, true
					break
				}
			}
			if !found {
				t.Errorf("%s: a board face %v on no cell of the box", name, q.corners)
			}
		}
		if len(covered) != len(s.Box) {
			t.Errorf("%s: the board's top faces cover %d cells, the box has %d", name, len(covered), len(s.Box))
		}

		// the pieces apart from the board
		blo, bhi := solidExtent(s.Grid, s.Box)
		for i, p := range s.Pieces {
			lo, hi := solidExtent(s.Grid, p.Cells)
			lo, hi = lo.Add(p.Offset), hi.Add(p.Offset)
			if lo[0] < bhi[0]-1e-9 && blo[0] < hi[0]-1e-9 && lo[1] < bhi[1]-1e-9 && blo[1] < hi[1]-1e-9 {
				t.Errorf("%s: piece %d (%v-%v) overlaps the board (%v-%v)", name, i, lo, hi, blo, bhi)
			}
		}

		// the board in the picture, framed with the pieces, at every cell's
		// centre; hidden, the background there
		const w, h = 320, 240
		cam := FitCameraSize(s, true, w, h)
		img := Render(s, cam, w, h)
		hidden := *s
		hidden.BoxStyle = BoxHidden
		bare := Render(&hidden, cam, w, h)
		for _, c := range s.Box {
			ctr := vec(s.Grid.WorldCentre(c))
			ctr[2] = geometry.LatticeThickness
			x, y, _, ok := cam.Project(ctr, w, h)
			if !ok || x < 0 || y < 0 || x >= w || y >= h {
				t.Errorf("%s: cell %v of the board out of the picture (%.0f, %.0f)", name, c, x, y)
				continue
			}
			if got := img.NRGBAAt(int(x), int(y)); !near(got, DefaultBoxColor, 16) {
				t.Errorf("%s: cell %v of the board is %v at (%.0f, %.0f), not the board's %v", name, c, got, x, y, DefaultBoxColor)
			}
			if got := bare.NRGBAAt(int(x), int(y)); got != DefaultBackground {
				t.Errorf("%s: without the board, %v at cell %v", name, got, c)
			}
		}
	}
}

// near reports whether the colours differ by at most d in each channel.
func near(a, b color.NRGBA, d int) bool {
	diff := func(x, y uint8) bool { return int(x)-int(y) <= d && int(y)-int(x) <= d }
	return diff(a.R, b.R) && diff(a.G, b.G) && diff(a.B, b.B)
}

// TestGridBoxOnlyAsBoard: a packing on a grid with its box in any style
// but BoxBoard (the window's solved view) draws exactly as without a box,
// so a solution is not drawn over a board.
func TestGridBoxOnlyAsBoard(t *testing.T) {
	for name, s := range latticeScenes() {
		var box []geometry.Cell
		for _, p := range s.Pieces {
			box = append(box, p.Cells...)
		}
		const w, h = 120, 90
		cam := FitCameraSize(s, true, w, h)
		want := Render(s, cam, w, h)
		for _, style := range []BoxStyle{BoxGhost, BoxWireframe, BoxHidden} {
			sc := *s
			sc.Box, sc.BoxStyle = box, style
			if got := Render(&sc, cam, w, h); string(got.Pix) != string(want.Pix) {
				t.Errorf("%s: the box in style %d changes the picture", name, style)
			}
		}
	}
}

// TestGridBoardSpheres: a board of spheres draws in the board's shade
// among the pieces, with no piece behind its faces.
func TestGridBoardSpheres(t *testing.T) {
	g := geometry.Spheres()
	box := append([]geometry.Cell{{}}, g.Neighbours(geometry.Cell{})...)
	s := &Scene{Grid: g, Box: box, BoxStyle: BoxBoard, Pieces: []Piece{
		{Cells: box[:2], Color: PieceColor(0, 1), Offset: mgl64.Vec3{10, 0, 0}},
	}}
	img := Render(s, FitCameraSize(s, false, 160, 120), 160, 120)
	x, y, _, _ := FitCameraSize(s, false, 160, 120).Project(vec(g.WorldCentre(geometry.Cell{})), 160, 120)
	if got := img.NRGBAAt(int(x), int(y)); got == DefaultBackground || !near(got, DefaultBoxColor, 40) {
		t.Errorf("the board's middle sphere is %v, not near the board's %v", got, DefaultBoxColor)
	}
}

// TestGridTrayBeside: on BurrTools' grids (3D) the loose pieces stand to
// the board's right, a unit apart, as the cubes' layout has them, and the
// board is drawn.
func TestGridTrayBeside(t *testing.T) {
	for _, g := range []*geometry.Grid{geometry.Spheres(), geometry.RhombicTetrahedra()} {
		box := append([]geometry.Cell{{}}, g.Neighbours(geometry.Cell{})...)
		s := GridTray(g, box, nil, [][]geometry.Cell{box[:2], box[:1], box[1:3]})
		if s.BoxStyle != BoxBoard || len(s.Pieces) != 3 {
			t.Fatalf("%s: style %d, %d pieces", g.Name(), s.BoxStyle, len(s.Pieces))
		}
		_, bhi := solidExtent(g, box)
		for i, p := range s.Pieces {
			lo, _ := solidExtent(g, p.Cells)
			if x := lo[0] + p.Offset[0]; x < bhi[0]+1-1e-9 {
				t.Errorf("%s: piece %d starts at x %v, the board ends at %v", g.Name(), i, x, bhi[0])
			}
		}
		var r Renderer
		r.buildQuads(s)
		if r.quads[0].owner != -1 {
			t.Errorf("%s: no board drawn", g.Name())
		}
	}
}

// TestGridBoardBelow: with BoxBelow a board of triangles or hexagons lies
// one layer under its pieces (Play filling it): its top faces are at the
// pieces' bottom, a cell no piece covers is seen from above in the
// board's shade, and a covered one in its piece's colour, not fighting
// with the board.
func TestGridBoardBelow(t *testing.T) {
	for name, tray := range boardTrays() {
		cover := tray.Pieces[0].Cells // on the board's first cells, at home
		s := &Scene{Grid: tray.Grid, Box: tray.Box, BoxStyle: BoxBoard, BoxBelow: true,
			Pieces: []Piece{{Cells: cover, Color: PieceColor(0, 3), Opacity: 1}}}
		var r Renderer
		r.buildQuads(s)
		for i := range r.quads {
			q := &r.quads[i]
			if q.owner < 0 && q.nrm[2] > 0.99 && math.Abs(q.corners[0][2]) > 1e-9 {
				t.Fatalf("%s: a board top face at z %v, want 0 (the pieces' bottom)", name, q.corners[0][2])
			}
		}
		lo, hi, _ := s.Bounds()
		if lo[2] != -geometry.LatticeThickness || hi[2] != geometry.LatticeThickness {
			t.Errorf("%s: bounds z %v to %v, want the board's layer under the pieces'", name, lo[2], hi[2])
		}
		const w, h = 320, 240
		cam := FitCameraSize(s, true, w, h)
		img := Render(s, cam, w, h)
		covered := map[geometry.Cell]bool{}
		for _, c := range cover {
			covered[c] = true
		}
		for _, c := range s.Box {
			ctr := vec(s.Grid.WorldCentre(c))
			ctr[2] = 0
			if covered[c] {
				ctr[2] = geometry.LatticeThickness
			}
			x, y, _, ok := cam.Project(ctr, w, h)
			if !ok {
				t.Fatalf("%s: cell %v not in view", name, c)
			}
			want := DefaultBoxColor
			if covered[c] {
				want = s.Pieces[0].Color
			}
			if got := img.NRGBAAt(int(x), int(y)); !near(got, want, 40) {
				t.Errorf("%s: cell %v (covered %v) is %v, want near %v", name, c, covered[c], got, want)
			}
		}
	}
}
