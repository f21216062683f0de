// Package why says why a packing puzzle (or an exact cover problem) has no
// solution, with the reason a person would give, tried in this order:
//
//  1. a cell that no placement covers (for a bare DLX problem: an item in
//     no option);
//  2. a piece that fits nowhere;
//  3. a cell-count mismatch: the pieces' cells do not add up to the box's;
//  4. a colouring argument: for a colouring of the lattice with 2, 3 or 4
//     colours (the checkerboard, stripes, and others), the colour counts the
//     pieces can have cannot sum to the box's; 31 dominoes on a chessboard
//     missing two opposite corners is the classic case;
//  5. a region cut off whose size no set of pieces can fill;
//  6. otherwise, a small set of cells (at most half the box) that no choice
//     of distinct pieces can cover, found by a search of the relaxed problem that asks
//     only those cells to be covered, bounded by nodes (not time: the answer is the
//     same on every machine).
//
// Each test is a proof when it succeeds: the later ones run only when the
// earlier ones find nothing.
//
// # Example
//
//	r, _ := why.Explain(ctx, loaded.Puzzle, loaded.Problem, why.Options{})
//	if r.Found { fmt.Println(r.Text) }
package why
