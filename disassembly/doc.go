// Package disassembly finds how a packing comes apart: a pure search on the
// integer lattice, with no knowledge of how the packing was found.
//
// # Moves
//
// A move takes one piece, or a group of pieces held together, and slides it
// by a whole number of cells along one axis (±x, ±y, ±z; ±x and ±y only for
// a planar puzzle), never through another piece: every cell the group passes
// over on its way must be empty. Moving a group any distance in one
// direction counts as one move, as in Andreas Röver's BurrTools, whose
// disassembler counts every edge of its search tree as one step.
//
// The groups tried are the ones BurrTools' movement analysis yields: for a
// seed piece, a direction and a distance k, the smallest set of pieces that
// holds the seed and every piece that would block a member within k cells
// (those must come along). Unions of such groups are not tried separately,
// so a packing reported locked is locked for these moves.
//
// A group is free when it can slide away to infinity in some direction.
// Then the packing separates into two parts, the group and the rest, and
// each part is taken apart on its own, recursively, until every piece is
// alone. A packing can be taken apart when every part separates.
//
// # Level
//
// The level of a packing is BurrTools' level: the number of moves up to and
// including the one that takes the first piece or group out. A piece that
// lifts straight out is level 1. Levels lists the level of every separation
// in the order they are made ("2.1.1" in BurrTools' notation for a packing
// that needs one move before the first piece comes out and whose parts then
// come apart at once).
//
// # Search
//
// Each separation is found breadth first over states, a state being the
// positions of the part's pieces relative to one another (normalised so
// that the first piece is at its start; with a fixed box, absolute), so the
// first separation found needs the fewest moves. The number of states is
// bounded (Options.MaxStates); a search that reaches the bound stops and
// reports Unknown with the bound, never hangs. The search stops promptly
// when its context is cancelled.
//
// # Box
//
// Boxless puzzles (the Soma and Bedlam cubes: the shape itself) have no box:
// every piece may move. With Options.Box set, the box is fixed; its walls
// are the cells around it, except on the open side (Options.Open), through
// which the pieces leave.
//
// # Example
//
// Two dominoes side by side come apart in one move:
//
//	r, _ := disassembly.Disassemble(ctx, []geometry.Shape{
//		geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}),
//		geometry.NewShape(geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1}),
//	}, disassembly.Options{Planar: true})
//	// r.Status == disassembly.Apart, r.Level == 1
package disassembly
