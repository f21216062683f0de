package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// faces returns the faces Render draws for a scene.
func faces(s *Scene) []quad {
	var r Renderer
	r.buildQuads(s)
	return r.quads
}

func TestFacesOfCube(t *testing.T) {
	cube := boxCells(2, 2, 2)
	var eight []Piece
	for i, c := range cube {
		eight = append(eight, Piece{Cells: []geometry.Cell{c}, Color: PieceColor(i, 8)})
	}
	moved := append([]Piece(nil), eight...)
	moved[0].Offset = mgl64.Vec3{0, 0, 0.5}
	tests := []struct {
		name  string
		scene Scene
		want  int
	}{
		{"one piece: 24 outer faces", Scene{Pieces: []Piece{{Cells: cube}}, BoxStyle: BoxHidden}, 24},
		{"one piece, cells repeated", Scene{Pieces: []Piece{{Cells: append(cube, cube...)}}, BoxStyle: BoxHidden}, 24},
		{"eight pieces packed: inner faces buried", Scene{Pieces: eight, BoxStyle: BoxHidden}, 24},
		{"eight pieces, one lifted: faces against it drawn", Scene{Pieces: moved, BoxStyle: BoxHidden}, 24 + 3 + 3},
		{"eight translucent pieces: every face", Scene{Pieces: translucent(eight), BoxStyle: BoxHidden}, 48},
		{"box only", Scene{Box: cube}, 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			qs := faces(&tc.scene)
			if len(qs) != tc.want {
				t.Fatalf("%d faces, want %d", len(qs), tc.want)
			}
		})
	}
	// the one-piece cube: every face on the surface, two outline edges each
	for _, q := range faces(&tests[0].scene) {
		f := faceDirs[q.normal]
		axis := 0
		if f.n.Y != 0 {
			axis = 1
		} else if f.n.Z != 0 {
			axis = 2
		}
		for _, c := range q.corners {
			if c[axis] != 0 && c[axis] != 2 {
				t.Errorf("inner face %v", q.corners)
			}
		}
		if n := popcount(q.edges); n != 2 {
			t.Errorf("face %v has %d outline edges, want 2 (the seams of a flat side are not outlines)", q.corners, n)
		}
		// counter-clockwise seen from outside
		e1, e2 := q.corners[1].Sub(q.corners[0]), q.corners[2].Sub(q.corners[0])
		n := mgl64.Vec3{float64(f.n.X), float64(f.n.Y), float64(f.n.Z)}
		if e1.Cross(e2).Dot(n) <= 0 {
			t.Errorf("face %v wound clockwise", q.corners)
		}
	}
}

func translucent(ps []Piece) []Piece {
	out := append([]Piece(nil), ps...)
	for i := range out {
		out[i].Opacity = 0.5
	}
	return out
}

func popcount(b uint8) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

func TestProject(t *testing.T) {
	front := Camera{Yaw: 0, Pitch: 0, Distance: 10}
	top := Camera{Pitch: 90, Distance: 10, Ortho: true, FOV: 2 * mgl64.RadToDeg(math.Atan(0.2))} // shows 4×4 at the target
	tests := []struct {
		name string
		cam  Camera
		p    mgl64.Vec3
		x, y float64
	}{
		{"target at the centre", front, mgl64.Vec3{}, 50, 50},
		{"+x to the right", front, mgl64.Vec3{1, 0, 0}, 50 + 50/math.Tan(mgl64.DegToRad(15))/10, 50},
		{"+z up", front, mgl64.Vec3{0, 0, 1}, 50, 50 - 50/math.Tan(mgl64.DegToRad(15))/10},
		{"depth does not move the centre", front, mgl64.Vec3{0, 5, 0}, 50, 50},
		{"top: +x right", top, mgl64.Vec3{2, 0, 0}, 100, 50},
		{"top: +y up", top, mgl64.Vec3{0, 2, 0}, 50, 0},
		{"top: height is invisible", top, mgl64.Vec3{-1, -1, 3}, 25, 75},
		{"yaw 90 looks along -x", Camera{Yaw: 90, Distance: 10}, mgl64.Vec3{0, 1, 0}, 50 + 50/math.Tan(mgl64.DegToRad(15))/10, 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, y, _, ok := tc.cam.Project(tc.p, 100, 100)
			if !ok || math.Abs(x-tc.x) > 1e-9 || math.Abs(y-tc.y) > 1e-9 {
				t.Errorf("Project(%v) = %.6f, %.6f, %v; want %.6f, %.6f", tc.p, x, y, ok, tc.x, tc.y)
			}
		})
	}
	if _, _, _, ok := front.Project(mgl64.Vec3{0, -20, 0}, 100, 100); ok {
		t.Error("a point behind the camera projected")
	}
}

