package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// Two stacked prisms of one piece show 8 faces (the one between them is
// inside); the seams where their side faces meet in one plane are not
// outlined, the other edges are.
func TestGridSolidFaces(t *testing.T) {
	g := geometry.Prisms()
	qs := appendSolids(nil, g, []geometry.Cell{{X: 0, Y: 0, Z: 0}, {X: 0, Y: 0, Z: 1}}, mgl64.Vec3{}, 0)
	if len(qs) != 8 {
		t.Fatalf("%d faces, want 8", len(qs))
	}
	outlines := 0
	for _, q := range qs {
		for k := range 4 {
			if q.edges&(1<<k) != 0 {
				outlines++
			}
		}
	}
	// 2 triangles × 3 edges + 6 rectangles × 3 outlined edges (the fourth is
	// the seam at the middle height)
	if outlines != 2*3+6*3 {
		t.Errorf("%d outlined edges, want %d", outlines, 2*3+6*3)
	}
	// A tetrahedron of the tetra-octa grid alone: 4 triangles, every edge outlined.
	qs = appendSolids(nil, geometry.TetraOcta(), []geometry.Cell{{X: 4, Y: 4, Z: 4}}, mgl64.Vec3{}, 0)
	if len(qs) != 4 {
		t.Fatalf("tetrahedron: %d faces", len(qs))
	}
}

// Two touching spheres drawn from the front: the image is covered along the
// line between their centres, through the point where they touch.
func TestGridSpheresTouch(t *testing.T) {
	s := &Scene{Grid: geometry.Spheres(), Pieces: []Piece{
		{Name: "A", Cells: []geometry.Cell{{X: 0, Y: 0, Z: 0}}, Color: color.NRGBA{200, 50, 50, 255}},
		{Name: "B", Cells: []geometry.Cell{{X: 1, Y: 0, Z: 1}}, Color: color.NRGBA{50, 50, 200, 255}},
	}}
	if d := math.Sqrt(2); math.Abs(2*s.Grid.SphereRadius()-d) > 1e-12 {
		t.Fatalf("diameter %v, centres %v apart", 2*s.Grid.SphereRadius(), d)
	}
	cam := FitCameraSize(s, false, 200, 200)
	img := Render(s, cam, 200, 200)
	bg := img.NRGBAAt(0, 0)
	// the contact point, halfway between the centres, is drawn, in one of
	// the two colours
	x, y, _, ok := cam.Project(mgl64.Vec3{0.5, 0, 0.5}, 200, 200)
	if !ok {
		t.Fatal("the contact point is not in view")
	}
	if c := img.NRGBAAt(int(x), int(y)); c == bg {
		t.Errorf("background at the contact point %.0f,%.0f", x, y)
	}
	covered := 0
	for x := 0; x < 200; x++ {
		for y := 0; y < 200; y++ {
			if img.NRGBAAt(x, y) != bg {
				covered++
			}
		}
	}
	if covered < 200*200/10 {
		t.Errorf("only %d pixels drawn", covered)
	}
}

// The orientation sheet of a prism piece lists its images under the 12
// rotations, the repeats told by the grid's normalization: Bermuda's piece A
// (BurrTools' shape "_##_####") has 6 distinct ones.
func TestGridSheetDistinct(t *testing.T) {
	g := geometry.Prisms()
	a := geometry.NewShape(geometry.Cell{X: 1}, geometry.Cell{X: 2}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1}, geometry.Cell{X: 2, Y: 1}, geometry.Cell{X: 3, Y: 1})
	var images []geometry.Shape
	for k := 0; k < g.NumRotations(); k++ {
		o, ok := g.Orient(k, a)
		if !ok {
			t.Fatal("a prism rotation left the grid")
		}
		images = append(images, o)
	}
	n := 0
	for _, d := range distinctImages(images, g.Normalize) {
		if d {
			n++
		}
	}
	if len(images) != 12 || n != 6 {
		t.Errorf("%d images, %d distinct; want 12, 6", len(images), n)
	}
	if img := GridSheet(g, a, SheetOptions{Thumb: 40}); img.Bounds().Dx() < 100 {
		t.Errorf("sheet %v", img.Bounds())
	}
}
