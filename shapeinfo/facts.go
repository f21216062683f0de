package shapeinfo

import "polyviz/geometry"

// Single facts for callers that test many shapes one at a time (the piece
// generator's filters) and need none of Describe's naming.

// Connectivity returns the finest level at which the cells of sh hang
// together: ViaFaces (ViaEdges on planar lattices, ViaTouch on spheres),
// ViaEdges, ViaCorners or NotJoined, as Info.Connected says it.
func Connectivity(s Space, sh geometry.Shape) string {
	return connectivity(s, s.untagged(sh))
}

// Holes returns the number of empty cells enclosed by sh: its 3D holes
// (cavities) in space, its 2D holes on a planar lattice; -1 when its
// bounding box is too big to search. Unlike Info.Holes2D in space, the
// answer does not depend on how the shape is turned.
func Holes(s Space, sh geometry.Shape) int {
	return enclosed(s, s.untagged(sh), s.planar())
}
