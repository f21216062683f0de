package geometry

import (
	"math"
	"sort"
)

// Drawing BurrTools' grids: each cell as a solid in world space, where one
// unit is one index step on the axes that cubes have (a prism is as high as
// its triangle's edge, 1; a cube of rhombic tetrahedra is 5 units a side; a
// tetra-octa cube 3), so a grid puzzle is about as large as its index box.

// worldScale maps a grid's vertex frame (see Vertices) to world units.
func (g *Grid) worldScale() [3]float64 {
	switch g.gridType {
	case 1:
		return [3]float64{0.5, h3, 1}
	case 3:
		return [3]float64{0.5, 0.5, 0.5}
	case 4:
		return [3]float64{1.5, 1.5, 1.5}
	}
	return [3]float64{1, 1, 1}
}

// SphereRadius returns the radius of a sphere of the sphere grid in world
// units (√2/2: neighbours touch), 0 for the grids of polyhedra.
func (g *Grid) SphereRadius() float64 {
	if g.gridType == 2 {
		return math.Sqrt2 / 2
	}
	return 0
}

// WorldCentre returns the centre of cell c in world units.
func (g *Grid) WorldCentre(c Cell) [3]float64 {
	if g.gridType == 2 {
		return [3]float64{float64(c.X), float64(c.Y), float64(c.Z)}
	}
	vs := g.WorldVertices(c)
	var m [3]float64
	for _, v := range vs {
		for k := range 3 {
			m[k] += v[k] / float64(len(vs))
		}
	}
	return m
}

// WorldVertices returns the corners of cell c in world units (nil for spheres).
func (g *Grid) WorldVertices(c Cell) [][3]float64 {
	if g.vertices == nil {
		return nil
	}
	s := g.worldScale()
	vs := g.vertices(c)
	out := make([][3]float64, len(vs))
	for i, v := range vs {
		out[i] = [3]float64{float64(v.X) * s[0], float64(v.Y) * s[1], float64(v.Z) * s[2]}
	}
	return out
}

// Face is one face of a cell: its corners as indices into the cell's
// Vertices, counter-clockwise seen from outside, and its outward unit normal.
type Face struct {
	Corners []int
	Normal  [3]float64
}

// Faces returns the faces of cell c (the convex hull of its corners), nil
// for spheres. Two cells share a face exactly when a face of each has the
// same corners (by Vertices).
func (g *Grid) Faces(c Cell) []Face {
	vs := g.WorldVertices(c)
	if vs == nil {
		return nil
	}
	return hullFaces(vs)
}

func sub3(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot3(a, b [3]float64) float64    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross3(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// hullFaces finds the faces of the convex hull of a few points by brute
// force: a plane through three of them with all others on one side.
func hullFaces(vs [][3]float64) []Face {
	var centre [3]float64
	for _, v := range vs {
		for k := range 3 {
			centre[k] += v[k] / float64(len(vs))
		}
	}
	seen := map[string]bool{}
	var out []Face
	for i := range vs {
		for j := i + 1; j < len(vs); j++ {
			for k := j + 1; k < len(vs); k++ {
				n := cross3(sub3(vs[j], vs[i]), sub3(vs[k], vs[i]))
				l := math.Sqrt(dot3(n, n))
				if l < 1e-9 {
					continue
				}
				n = [3]float64{n[0] / l, n[1] / l, n[2] / l}
				if dot3(n, sub3(centre, vs[i])) > 0 {
					n = [3]float64{-n[0], -n[1], -n[2]}
				}
				var on []int
				ok := true
				for m, v := range vs {
					d := dot3(n, sub3(v, vs[i]))
					switch {
					case math.Abs(d) < 1e-9:
						on = append(on, m)
					case d > 0:
						ok = false
					}
				}
				if !ok {
					continue
				}
				key := ""
				for _, m := range on {
					key += string(rune('a' + m))
				}
				if seen[key] {
					continue
				}
				seen[key] = true
				// order the corners counter-clockwise around n
				var fc [3]float64
				for _, m := range on {
					for q := range 3 {
						fc[q] += vs[m][q] / float64(len(on))
					}
				}
				u := sub3(vs[on[0]], fc)
				w := cross3(n, u)
				sort.Slice(on, func(a, b int) bool {
					pa, pb := sub3(vs[on[a]], fc), sub3(vs[on[b]], fc)
					return math.Atan2(dot3(pa, w), dot3(pa, u)) < math.Atan2(dot3(pb, w), dot3(pb, u))
				})
				out = append(out, Face{Corners: on, Normal: n})
			}
		}
	}
	return out
}
