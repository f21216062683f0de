package render

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// quad is one exposed unit face of a cube, wound counter-clockwise seen from
// outside (from the side its normal points to).
type quad struct {
	corners [4]mgl64.Vec3 // world space, offset included
	owner   int32         // piece index, or -1 for the box
	normal  uint8         // face direction, an index into faceDirs
	// edges has bit k set when the edge from corner k to corner k+1 is an
	// outline: a silhouette or crease of the piece, not a seam between two
	// coplanar faces of the same piece.
	edges uint8
	// free marks a face of a cell of one of BurrTools' other grids (see
	// Scene.Grid): its normal is nrm, not a face direction, and shade is
	// its lit colour. A triangle repeats its last corner.
	free  bool
	nrm   mgl64.Vec3
	shade uint32
	// inner has bit k set when the edge from corner k to corner k+1 lies
	// inside one face of a grid's solid (a diagonal of a face cut into
	// quads, a sphere's facet): not an edge of a cell, never drawn, not
	// even by Style.CellEdges.
	inner uint8
}

// faceDir describes one of the six face directions: the outward normal n and
// two tangents u, v with u × v = n.
type faceDir struct{ n, u, v geometry.Cell }

var faceDirs = [6]faceDir{
	{n: geometry.Cell{X: 1}, u: geometry.Cell{Y: 1}, v: geometry.Cell{Z: 1}},
	{n: geometry.Cell{X: -1}, u: geometry.Cell{Z: 1}, v: geometry.Cell{Y: 1}},
	{n: geometry.Cell{Y: 1}, u: geometry.Cell{Z: 1}, v: geometry.Cell{X: 1}},
	{n: geometry.Cell{Y: -1}, u: geometry.Cell{X: 1}, v: geometry.Cell{Z: 1}},
	{n: geometry.Cell{Z: 1}, u: geometry.Cell{X: 1}, v: geometry.Cell{Y: 1}},
	{n: geometry.Cell{Z: -1}, u: geometry.Cell{Y: 1}, v: geometry.Cell{X: 1}},
}

// neg returns -c.
func neg(c geometry.Cell) geometry.Cell { return geometry.Cell{X: -c.X, Y: -c.Y, Z: -c.Z} }

// cellSet is a sorted, duplicate-free copy of a piece's cells that answers
// membership by binary search. Its buffer is reused from frame to frame.
type cellSet []geometry.Cell

func (s *cellSet) reset(cells []geometry.Cell) {
	*s = append((*s)[:0], cells...)
	slices.SortFunc(*s, geometry.Cell.Compare)
	*s = slices.Compact(*s)
}

func (s cellSet) has(c geometry.Cell) bool {
	_, ok := slices.BinarySearchFunc(s, c, geometry.Cell.Compare)
	return ok
}

// appendFaces appends to qs the exposed faces of the cells in set (a face is
// exposed when the cell across it is not in the set, nor in solid), each
// marked with its outline edges, moved by off and owned by owner.
//
// Solid holds the cells of opaque pieces that share this set's offset, or
// nothing: a face against one of them is buried in the packing and can never
// be seen, so it is left out (the z-buffer would hide it anyway; leaving it
// out saves the overdraw).
//
// An edge of a face is an outline unless the face continues across it into a
// coplanar face of the same set: the cell across the edge is in the set and
// the cell in front of that one is not. So a flat 2×2 wall shows only its
// border, while convex and concave creases are drawn.
func appendFaces(qs []quad, set, solid cellSet, off mgl64.Vec3, owner int32) []quad {
	for _, c := range set {
		for d, f := range faceDirs {
			if next := c.Add(f.n); set.has(next) || solid.has(next) {
				continue // hidden between two cubes
			}
			// the face's origin corner, then counter-clockwise around n
			o := c
			if f.n.X+f.n.Y+f.n.Z > 0 {
				o = o.Add(f.n)
			}
			q := quad{owner: owner, normal: uint8(d)}
			pts := [4]geometry.Cell{o, o.Add(f.u), o.Add(f.u).Add(f.v), o.Add(f.v)}
			for k, p := range pts {
				q.corners[k] = mgl64.Vec3{float64(p.X), float64(p.Y), float64(p.Z)}.Add(off)
			}
			// edge k's outward side: -v, +u, +v, -u
			across := [4]geometry.Cell{neg(f.v), f.u, f.v, neg(f.u)}
			for k, e := range across {
				next := c.Add(e)
				if !set.has(next) || set.has(next.Add(f.n)) {
					q.edges |= 1 << k
				}
			}
			qs = append(qs, q)
		}
	}
	return qs
}
