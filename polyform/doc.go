// Package polyform enumerates polyforms: the connected shapes of n cells on
// one of geometry's lattices (polyominoes on squares, polycubes on cubes,
// polyiamonds on triangles, polyhexes on hexagons), each once up to an
// equivalence: Free (any symmetry of the lattice, reflections included),
// OneSided (rotations only) or Fixed (translations only).
//
// Each piece is kept as its canonical form, the least of its normalized
// images under the allowed motions (see Canonical), so that two shapes are
// the same piece exactly when their canonical forms are equal. Enumerate
// grows the canonical forms of n−1 cells by one touching cell each and
// keeps the new canonical forms.
//
// For example, the free pentominoes:
//
//	pieces, err := polyform.Enumerate(ctx, geometry.Squares(), 5, polyform.Options{})
//	// 12 pieces, "5-1" ... "5-12"; pieces[0].Cells is the I: 00 01 02 03 04
//
// The counts are the published sequences (OEIS A000105, A000988, A001168
// for polyominoes free, one-sided and fixed; A000162, A038119, A001931 for
// polycubes; A000577, A006534, A001420 for polyiamonds; A000228, A006535,
// A001207 for polyhexes).
//
// Polysticks, whose cells are the unit segments of the square grid rather
// than cells of a geometry lattice, have their own type, Stick, and
// EnumerateSticks (OEIS A019988, A151537, A096267: 1, 2, 5, 16, 55, 222
// free polysticks of 1 to 6 sticks).
package polyform
