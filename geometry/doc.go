// Package geometry is the integer lattice polyviz packs into: cells, shapes,
// the lattices (cubes, squares, triangles, hexagons) behind one seam, their
// symmetry groups, the distinct orientations of a piece, its placements in a
// box, and a box's symmetry group.
//
// Everything here is exact integer arithmetic; there are no floats.
//
// # The lattice seam
//
// A Lattice says which integer index triples are cells (IsCell), which cells
// touch (Neighbours), its symmetry group as affine maps on index triples,
// c ↦ M·c + V (Group, a Transform each), which of them are rotations
// (Rotations, Proper), Knuth's elementary transformations (Generators) and
// the breadth-first order in which his programs generate orientations
// (Orientations), which translations map it to itself (IsTranslation) and how
// to normalize a shape (Normalize). The choice of coordinates:
//
//   - Cubes: (x, y, z); 48 symmetries, 24 rotations; Knuth's POLYCUBE-DLX.
//   - Squares: (x, y, tag); 8 symmetries; POLYOMINO-DLX.
//   - Triangles: (x, y, kind + 2·tag), kind 0 = Δ xy, 1 = ∇ xy' (the one to its
//     right); 12 symmetries; POLYIAMOND-DLX. The 60° turn is affine:
//     (x, y, o) ↦ (x+y+o−1, 1−x, 1−o).
//   - Hexagons: axial (x, y, tag), x to the right and y at 60°; 12 symmetries.
//
// On the planar lattices Z is not translated: it holds the cell's kind and a
// tag that every symmetry carries along (the spec readers keep Knuth's
// suffix numbers there). Lattices with several kinds of cell in 3D (BurrTools'
// grids) fit the same seam: IsCell picks the triples that are cells.
//
// The orders follow Donald Knuth's POLYCUBE-DLX, POLYOMINO-DLX and
// POLYIAMOND-DLX, so that the options polyviz generates come out in exactly
// the order his programs write: a piece's orientations are found
// breadth-first from its typical cells, each known orientation being turned
// by two elementary transformations, and a new one appended whenever it
// differs from all that are known.
//
// For example, the L-tricube {000, 100, 010} has 12 distinct orientations on
// Cubes(), the straight tricube 3, and the 2x2x2 cube just 1; the triangle
// diamond {00, 00'} has 3 on Triangles():
//
//	Triangles().Orientations(NewShape(Cell{0, 0, 0}, Cell{0, 0, 1}))
//	// 000 001, 001 100, 001 010: Δ00 ∇00', then ∇00' Δ10, then ∇00' Δ01
//
// The functions without a lattice (Orientations(s, planar), BoxSymmetries,
// Rotations, PlaneSymmetries, Symmetries) are the cubes' and squares' forms
// from before the seam, kept for the packages that still pass `planar`.
package geometry
