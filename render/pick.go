package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// Pick returns the index in s.Pieces of the piece drawn at pixel (x, y) of
// a w×h rendering of s seen by cam (see Renderer.Pick).
func Pick(s *Scene, cam Camera, w, h, x, y int) (piece int, ok bool) {
	var r Renderer
	return r.Pick(s, cam, w, h, x, y)
}

// Pick returns the index in s.Pieces of the piece whose face Render draws
// nearest at pixel (x, y) of a w×h image of s seen by cam: the piece a
// click there points at. ok is false when the pixel shows no piece (the
// background, the box, or outside the image).
//
// It runs Render's pipeline for that one pixel: the same faces, camera and
// polygon coverage, the same depth per pixel, so it agrees with the
// z-buffer exactly (tests check it against an image whose pieces have
// distinct colours). A translucent piece in front counts, as it is drawn
// over what lies behind it. Pick leaves r's last image alone.
func (r *Renderer) Pick(s *Scene, cam Camera, w, h, x, y int) (piece int, ok bool) {
	q := r.pickQuad(s, cam, w, h, x, y)
	if q < 0 {
		return 0, false
	}
	return int(r.quads[q].owner), true
}

// PickFace is Pick that also returns the cell of the piece whose face is
// drawn at the pixel and the face's outward normal, a unit step: the cell
// beyond the face is cell.Add(normal). An editor adds a cell there. On a
// grid scene (Scene.Grid) the normal is zero: no unit step leads across a
// face there.
func PickFace(s *Scene, cam Camera, w, h, x, y int) (piece int, cell, normal geometry.Cell, ok bool) {
	var r Renderer
	q := r.pickQuad(s, cam, w, h, x, y)
	if q < 0 {
		return 0, geometry.Cell{}, geometry.Cell{}, false
	}
	f := &r.quads[q]
	if s.Grid != nil {
		return int(f.owner), gridFaceCell(s, f), geometry.Cell{}, true
	}
	n := faceDirs[f.normal].n
	// the face's centre, less the piece's offset, half a cell inwards
	var c mgl64.Vec3
	for _, k := range f.corners {
		c = c.Add(k)
	}
	c = c.Mul(0.25).Sub(s.Pieces[f.owner].Offset).Sub(mgl64.Vec3{float64(n.X), float64(n.Y), float64(n.Z)}.Mul(0.5))
	cell = geometry.Cell{X: int(math.Floor(c[0])), Y: int(math.Floor(c[1])), Z: int(math.Floor(c[2]))}
	return int(f.owner), cell, n, true
}

// pickQuad returns the index in r.quads of the face of a piece drawn
// nearest at pixel (x, y), or -1.
func (r *Renderer) pickQuad(s *Scene, cam Camera, w, h, x, y int) int {
	w, h = min(max(w, 0), maxDim), min(max(h, 0), maxDim)
	if s == nil || x < 0 || y < 0 || x >= w || y >= h {
		return -1
	}
	// faces, camera, as Render has them (without touching the framebuffers)
	r.w, r.h = w, h
	r.buildQuads(s)
	if len(r.quads) == 0 {
		return -1
	}
	r.setCamera(s, cam)

	// the nearest face of a piece covering the pixel
	best := float32(math.Inf(1))
	pick := -1
	var poly [maxPoly]vertex
	for i := range r.quads {
		q := &r.quads[i]
		if q.owner < 0 || r.facing(q) <= 0 {
			continue
		}
		n := r.projectQuad(q, &poly)
		if n < 3 {
			continue
		}
		pl, good := newDepthPlane(poly[:n])
		if !good {
			continue
		}
		i0, i1, z0, dz := pl.span(poly[:n], y, w)
		if x < i0 || x >= i1 {
			continue
		}
		if z := z0 + dz*float32(x-i0); z < best {
			best, pick = z, i
		}
	}
	return pick
}

// gridFaceCell returns the cell of a grid scene's piece that face f
// belongs to: the cell whose centre is nearest the face's centre (a face is
// nearer its own cell's centre than any other cell of the piece, since the
// cell across an exposed face is not the piece's).
func gridFaceCell(s *Scene, f *quad) geometry.Cell {
	p := &s.Pieces[f.owner]
	var c mgl64.Vec3
	for _, k := range f.corners {
		c = c.Add(k)
	}
	c = c.Mul(0.25).Sub(p.Offset)
	var best geometry.Cell
	d := math.Inf(1)
	for _, cell := range p.Cells {
		if e := vec(s.Grid.WorldCentre(cell)).Sub(c).Len(); e < d {
			best, d = cell, e
		}
	}
	return best
}
