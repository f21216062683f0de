package stl

import (
	"errors"
	"math"
	"testing"

	"polyviz/geometry"
)

// TestLatticePrisms: pieces of triangles and hexagons are prisms as thick
// as a cell is wide, closed and manifold, and a clearance moves each face
// in: the outline's area A, perimeter P and corners' Σcot(θ/2) give the
// volume of the mitred offset, (A − P·c + K·c²)·(u − 2c), to compare with.
// A pair of triangles meeting at one corner comes apart into two shells,
// and a ring of hexagons keeps its hole.
func TestLatticePrisms(t *testing.T) {
	tri, hex := geometry.Triangles().Solids(), geometry.Hexagons().Solids()
	delta := func(x, y int) geometry.Cell { return geometry.Cell{X: x, Y: y} }
	nabla := func(x, y int) geometry.Cell { return geometry.Cell{X: x, Y: y, Z: 1} }
	r3 := math.Sqrt(3)
	const u = 20.0
	for _, tc := range []struct {
		name    string
		g       *geometry.Grid
		cells   []geometry.Cell
		a, p, k float64 // area, perimeter and Σcot(θ/2) for the unit u
		shells  int
	}{
		{"hexagon of triangles", tri, []geometry.Cell{delta(1, 1), delta(0, 1), delta(1, 0), nabla(0, 0), nabla(1, 0), nabla(0, 1)},
			3 * r3 / 2 * u * u, 6 * u, 6 / r3, 1},
		{"two triangles at a corner", tri, []geometry.Cell{delta(0, 0), delta(1, 0)},
			2 * r3 / 4 * u * u, 6 * u, 6 * r3, 2},
		{"ring of six hexagons", hex, []geometry.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {X: 1, Y: -1}, {X: -1, Y: 1}},
			6 * r3 / 2 * u * u, 24 * u / r3, 0, 1},
	} {
		for _, c := range []float64{0, 0.2, 1.5} {
			m, err := GridPiece(tc.g, tc.cells, Options{Cube: u, Clearance: c})
			if err != nil {
				t.Fatalf("%s, clearance %g: %v", tc.name, c, err)
			}
			r, err := m.Check()
			if c == 0 && tc.shells > 1 {
				// the prisms share a vertical edge, as cubes may: no manifold
				if err == nil {
					t.Errorf("%s without clearance: a manifold mesh", tc.name)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s, clearance %g: %v", tc.name, c, err)
				continue
			}
			shells := tc.shells
			want := (tc.a - tc.p*c + tc.k*c*c) * (u - 2*c)
			if r.Shells != shells || math.Abs(r.Volume-want) > 1e-6*want {
				t.Errorf("%s, clearance %g: %d shells, volume %.4f; want %d, %.4f", tc.name, c, r.Shells, r.Volume, shells, want)
			}
			lo, hi := m.Bounds()
			if lo != (Vec{}) || math.Abs(hi[2]-(u-2*c)) > 1e-9 {
				t.Errorf("%s, clearance %g: from %v to %v, not resting on the origin %g mm high", tc.name, c, lo, hi, u-2*c)
			}
		}
	}
	if _, err := GridPiece(tri, []geometry.Cell{delta(0, 0)}, Options{Bevel: 1}); !errors.Is(err, ErrOptions) {
		t.Errorf("a bevel on triangles: %v", err)
	}
	if _, err := latticeMesh(tri, []geometry.Cell{delta(0, 0)}, u, 6); !errors.Is(err, ErrOptions) {
		t.Errorf("a clearance past the inradius (%.2f mm): %v", u/(2*r3), err)
	}
}

// TestGridAssembled: a solution on triangles, its pieces in place and
// shrunk, one shell each, twice the clearance and the gap apart; BurrTools'
// own grids are refused.
func TestGridAssembled(t *testing.T) {
	tri := geometry.Triangles().Solids()
	pieces := [][]geometry.Cell{
		{{X: 0, Y: 0}, {X: 0, Y: 0, Z: 1}}, // a diamond
		{{X: 1, Y: 0}, {X: 1, Y: 0, Z: 1}}, // the next one, along an edge
	}
	m, err := GridAssembled(tri, pieces, Options{Cube: 20, Clearance: 0.2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.Check()
	if err != nil || r.Shells != 2 {
		t.Fatalf("%d shells, %v", r.Shells, err)
	}
	// across their shared edge (along e2 = (½, √3/2)) the two diamonds
	// are the gap and two clearances apart: 1.4 mm
	across := func(v Vec) float64 { return v[0]*math.Sqrt(3)/2 - v[1]/2 }
	left, right := math.Inf(-1), math.Inf(1)
	for i, tr := range m.Triangles {
		for _, v := range tr.V {
			if i < len(m.Triangles)/2 {
				left = max(left, across(v))
			} else {
				right = min(right, across(v))
			}
		}
	}
	if math.Abs(right-left-1.4) > 1e-6 {
		t.Errorf("the diamonds are %.6f mm apart across their shared edge; want 1.4 (the gap and two clearances)", right-left)
	}
	if _, err := GridAssembled(geometry.Spheres(), nil, Options{Clearance: 0.2}, 0); err == nil {
		t.Error("an assembled solution on spheres")
	}
}
