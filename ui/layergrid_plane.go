package ui

import (
	"image"
	"image/color"
	"math"

	"polyviz/editor"
	"polyviz/geometry"
)

// The layer grid on triangles and hexagons (layergrid.go draws squares):
// each cell is drawn in its own shape, its corners taken from geometry's
// drawing solids (Grid.WorldVertices, the prism's bottom face), and a
// click selects the cell whose shape holds the point, so what is drawn and
// what is hit are the same polygons.

// planeCells lists the cells the grid shows: every kind of cell at x in
// lo.X..lo.X+cols-1 and y in lo.Y..lo.Y+rows-1 (a parallelogram).
func (g *layerGrid) planeCells() []geometry.Cell {
	kinds := max(g.lattice.Kinds(), 1)
	out := make([]geometry.Cell, 0, g.cols*g.rows*kinds)
	for y := range g.rows {
		for x := range g.cols {
			for k := range kinds {
				out = append(out, geometry.Cell{X: g.lo.X + x, Y: g.lo.Y + y, Z: k})
			}
		}
	}
	return out
}

// cellPolygon returns the corners of cell c in the plane, world units, in
// order around the cell.
func cellPolygon(solids *geometry.Grid, c geometry.Cell) [][2]float64 {
	vs := solids.WorldVertices(c)
	var out [][2]float64
	for _, v := range vs {
		if v[2] == vs[0][2] { // the bottom face: its corners come first, in order
			out = append(out, [2]float64{v[0], v[1]})
		}
	}
	return out
}

// planeLayout maps world points of the shown cells to pixels: centred in a
// w x h image, y up, one scale for both axes.
type planeLayout struct {
	scale, x0, y0 float64 // pixel = (x0 + scale·x, y0 − scale·y)
}

func (g *layerGrid) planeLayout(w, h int) planeLayout {
	lox, loy := math.Inf(1), math.Inf(1)
	hix, hiy := math.Inf(-1), math.Inf(-1)
	for _, c := range g.planeCells() {
		for _, p := range cellPolygon(g.solids, c) {
			lox, hix = min(lox, p[0]), max(hix, p[0])
			loy, hiy = min(loy, p[1]), max(hiy, p[1])
		}
	}
	if lox > hix {
		return planeLayout{scale: 1}
	}
	margin := 0.02 * float64(min(w, h)) // in proportion: points and pixels agree
	s := min((float64(w)-2*margin)/(hix-lox), (float64(h)-2*margin)/(hiy-loy))
	s = max(s, 1e-3)
	return planeLayout{
		scale: s,
		x0:    (float64(w)-s*(hix-lox))/2 - s*lox,
		y0:    (float64(h)+s*(hiy-loy))/2 + s*loy,
	}
}

func (p planeLayout) pixel(q [2]float64) [2]float64 {
	return [2]float64{p.x0 + p.scale*q[0], p.y0 - p.scale*q[1]}
}

func (p planeLayout) world(x, y float64) [2]float64 {
	return [2]float64{(x - p.x0) / p.scale, (p.y0 - y) / p.scale}
}

// inPolygon reports whether q lies in the convex polygon poly (either
// orientation), its edges included.
func inPolygon(q [2]float64, poly [][2]float64) bool {
	pos, neg := false, false
	for i, a := range poly {
		b := poly[(i+1)%len(poly)]
		cr := (b[0]-a[0])*(q[1]-a[1]) - (b[1]-a[1])*(q[0]-a[0])
		pos = pos || cr > 1e-9
		neg = neg || cr < -1e-9
	}
	return !(pos && neg)
}

// planeCellAt returns the shown cell whose shape holds the point (x, y) of
// a w x h grid.
func (g *layerGrid) planeCellAt(x, y float64, w, h int) (geometry.Cell, bool) {
	q := g.planeLayout(w, h).world(x, y)
	for _, c := range g.planeCells() {
		if inPolygon(q, cellPolygon(g.solids, c)) {
			return c, true
		}
	}
	return geometry.Cell{}, false
}

// drawPlane paints the shown cells into img, each shrunk by a pixel so
// that the background shows between them.
func (g *layerGrid) drawPlane(img *image.NRGBA, fillOf func(geometry.Cell) (color.NRGBA, bool)) {
	b := img.Bounds()
	lay := g.planeLayout(b.Dx(), b.Dy())
	for _, c := range g.planeCells() {
		fill, optional := fillOf(c)
		poly := cellPolygon(g.solids, c)
		px := make([][2]float64, len(poly))
		var mid [2]float64
		for i, q := range poly {
			px[i] = lay.pixel(q)
			mid[0] += px[i][0] / float64(len(poly))
			mid[1] += px[i][1] / float64(len(poly))
		}
		lox, loy, hix, hiy := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for i, q := range px {
			// toward the middle by about a pixel: the gap between cells
			d := math.Hypot(q[0]-mid[0], q[1]-mid[1])
			k := max(d-1.5, 0) / max(d, 1e-9)
			px[i] = [2]float64{mid[0] + k*(q[0]-mid[0]), mid[1] + k*(q[1]-mid[1])}
			lox, hix = min(lox, px[i][0]), max(hix, px[i][0])
			loy, hiy = min(loy, px[i][1]), max(hiy, px[i][1])
		}
		dot := lay.scale / 8 // an optional cell's mark: a dot at its middle
		for y := max(int(loy), b.Min.Y); y <= min(int(hiy)+1, b.Max.Y-1); y++ {
			for x := max(int(lox), b.Min.X); x <= min(int(hix)+1, b.Max.X-1); x++ {
				q := [2]float64{float64(x) + 0.5, float64(y) + 0.5}
				if !inPolygon(q, px) {
					continue
				}
				col := fill
				if optional && math.Hypot(q[0]-mid[0], q[1]-mid[1]) < dot {
					col = color.NRGBA{0xee, 0xee, 0xee, 0xff}
				}
				img.SetNRGBA(x, y, col)
			}
		}
	}
}

// latticeTurn is the piece button's turn t on lattice l: on triangles and
// hexagons the quarter turn about z becomes the lattice's 60° turn and
// the mirror its reflection (geometry's generators); the other turns are
// kept, and the editor refuses them there.
func latticeTurn(l editor.Lattice, t geometry.Transform) geometry.Transform {
	gens := l.Geometry().Generators()
	if l.Solids() == nil || len(gens) < 2 {
		return t
	}
	switch t {
	case turnZ:
		return gens[0]
	case mirrorX:
		return gens[1]
	}
	return t
}
