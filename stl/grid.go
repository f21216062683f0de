package stl

import (
	"fmt"
	"math"
	"sort"

	"polyviz/geometry"
)

// GridPiece returns the mesh of a piece on one of BurrTools' grids of
// polyhedra (triangular prisms, rhombic tetrahedra, tetrahedra-octahedra),
// in millimetres, opt.Cube being a prism's edge (and height) or the edge of
// the cube that rhombic and tetra-octa cells are cut from: the faces of its cells that no
// other cell of the piece shares, as triangles facing out, the piece moved
// to rest on z = 0 at the origin. The clearance must be 0 (an erosion of
// these solids is not done yet); spheres have no faces and are refused.
func GridPiece(g *geometry.Grid, cells []geometry.Cell, opt Options) (*Mesh, error) {
	if g.SphereRadius() > 0 {
		return nil, fmt.Errorf("%w: STL of spheres is not written yet", ErrOptions)
	}
	if opt.Clearance != 0 {
		return nil, fmt.Errorf("%w: a clearance on BurrTools' %s grid is not done yet (use 0)", ErrOptions, g.Name())
	}
	scale := opt.cube()
	switch g.GridType() {
	case 3:
		scale /= 5 // a cube is 5 world units (geometry.Grid.WorldVertices)
	case 4:
		scale /= 3
	}
	type face struct {
		v [][3]float64
		n [3]float64
	}
	var faces []face
	count := map[string]int{}
	key := func(vs [][3]float64) string {
		ks := make([]string, len(vs))
		for i, v := range vs {
			ks[i] = fmt.Sprintf("%.6f,%.6f,%.6f", v[0], v[1], v[2])
		}
		sort.Strings(ks)
		return fmt.Sprint(ks)
	}
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	for _, c := range cells {
		vs := g.WorldVertices(c)
		for _, f := range g.Faces(c) {
			var fv [][3]float64
			for _, k := range f.Corners {
				fv = append(fv, vs[k])
				for a := range 3 {
					lo[a] = math.Min(lo[a], vs[k][a])
				}
			}
			faces = append(faces, face{fv, f.Normal})
			count[key(fv)]++
		}
	}
	m := &Mesh{}
	at := func(p [3]float64) Vec {
		return Vec{(p[0] - lo[0]) * scale, (p[1] - lo[1]) * scale, (p[2] - lo[2]) * scale}
	}
	for _, f := range faces {
		if count[key(f.v)] > 1 {
			continue // between two cells of the piece
		}
		n := Vec{f.n[0], f.n[1], f.n[2]}
		for k := 1; k+1 < len(f.v); k++ {
			m.add(n, at(f.v[0]), at(f.v[k]), at(f.v[k+1]))
		}
	}
	return m, nil
}
