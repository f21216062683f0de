package stl

import (
	"math"
	"slices"

	"polyviz/geometry"
)

// Piece returns the watertight mesh of a polycube piece (see the package
// documentation), in millimetres, with cell (x, y, z) occupying
// [x, x+1]·Cube × [y, y+1]·Cube × [z, z+1]·Cube, less the clearance.
//
// The clearance is an exact erosion: a point stays when the cube of half-side
// Clearance around it is inside the piece. Each cell is cut into 3×3×3 boxes
// at Clearance from its faces, and a box stays when every cell its corner
// region reaches is in the piece; the union of those boxes is meshed like a
// polycube on that finer, uneven grid. So cells that touch only along an
// edge come apart by twice the clearance, and the mesh is a closed manifold.
// Without clearance such an edge is shared by four triangles: the solid
// itself is not a manifold there (see NonManifoldEdges).
//
// A bevel cuts every convex edge back by opt.Bevel along both its faces
// (see bevel.go); the bevelled mesh is made of more, smaller triangles.
func Piece(cells []geometry.Cell, opt Options) *Mesh {
	shape := geometry.NewShape(cells...)
	if opt.Bevel > 0 {
		return bevelled(shape, opt)
	}
	cube, c := opt.cube(), opt.Clearance
	if c <= 0 {
		return meshSurface(shape, func(p lattice) Vec {
			return Vec{float64(p[0]) * cube, float64(p[1]) * cube, float64(p[2]) * cube}
		})
	}
	// On the fine grid, coordinate 3n+r is at n, n+c or n+1-c cubes for r = 0, 1, 2.
	at := [3]float64{0, c, cube - c}
	return meshSurface(eroded(shape), func(p lattice) Vec {
		var v Vec
		for a := range 3 {
			n, r := floorDiv(p[a], 3)
			v[a] = float64(n)*cube + at[r]
		}
		return v
	})
}

func floorDiv(a, b int) (int, int) {
	q, r := a/b, a%b
	if r < 0 {
		q, r = q-1, r+b
	}
	return q, r
}

// eroded returns the boxes of the 3×3×3 cut of every cell that stay after
// the clearance, as cells of the fine grid: box r on an axis (0 near the
// cell's lower face, 1 the middle, 2 near the upper face) reaches the
// neighbour below, no neighbour, or the neighbour above on that axis, and
// stays when every cell it reaches, diagonal ones included, is in the piece.
func eroded(s geometry.Shape) geometry.Shape {
	reach := [3][]int{{0, -1}, {0}, {0, 1}}
	var fine []geometry.Cell
	for _, c := range s {
		for i := range 3 {
			for j := range 3 {
				for k := range 3 {
					ok := true
					for _, dx := range reach[i] {
						for _, dy := range reach[j] {
							for _, dz := range reach[k] {
								ok = ok && s.Contains(c.Add(geometry.Cell{X: dx, Y: dy, Z: dz}))
							}
						}
					}
					if ok {
						fine = append(fine, geometry.Cell{X: 3*c.X + i, Y: 3*c.Y + j, Z: 3*c.Z + k})
					}
				}
			}
		}
	}
	return geometry.NewShape(fine...)
}

// meshSurface meshes the surface of a set of cells; place maps the lattice
// points to millimetres (monotone on each axis, so rectangles stay
// rectangles).
func meshSurface(shape geometry.Shape, place func(lattice) Vec) *Mesh {
	// Stage 1: the unit faces between the cells and the outside, by plane.
	planes := surfaceFaces(shape)
	// Stage 2: merge each plane's faces into rectangles.
	keys := make([]planeKey, 0, len(planes))
	for k := range planes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, planeKey.compare)
	var rects []rect
	for _, k := range keys {
		rects = append(rects, mergeRects(k, planes[k])...)
	}
	// Stage 3: every rectangle corner is a vertex that its neighbours' edges must pass through.
	corners := map[lattice]bool{}
	for _, r := range rects {
		for _, p := range r.corners() {
			corners[p] = true
		}
	}
	// Stage 4: triangulate each rectangle, through the corners on its edges.
	m := &Mesh{}
	for _, r := range rects {
		ring := r.boundary(corners)
		n := Vec{}
		n[r.key.axis] = float64(r.key.dir)
		if len(ring) == 4 {
			m.add(n, place(ring[0]), place(ring[1]), place(ring[2]))
			m.add(n, place(ring[0]), place(ring[2]), place(ring[3]))
			continue
		}
		cs := r.corners()
		lo, hi := place(cs[0]), place(cs[2])
		centre := Vec{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}
		for i := range ring {
			m.add(n, centre, place(ring[i]), place(ring[(i+1)%len(ring)]))
		}
	}
	return m
}

// NonManifoldEdges counts the edges of the lattice where two cells of the
// piece touch along the edge alone (the other two cells around it are not in
// the piece). Without clearance the mesh is closed but such an edge belongs
// to four triangles, which strict mesh checkers reject; any clearance
// separates them.
func NonManifoldEdges(cells []geometry.Cell) int {
	s := geometry.NewShape(cells...)
	n := 0
	for _, c := range s {
		for a := range 3 {
			u, v := uv(a)
			for _, du := range []int{1, -1} {
				// The diagonal neighbour across the edge at +u, +v / -v of c, counted from the lower cell once.
				d := [3]int{}
				d[u], d[v] = du, 1
				e := [3]int{}
				e[u] = du
				f := [3]int{}
				f[v] = 1
				if s.Contains(c.Add(geometry.Cell{X: d[0], Y: d[1], Z: d[2]})) &&
					!s.Contains(c.Add(geometry.Cell{X: e[0], Y: e[1], Z: e[2]})) &&
					!s.Contains(c.Add(geometry.Cell{X: f[0], Y: f[1], Z: f[2]})) {
					n++
				}
			}
		}
	}
	return n
}

