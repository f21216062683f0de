package stl

import (
	"fmt"
	"math"

	"polyviz/geometry"
)

// latticeMesh returns the mesh of a piece of a planar lattice's prisms
// (triangles, hexagons: g.Lattice() is not nil) in world units times
// scale, where they lie, every face moved inward by clear (millimetres).
//
// A piece is one layer, so it is its outline drawn up: each side face is
// an edge of the outline, moved inward by clear, and each corner of the
// outline goes to where its two moved edges meet (a mitred offset). So
// every point of the printed piece is at least clear inside the cells,
// and two pieces that touch are at least twice clear apart; at a reflex
// corner a little more is cut than the clearance needs, never less. A
// corner where the outline touches itself (cells meeting at a point only)
// is moved once for each side, so the two sides come apart. The top and
// bottom are the cells with their corners moved the same way, and move
// in by clear too, as every face of a cube does (Piece).
//
// It fails when the clearance turns a cell inside out (a clearance near
// the cells' inradius): an edge of a cell, moved, runs the other way.
func latticeMesh(g *geometry.Grid, cells []geometry.Cell, scale, clear float64) (*Mesh, error) {
	type point [2]int // a corner in the grid's integer vertex frame
	type edge [2]point
	height := geometry.LatticeThickness * scale
	// each cell's outline, counter-clockwise, and every directed edge
	polys := make([][]point, len(cells))
	place := map[point][2]float64{} // a corner's place, in millimetres
	world := func(p point) [2]float64 { return place[p] }
	owner := map[edge]int{}
	for i, c := range cells {
		cv, cw := g.Vertices(c), g.WorldVertices(c)
		var poly []point
		for k, v := range cv {
			if v.Z == 0 {
				p := point{v.X, v.Y}
				poly = append(poly, p)
				place[p] = [2]float64{cw[k][0] * scale, cw[k][1] * scale}
			}
		}
		area := 0.0
		for k := range poly {
			a, b := world(poly[k]), world(poly[(k+1)%len(poly)])
			area += a[0]*b[1] - a[1]*b[0]
		}
		if area < 0 {
			for l, r := 0, len(poly)-1; l < r; l, r = l+1, r-1 {
				poly[l], poly[r] = poly[r], poly[l]
			}
		}
		polys[i] = poly
		for k := range poly {
			owner[edge{poly[k], poly[(k+1)%len(poly)]}] = i
		}
	}
	boundary := func(e edge) bool {
		_, shared := owner[edge{e[1], e[0]}]
		return !shared
	}
	// inward is the unit normal into the piece of the boundary edge e
	inward := func(e edge) [2]float64 {
		a, b := world(e[0]), world(e[1])
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		return [2]float64{-dy / l, dx / l}
	}
	// moved is where corner v of cell i goes: the meeting point of the
	// moved boundary edges that close the wedge of cells around v that
	// holds cell i, found by walking round v across shared edges both
	// ways; v itself when the cells close round it.
	moved := func(i, k int) [2]float64 {
		poly := polys[i]
		v := poly[k]
		p := world(v)
		if clear == 0 {
			return p
		}
		// out: going on from v, cell by cell, to the boundary edge leaving v
		out := edge{v, poly[(k+1)%len(poly)]}
		for n := 0; !boundary(out); n++ {
			j := owner[edge{out[1], out[0]}]
			if n > len(cells) || j == i && n > 0 {
				return p // an inner corner
			}
			q := polys[j]
			for m := range q {
				if q[m] == v {
					out = edge{v, q[(m+1)%len(q)]}
					break
				}
			}
		}
		in := edge{poly[(k+len(poly)-1)%len(poly)], v}
		for n := 0; !boundary(in); n++ {
			j := owner[edge{in[1], in[0]}]
			if n > len(cells) {
				return p
			}
			q := polys[j]
			for m := range q {
				if q[m] == v {
					in = edge{q[(m+len(q)-1)%len(q)], v}
					break
				}
			}
		}
		a, b := inward(in), inward(out)
		// the point at distance clear from both edges' lines: v + clear·(a+b)/(1+a·b)
		d := 1 + a[0]*b[0] + a[1]*b[1]
		if d < 1e-9 { // the edges fold back on each other: no wedge
			return [2]float64{p[0] + clear*a[0], p[1] + clear*a[1]}
		}
		return [2]float64{p[0] + clear*(a[0]+b[0])/d, p[1] + clear*(a[1]+b[1])/d}
	}

	m := &Mesh{}
	up, down := Vec{0, 0, 1}, Vec{0, 0, -1}
	lo, hi := clear, height-clear
	at := func(q [2]float64, z float64) Vec { return Vec{q[0], q[1], z} }
	for i, poly := range polys {
		corners := make([][2]float64, len(poly))
		for k := range poly {
			corners[k] = moved(i, k)
		}
		// every edge of the cell keeps its direction (a cell shrunk past
		// its centre turns round and keeps its area's sign)
		for k := range corners {
			a, b := corners[k], corners[(k+1)%len(corners)]
			p, q := world(poly[k]), world(poly[(k+1)%len(poly)])
			if (b[0]-a[0])*(q[0]-p[0])+(b[1]-a[1])*(q[1]-p[1]) <= 0 {
				return nil, fmt.Errorf("%w: a clearance of %g mm turns a cell of %s inside out", ErrOptions, clear, g.Name())
			}
		}
		for k := 1; k+1 < len(corners); k++ {
			m.add(up, at(corners[0], hi), at(corners[k], hi), at(corners[k+1], hi))
			m.add(down, at(corners[0], lo), at(corners[k+1], lo), at(corners[k], lo))
		}
		for k := range poly {
			e := edge{poly[k], poly[(k+1)%len(poly)]}
			if !boundary(e) {
				continue
			}
			a, b := corners[k], corners[(k+1)%len(poly)]
			n := inward(e)
			out := Vec{-n[0], -n[1], 0}
			m.add(out, at(a, lo), at(b, lo), at(b, hi))
			m.add(out, at(a, lo), at(b, hi), at(a, hi))
		}
	}
	return m, nil
}
