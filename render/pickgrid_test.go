package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// faceCam is an orthographic camera looking at scene s against direction
// n: from outside a face whose outward normal is n, straight at it.
func faceCam(s *Scene, n mgl64.Vec3, w, h int) Camera {
	n = n.Normalize()
	pitch := mgl64.RadToDeg(math.Asin(math.Max(-1, math.Min(1, n[2]))))
	yaw := 0.0
	if math.Hypot(n[0], n[1]) > 1e-9 {
		yaw = mgl64.RadToDeg(math.Atan2(n[0], -n[1]))
	}
	return Camera{Yaw: yaw, Pitch: pitch, Ortho: true}.FitScene(s, w, h)
}

// sameFace reports whether faces a and b have the same corners.
func sameFace(a, b [][3]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for _, p := range a {
		found := false
		for _, q := range b {
			if vec(p).Sub(vec(q)).Len() < 1e-9 {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// faceCorners returns the corners of face f of cell c.
func faceCorners(g *geometry.Grid, c geometry.Cell, f geometry.Face) [][3]float64 {
	vs := g.WorldVertices(c)
	out := make([][3]float64, len(f.Corners))
	for i, k := range f.Corners {
		out[i] = vs[k]
	}
	return out
}

// gridCells returns the cells of g among the triples 0 <= x, y, z < n (z
// 0 or the kinds only on a planar lattice's drawing grid).
func gridCells(g *geometry.Grid, n, nz int) []geometry.Cell {
	var out []geometry.Cell
	for x := range n {
		for y := range n {
			for z := range nz {
				if c := (geometry.Cell{X: x, Y: y, Z: z}); g.IsCell(c) {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// TestPickGridFaceNeighbour: on every drawing grid but cubes (triangles
// and hexagons as a board's prisms, BurrTools' prisms, rhombic
// tetrahedra and tetra-octa), a click at the centre of each face of a
// cell's solid, seen straight on, names the cell and the step to the
// neighbour whose solid has that same face (by Grid.Neighbours and
// Grid.Faces); where no neighbour shares the face (the top and bottom of
// a board's prism, and only those) the step is zero.
func TestPickGridFaceNeighbour(t *testing.T) {
	const w, h = 64, 64
	cases := []struct {
		name  string
		g     *geometry.Grid
		cells []geometry.Cell
		board bool
	}{
		{"triangles", geometry.Triangles().Solids(), []geometry.Cell{{}, {Z: 1}, {X: 1, Y: 2, Z: 1 + 2*3}}, true},
		{"hexagons", geometry.Hexagons().Solids(), []geometry.Cell{{}, {X: 2, Y: -1}}, true},
		{"prisms", geometry.Prisms(), gridCells(geometry.Prisms(), 2, 1), false},
		{"rhombic", geometry.RhombicTetrahedra(), gridCells(geometry.RhombicTetrahedra(), 5, 5), false},
		{"tetra-octa", geometry.TetraOcta(), gridCells(geometry.TetraOcta(), 3, 3), false},
	}
	for _, tc := range cases {
		faces := 0
		for _, c := range tc.cells {
			g := tc.g
			s := &Scene{Grid: g, Pieces: []Piece{{Cells: []geometry.Cell{c}, Color: PieceColor(0, 1), Opacity: 1, Offset: mgl64.Vec3{0.5, -2, 1}}}}
			for _, f := range g.Faces(c) {
				corners := faceCorners(g, c, f)
				var mid mgl64.Vec3
				for _, p := range corners {
					mid = mid.Add(vec(p).Mul(1 / float64(len(corners))))
				}
				cam := faceCam(s, vec(f.Normal), w, h)
				px, py, _, _ := cam.Project(mid.Add(s.Pieces[0].Offset), w, h)
				_, cell, step, ok := PickFace(s, cam, w, h, int(px), int(py))
				if !ok || cell != c {
					t.Fatalf("%s: face %v of %v: PickFace gives %v, %v", tc.name, f.Normal, c, cell, ok)
				}
				var want geometry.Cell
				across := false
				for _, n := range g.Neighbours(c) {
					for _, nf := range g.Faces(n) {
						if sameFace(corners, faceCorners(g, n, nf)) {
							want, across = n.Sub(c), true
						}
					}
				}
				if step != want {
					t.Errorf("%s: face %v of %v: step %v, want %v (to %v)", tc.name, f.Normal, c, step, want, c.Add(want))
				}
				if top := math.Abs(f.Normal[2]) > 1-1e-9; across == (tc.board && top) {
					t.Errorf("%s: face %v of %v: a neighbour across it is %v", tc.name, f.Normal, c, across)
				}
				faces++
			}
		}
		if faces < 5*len(tc.cells) && tc.name != "rhombic" && tc.name != "tetra-octa" {
			t.Errorf("%s: only %d faces", tc.name, faces)
		}
	}
}

// TestPickSphereNeighbour: on the sphere grid, a click on a sphere at the
// point that faces one of its twelve neighbours names that neighbour.
func TestPickSphereNeighbour(t *testing.T) {
	const w, h = 64, 64
	g := geometry.Spheres()
	c := geometry.Cell{X: 1, Y: 1}
	s := &Scene{Grid: g, Pieces: []Piece{{Cells: []geometry.Cell{c}, Color: PieceColor(0, 1), Opacity: 1}}}
	ctr := vec(g.WorldCentre(c))
	nbs := g.Neighbours(c)
	if len(nbs) != 12 {
		t.Fatalf("a sphere has %d neighbours, want 12", len(nbs))
	}
	for _, n := range nbs {
		dir := vec(g.WorldCentre(n)).Sub(ctr).Normalize()
		cam := faceCam(s, dir, w, h)
		px, py, _, _ := cam.Project(ctr.Add(dir.Mul(g.SphereRadius())), w, h)
		_, cell, step, ok := PickFace(s, cam, w, h, int(px), int(py))
		if !ok || cell != c || step != n.Sub(c) {
			t.Errorf("towards %v: PickFace gives cell %v (%v), step %v, want %v", n, cell, ok, step, n.Sub(c))
		}
	}
}
