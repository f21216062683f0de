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
// The print settings are Options: the edge of a cell (the unit), a
// clearance and a bevel. The clearance shrinks the piece: every face moves
// inward by the clearance (an exact erosion, see Piece), so two pieces that
// touch in the box are twice the clearance apart when printed and slide
// into one another. The bevel cuts every outer edge back at 45° by that
// much along both of its faces; inner edges stay square.
//
// Plate lays the pieces of a puzzle out flat for one print job; Assembled
// writes a solution as one file, each piece a closed shell of its own in
// its place, apart from the others. Mesh.Check tells whether a mesh is
// what slicers want: closed, manifold, consistently wound, facing out.
//
// Example:
//
//	m := stl.Piece(cells, stl.Options{Cube: 20, Clearance: 0.2, Bevel: 1})
//	if _, err := m.Check(); err != nil { ... }
//	err := m.WriteBinary(w, "piece V")
package stl
