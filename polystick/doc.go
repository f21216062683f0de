// Package polystick is polysticks puzzles: pieces made of unit segments
// ("sticks") of the square grid, packed onto a board of sticks so that
// every stick of the board is covered once, no two pieces share a stick,
// and no two pieces cross, that is, pass straight through the same point
// one across the other. It becomes exact cover as Knuth's POLYSTICKS
// generator (polysticks.w) makes it: the board's sticks and the pieces are
// primary items, the board's inner points secondary items, and a placement
// covers its piece, its sticks and every inner point it passes straight
// through, so two placements that would cross there exclude each other.
// Pieces that meet at a point where one of them turns or ends do not
// cross, and may.
//
// # The spec
//
// A polysticks spec is a text file of lines:
//
//	| polysticks
//	| Tetrasticks: fifteen of the sixteen in a 5x5 square
//	board 5x5
//	F H00 H10 V00 V10
//	0-1|H H00 H10 V10 H11
//	...
//
// The lines are these:
//
//   - A line that starts with "|" is a comment. The first line of a spec
//     must be the comment "| polysticks" (so polyviz knows the file; with
//     --format polysticks it may be left out).
//   - "board" and one or more words: each either AxB, the A×B rectangle of
//     unit squares (every stick of its (A+1)×(B+1) points, its lower left
//     corner at 0,0), or a stick, "H" or "V" and two radix-36 digits (0-9,
//     a-z) as Knuth writes them: Hxy is the stick from point (x,y) to
//     (x+1,y), Vxy the one from (x,y) to (x,y+1). Board lines add up.
//   - "cross": the pieces may cross (the points are left out).
//   - "one-sided": pieces may be turned but not flipped over.
//   - Any other line is a piece: its name (letters, digits, '-', '_', '.'),
//     and its sticks in any one position. The name may be prefixed with a
//     multiplicity, "2|I" (two copies), or a range "0-1|F" (at most one:
//     the puzzle may leave it out). The piece goes on the board in every
//     orientation (eight motions of the square, four if one-sided) and
//     translation that keeps its sticks on the board.
//
// Puzzle.String writes a puzzle back as a spec. The options are Knuth's:
// his generator writes the same ones for the same pieces and board
// (testdata/README.md).
//
// Errors carry the file, line and column (package parse).
//
// # Distinct solutions
//
// Count counts solutions up to the symmetries of the board (the motions
// of the square grid that map the board's sticks onto themselves),
// rotations only or rotations and reflections; see Count for why the
// count is exact.
package polystick
