package ui

import (
	"image/color"
	"math"

	"polyviz/geometry"
)

// The scene before a solution (scene.go): the box and the pieces set out
// beside it, or in a tray (on a grid, beside its board).

// layoutScene is what the view shows of p before there is a solution: the
// box as a ghost and each piece (as many copies as the puzzle has, up to
// maxTrayCopies) set out beside it by the backend's Layout, or the pieces
// alone in a tray when the backend has none.
func layoutScene(b *Backend, p *Puzzle, cs []color.NRGBA, l look) *Scene {
	if b.Layout == nil || len(p.Box) == 0 || p.Grid != nil {
		return trayScene(p, cs, l)
	}
	var shapes []geometry.Shape
	var owner []int // the piece of each shape
	for i, pc := range p.Pieces {
		if len(pc.Orientations) == 0 {
			continue
		}
		for range min(max(pc.Max, 1), maxTrayCopies) {
			shapes = append(shapes, pc.Orientations[0])
			owner = append(owner, i)
		}
	}
	sc := &Scene{Planar: p.Planar, Box: p.Box, Wrap: p.Wrap}
	if p.Labels != nil {
		sc.Labels = p.Labels(nil)
	}
	for k, cells := range b.Layout(p.Box, shapes, p.Planar) {
		if k >= len(owner) || len(cells) == 0 {
			break
		}
		i := owner[k]
		if l.isHidden(i) {
			continue
		}
		sc.Pieces = append(sc.Pieces, ScenePiece{Piece: i, Name: p.Pieces[i].Name, Cells: cells, Color: cs[i], Opacity: l.opacityOf(i)})
	}
	return sc
}

// maxTrayCopies is how many copies of a piece the tray shows at most.
const maxTrayCopies = 4

// trayScene lays the pieces out side by side, in rows, each in its first
// orientation and as many times as the puzzle has copies (up to
// maxTrayCopies): what the view shows before there is a solution. On a
// grid, the box is drawn as a board with the rows beside it (gridBoard).
func trayScene(p *Puzzle, cs []color.NRGBA, l look) *Scene {
	sc := &Scene{Planar: p.Planar, Grid: p.Grid}
	// the extent of the tray's solids in world units, hidden pieces too, so
	// that hiding one moves none of the others
	tlo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	thi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	rowWidth := 12
	if len(p.Box) > 0 {
		lo, hi := geometry.Shape(p.Box).Bounds()
		rowWidth = max(hi.X-lo.X+1, hi.Y-lo.Y+1, 6) * 3 / 2
		if p.Grid != nil { // the box's solids (a skewed lattice's box is wider)
			wlo, whi := gridExtent(p.Grid, p.Box)
			rowWidth = int(math.Ceil(max(whi[0]-wlo[0], whi[1]-wlo[1], 6) * 3 / 2))
		}
	}
	x, y, rowDepth := 0, 0, 0
	for i, pc := range p.Pieces {
		if len(pc.Orientations) == 0 {
			continue
		}
		shape := pc.Orientations[0]
		lo, hi := shape.Bounds()
		w, d := hi.X-lo.X+1, hi.Y-lo.Y+1
		var wlo, whi [3]float64 // a grid's solids: their extent in world units
		if p.Grid != nil {
			wlo, whi = gridExtent(p.Grid, shape)
			w, d = int(math.Ceil(whi[0]-wlo[0]-1e-9)), int(math.Ceil(whi[1]-wlo[1]-1e-9))
		}
		for range min(max(pc.Max, 1), maxTrayCopies) {
			if x > 0 && x+w > rowWidth {
				x, y, rowDepth = 0, y-rowDepth-1, 0
			}
			cells := make([]geometry.Cell, len(shape))
			var off [3]float64
			for k, c := range shape {
				cells[k] = geometry.Cell{X: c.X - lo.X + x, Y: c.Y - lo.Y + y - d + 1, Z: c.Z - lo.Z}
			}
			if p.Grid != nil {
				// a shift of cells need not be a translation of the grid:
				// move the solid instead
				// (and its extent is that of the solids, not of the index box)
				cells = shape
				off = [3]float64{float64(x) - wlo[0], float64(y-d+1) - wlo[1], -wlo[2]}
				for k := range 3 {
					tlo[k], thi[k] = math.Min(tlo[k], wlo[k]+off[k]), math.Max(thi[k], whi[k]+off[k])
				}
			}
			if !l.isHidden(i) {
				sc.Pieces = append(sc.Pieces, ScenePiece{Piece: i, Name: pc.Name, Cells: cells, Color: cs[i], Opacity: l.opacityOf(i), Offset: off})
			}
			x += w + 1
			rowDepth = max(rowDepth, d)
		}
	}
	if p.Grid != nil && len(p.Box) > 0 {
		gridBoard(sc, p.Box, tlo, thi)
	}
	return sc
}

// gridBoard puts the box of a grid's tray scene at its place as a board
// and moves the pieces (their solids' extent tlo, thi) off it: centred
// below it, a unit apart, when the puzzle is flat, as the squares' layout
// has it; else to its right, their front level with its front, as the
// cubes' layout has it.
func gridBoard(sc *Scene, box []geometry.Cell, tlo, thi [3]float64) {
	sc.Box, sc.GridBoard = box, true
	if tlo[0] > thi[0] {
		return // no pieces
	}
	blo, bhi := gridExtent(sc.Grid, box)
	d := [3]float64{bhi[0] + 1 - tlo[0], blo[1] - tlo[1], 0}
	if sc.Planar {
		d = [3]float64{(blo[0] + bhi[0] - tlo[0] - thi[0]) / 2, blo[1] - 1 - thi[1], 0}
	}
	for i := range sc.Pieces {
		for k := range 3 {
			sc.Pieces[i].Offset[k] += d[k]
		}
	}
}

// gridExtent returns the box in world units around the solids of a shape
// on grid g (for spheres, around the balls).
func gridExtent(g *geometry.Grid, shape geometry.Shape) (lo, hi [3]float64) {
	lo = [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	add := func(p [3]float64) {
		for k := range 3 {
			lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
		}
	}
	r := g.SphereRadius()
	for _, c := range shape {
		if r > 0 {
			ctr := g.WorldCentre(c)
			add([3]float64{ctr[0] - r, ctr[1] - r, ctr[2] - r})
			add([3]float64{ctr[0] + r, ctr[1] + r, ctr[2] + r})
			continue
		}
		for _, v := range g.WorldVertices(c) {
			add(v)
		}
	}
	return lo, hi
}
