package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// Picking on a grid scene (Scene.Grid): which cell a drawn face belongs to
// and which cell lies across it, by the grid's own solids and neighbours.

// pickTol is how far apart two corners may be, in world units, and still
// be the same point (a face's corners carry the piece's offset).
const pickTol = 1e-6

// gridFaceCell returns the cell of a grid scene's piece that face f
// belongs to: the cell whose solid has every corner of f, or failing that
// (a sphere's facet) the cell whose centre is nearest the face's centre.
func gridFaceCell(s *Scene, f *quad) geometry.Cell {
	p := &s.Pieces[f.owner]
	if s.Grid.SphereRadius() == 0 {
		for _, cell := range p.Cells {
			if hasCorners(s.Grid.WorldVertices(cell), f, p.Offset) {
				return cell
			}
		}
	}
	c := quadCentre(f).Sub(p.Offset)
	var best geometry.Cell
	d := math.Inf(1)
	for _, cell := range p.Cells {
		if e := vec(s.Grid.WorldCentre(cell)).Sub(c).Len(); e < d {
			best, d = cell, e
		}
	}
	return best
}

// gridFaceStep returns the step from cell, whose solid face f is, to the
// grid's neighbour across f: the neighbour whose solid has every corner of
// f, or on spheres the neighbour in the direction of f from the centre.
// It is zero when no neighbour shares f (a board's prism seen from above).
func gridFaceStep(s *Scene, f *quad, cell geometry.Cell) geometry.Cell {
	g := s.Grid
	off := s.Pieces[f.owner].Offset
	if g.SphereRadius() > 0 {
		ctr := vec(g.WorldCentre(cell))
		dir := quadCentre(f).Sub(off).Sub(ctr)
		var step geometry.Cell
		best := math.Inf(-1)
		for _, n := range g.Neighbours(cell) {
			if d := vec(g.WorldCentre(n)).Sub(ctr).Normalize().Dot(dir); d > best {
				best, step = d, n.Sub(cell)
			}
		}
		return step
	}
	for _, n := range g.Neighbours(cell) {
		if hasCorners(g.WorldVertices(n), f, off) {
			return n.Sub(cell)
		}
	}
	return geometry.Cell{}
}

// hasCorners reports whether every corner of face f, less off, is one of
// the points vs.
func hasCorners(vs [][3]float64, f *quad, off mgl64.Vec3) bool {
	for _, k := range f.corners {
		k = k.Sub(off)
		found := false
		for _, v := range vs {
			if vec(v).Sub(k).Len() < pickTol {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// quadCentre is the mean of a face's four corners (a triangle repeats its
// last corner, which still leaves the mean inside it).
func quadCentre(f *quad) mgl64.Vec3 {
	var c mgl64.Vec3
	for _, k := range f.corners {
		c = c.Add(k)
	}
	return c.Mul(0.25)
}
