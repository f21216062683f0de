package render

import (
	"math"
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestPrismLayerScene: each prism's triangle on the lattice has the corners
// of the prism's top face in the plane (world x, y in units of the edge),
// for both orientations and negative indices; scenes of more than one
// layer, moved pieces and the other grids are refused in words.
func TestPrismLayerScene(t *testing.T) {
	g := geometry.Prisms()
	l := geometry.Triangles()
	var cells []geometry.Cell
	for x := -5; x <= 5; x++ {
		for y := -3; y <= 3; y++ {
			cells = append(cells, geometry.Cell{X: x, Y: y, Z: 2})
		}
	}
	s, err := PrismLayerScene(&Scene{Grid: g, Pieces: []Piece{{Cells: cells}}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[geometry.Cell]bool{}
	for i, c := range s.Pieces[0].Cells {
		if seen[c] {
			t.Fatalf("two prisms on triangle %v", c)
		}
		seen[c] = true
		var got [][2]float64
		for _, v := range cellPolygon(l, c) {
			x, y := planePoint(l, v[0], v[1], 0, 0)
			got = append(got, [2]float64{x, y})
		}
		var want [][2]float64
		for _, v := range g.WorldVertices(cells[i]) {
			if v[2] == 3 { // the top face
				want = append(want, [2]float64{v[0], v[1]})
			}
		}
		if len(got) != 3 || len(want) != 3 {
			t.Fatalf("%v: %d and %d corners", cells[i], len(got), len(want))
		}
		for _, p := range want {
			found := false
			for _, q := range got {
				found = found || math.Abs(p[0]-q[0]) < 1e-9 && math.Abs(p[1]-q[1]) < 1e-9
			}
			if !found {
				t.Errorf("prism %v: triangle %v has corners %v, the prism's top %v", cells[i], c, got, want)
				break
			}
		}
	}
	for _, tc := range []struct {
		s    *Scene
		want string
	}{
		{&Scene{Grid: g, Box: []geometry.Cell{{}, {Z: 1}}}, "one layer thick"},
		{&Scene{Grid: g, Pieces: []Piece{{Cells: cells[:1], Offset: [3]float64{0, 0, 1}}}}, "in place"},
		{&Scene{Grid: geometry.Spheres()}, "spheres grid"},
	} {
		if _, err := PrismLayerScene(tc.s); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v; want %q", err, tc.want)
		}
	}
}
