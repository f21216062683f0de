package stl

import (
	"math"
	"slices"
)

// weld triangulates convex polygons that meet edge to edge, each facing
// along its normal, into a watertight mesh: a polygon's edge is split at
// every corner of another polygon that lies on it (a T-junction otherwise),
// and a polygon with more than three corners is fanned from its centre,
// which stays inside it.
func weld(polys [][]Vec, normals []Vec) *Mesh {
	// Stage 1: the corners, in a hash grid of cells about a 32nd of the extent.
	var lo, hi Vec
	for a := range 3 {
		lo[a], hi[a] = math.Inf(1), math.Inf(-1)
	}
	corners := map[Vec]bool{}
	for _, p := range polys {
		for _, v := range p {
			corners[v] = true
			for a := range 3 {
				lo[a], hi[a] = min(lo[a], v[a]), max(hi[a], v[a])
			}
		}
	}
	h := max(hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2]) / 32
	if !(h > 1e-3) {
		h = 1e-3
	}
	cell := func(v Vec) [3]int {
		return [3]int{int(math.Floor((v[0] - lo[0]) / h)), int(math.Floor((v[1] - lo[1]) / h)), int(math.Floor((v[2] - lo[2]) / h))}
	}
	grid := map[[3]int][]Vec{}
	for v := range corners {
		grid[cell(v)] = append(grid[cell(v)], v)
	}
	// onEdge lists the corners strictly inside segment pq, from p to q.
	onEdge := func(p, q Vec) []Vec {
		d := q.Sub(p)
		dd := d.Dot(d)
		a, b := cell(p), cell(q)
		type hit struct {
			t float64
			v Vec
		}
		var hits []hit
		for x := min(a[0], b[0]); x <= max(a[0], b[0]); x++ {
			for y := min(a[1], b[1]); y <= max(a[1], b[1]); y++ {
				for z := min(a[2], b[2]); z <= max(a[2], b[2]); z++ {
					for _, v := range grid[[3]int{x, y, z}] {
						if v == p || v == q {
							continue
						}
						t := v.Sub(p).Dot(d) / dd
						if t <= 0 || t >= 1 {
							continue
						}
						off := v.Sub(Vec{p[0] + t*d[0], p[1] + t*d[1], p[2] + t*d[2]})
						if off.Dot(off) < 1e-12 {
							hits = append(hits, hit{t, v})
						}
					}
				}
			}
		}
		slices.SortFunc(hits, func(a, b hit) int {
			if a.t < b.t {
				return -1
			}
			if a.t > b.t {
				return 1
			}
			return 0
		})
		out := make([]Vec, len(hits))
		for i, x := range hits {
			out[i] = x.v
		}
		return out
	}
	// Stage 2: split the edges, then triangulate.
	m := &Mesh{}
	for i, p := range polys {
		var ring []Vec
		for j, v := range p {
			ring = append(ring, v)
			ring = append(ring, onEdge(v, p[(j+1)%len(p)])...)
		}
		n := normals[i]
		if len(ring) == 3 {
			m.add(n, ring[0], ring[1], ring[2])
			continue
		}
		var c Vec
		for _, v := range p {
			c = Vec{c[0] + v[0], c[1] + v[1], c[2] + v[2]}
		}
		k := float64(len(p))
		c = Vec{c[0] / k, c[1] / k, c[2] / k}
		for j := range ring {
			m.add(n, c, ring[j], ring[(j+1)%len(ring)])
		}
	}
	return m
}