// add appends a triangle, turning it so that it faces along n.
func (m *Mesh) add(n, a, b, c Vec) {
	if b.Sub(a).Cross(c.Sub(a)).Dot(n) < 0 {
		b, c = c, b
	}
	m.Triangles = append(m.Triangles, Triangle{Normal: n, V: [3]Vec{a, b, c}})
}

// lattice is a lattice point, a corner of cells.
type lattice [3]int

// planeKey names a plane of faces: the axis of its normal, the normal's
// sign, and the plane's coordinate on that axis.
type planeKey struct {
	axis, dir, level int
}

func (k planeKey) compare(l planeKey) int {
	if k.axis != l.axis {
		return k.axis - l.axis
	}
	if k.dir != l.dir {
		return k.dir - l.dir
	}
	return k.level - l.level
}

// uv returns the two axes spanning planes normal to axis a, in the cyclic
// order that makes e_u × e_v = e_a.
func uv(a int) (int, int) { return (a + 1) % 3, (a + 2) % 3 }

// surfaceFaces lists the unit faces of the piece's surface by plane, each
// face named by the (u, v) coordinates of its least corner.
func surfaceFaces(s geometry.Shape) map[planeKey][][2]int {
	planes := map[planeKey][][2]int{}
	for _, c := range s {
		p := [3]int{c.X, c.Y, c.Z}
		for a := range 3 {
			u, v := uv(a)
			for _, dir := range []int{1, -1} {
				q := p
				q[a] += dir
				if s.Contains(geometry.Cell{X: q[0], Y: q[1], Z: q[2]}) {
					continue
				}
				level := p[a]
				if dir > 0 {
					level++
				}
				k := planeKey{a, dir, level}
				planes[k] = append(planes[k], [2]int{p[u], p[v]})
			}
		}
	}
	return planes
}

// rect is a merged rectangle of faces in a plane: [u0, u1] × [v0, v1].
type rect struct {
	key            planeKey
	u0, v0, u1, v1 int
}

// mergeRects merges a plane's unit faces greedily: from each face not yet
// used, in order of v then u, as far as possible along u, then as many
// whole rows as possible along v.
func mergeRects(k planeKey, faces [][2]int) []rect {
	free := map[[2]int]bool{}
	for _, f := range faces {
		free[f] = true
	}
	order := slices.Clone(faces)
	slices.SortFunc(order, func(a, b [2]int) int {
		if a[1] != b[1] {
			return a[1] - b[1]
		}
		return a[0] - b[0]
	})
	var out []rect
	for _, f := range order {
		if !free[f] {
			continue
		}
		w := 1
		for free[[2]int{f[0] + w, f[1]}] {
			w++
		}
		h := 1
	rows:
		for {
			for i := range w {
				if !free[[2]int{f[0] + i, f[1] + h}] {
					break rows
				}
			}
			h++
		}
		for j := range h {
			for i := range w {
				delete(free, [2]int{f[0] + i, f[1] + j})
			}
		}
		out = append(out, rect{key: k, u0: f[0], v0: f[1], u1: f[0] + w, v1: f[1] + h})
	}
	return out
}

// point returns the lattice point at (u, v) of the rectangle's plane.
func (r rect) point(u, v int) lattice {
	var p lattice
	a := r.key.axis
	ua, va := uv(a)
	p[a], p[ua], p[va] = r.key.level, u, v
	return p
}

func (r rect) corners() [4]lattice {
	return [4]lattice{r.point(r.u0, r.v0), r.point(r.u1, r.v0), r.point(r.u1, r.v1), r.point(r.u0, r.v1)}
}

// boundary walks the rectangle's edges counter-clockwise in (u, v), listing
// its corners and every lattice point of its edges that is a corner of some
// rectangle.
func (r rect) boundary(corners map[lattice]bool) []lattice {
	var ring []lattice
	walk := func(u, v, du, dv, steps int) {
		for i := range steps {
			p := r.point(u+i*du, v+i*dv)
			if i == 0 || corners[p] {
				ring = append(ring, p)
			}
		}
	}
	walk(r.u0, r.v0, 1, 0, r.u1-r.u0)
	walk(r.u1, r.v0, 0, 1, r.v1-r.v0)
	walk(r.u1, r.v1, -1, 0, r.u1-r.u0)
	walk(r.u0, r.v1, 0, -1, r.v1-r.v0)
	return ring
}

// Flat returns the orientation of a piece that suits printing: the lowest
// of its 24 rotations, and among those the one with the most cells on the
// bed (z = 0), normalized.
func Flat(cells []geometry.Cell) geometry.Shape {
	var best geometry.Shape
	bestH, bestBase := math.MaxInt, -1
	for _, o := range geometry.Orientations(geometry.NewShape(cells...), false) {
		h := o.Size().Z
		base := 0
		for _, c := range o {
			if c.Z == 0 {
				base++
			}
		}
		if h < bestH || h == bestH && base > bestBase {
			best, bestH, bestBase = o, h, base
		}
	}
	return best
}
