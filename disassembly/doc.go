// Package disassembly finds how a packing comes apart, as Andreas Röver's
// BurrTools does: a pure search on the integer lattice, with no knowledge
// of how the packing was found. Its level strings equal BurrTools' (tests
// hold the BurrTools example files and packings checked with BurrTools'
// own disassembler, testdata/burrtools-levels.txt).
//
// # Moves
//
// A move slides a group of pieces by a whole number of cells along one
// axis (±x, ±y, ±z; ±x and ±y only for a planar puzzle), never through
// another piece, and counts as one move whatever the distance. Other
// grids have their own axes (see Options.Prisms, Triangles, Hexagons). The moves
// tried from a state are BurrTools': for each direction (+x -x +y -y +z
// -z) and each seed piece, for k = 1, 2, ...: the seed and every piece it
// would push within k cells (and those they push) move k cells, as long as
// they are at most half of the pieces; and the union of such a move with
// every move found before in the same direction by as many cells, when
// that is neither of them nor all the pieces. A group heavier than the
// rest (the box's walls are the heaviest piece) does not move: the others
// move the other way.
//
// A part separates when a single piece, or else a group of at most half
// its pieces, can slide away to infinity. The search is breadth first over
// states (the positions of the part's pieces relative to its first one),
// and from each state the removals are tried before the moves, single
// pieces first, in the order above; the first separation found is taken,
// as in BurrTools, even when one of its parts then does not come apart.
// Each part is then taken apart on its own: first the part that stayed,
// then the part that came out.
//
// # Groups
//
// Options.Groups gives each piece a group, as BurrTools' "group" of a
// piece: a part made only of pieces of one group g > 0 need not come
// apart (Result.Together lists those); group 0 must come apart.
//
// # Level
//
// Result.Levels holds the moves of every separation (removal included), in
// BurrTools' order: a separation, then the part that stayed, then the part
// that came out. Result.LevelString is BurrTools' notation: the moves of
// the first separation, then ".", the notation of the part that stayed,
// then ".", that of the part that came out, each written only when it has
// a separation of more than one move: "4.9.3" (CubeInCage), "98.2.4.2"
// (PelikanBurr), "1" for a packing whose every separation takes one move.
//
// The number of states is bounded (Options.MaxStates); a search that
// reaches the bound stops and reports Unknown with the bound, never hangs.
// The search stops promptly when its context is cancelled.
//
// # Box
//
// Boxless puzzles (the Soma and Bedlam cubes: the shape itself) have no
// box. With Options.Box set, the box is fixed: its walls (the cells around
// it, except on the open side, Options.Open) are one more piece, heavier
// than all the others, as a frame in BurrTools.
//
// # Example
//
// Two dominoes side by side come apart in one move:
//
//	r, _ := disassembly.Disassemble(ctx, []geometry.Shape{
//		geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}),
//		geometry.NewShape(geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1}),
//	}, disassembly.Options{Planar: true})
//	// r.Status == disassembly.Apart, r.LevelString() == "1"
package disassembly
