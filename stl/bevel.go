package stl

import (
	"math"
	"slices"
	"sort"

	"polyviz/geometry"
)

// The bevel cuts a wedge off every convex edge of the solid: along an edge
// whose solid side is the quadrant du ≥ 0, dv ≥ 0 (du, dv the distances
// into the solid from its two faces), the points with du + dv < Bevel go,
// over the edge's whole length. Where three convex edges meet, the three
// cuts meet in a point; where a convex edge ends against the solid, its
// wedge ends in a small triangle square to the edge. Concave edges keep
// their square corner.
//
// The mesh is built on a grid refined from the solid's own (each of its
// coordinates, and each plus and minus the bevel): every box of that grid
// inside the solid lies wholly inside or outside each wedge's band, so
// what stays of it is the box cut by a few planes, a convex polyhedron. The
// surface is the chamfer faces of those polyhedra and the parts of their
// box faces that the neighbouring box does not cover; the polygons are
// split wherever another polygon's corner lies on their edges, so that the
// mesh stays watertight.

// bevelGrid is a solid made of boxes of a rectilinear grid: box (i, j, k)
// spans [at[0][i], at[0][i+1]] × ... and is in the solid when in says so.
type bevelGrid struct {
	at [3][]float64
	in func(i, j, k int) bool
}

// halfspace is the part of space where n·x ≥ d.
type halfspace struct {
	n Vec
	d float64
}

func (h halfspace) eval(p Vec) float64 { return h.n.Dot(p) - h.d }

// bevelled returns the mesh of a polycube piece with the clearance and the
// bevel of opt.
func bevelled(shape geometry.Shape, opt Options) *Mesh {
	cube, c := opt.cube(), opt.Clearance
	fine := shape
	place := func(f int) float64 { return float64(f) * cube }
	if c > 0 {
		fine = eroded(shape)
		at := [3]float64{0, c, cube - c}
		place = func(f int) float64 {
			n, r := floorDiv(f, 3)
			return float64(n)*cube + at[r]
		}
	}
	lo, hi := fine.Bounds()
	los, his := [3]int{lo.X, lo.Y, lo.Z}, [3]int{hi.X + 1, hi.Y + 1, hi.Z + 1}
	var g bevelGrid
	for a := range 3 {
		for f := los[a]; f <= his[a]; f++ {
			g.at[a] = append(g.at[a], place(f))
		}
	}
	g.in = func(i, j, k int) bool {
		if i < 0 || j < 0 || k < 0 || i >= len(g.at[0])-1 || j >= len(g.at[1])-1 || k >= len(g.at[2])-1 {
			return false
		}
		return fine.Contains(geometry.Cell{X: los[0] + i, Y: los[1] + j, Z: los[2] + k})
	}
	return g.bevel(opt.Bevel)
}

