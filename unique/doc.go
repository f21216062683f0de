// Package unique proposes the fewest changes that leave a packing puzzle
// with exactly one solution, BurrTools' wish "make it unique".
//
// A change fixes one piece in place: of all its placements it keeps one.
// Find enumerates every raw solution (refusing above Options.MaxSolutions;
// the cost is a raw search, not a count by symmetry),
// indexes for each option (a piece in a placement) the solutions that use
// it, and proposes first the single options used by exactly one solution,
// then pairs of options whose only common solution is one, then triples.
// Every proposal is then proved: the exact-cover problem with the fixed
// pieces' other options removed is solved again with the ordinary solver,
// counting every solution, and kept only if that count is exactly 1.
//
// Solutions are raw here, not up to symmetry: "exactly one" is one raw
// solution, which is also one class, since a piece fixed in place breaks
// the box's symmetry. A puzzle with one raw solution is already unique and
// gets no proposal; one with one class but several raw solutions gets
// proposals that pick one of its symmetric copies.
//
// A copy of a piece of several copies is fixed too when its placement
// covers a cell that must be filled: its cells' other options go, so it
// alone covers them, and the other copies stay free. WriteSpec writes that
// copy as a piece of its own ("D_1", CopyName) in place, and the piece
// with one copy less: the same puzzle, since the copies are alike.
//
// A puzzle with optional cells (BurrTools' variable voxels, named in
// Options.Optional) may also have one made required or taken out of the
// box; when the fewest changes all fix pieces, the fewest changes of
// cells alone follow (Result.Main, CellChanges). A BurrTools problem is
// written with its changes by WriteXM: a piece fixed is said by colour
// constraints, which is how BurrTools can say it.
//
// In a spec the change is written with Knuth's syntax plus one comment line
// after the box, "| in-place NAME...", read by package puzzle: the named
// piece's line gives its cells in the box's own coordinates, and it takes
// that placement alone. Knuth's programs skip the comment and move the
// piece freely, so they still read the file (counting the puzzle before the
// change). WriteSpec writes such a spec.
//
// Worked example: the twelve pentominoes in a 3x20 box have 8 raw
// solutions (2 up to symmetry):
//
//	pz := ... // the spec of pentomino-3x20, read by package puzzle
//	prob, _ := pz.Problem()
//	res, err := unique.Find(ctx, prob, unique.Options{})
//	// res.Solutions == 8; res.Proposals[0].Changes has one change, such
//	// as "F at 80 81 91 92 a1", and res.Proposals[0].Proved == 1
//	err = unique.WriteSpec(w, pz, res.Proposals[0]) // the spec, with "| in-place F"
package unique
