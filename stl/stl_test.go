package stl

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"polyviz/assets"
	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/lepage"
	"polyviz/puzzle"
)

// key quantizes a vertex so that equal float positions compare equal.
func key(v Vec) [3]int64 {
	return [3]int64{int64(math.Round(v[0] * 1e5)), int64(math.Round(v[1] * 1e5)), int64(math.Round(v[2] * 1e5))}
}

// checkMesh checks that the mesh is watertight and consistently oriented
// (every directed edge once, and its reverse once: each edge shared by
// exactly two triangles), that no triangle is degenerate, and that every
// triangle faces along its stated normal. With shared > 0, that many edges
// may be shared by four triangles (two each way): the non-manifold edges of
// a piece without clearance.
func checkMesh(m *Mesh, shared int) error {
	edges := map[[2][3]int64]int{}
	for i, t := range m.Triangles {
		n := t.V[1].Sub(t.V[0]).Cross(t.V[2].Sub(t.V[0]))
		l := math.Sqrt(n.Dot(n))
		if l < 1e-9 {
			return fmt.Errorf("triangle %d is degenerate: %v", i, t.V)
		}
		if n.Dot(t.Normal)/l < 0.999 {
			return fmt.Errorf("triangle %d faces %v, not its normal %v", i, n, t.Normal)
		}
		for j := range 3 {
			edges[[2][3]int64{key(t.V[j]), key(t.V[(j+1)%3])}]++
		}
	}
	doubled := 0
	for e, n := range edges {
		if n == 2 && shared > 0 {
			doubled++
		} else if n != 1 {
			return fmt.Errorf("edge %v used %d times in one direction", e, n)
		}
		if edges[[2][3]int64{e[1], e[0]}] != n {
			return fmt.Errorf("edge %v has no twin: a hole or a T-junction", e)
		}
	}
	if doubled > 2*shared*4 {
		return fmt.Errorf("%d edge segments shared by four triangles, more than %d non-manifold edges explain", doubled, shared)
	}
	return nil
}

// surfaceArea counts the unit faces of a piece.
func surfaceArea(s geometry.Shape) int {
	n := 0
	for _, faces := range surfaceFaces(s) {
		n += len(faces)
	}
	return n
}

func shape(spec ...string) geometry.Shape {
	var cells []geometry.Cell
	for _, s := range spec {
		cells = append(cells, geometry.Cell{X: geometry.DecodeDigit(s[0]), Y: geometry.DecodeDigit(s[1]), Z: geometry.DecodeDigit(s[2])})
	}
	return geometry.NewShape(cells...)
}

