package stl

import (
	"fmt"
	"math"
	"testing"

	"polyviz/geometry"
)

// TestBevelCube: a cube of edge L bevelled by b loses a prism of b²/2 along
// each of its 12 edges, less what three prisms share at each of its 8
// corners (b³ - b³/4): L³ - 6b²L + 6b³.
func TestBevelCube(t *testing.T) {
	for _, opt := range []Options{{Cube: 10, Bevel: 1}, {Cube: 20, Bevel: 2.5}, {Cube: 20, Clearance: 0.5, Bevel: 1}} {
		m := Piece(shape("000"), opt)
		r, err := m.Check()
		if err != nil {
			t.Fatalf("%+v: %v", opt, err)
		}
		l, b := opt.Cube-2*opt.Clearance, opt.Bevel
		if want := l*l*l - 6*b*b*l + 6*b*b*b; math.Abs(r.Volume-want) > 1e-6*want {
			t.Errorf("%+v: volume %.6f, want %.6f", opt, r.Volume, want)
		}
	}
}

// TestBevelPieces bevels every library piece and a few hard shapes, with
// the largest bevels the clearances allow among the settings: each
// mesh is closed and manifold with outward normals, and (without
// clearance) loses b²/2 per millimetre of convex edge, give or take what
// the cuts share at the corners (at most b³ at each corner of a cell).
func TestBevelPieces(t *testing.T) {
	if testing.Short() {
		t.Skip("meshes every shape of the library four ways")
	}
	pieces := map[string]geometry.Shape{}
	seen := map[string]bool{}
	for name, s := range libraryPieces(t) {
		if k := fmt.Sprint(Flat(s)); !seen[k] { // each shape once, in whichever puzzle
			seen[k] = true
			pieces[name] = s
		}
	}
	pieces["ring"] = shape("000", "100", "200", "010", "210", "020", "120", "220")
	pieces["staircase"] = shape("000", "100", "110", "111", "211", "212")
	pieces["saddle"] = shape("000", "100", "001")
	for name, s := range pieces {
		for _, opt := range []Options{{Cube: 10, Bevel: 1}, {Cube: 20, Clearance: 0.2, Bevel: 1}, {Cube: 10, Bevel: 2.5}, {Cube: 10, Clearance: 2.4, Bevel: 1.3}} {
			if opt.Clearance == 0 && NonManifoldEdges(s) > 0 {
				continue // two cells touching along an edge alone: not a manifold, bevelled or not
			}
			m := Piece(s, opt)
			r, err := m.Check()
			if err != nil {
				t.Errorf("%s %+v: %v", name, opt, err)
				continue
			}
			if r.Shells != 1 {
				t.Errorf("%s %+v: %d shells", name, opt, r.Shells)
			}
			whole := Piece(s, Options{Cube: opt.Cube, Clearance: opt.Clearance}).Volume()
			if r.Volume >= whole {
				t.Errorf("%s %+v: volume %.3f, not less than unbevelled %.3f", name, opt, r.Volume, whole)
			}
			if opt.Clearance > 0 {
				continue
			}
			b := opt.Bevel
			want := whole - b*b/2*convexEdges(s)*opt.Cube
			if slack := 8 * float64(len(s)) * b * b * b; math.Abs(r.Volume-want) > slack {
				t.Errorf("%s %+v: volume %.3f, want %.3f ± %.3f", name, opt, r.Volume, want, slack)
			}
		}
	}
}

// convexEdges counts the unit edges of the lattice that have exactly one
// of their four cells in the piece.
func convexEdges(s geometry.Shape) float64 {
	n := 0.0
	seen := map[[4]int]bool{}
	for _, c := range s {
		for a := range 3 {
			u, v := uv(a)
			for _, du := range []int{0, 1} {
				for _, dv := range []int{0, 1} {
					// the edge along a at the corner (u+du, v+dv) of c
					p := [3]int{c.X, c.Y, c.Z}
					p[u] += du
					p[v] += dv
					k := [4]int{a, p[0], p[1], p[2]}
					if seen[k] {
						continue
					}
					seen[k] = true
					in := 0
					for _, eu := range []int{-1, 0} {
						for _, ev := range []int{-1, 0} {
							q := p
							q[u] += eu
							q[v] += ev
							if s.Contains(geometry.Cell{X: q[0], Y: q[1], Z: q[2]}) {
								in++
							}
						}
					}
					if in == 1 {
						n++
					}
				}
			}
		}
	}
	return n
}
