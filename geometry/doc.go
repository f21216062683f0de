// Package geometry is the integer lattice polyviz packs into: cells, shapes,
// the 24 rotations and 48 symmetries of space (8 of the plane), the distinct
// orientations of a piece, its placements in a box, and a box's symmetry group.
//
// Everything here is exact integer arithmetic; there are no floats.
//
// The orders follow Donald Knuth's POLYCUBE-DLX and POLYOMINO-DLX, so that the
// options polyviz generates come out in exactly the order his programs write:
// a piece's orientations are found breadth-first from its typical cells, each
// known orientation being turned by two elementary transformations, and a
// new one appended whenever it differs from all that are known.
//
// For example, the L-tricube {000, 100, 010} has 12 distinct orientations, the
// straight tricube 3, and the 2x2x2 cube just 1.
package geometry
