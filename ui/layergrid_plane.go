package ui

import (
	"cmp"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"polyviz/editor"
	"polyviz/geometry"
)

// The layer grid on triangles, hexagons and BurrTools' grids (layergrid.go
// draws squares): each cell is drawn in its own shape, its corners taken
// from geometry's drawing solids (Grid.WorldVertices: a prism's bottom
// face; on BurrTools' grids a cell of the index layer seen from above, a
// sphere as its disc), and a click selects the cell whose shape holds the
// point, so what is drawn and what is hit are the same polygons. The cells
// of one index layer of those grids do not overlap seen from above (a
// layer of prisms, of spheres, a fifth of a cube of rhombic tetrahedra, a
// third of one of tetrahedra-octahedra), so a point names one cell.

// planeCells lists the cells the grid shows: at x in lo.X..lo.X+cols-1
// and y in lo.Y..lo.Y+rows-1, every kind of cell of a board (a
// parallelogram), or the cells of a grid's layer lo.Z.
func (g *layerGrid) planeCells() []geometry.Cell {
	kinds := 1
	if g.lattice != nil {
		kinds = max(g.lattice.Kinds(), 1)
	}
	out := make([]geometry.Cell, 0, g.cols*g.rows*kinds)
	for y := range g.rows {
		for x := range g.cols {
			if g.lattice == nil {
				if c := (geometry.Cell{X: g.lo.X + x, Y: g.lo.Y + y, Z: g.lo.Z}); g.solids.IsCell(c) {
					out = append(out, c)
				}
				continue
			}
			for k := range kinds {
				out = append(out, geometry.Cell{X: g.lo.X + x, Y: g.lo.Y + y, Z: k})
			}
		}
	}
	return out
}

// cellPolygon returns the corners of cell c seen from above, world units,
// in order around the cell.
func cellPolygon(solids *geometry.Grid, c geometry.Cell) [][2]float64 {
	if r := solids.SphereRadius(); r > 0 {
		m := solids.WorldCentre(c)
		out := make([][2]float64, 24)
		for i := range out {
			a := 2 * math.Pi * float64(i) / float64(len(out))
			out[i] = [2]float64{m[0] + r*math.Cos(a), m[1] + r*math.Sin(a)}
		}
		return out
	}
	vs := solids.WorldVertices(c)
	if solids.Lattice() == nil {
		pts := make([][2]float64, len(vs))
		for i, v := range vs {
			pts[i] = [2]float64{v[0], v[1]}
		}
		return hull(pts)
	}
	var out [][2]float64
	for _, v := range vs {
		if v[2] == vs[0][2] { // the bottom face: its corners come first, in order
			out = append(out, [2]float64{v[0], v[1]})
		}
	}
	return out
}

// hull returns the convex hull of points, counter-clockwise (Andrew's
// monotone chain), points closer than 1e-9 taken as one.
func hull(pts [][2]float64) [][2]float64 {
	slices.SortFunc(pts, func(a, b [2]float64) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	cross := func(o, a, b [2]float64) float64 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	var h [][2]float64
	for pass := range 2 {
		start := len(h)
		for i := range pts {
			p := pts[i]
			if pass == 1 {
				p = pts[len(pts)-1-i]
			}
			for len(h) >= start+2 && cross(h[len(h)-2], h[len(h)-1], p) <= 1e-9 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1] // the last point starts the other chain
	}
	return h
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

// turnEdit is the piece button's turn t on the document's lattice: on
// triangles and hexagons the quarter turn about z becomes the lattice's
// 60° turn and the mirror its reflection (geometry's generators); on
// BurrTools' grids each becomes the grid's own map (orientPiece); the
// other turns are kept, and the editor refuses them where they mean
// nothing.
func (e *editMode) turnEdit(t geometry.Transform) editor.Edit {
	l := e.h.Doc().Lattice
	if g := l.Grid(); g != nil {
		if k, ok := gridTurn(g, t); ok && k >= g.NumRotations() {
			return editor.Batch("mirror piece", editor.OrientPiece(e.sel, k)) // named for Undo
		} else if ok {
			return editor.OrientPiece(e.sel, k)
		}
		return editor.TransformPiece(e.sel, t)
	}
	gens := l.Geometry().Generators()
	if l.Solids() == nil || len(gens) < 2 {
		return editor.TransformPiece(e.sel, t)
	}
	switch t {
	case turnZ:
		t = gens[0]
	case mirrorX:
		t = gens[1]
	}
	return editor.TransformPiece(e.sel, t)
}

// gridTurn returns the map of grid g that the button's turn t stands for:
// for a turn about an axis the grid's least turn about that axis (60° for
// prisms about z, else 90°, 180° when that is all), for the mirror the
// grid's first mirror map.
func gridTurn(g *geometry.Grid, t geometry.Transform) (int, bool) {
	if t == mirrorX {
		return g.NumRotations(), g.NumMaps() > g.NumRotations()
	}
	axis := map[geometry.Transform]int{turnX: 0, turnY: 1, turnZ: 2}[t]
	best, bestAngle := -1, 7.0
	for k := range g.NumRotations() {
		m := g.Matrix(k)
		if math.Abs(m[axis][axis]-1) > 1e-9 {
			continue // not a turn about the axis
		}
		// the angle in the plane of the other two axes, counter-clockwise
		i, j := (axis+1)%3, (axis+2)%3
		a := math.Atan2(m[j][i], m[i][i])
		if a <= 1e-9 {
			a += 2 * math.Pi
		}
		if a < 2*math.Pi-1e-9 && a < bestAngle {
			best, bestAngle = k, a
		}
	}
	return best, best >= 0
}

// solveData is the puzzle as Solve hands it to the window: a spec, or a
// BurrTools file (on BurrTools' grids, with colours or optional cells, or
// opened from one), and the name it is loaded under.
func (e *editMode) solveData() (string, []byte, error) {
	name := e.path
	d := e.h.Doc()
	// a spec says neither colours nor optional cells, and a BurrTools file
	// on cubes is solved as itself, not as a spec under its name
	if d.Lattice.Grid() != nil || len(d.Palette) > 0 || len(d.Optional) > 0 || strings.EqualFold(filepath.Ext(name), xmExt) {
		if name == "" || !strings.EqualFold(filepath.Ext(name), xmExt) {
			name = "new-puzzle" + xmExt
		}
		data, err := e.fileData(name)
		return name, data, err
	}
	if name == "" {
		name = "new-puzzle.txt"
	}
	data, err := d.Spec()
	return name, data, err
}
