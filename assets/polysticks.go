package assets

// Polysticks is polyviz's polysticks spec (package polystick): pieces of
// unit segments on a board of segments, no two crossing. Library files
// start with "| polysticks". Its Cells are the board's segments.
const Polysticks Format = "polysticks"

// checkedPolysticks: the polystick package's tests recount the figure.
const checkedPolysticks = "recounted by the polystick tests (TestTetrasticks5x5; the whole puzzle with go test -long)"

// tetrasticksEntry is the library's polysticks puzzle.
func tetrasticksEntry() Entry {
	src := "David Goodger, Polyform Puzzler (puzzler.sourceforge.net), polysticks: 15 of 16 tetrasticks, 6x6 grid, 1,795 solutions " +
		"(72 without H, 382 without J, 607 without L, 530 without N, 204 without Y)"
	return Entry{
		Name: "tetrastick-5x5", Title: "Tetrasticks: fifteen of the sixteen in a 5x5 square", Format: Polysticks, Dimensions: "5x5",
		Description: "Fifteen of the sixteen tetrasticks on the 60 unit segments of a 5x5 square (a 6x6 grid of points), " +
			"one of H, J, L, N or Y left out, no two pieces crossing.",
		Source: "Puzzle and piece names from " + src + ".",
		Cells:  60, Pieces: 15, File: "puzzles/tetrastick-5x5.txt",
		Counts: Counts{
			Raw: count(14360, srcComputed+"; eight times the distinct count, since no solution is symmetric", checkedPolysticks),
			All: count(1795, src, checkedPolysticks),
		},
	}
}