// TestRenderMatchesProject checks the rasterizer against Camera.Project: a
// unit cube seen from above covers the square its corners project to.
func TestRenderMatchesProject(t *testing.T) {
	s := &Scene{Pieces: []Piece{{Cells: []geometry.Cell{{}}, Color: color.NRGBA{200, 0, 0, 255}}}, BoxStyle: BoxHidden}
	cam := Camera{Pitch: 90, Ortho: true, Distance: 10, Target: mgl64.Vec3{0.5, 0.5, 0.5}, FOV: 2 * mgl64.RadToDeg(math.Atan(0.2))}
	img := Render(s, cam, 100, 100)
	// the top face spans 1/4 of the view: pixels 37.5..62.5
	for _, tc := range []struct {
		x, y   int
		inside bool
	}{{50, 50, true}, {40, 40, true}, {60, 60, true}, {30, 50, false}, {50, 70, false}, {5, 5, false}} {
		c := img.NRGBAAt(tc.x, tc.y)
		if got := c.R > 100 && c.G < 100; got != tc.inside {
			t.Errorf("pixel %d,%d = %v, inside %v", tc.x, tc.y, c, tc.inside)
		}
	}
}

func TestHiddenSurfaces(t *testing.T) {
	// a red cube right behind a blue wall, seen from the front: no red
	wall := []geometry.Cell{}
	for x := -2; x <= 2; x++ {
		for z := -2; z <= 2; z++ {
			wall = append(wall, geometry.Cell{X: x, Z: z})
		}
	}
	s := &Scene{BoxStyle: BoxHidden, Pieces: []Piece{
		{Cells: []geometry.Cell{{Y: 2}}, Color: color.NRGBA{255, 0, 0, 255}},
		{Cells: wall, Color: color.NRGBA{0, 0, 255, 255}},
	}}
	for _, yaw := range []float64{-20, 0, 20} {
		cam := Camera{Yaw: yaw, Pitch: 10}.FitSize(mgl64.Vec3{-2, 0, -2}, mgl64.Vec3{3, 1, 3}, 120, 120)
		img := Render(s, cam, 120, 120)
		for i := 0; i < len(img.Pix); i += 4 {
			if img.Pix[i] > 150 && img.Pix[i+2] < 100 {
				t.Fatalf("yaw %v: red pixel at %d shows through the wall", yaw, i/4)
			}
		}
	}
}