// libraryPieces returns every piece of every library puzzle, 2D ones flat.
func libraryPieces(t *testing.T) map[string]geometry.Shape {
	out := map[string]geometry.Shape{}
	for _, e := range assets.Catalog() {
		if !e.Format.Packing() || e.Format == assets.Polyiamond || e.Format == assets.Polyhex || e.Format == assets.BurrTools {
			continue // cubes and squares only: no STL for triangles and hexagons yet
		}
		f := puzzle.FormatPolycube
		switch e.Format {
		case assets.Polyomino:
			f = puzzle.FormatPolyomino
		case assets.Lepage:
			f = lepage.Format
		}
		l, err := formats.Load(e.Name, e.Data(), string(f), puzzle.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, pc := range l.Puzzle.Pieces {
			out[e.Name+"/"+pc.Name] = pc.Orientations[0]
		}
	}
	return out
}

// TestPieceMeshes checks every library piece, and a few hard shapes: a
// closed mesh, outward normals, and the volume of the cells exactly; with a
// clearance, the volume lost is the surface area times the clearance, to
// first order.
func TestPieceMeshes(t *testing.T) {
	pieces := libraryPieces(t)
	pieces["hollow cube"] = func() geometry.Shape {
		var s geometry.Shape
		for x := range 3 {
			for y := range 3 {
				for z := range 3 {
					if x != 1 || y != 1 || z != 1 {
						s = append(s, geometry.Cell{X: x, Y: y, Z: z})
					}
				}
			}
		}
		return geometry.NewShape(s...)
	}()
	pieces["ring"] = shape("000", "100", "200", "010", "210", "020", "120", "220")
	pieces["staircase"] = shape("000", "100", "110", "111", "211", "212")
	if len(pieces) < 50 {
		t.Fatalf("only %d pieces", len(pieces))
	}
	nonManifold := 0
	for name, s := range pieces {
		nm := NonManifoldEdges(s)
		if nm > 0 {
			nonManifold++
			t.Logf("%s: %d edge(s) where two cells touch along the edge alone", name, nm)
		}
		for _, opt := range []Options{{Cube: 20}, {Cube: 20, Clearance: 0.2}, {Cube: 7.5, Clearance: 1}} {
			m := Piece(s, opt)
			shared := nm
			if opt.Clearance > 0 {
				shared = 0 // the clearance separates cells touching along an edge
			}
			if err := checkMesh(m, shared); err != nil {
				t.Errorf("%s %+v: %v", name, opt, err)
				continue
			}
			full := float64(len(s)) * math.Pow(opt.Cube, 3)
			want := erodedVolume(s, opt)
			got := m.Volume()
			if math.Abs(got-want) > 1e-6*full {
				t.Errorf("%s %+v: volume %.4f, want %.4f", name, opt, got, want)
			}
			// To first order the clearance takes the surface area times the clearance.
			first := full - float64(surfaceArea(s))*opt.Cube*opt.Cube*opt.Clearance
			if slack := 12 * float64(len(s)) * opt.Cube * opt.Clearance * opt.Clearance; math.Abs(got-first) > slack+1e-6*full {
				t.Errorf("%s %+v: volume %.3f, first-order %.3f ± %.3f", name, opt, got, first, slack)
			}
		}
	}
	if nonManifold == 0 {
		t.Error("no piece with a non-manifold edge among the test pieces: the four-triangle case is not tested")
	}
	t.Logf("%d pieces, %d with edges where cells touch along an edge alone", len(pieces), nonManifold)
}

// erodedVolume computes the volume left by the clearance independently of
// the mesh: a point of a cell stays when the clearance cube around it is in
// the piece, sampled per region of the 3x3x3 cut.
func erodedVolume(s geometry.Shape, opt Options) float64 {
	c, cube := opt.Clearance, opt.Cube
	if c == 0 {
		return float64(len(s)) * cube * cube * cube
	}
	width := [3]float64{c, cube - 2*c, c}
	v := 0.0
	for _, cell := range s {
		for i := range 3 {
			for j := range 3 {
				for k := range 3 {
					// A sample point inside the region, and its clearance cube's corners.
					p := [3]float64{[3]float64{c / 2, cube / 2, cube - c/2}[i], [3]float64{c / 2, cube / 2, cube - c/2}[j], [3]float64{c / 2, cube / 2, cube - c/2}[k]}
					in := true
					for _, dx := range []float64{-c, c} {
						for _, dy := range []float64{-c, c} {
							for _, dz := range []float64{-c, c} {
								q := geometry.Cell{
									X: cell.X + int(math.Floor((p[0]+dx*0.999)/cube)),
									Y: cell.Y + int(math.Floor((p[1]+dy*0.999)/cube)),
									Z: cell.Z + int(math.Floor((p[2]+dz*0.999)/cube)),
								}
								in = in && s.Contains(q)
							}
						}
					}
					if in {
						v += width[i] * width[j] * width[k]
					}
				}
			}
		}
	}
	return v
}

// TestMergedFaces checks that coplanar faces are merged: a 2x3x4 block is
// six rectangles, twelve triangles.
func TestMergedFaces(t *testing.T) {
	var s geometry.Shape
	for x := range 2 {
		for y := range 3 {
			for z := range 4 {
				s = append(s, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	m := Piece(s, Options{})
	if len(m.Triangles) != 12 {
		t.Errorf("%d triangles, want 12", len(m.Triangles))
	}
	if v := m.Volume(); math.Abs(v-24*8000) > 1e-6 {
		t.Errorf("volume %g, want %d", v, 24*8000)
	}
}

// TestBinaryRoundTrip writes a mesh as binary STL and reads it back.
func TestBinaryRoundTrip(t *testing.T) {
	m := Piece(shape("000", "100", "010", "001"), Options{Cube: 10, Clearance: 0.1})
	var buf bytes.Buffer
	if err := m.WriteBinary(&buf, "P"); err != nil {
		t.Fatal(err)
	}
	if want := 84 + 50*len(m.Triangles); buf.Len() != want {
		t.Fatalf("%d bytes, want %d", buf.Len(), want)
	}
	back, err := ReadBinary(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkMesh(back, 0); err != nil {
		t.Error(err)
	}
	if math.Abs(back.Volume()-m.Volume()) > 1e-3*m.Volume() {
		t.Errorf("volume %g read back as %g", m.Volume(), back.Volume())
	}
}

// TestPlate lays out the Soma pieces: one closed mesh, flat on the bed,
// pieces apart.
func TestPlate(t *testing.T) {
	soma := []geometry.Shape{
		shape("000", "100", "010"), shape("000", "100", "200", "010"), shape("000", "100", "200", "110"),
		shape("000", "100", "110", "210"), shape("000", "100", "010", "101"), shape("000", "100", "010", "011"),
		shape("000", "100", "010", "001"),
	}
	cells := make([][]geometry.Cell, len(soma))
	for i, s := range soma {
		cells[i] = s
	}
	m := Plate(cells, Options{Cube: 20, Clearance: 0.2}, 10)
	if err := checkMesh(m, 0); err != nil {
		t.Fatal(err)
	}
	lo, hi := m.Bounds()
	if math.Abs(lo[2]-0.2) > 1e-9 || hi[2] > 40 {
		t.Errorf("plate from z=%g to %g: not flat on the bed", lo[2], hi[2])
	}
	want := 0.0
	for _, s := range soma {
		want += Piece(s, Options{Cube: 20, Clearance: 0.2}).Volume()
	}
	if math.Abs(m.Volume()-want) > 1e-6*want {
		t.Errorf("plate volume %g, pieces %g", m.Volume(), want)
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, o := range []Options{{Cube: -1}, {Cube: 20, Clearance: 5}, {Cube: 20, Clearance: -0.1}, {Cube: math.NaN()}} {
		if o.Check() == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if err := (Options{}).Check(); err != nil {
		t.Error(err)
	}
}

// A piece of prisms is closed and has the volume of its prisms (√3/4 cubes
// each); two prisms stacked share a face that is not in the mesh.
func TestGridPiece(t *testing.T) {
	g := geometry.Prisms()
	cells := []geometry.Cell{{X: 0, Y: 0, Z: 0}, {X: 1, Y: 0, Z: 0}, {X: 1, Y: 0, Z: 1}}
	m, err := GridPiece(g, cells, Options{Cube: 10})
	if err != nil {
		t.Fatal(err)
	}
	want := 3 * math.Sqrt(3) / 4 * 1000
	if v := m.Volume(); math.Abs(v-want) > 1e-6 {
		t.Errorf("volume %v, want %v", v, want)
	}
	// 3 prisms: 2·3 triangles top and bottom of each column... count the
	// exposed faces: 15 faces, less 2×2 shared = 11, triangulated: the 4
	// exposed triangles and 7 rectangles of 2 triangles each
	if len(m.Triangles) != 4+7*2 {
		t.Errorf("%d triangles, want %d", len(m.Triangles), 4+7*2)
	}
	if _, err := GridPiece(geometry.Spheres(), []geometry.Cell{{}}, Options{Clearance: 0.1}); err == nil {
		t.Error("a clearance on spheres accepted") // (TestGridSpheres meshes them)
	}
	if _, err := GridPiece(g, cells, Options{Clearance: 0.1}); err == nil {
		t.Error("a clearance on prisms accepted")
	}
	// a tetra-octa cell: the central regular tetrahedron of a cube of edge
	// 3 mm, a third of it, 9 mm³
	m, err = GridPiece(geometry.TetraOcta(), []geometry.Cell{{X: 4, Y: 4, Z: 4}}, Options{Cube: 3})
	if err != nil {
		t.Fatal(err)
	}
	if v := m.Volume(); math.Abs(v-9) > 1e-9 {
		t.Errorf("tetrahedron volume %v, want 9", v)
	}
	// a rhombic tetrahedron: a 24th of a cube of edge 12 mm, 72 mm³
	m, err = GridPiece(geometry.RhombicTetrahedra(), []geometry.Cell{{X: 0, Y: 1, Z: 2}}, Options{Cube: 12})
	if err != nil {
		t.Fatal(err)
	}
	if v := m.Volume(); math.Abs(v-72) > 1e-9 {
		t.Errorf("rhombic tetrahedron volume %v, want 72", v)
	}
}

// TestGridSpheres: a piece of two touching spheres of BurrTools' sphere
// grid is two icospheres of diameter opt.Cube whose centres are a diameter
// apart, resting on z = 0; closed and facing out, each encloses the
// inscribed polyhedron's 0.966 of the ball.
func TestGridSpheres(t *testing.T) {
	g := geometry.Spheres()
	m, err := GridPiece(g, []geometry.Cell{{}, {X: 1, Y: 1}}, Options{Cube: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Triangles) != 640 {
		t.Fatalf("%d triangles", len(m.Triangles))
	}
	lo, hi := m.Bounds()
	// centres 10 mm apart along the x = y diagonal: the extent along x is
	// 10/√2 plus a diameter (up to the icosphere's corners)
	if math.Abs(lo[2]) > 1e-9 || math.Abs(hi[0]-lo[0]-(10/math.Sqrt2+10)) > 0.3 {
		t.Errorf("bounds %v to %v", lo, hi)
	}
	ball := 4 * math.Pi / 3 * 125
	if v := m.Volume(); v < 2*0.96*ball || v > 2*ball {
		t.Errorf("volume %.1f, two balls %.1f", v, 2*ball)
	}
}

// TestGridPlate: the plate holds every piece's mesh, each on z = 0, side
// by side: its extent is at least each piece's and its volume their sum.
func TestGridPlate(t *testing.T) {
	g := geometry.Prisms()
	pieces := [][]geometry.Cell{{{}, {X: 1}}, {{}, {Z: 1}}, {{}}}
	p, err := GridPlate(g, pieces, Options{Cube: 10}, 5)
	if err != nil {
		t.Fatal(err)
	}
	sum, n := 0.0, 0
	for _, c := range pieces {
		m, _ := GridPiece(g, c, Options{Cube: 10})
		sum += m.Volume()
		n += len(m.Triangles)
	}
	if len(p.Triangles) != n || math.Abs(p.Volume()-sum) > 1e-6 {
		t.Errorf("%d triangles, volume %.2f; want %d, %.2f", len(p.Triangles), p.Volume(), n, sum)
	}
	lo, hi := p.Bounds()
	if math.Abs(lo[0]) > 1e-9 || math.Abs(lo[1]) > 1e-9 || math.Abs(lo[2]) > 1e-9 || hi[2] > 20+1e-9 {
		t.Errorf("plate from %v to %v", lo, hi)
	}
	// side by side: wider than the widest piece plus a gap
	if hi[0]-lo[0] < 10+5+5 && hi[1]-lo[1] < 2*10*math.Sqrt(3)/2+5 {
		t.Errorf("plate %v to %v: pieces on top of each other?", lo, hi)
	}
	if _, err := GridPlate(g, pieces, Options{Cube: 10, Clearance: 0.2}, 0); err == nil {
		t.Error("a clearance on prisms is accepted")
	}
}
