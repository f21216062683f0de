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
// drawn at the pixel and the step across that face: the cell beyond it is
// cell.Add(normal). An editor adds a cell there. On cubes the step is the
// face's outward normal; on a grid scene (Scene.Grid) it leads to the
// grid's neighbour that shares the face (for spheres, the neighbour that
// touches the sphere nearest the point picked), and it is zero where no
// cell lies beyond (the top and bottom of a board's prism).
func PickFace(s *Scene, cam Camera, w, h, x, y int) (piece int, cell, normal geometry.Cell, ok bool) {
	var r Renderer
	q := r.pickQuad(s, cam, w, h, x, y)
	if q < 0 {
		return 0, geometry.Cell{}, geometry.Cell{}, false
	}
	f := &r.quads[q]
	if s.Grid != nil {
		cell := gridFaceCell(s, f)
		return int(f.owner), cell, gridFaceStep(s, f, cell), true
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