func TestNothingClipped(t *testing.T) {
	scenes := map[string]*Scene{
		"soma":   packingScene(somaPacking, 3, 3, 3),
		"bedlam": packingScene(bedlamPacking, 4, 4, 4),
		"tall":   {Pieces: []Piece{{Cells: boxCells(1, 1, 9)}}},
	}
	for name, s := range scenes {
		for _, size := range [][2]int{{200, 100}, {100, 200}, {150, 150}} {
			for _, angle := range [][2]float64{{DefaultYaw, DefaultPitch}, {-70, 10}, {135, 60}, {0, 90}, {10, -30}} {
				w, h := size[0], size[1]
				cam := Camera{Yaw: angle[0], Pitch: angle[1]}.FitScene(s, w, h)
				img := Render(s, cam, w, h)
				bg := DefaultBackground
				for x := range w {
					for _, y := range []int{0, h - 1} {
						if img.NRGBAAt(x, y) != bg {
							t.Fatalf("%s %dx%d at %v: pixel %d,%d is drawn", name, w, h, angle, x, y)
						}
					}
				}
				for y := range h {
					for _, x := range []int{0, w - 1} {
						if img.NRGBAAt(x, y) != bg {
							t.Fatalf("%s %dx%d at %v: pixel %d,%d is drawn", name, w, h, angle, x, y)
						}
					}
				}
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	s := packingScene(bedlamPacking, 4, 4, 4)
	cam := FitCameraSize(s, false, 200, 150)
	a := Render(s, cam, 200, 150)
	var r Renderer
	r.Render(packingScene(somaPacking, 3, 3, 3), FitCamera(s, false), 300, 100) // other sizes and scenes first
	r.Render(s, Camera{Yaw: 80, Pitch: 5, Distance: 3}, 200, 150)
	b := r.Render(s, cam, 200, 150)
	if string(a.Pix) != string(b.Pix) {
		t.Error("the same scene drew different pixels")
	}
}

func TestBadInput(t *testing.T) {
	s := packingScene(somaPacking, 3, 3, 3)
	nan := math.NaN()
	cases := []struct {
		name string
		s    *Scene
		cam  Camera
		w, h int
	}{
		{"nil scene", nil, Camera{}, 10, 10},
		{"zero size", s, FitCamera(s, false), 0, 0},
		{"negative size", s, FitCamera(s, false), -5, 10},
		{"zero camera", s, Camera{}, 20, 20},
		{"NaN camera", s, Camera{Yaw: nan, Distance: nan}, 20, 20},
		{"camera inside the scene", s, Camera{Target: mgl64.Vec3{1.5, 1.5, 1.5}, Distance: 0.3, Yaw: 10, Pitch: 10}, 40, 40},
		{"NaN offset", &Scene{Pieces: []Piece{{Cells: boxCells(1, 1, 1), Offset: mgl64.Vec3{nan, 0, 0}}}}, Camera{Distance: 5}, 20, 20},
		{"far-away cells", &Scene{Pieces: []Piece{{Cells: []geometry.Cell{{X: 1 << 40}, {Y: -(1 << 40)}}}}}, Camera{Distance: 5}, 20, 20},
		{"empty pieces", &Scene{Pieces: make([]Piece, 3)}, Camera{}, 20, 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			img := Render(tc.s, tc.cam, tc.w, tc.h)
			if img.Rect != image.Rect(0, 0, max(tc.w, 0), max(tc.h, 0)) {
				t.Errorf("image %v", img.Rect)
			}
		})
	}
}

func TestFlatWallHasNoSeams(t *testing.T) {
	// a 3×3 wall of one piece, seen straight on: its centre (where four
	// cells meet) is the face colour, not outline
	wall := []geometry.Cell{}
	for x := range 3 {
		for z := range 3 {
			wall = append(wall, geometry.Cell{X: x, Z: z})
		}
	}
	c := color.NRGBA{90, 200, 90, 255}
	s := &Scene{Pieces: []Piece{{Cells: wall, Color: c}}, BoxStyle: BoxHidden}
	cam := Camera{Ortho: true}.FitScene(s, 90, 90)
	img := Render(s, cam, 90, 90)
	face := img.NRGBAAt(45, 45)
	for _, p := range []image.Point{{45 - 15, 45}, {45, 45 - 15}, {45 - 15, 45 - 15}} {
		if got := img.NRGBAAt(p.X, p.Y); got != face {
			t.Errorf("pixel %v on a seam is %v, the face is %v", p, got, face)
		}
	}
	if face.G < 100 {
		t.Errorf("face colour %v", face)
	}
}

func TestPalette(t *testing.T) {
	seen := map[color.NRGBA]int{}
	for i := range 60 {
		c := PieceColor(i, 60)
		if c.A != 255 {
			t.Errorf("colour %d is not opaque", i)
		}
		if j, ok := seen[c]; ok {
			t.Errorf("colours %d and %d are equal", j, i)
		}
		seen[c] = i
		if PieceColor(i, 7) != c {
			t.Errorf("colour %d depends on n", i)
		}
	}
	if got := len(Palette(13)); got != 13 {
		t.Errorf("Palette(13) has %d colours", got)
	}
}
