// Package stl turns polycube pieces into triangle meshes for 3D printing and
// writes them as binary STL files, in millimetres.
//
// A piece's surface is the set of unit faces between a cell of the piece
// and a cell outside it. The faces of each plane are merged greedily into
// rectangles. Merging alone would leave T-junctions (a rectangle corner in
// the middle of a neighbour's edge), which strict mesh checkers report as
// holes; so every rectangle whose edges carry corners of other rectangles
// is fanned from its centre through all of those points, and the mesh stays
// watertight: every edge is shared by exactly two triangles, in opposite
// directions. A rectangle with no such points is two triangles.
//
// A clearance shrinks the piece: every face moves inward by the clearance
// (an exact erosion, see Piece), so printed pieces slide into one another.
//
// Example:
//
//	m := stl.Piece(cells, stl.Options{Cube: 20, Clearance: 0.2})
//	err := m.WriteBinary(w, "piece V")
package stl