// bevel meshes the solid less the wedges of its convex edges.
func (g bevelGrid) bevel(b float64) *Mesh {
	// Stage 1: the convex edges, by axis, line and interval along it.
	type edgeKey struct{ a, p, q, k int }
	edges := map[edgeKey][2]int{} // the solid's side on u and on v: -1 or +1
	n := [3]int{len(g.at[0]) - 1, len(g.at[1]) - 1, len(g.at[2]) - 1}
	cellIn := func(a, k, p, q int) bool { // the box at k along a, p along u, q along v
		var idx [3]int
		u, v := uv(a)
		idx[a], idx[u], idx[v] = k, p, q
		return g.in(idx[0], idx[1], idx[2])
	}
	for a := range 3 {
		u, v := uv(a)
		for k := range n[a] {
			for p := 0; p <= n[u]; p++ {
				for q := 0; q <= n[v]; q++ {
					count, side := 0, [2]int{}
					for _, du := range []int{-1, 0} {
						for _, dv := range []int{-1, 0} {
							if cellIn(a, k, p+du, q+dv) {
								count++
								side = [2]int{2*du + 1, 2*dv + 1}
							}
						}
					}
					if count == 1 {
						edges[edgeKey{a, p, q, k}] = side
					}
				}
			}
		}
	}
	// Stage 2: the refined grid.
	var fine [3][]float64
	for a := range 3 {
		first, last := g.at[a][0], g.at[a][len(g.at[a])-1]
		for _, x := range g.at[a] {
			for _, y := range []float64{x - b, x, x + b} {
				if y >= first && y <= last {
					fine[a] = append(fine[a], y)
				}
			}
		}
		slices.Sort(fine[a])
		fine[a] = slices.CompactFunc(fine[a], func(x, y float64) bool { return math.Abs(x-y) < 1e-9 })
	}
	interval := func(a int, x float64) int { return sort.SearchFloat64s(g.at[a], x) - 1 }
	// Stage 3: the halfspaces that cut each box of the refined grid inside the solid.
	cuts := func(i, j, k int) ([]halfspace, bool) {
		ctr := Vec{(fine[0][i] + fine[0][i+1]) / 2, (fine[1][j] + fine[1][j+1]) / 2, (fine[2][k] + fine[2][k+1]) / 2}
		orig := [3]int{interval(0, ctr[0]), interval(1, ctr[1]), interval(2, ctr[2])}
		if !g.in(orig[0], orig[1], orig[2]) {
			return nil, false
		}
		var hs []halfspace
		for a := range 3 {
			u, v := uv(a)
			for p := sort.SearchFloat64s(g.at[u], ctr[u]-b); p < len(g.at[u]) && g.at[u][p] < ctr[u]+b; p++ {
				for q := sort.SearchFloat64s(g.at[v], ctr[v]-b); q < len(g.at[v]) && g.at[v][q] < ctr[v]+b; q++ {
					side, ok := edges[edgeKey{a, p, q, orig[a]}]
					if !ok {
						continue
					}
					// Inside, du = side·(x - U) ≥ 0: the solid is below U when side is -1.
					U, V := g.at[u][p], g.at[v][q]
					du, dv := float64(side[0])*(ctr[u]-U), float64(side[1])*(ctr[v]-V)
					if du <= 0 || dv <= 0 || du >= b || dv >= b {
						continue
					}
					var h halfspace
					h.n[u], h.n[v] = float64(side[0]), float64(side[1])
					h.d = b + h.n[u]*U + h.n[v]*V
					hs = append(hs, h)
				}
			}
		}
		return hs, true
	}
	// Stage 4: each box's polygons on the surface.
	var polys [][]Vec
	var normals []Vec
	emit := func(poly []Vec, normal Vec) {
		if poly = cleanPolygon(poly); poly != nil {
			polys, normals = append(polys, poly), append(normals, normal)
		}
	}
	for i := range len(fine[0]) - 1 {
		for j := range len(fine[1]) - 1 {
			for k := range len(fine[2]) - 1 {
				hs, ok := cuts(i, j, k)
				if !ok {
					continue
				}
				lo := Vec{fine[0][i], fine[1][j], fine[2][k]}
				hi := Vec{fine[0][i+1], fine[1][j+1], fine[2][k+1]}
				box := boxHalfspaces(lo, hi)
				// The chamfer faces.
				for x, h := range hs {
					poly := planePolygon(h, lo, hi)
					for _, o := range box {
						poly = clip(poly, o)
					}
					for y, o := range hs {
						if y != x {
							poly = clip(poly, o)
						}
					}
					l := math.Sqrt(h.n.Dot(h.n))
					emit(poly, Vec{-h.n[0] / l, -h.n[1] / l, -h.n[2] / l})
				}
				// The box faces, less what the neighbour covers.
				for a := range 3 {
					for _, dir := range []int{-1, 1} {
						face := boxFace(lo, hi, a, dir)
						for _, h := range hs {
							face = clip(face, h)
						}
						if len(face) < 3 {
							continue
						}
						nb := [3]int{i, j, k}
						nb[a] += dir
						var other []halfspace
						inside := nb[a] >= 0 && nb[a] < len(fine[a])-1
						if inside {
							other, inside = cuts(nb[0], nb[1], nb[2])
						}
						normal := Vec{}
						normal[a] = float64(dir)
						if !inside {
							emit(face, normal)
							continue
						}
						// face less the neighbour's: the parts outside each of its halfspaces in turn
						rest := face
						for _, h := range other {
							emit(clip(rest, halfspace{Vec{-h.n[0], -h.n[1], -h.n[2]}, -h.d}), normal)
							rest = clip(rest, h)
						}
					}
				}
			}
		}
	}
	return weld(polys, normals)
}

