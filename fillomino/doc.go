// Package fillomino reads fillomino puzzles and solves them as exact cover,
// the way Knuth's FILLOMINO-DLX does, then goes on to what setters want:
// counting solutions, checking that a puzzle is unique, and generating
// puzzles that are.
//
// A puzzle is m lines of n entries, each '.' (blank) or a clue 1-9, a-f
// (10-15). A solution replaces every '.' by a label so that every maximal
// rookwise-connected set of cells labelled d is a d-omino. For example,
// Knuth's edge case (its trailing blank line is a sixth row) has one
// solution:
//
//	.31        331
//	134        134
//	314   ->   314
//	3.4        334
//	22.        224
//	           333
//
// The exact-cover problem has one primary item per cell ("ij", hex digits)
// and, for each edge between two blank cells and each label d, a secondary
// item ("vijd" between (i,j-1) and (i,j), "hijd" between (i-1,j) and
// (i,j)). Each option is a feasible d-omino: its cells and the boundary
// edges that separate it from blank cells, so that two d-ominoes can never
// touch. Feasible d-ominoes are those that contain no clue other than d and
// are next to no d-clue outside themselves; they are found by Knuth's
// generalization of Algorithm R (exercise 7.2.2-75).
//
// Parse reads a grid with FILLOMINO-DLX's rules (positions in errors);
// Grid.Build makes the exact-cover problem under a label rule (Labels);
// Build.WriteDLX writes it byte for byte as FILLOMINO-DLX does;
// Solve, Check and Generate do the rest.
package fillomino
