// Package puzzle is polyviz's packing puzzle: a box of cells and pieces on
// one lattice (cubes, squares, triangles, hexagons or a BurrTools grid),
// read from Knuth's specs (POLYCUBE-DLX, POLYOMINO-DLX, POLYIAMOND-DLX and
// polyhex specs in his style) or from a DLX file, and encoded as exact
// cover for package solver: one primary item per piece and per cell, one
// option per placement. It writes the DLX file byte for byte as Knuth's
// generators do, and counts solutions distinct up to the box's symmetries.
//
// A spec is a box line and one line per piece, each a name and its cells;
// a coordinate is one radix-62 character or a bracketed set ([0-2]):
//
//	[0-2][0-2][0-2]
//	V 000 100 010
//	L 000 100 200 010
//	...
//
// Worked example: the Soma cube, raw and up to rotation and reflection.
//
//	p, err := puzzle.ParseSpec("soma.txt", spec, false) // false: cubes, not squares
//	prob, err := p.Problem()                           // 34 items, 688 options
//	st, err := solver.Solve(ctx, prob, solver.Options{}, nil)
//	// st.Solutions == 11520, st.Nodes == 256917: DLX1's figures
//	ds, err := p.SolveDistinct(ctx, puzzle.DistinctAll, solver.Options{}, nil)
//	// ds.Distinct == 240, ds.Raw == 11520, ds.Lock == "Z"
//
// SolveDistinct does not filter the raw solutions: it cuts the search, one
// piece locked to one placement per orbit of the box's symmetry group (and
// a second piece below placements that symmetries fix), and reports each
// class once with its exact size, so Raw is the raw count. Load and
// LoadWith read any input the spec and DLX formats cover, recognising the
// format by name and content (the full registry, with BurrTools' and
// Lepage's files, is package formats); parse errors are *parse.Error with
// file:line:col.
package puzzle
