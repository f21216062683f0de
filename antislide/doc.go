// Package antislide finds the packings of copies of one piece in a box in
// which no piece can slide: Knuth's ANTISLIDE (2x2x1 bricks in a 4x4x4
// box), generalized to any box A×B×C and any polycube.
//
// A packing is a set of non-overlapping placements of the piece, in any of
// its rotations; cells may stay empty. It is antisliding when for every
// piece and each of the six unit steps, moving the piece one cell that way
// would take a cell out of the box or onto a cell of another piece. For a
// brick that is Knuth's rule (every face touches the wall or another
// brick). For any polycube the test is the same: the piece's front that way
// (the cells it would move into that it does not cover already) must hold a
// cell of another piece, unless the step leaves the box. The empty box is
// one packing, with 0 pieces.
//
// Count counts the packings by number of pieces, raw and (Options.Distinct)
// up to the symmetries of the box that map the piece's rotations onto
// themselves (Problem.Symmetries). KnuthOutput prints what ANTISLIDE, its
// no-corner change file and ANTISLIDE3 print, byte for byte.
//
// A worked example: the 4x4x4 box with 2x2x1 bricks has 48556 packings;
// up to its 48 symmetries 1171, of which 3 with 12 bricks (the sparsest),
// 1 with 13, 72 with 14, 21 with 15, 1073 with 16 (the box filled), and
// the empty box:
//
//	p, _ := antislide.NewProblem(geometry.Cell{X: 4, Y: 4, Z: 4}, antislide.Brick(2, 2, 1))
//	r, _ := antislide.Count(ctx, p, antislide.Options{Distinct: true})
//	r.TotalRaw(), r.TotalDistinct(), r.Distinct[12] // 48556 1171 3
//
// The search, the orbit roots that count raw packings with fewer nodes and
// the Burnside count of classes are described at engine, orbitRoots and
// Count. A problem file is one line, "antislide box 4x4x4 brick 2x2x1"
// (ParseFile).
package antislide
