package stl

import (
	"fmt"
	"math"
	"sort"

	"polyviz/geometry"
)

// GridPiece returns the mesh of a piece on one of BurrTools' grids, in
// millimetres, resting on z = 0 at the origin. On the grids of polyhedra
// (triangular prisms, rhombic tetrahedra, tetrahedra-octahedra) opt.Cube
// is a prism's edge (and height) or the edge of the cube that rhombic and
// tetra-octa cells are cut from, and the mesh is the faces of its cells
// that no other cell of the piece shares, as triangles facing out. On
// spheres opt.Cube is a sphere's diameter, and the mesh is each sphere as
// the renderer's icosphere (geometry.Icosphere, 320 triangles), a closed
// shell of its own touching its neighbours at one point, as the grid's
// spheres do (glue them, or let the slicer join them). The clearance must
// be 0, and so must the bevel (an erosion of these solids is not done
// yet).
//
// The prisms of triangles and hexagons (a grid with a Lattice) take a
// clearance (see latticeMesh); opt.Cube is a triangle's edge, or the
// distance between two hexagons' centres, and the prism's height.
func GridPiece(g *geometry.Grid, cells []geometry.Cell, opt Options) (*Mesh, error) {
	if g.Lattice() != nil {
		if err := latticeOptions(g, opt); err != nil {
			return nil, err
		}
		m, err := latticeMesh(g, cells, opt.cube(), opt.Clearance)
		if err != nil {
			return nil, err
		}
		lo, _ := m.Bounds()
		out := &Mesh{Triangles: make([]Triangle, 0, len(m.Triangles))}
		out.Append(m, Vec{-lo[0], -lo[1], -lo[2]})
		return out, nil
	}
	if opt.Clearance != 0 || opt.Bevel != 0 {
		return nil, fmt.Errorf("%w: a clearance or a bevel on BurrTools' %s grid is not done yet (use 0)", ErrOptions, g.Name())
	}
	scale := opt.cube()
	if r := g.SphereRadius(); r > 0 {
		return sphereMesh(g, cells, scale/(2*r)), nil
	}
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

// sphereMesh is GridPiece on spheres, world units times scale.
func sphereMesh(g *geometry.Grid, cells []geometry.Cell, scale float64) *Mesh {
	r := g.SphereRadius()
	m := &Mesh{}
	for _, c := range cells {
		ctr := g.WorldCentre(c)
		at := func(u [3]float64) Vec {
			var v Vec
			for a := range 3 {
				v[a] = (ctr[a] + r*u[a]) * scale
			}
			return v
		}
		for _, tr := range geometry.Icosphere() {
			var n Vec
			for a := range 3 {
				n[a] = tr[0][a] + tr[1][a] + tr[2][a]
			}
			l := math.Sqrt(n.Dot(n))
			n = Vec{n[0] / l, n[1] / l, n[2] / l}
			m.add(n, at(tr[0]), at(tr[1]), at(tr[2]))
		}
	}
	lo, _ := m.Bounds() // to rest on z = 0 at the origin
	out := &Mesh{}
	out.Append(m, Vec{-lo[0], -lo[1], -lo[2]})
	return out
}

// GridPlate lays the pieces of a puzzle on one of BurrTools' grids (each
// GridPiece with opt) out on one plate, in rows as Plate does, gap apart
// (a cube, opt.Cube, when gap is not positive).
func GridPlate(g *geometry.Grid, pieces [][]geometry.Cell, opt Options, gap float64) (*Mesh, error) {
	if gap <= 0 {
		gap = opt.cube()
	}
	meshes := make([]*Mesh, len(pieces))
	area := 0.0
	for i, p := range pieces {
		m, err := GridPiece(g, p, opt)
		if err != nil {
			return nil, err
		}
		meshes[i] = m
		lo, hi := m.Bounds()
		area += (hi[0] - lo[0] + gap) * (hi[1] - lo[1] + gap)
	}
	width := math.Sqrt(area)
	plate := &Mesh{}
	x, y, rowDepth := 0.0, 0.0, 0.0
	for _, m := range meshes {
		lo, hi := m.Bounds()
		w, d := hi[0]-lo[0], hi[1]-lo[1]
		if x > 0 && x+w > width {
			x, y, rowDepth = 0, y+rowDepth+gap, 0
		}
		plate.Append(m, Vec{x - lo[0], y - lo[1], -lo[2]})
		x += w + gap
		rowDepth = max(rowDepth, d)
	}
	return plate, nil
}

// latticeOptions checks opt for the prisms of triangles or hexagons: the
// sizes as for cubes, and no bevel (not done on prisms yet).
func latticeOptions(g *geometry.Grid, opt Options) error {
	if opt.Bevel != 0 {
		return fmt.Errorf("%w: a bevel on %s is not done yet (use 0)", ErrOptions, g.Name())
	}
	return opt.Check()
}

// GridAssembled is Assembled on the prisms of triangles or hexagons (a
// grid with a Lattice): each piece in its place, every face moved in by
// opt.Clearance + gap/2, as one mesh resting on z = 0 at the origin.
func GridAssembled(g *geometry.Grid, pieces [][]geometry.Cell, opt Options, gap float64) (*Mesh, error) {
	if g.Lattice() == nil {
		return nil, fmt.Errorf("%w: an assembled solution on BurrTools' %s grid is not done yet", ErrOptions, g.Name())
	}
	if err := latticeOptions(g, opt); err != nil {
		return nil, err
	}
	shrunk, err := assembledShrink(opt, gap)
	if err != nil {
		return nil, err
	}
	m := &Mesh{}
	for _, p := range pieces {
		pm, err := latticeMesh(g, p, shrunk.cube(), shrunk.Clearance)
		if err != nil {
			return nil, err
		}
		m.Append(pm, Vec{})
	}
	lo, _ := m.Bounds()
	out := &Mesh{Triangles: make([]Triangle, 0, len(m.Triangles))}
	out.Append(m, Vec{-lo[0], -lo[1], -lo[2]})
	return out, nil
}