// boxHalfspaces returns the six halfspaces whose intersection is the box.
func boxHalfspaces(lo, hi Vec) []halfspace {
	var out []halfspace
	for a := range 3 {
		var n Vec
		n[a] = 1
		out = append(out, halfspace{n, lo[a]})
		n[a] = -1
		out = append(out, halfspace{n, -hi[a]})
	}
	return out
}

// boxFace returns the face of the box at the low (dir -1) or high (dir +1)
// end along axis a, counter-clockwise seen from outside.
func boxFace(lo, hi Vec, a, dir int) []Vec {
	u, v := uv(a)
	at := func(x, y float64) Vec {
		var p Vec
		p[u], p[v] = x, y
		if dir > 0 {
			p[a] = hi[a]
		} else {
			p[a] = lo[a]
		}
		return p
	}
	poly := []Vec{at(lo[u], lo[v]), at(hi[u], lo[v]), at(hi[u], hi[v]), at(lo[u], hi[v])}
	if dir < 0 {
		slices.Reverse(poly)
	}
	return poly
}

// planePolygon returns a square on the plane of h, centred near the box
// and larger than it, to be clipped to it.
func planePolygon(h halfspace, lo, hi Vec) []Vec {
	ctr := Vec{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2}
	nn := h.n.Dot(h.n)
	t := (h.d - h.n.Dot(ctr)) / nn
	p := Vec{ctr[0] + t*h.n[0], ctr[1] + t*h.n[1], ctr[2] + t*h.n[2]}
	// two directions in the plane: the axis the normal has no part of, and the normal across it
	var e Vec
	for a := range 3 {
		if h.n[a] == 0 {
			e[a] = 1
			break
		}
	}
	f := h.n.Cross(e)
	l := math.Sqrt(f.Dot(f))
	size := 4 * math.Sqrt(hi.Sub(lo).Dot(hi.Sub(lo)))
	f = Vec{f[0] / l * size, f[1] / l * size, f[2] / l * size}
	e = Vec{e[0] * size, e[1] * size, e[2] * size}
	return []Vec{
		{p[0] - e[0] - f[0], p[1] - e[1] - f[1], p[2] - e[2] - f[2]},
		{p[0] + e[0] - f[0], p[1] + e[1] - f[1], p[2] + e[2] - f[2]},
		{p[0] + e[0] + f[0], p[1] + e[1] + f[1], p[2] + e[2] + f[2]},
		{p[0] - e[0] + f[0], p[1] - e[1] + f[1], p[2] - e[2] + f[2]},
	}
}

// clip keeps the part of a convex polygon inside h (Sutherland and Hodgman).
func clip(poly []Vec, h halfspace) []Vec {
	var out []Vec
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		dp, dq := h.eval(p), h.eval(q)
		if dp >= 0 {
			out = append(out, p)
		}
		if (dp >= 0) != (dq >= 0) {
			t := dp / (dp - dq)
			out = append(out, Vec{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1]), p[2] + t*(q[2]-p[2])})
		}
	}
	return out
}

// snap rounds a coordinate to a nanometre, so that the corners that
// different polygons compute for the same point are the same.
func snap(v Vec) Vec {
	for a := range v {
		v[a] = math.Round(v[a]*1e6) / 1e6
	}
	return v
}

// cleanPolygon snaps the corners, drops repeated ones and returns nil for
// a polygon with no area.
func cleanPolygon(poly []Vec) []Vec {
	var out []Vec
	for _, p := range poly {
		p = snap(p)
		if len(out) == 0 || out[len(out)-1] != p {
			out = append(out, p)
		}
	}
	for len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	if len(out) < 3 {
		return nil
	}
	var area Vec
	for i := 1; i+1 < len(out); i++ {
		c := out[i].Sub(out[0]).Cross(out[i+1].Sub(out[0]))
		area = Vec{area[0] + c[0], area[1] + c[1], area[2] + c[2]}
	}
	if area.Dot(area) < 1e-12 {
		return nil
	}
	return out
}
