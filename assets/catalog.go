package assets

import (
	"fmt"
	"strings"
)

// Where the figures come from. A count's Checked field says how the tests of
// this package recount it with their own small solver (cover_test.go), which
// shares no code with package puzzle or package solver.
const (
	srcKnuthDLX1 = "Knuth's DLX1 on the DLX file POLY*-DLX writes (polyviz shared/reference)"
	srcLepage    = "Marc Lepage, polycube-solver README (github.com/mlepage/polycube-solver)"
	srcWikiPent  = "Wikipedia, Pentomino (after C. B. and J. Haselgrove, Eureka 23, 1960); Lepage's README"
	srcScott     = "Dana Scott (1958), in Martin Gardner, More Mathematical Diversions; Wikipedia, Pentomino"
	srcTomas     = "Rogelio Tomas, Tetrominoes (rtomas.web.cern.ch/rtomas/Tetrominoes)"
	srcComputed  = "computed by polyviz (no published figure found)"
	srcKurowski  = "Scott Kurowski, Tetris Cube Solved (scottkurowski.com/tetriscube); the package says 9,839"
	srcOneSided  = "computed by polyviz, and by its dancing-links engine on a DLX file of the pieces' rotations written independently of polyviz"

	checkedTest = "recounted by the assets tests"
	checkedLong = "recounted by the assets tests (go test -long)"
	checkedLock = "recounted by the assets tests (go test -long), one asymmetric piece locked to one orientation"
	checkedRaw  = "follows from the recounted distinct count: no packing is fixed by a rotation, since one piece is asymmetric and unique"

	checkedLattice = "recounted by the assets tests with polyviz's solver (TestLatticeCounts); the polyhex counts also by a brute-force test in package puzzle"
	srcKnuthIamond = "Knuth's DLX1 on the DLX file POLYIAMOND-DLX writes (polyviz shared/reference/polyiamond)"

	checkedFillomino  = "recounted by the assets tests with package fillomino (DLX1's search on FILLOMINO-DLX's problem)"
	checkedAntislide  = "recounted by the assets tests with package antislide"
	srcKnuthAntislide = "Knuth's ANTISLIDE3 (polyviz shared/reference/antislide)"
	checkedLepage     = "recounted by the assets tests with polyviz's Lepage reader and solver, which print his output byte for byte"
	checkedLepageLong = "recounted by the assets tests with polyviz's Lepage reader and solver (go test -long)"

	checkedBurr     = "recounted by the assets tests (TestBurrToolsCounts) with both engines; BurrTools 0.6.x's burrTxt -q counts the same number of assemblies"
	checkedBurrLong = "recounted by the assets tests (TestBurrToolsCounts, go test -long) with both engines; BurrTools 0.6.x's burrTxt -q counts the same number of assemblies"
	srcDeverw       = "deverw, IQpuzzler (github.com/deverw/IQpuzzler), README: 4,360 solutions for the 3D pyramid, counted with the red L kept to 5 of its 24 orientations (1 lying, 4 standing)"
	srcBurrTxt      = "counted by BurrTools 0.6.x's burrTxt and by polyviz (no published figure found)"
	srcTakada       = "Yousuke Takada, Twenty-Ball Pyramid Puzzle (github.com/yousuketakada/ball_pyramid_puzzle): two solutions, the second by swapping the straight pieces"
)

func goodger(class string) string {
	return "David Goodger, Polyform Puzzler, class " + class + " (puzzler.sourceforge.net)"
}

// count builds a Count; a short helper keeps the table readable.
func count(n int64, source, checked string) Count {
	return Count{N: n, Source: source, Checked: checked}
}

// catalog is the library. Each entry's figures are checked against its file
// by the tests: cells, pieces, dimensions, and every count marked checked.
func catalog() []Entry {
	pentomino := func(name, title, dims, desc string, raw, rot, all Count) Entry {
		return Entry{
			Name: name, Title: "Pentominoes: " + title, Format: Polyomino, Dimensions: dims,
			Description: "The twelve pentominoes, each once, on " + desc + ".",
			Source:      "Classic (Golomb, Polyominoes; Knuth, TAOCP 7.2.2.1); pieces as in Knuth's POLYOMINO-DLX examples.",
			Cells:       60, Pieces: 12, File: "puzzles/" + name + ".txt",
			Counts: Counts{Raw: raw, Rotations: rot, All: all},
		}
	}
	soma := func(name, title, dims, desc, class string, raw, rot, all int64) Entry {
		return Entry{
			Name: name, Title: "Soma figure: " + title, Format: Polycube, Dimensions: dims,
			Description: "The seven Soma pieces built into " + desc + ".",
			Source:      "Figure from " + goodger(class) + ".",
			Cells:       27, Pieces: 7, File: "puzzles/" + name + ".txt",
			Counts: Counts{
				Raw:       count(raw, srcComputed, checkedTest),
				Rotations: count(rot, goodger(class), checkedTest),
				All:       count(all, srcComputed, checkedTest),
			},
		}
	}
	// lepage is one of Marc Lepage's own problem files. Its Raw count is
	// the number of solutions his program prints for it: his lock and
	// constrain are part of the file's exact-cover problem.
	lepage := func(name, file, title, dims, desc string, cells, pieces int, n int64, checked string) Entry {
		return Entry{
			Name: "lepage-" + name, Title: "Lepage: " + title, Format: Lepage, Dimensions: dims,
			Description: desc,
			Source:      "Marc Lepage, polycube-solver (github.com/mlepage/polycube-solver), problems/" + file + ".txt, unchanged.",
			Cells:       cells, Pieces: pieces, File: "puzzles/lepage-" + name + ".txt",
			Counts: Counts{Raw: count(n, srcLepage, checked)},
		}
	}
	fillomino := func(size string, seed, cells, regions int, desc string) Entry {
		return Entry{
			Name: "fillomino-" + size, Title: "Fillomino " + size, Format: Fillomino, Dimensions: size,
			Description: "A fillomino puzzle with exactly one solution. " + desc,
			Source:      fmt.Sprintf("generated by polyviz fillomino-gen --size %s --seed %d (unique under Knuth's label rule: regions up to the largest clue)", size, seed),
			Cells:       cells, Pieces: regions, File: "puzzles/fillomino-" + size + ".txt",
			Counts: Counts{Raw: count(1, "fillomino-gen removes clues only while the solution stays unique", checkedFillomino)},
		}
	}
	antislideEntry := func(name, what, desc string, cells, most int, raw, all Count) Entry {
		box, _, _ := strings.Cut(name, "-")
		return Entry{
			Name: "antislide-" + name, Title: "Antislide: " + what + " in a " + box + " box", Format: Antislide,
			Dimensions: box, Description: desc + " The counts include the empty box, as Knuth's do.",
			Source: "Donald E. Knuth, ANTISLIDE (2x2x1 bricks in a 4x4x4 box), generalized by polyviz to any box and piece.",
			Cells:  cells, Pieces: most, File: "puzzles/antislide-" + name + ".txt",
			Counts: Counts{Raw: raw, All: all},
		}
	}
	return []Entry{
		{
			Name: "tetromino-5x8", Title: "Tetrominoes, two sets: 5x8 rectangle", Format: Polyomino, Dimensions: "5x8",
			Description: "Two copies of each of the five tetrominoes on a 5x8 rectangle (one set fills no rectangle).",
			Source:      srcTomas + "; multiplicities in Knuth's m|Name notation.",
			Cells:       40, Pieces: 10, File: "puzzles/tetromino-5x8.txt",
			Counts: Counts{
				Raw:       count(3106, "derived from "+srcTomas+": 99,392 with the copies told apart, / 2^5", checkedTest),
				Rotations: count(1566, srcComputed, checkedTest),
				All:       count(783, srcTomas, checkedTest),
			},
		},
		{
			Name: "tetromino-4x10", Title: "Tetrominoes, two sets: 4x10 rectangle", Format: Polyomino, Dimensions: "4x10",
			Description: "Two copies of each of the five tetrominoes on a 4x10 rectangle.",
			Source:      srcTomas + "; multiplicities in Knuth's m|Name notation.",
			Cells:       40, Pieces: 10, File: "puzzles/tetromino-4x10.txt",
			Counts: Counts{
				Raw:       count(1796, "derived from "+srcTomas+": 57,472 with the copies told apart, / 2^5", checkedTest),
				Rotations: count(898, srcComputed, checkedTest),
				All:       count(449, srcTomas, checkedTest),
			},
		},
		pentomino("pentomino-6x10", "6x10 rectangle", "6x10", "a 6x10 rectangle",
			count(9356, srcKnuthDLX1, checkedLong), count(4678, srcComputed, checkedLong), count(2339, srcWikiPent, checkedLong)),
		pentomino("pentomino-5x12", "5x12 rectangle", "5x12", "a 5x12 rectangle",
			count(4040, srcKnuthDLX1, checkedLong), count(2020, srcComputed, checkedLong), count(1010, srcWikiPent, checkedLong)),
		pentomino("pentomino-4x15", "4x15 rectangle", "4x15", "a 4x15 rectangle",
			count(1472, srcKnuthDLX1, checkedTest), count(736, srcComputed, checkedTest), count(368, srcWikiPent, checkedTest)),
		pentomino("pentomino-3x20", "3x20 rectangle", "3x20", "a 3x20 rectangle",
			count(8, srcKnuthDLX1, checkedTest), count(4, srcComputed, checkedTest), count(2, srcWikiPent, checkedTest)),
		pentomino("pentomino-8x8-hole", "8x8 square without its centre", "8x8", "an 8x8 square with the central 2x2 square removed",
			count(520, srcComputed, checkedLong), count(130, srcComputed, checkedLong), count(65, srcScott, checkedLong)),
		{
			Name: "pentomino-onesided-3x30", Title: "Pentominoes, one-sided: 3x30 rectangle", Format: Polyomino, Dimensions: "3x30",
			Description: "The eighteen one-sided pentominoes, each once, on a 3x30 rectangle: the pieces turn in the plane " +
				"but are never turned over, so each chiral pentomino comes with its mirror image (F and F').",
			Source: goodger("OneSidedPentominoes3x30") + ", which counts 46 solutions up to the board's turns and reflections; " +
				"the spec's \"| one-sided\" line keeps the pieces to their rotations.",
			Cells: 90, Pieces: 18, File: "puzzles/pentomino-onesided-3x30.txt",
			Counts: Counts{
				Raw:       count(184, srcOneSided, checkedTest),
				Rotations: count(92, srcOneSided, checkedTest),
				All:       count(46, goodger("OneSidedPentominoes3x30"), checkedTest),
			},
		},
		{
			Name: "tetromino-onesided-5x6", Title: "Tetrominoes, one-sided: 5x6 less two corners", Format: Polyomino, Dimensions: "5x6",
			Description: "The seven one-sided tetrominoes (the Tetris pieces), each once, on a 5x6 rectangle less two corners: " +
				"T's chessboard imbalance keeps them out of every rectangle.",
			Source: "A small one-sided puzzle of polyviz's own; the spec's \"| one-sided\" line keeps the pieces to their rotations.",
			Cells:  28, Pieces: 7, File: "puzzles/tetromino-onesided-5x6.txt",
			Counts: Counts{
				Raw:       count(20, srcOneSided, checkedTest),
				Rotations: count(20, srcOneSided, checkedTest),
				All:       count(10, srcOneSided, checkedTest),
			},
		},
		{
			Name: "tetromino-onesided-4x14", Title: "Tetrominoes, one-sided, two sets: 4x14 rectangle", Format: Polyomino, Dimensions: "4x14",
			Description: "Two copies of each of the seven one-sided tetrominoes (the Tetris pieces) on a 4x14 rectangle.",
			Source: "A one-sided puzzle of polyviz's own; multiplicities in Knuth's m|Name notation, and the spec's \"| one-sided\" line " +
				"keeps the pieces to their rotations.",
			Cells: 56, Pieces: 14, File: "puzzles/tetromino-onesided-4x14.txt",
			Counts: Counts{
				Raw:       count(41264, srcOneSided, checkedTest),
				Rotations: count(20632, srcOneSided, checkedTest),
				All:       count(10316, srcOneSided, checkedTest),
			},
		},
		{
			Name: "hexomino-parallelogram", Title: "Hexominoes: 15x14 parallelogram", Format: Polyomino, Dimensions: "14x28",
			Description: "The 35 hexominoes on a parallelogram of 14 rows of 15 cells, each row shifted by one " +
				"(no rectangle is possible, by a chessboard-colouring argument).",
			Source: "Solomon W. Golomb, Polyominoes; " + goodger("HexominoesParallelogram15x14") + ", whose piece names are used. " +
				"Many solutions; their number is not known to us.",
			Cells: 210, Pieces: 35, File: "puzzles/hexomino-parallelogram.txt",
		},
		{
			Name: "tetracube-2x4x4", Title: "Tetracubes: 2x4x4 box", Format: Polycube, Dimensions: "2x4x4",
			Description: "The eight tetracubes (mirror-image screws counted separately) in a 2x4x4 box.",
			Source:      goodger("Tetracubes2x4x4") + ".",
			Cells:       32, Pieces: 8, File: "puzzles/tetracube-2x4x4.txt",
			Counts: Counts{
				Raw:       count(11120, srcComputed, checkedLong),
				Rotations: count(1390, goodger("Tetracubes2x4x4"), checkedLong),
				All:       count(695, srcComputed, checkedLong),
			},
		},
		{
			Name: "tetracube-2x2x8", Title: "Tetracubes: 2x2x8 box", Format: Polycube, Dimensions: "2x2x8",
			Description: "The eight tetracubes (mirror-image screws counted separately) in a 2x2x8 box.",
			Source:      goodger("Tetracubes2x2x8") + ".",
			Cells:       32, Pieces: 8, File: "puzzles/tetracube-2x2x8.txt",
			Counts: Counts{
				Raw:       count(1792, srcComputed, checkedTest),
				Rotations: count(224, goodger("Tetracubes2x2x8"), checkedTest),
				All:       count(112, srcComputed, checkedTest),
			},
		},
		{
			Name: "pentacube-3x4x5", Title: "Planar pentacubes: 3x4x5 box", Format: Polycube, Dimensions: "3x4x5",
			Description: "The twelve flat pentacubes (pentominoes made of cubes) in a 3x4x5 box.",
			Source:      "Knuth, TAOCP 7.2.2.1 and his POLYCUBE-DLX examples; figures in " + srcLepage + ".",
			Cells:       60, Pieces: 12, File: "puzzles/pentacube-3x4x5.txt",
			Counts: Counts{
				Raw:       count(31520, srcComputed, checkedLong),
				Rotations: count(7880, srcComputed, checkedLong),
				All:       count(3940, srcLepage+" (\"should be 3940\"); Pluredro, Penta Cuboid", checkedLong),
			},
		},
		{
			Name: "pentacube-2x5x6", Title: "Planar pentacubes: 2x5x6 box", Format: Polycube, Dimensions: "2x5x6",
			Description: "The twelve flat pentacubes in a 2x5x6 box.",
			Source:      "Knuth, TAOCP 7.2.2.1 and his POLYCUBE-DLX examples; figures in " + srcLepage + ".",
			Cells:       60, Pieces: 12, File: "puzzles/pentacube-2x5x6.txt",
			Counts: Counts{
				Raw:       count(2112, srcKnuthDLX1, checkedLong),
				Rotations: count(528, srcComputed, checkedLong),
				All:       count(264, srcLepage, checkedLong),
			},
		},
		{
			Name: "pentacube-2x3x10", Title: "Planar pentacubes: 2x3x10 box", Format: Polycube, Dimensions: "2x3x10",
			Description: "The twelve flat pentacubes in a 2x3x10 box.",
			Source:      "Knuth, TAOCP 7.2.2.1 and his POLYCUBE-DLX examples; figures in " + srcLepage + ".",
			Cells:       60, Pieces: 12, File: "puzzles/pentacube-2x3x10.txt",
			Counts: Counts{
				Raw:       count(96, srcKnuthDLX1, checkedTest),
				Rotations: count(24, srcComputed, checkedTest),
				All:       count(12, srcLepage, checkedTest),
			},
		},
		{
			Name: "pentacube-frame", Title: "The 29 pentacubes: frame on a board", Format: Polycube, Dimensions: "2x11x11",
			Description: "All 29 pentacubes (mirror pairs counted separately) filling an 11x11 board with a one-cell-wide " +
				"7x7 square frame standing on it; 145 cells, a number no box has.",
			Source: "Torsten Sillke, The 10th Pentacube Contest 1999 (figure from 1992); David Goodger's Polyform Puzzler " +
				"lists it as the 2x11x11 frame, solutions incomplete. Non-planar piece names as in Lepage's polycube-solver.",
			Cells: 145, Pieces: 29, File: "puzzles/pentacube-frame.txt",
		},
		{
			Name: "soma", Title: "Soma cube", Format: Polycube, Dimensions: "3x3x3",
			Description: "Piet Hein's seven Soma pieces (one tricube, six tetracubes) in a 3x3x3 box.",
			Source:      "Piet Hein (1933); pieces as in polyviz's reference spec.",
			Cells:       27, Pieces: 7, File: "puzzles/soma.txt",
			Counts: Counts{
				Raw:       count(11520, srcKnuthDLX1, checkedTest),
				Rotations: count(480, srcLepage, checkedTest),
				All:       count(240, goodger("Soma3x3x3")+"; Wikipedia, Soma cube", checkedTest),
			},
		},
		soma("soma-bathtub", "bathtub", "2x3x5", "a 5x3 floor with a one-cell rim on top", "SomaBathtub", 316, 158, 79),
		soma("soma-steps", "steps", "3x3x5", "three steps of widths 5, 3 and 1, three deep", "SomaSteps", 328, 164, 82),
		soma("soma-pyramid", "pyramid", "3x5x5", "a stepped pyramid on a 5x5 base without corners", "SomaPyramid", 56, 14, 7),
		soma("soma-crystal", "crystal", "3x3x5", "the cells (x,y,z) of a 3x3x5 box with x+y <= z", "SomaCrystal", 2800, 2800, 1400),
		soma("soma-sofa", "sofa", "3x3x5", "a sofa: a 5x3 seat, a back and two arm rests", "SomaSofa", 64, 32, 16),
		soma("soma-tunnel", "tunnel", "3x3x5", "an arch three cells deep", "SomaTunnel", 52, 26, 13),
		soma("soma-wall", "high wall", "3x5x5", "a diagonal wall two cells thick and three high", "SomaHighWall", 92, 46, 23),
		{
			Name: "bedlam", Title: "Bedlam cube", Format: Polycube, Dimensions: "4x4x4",
			Description: "Thirteen pieces (one tetracube, twelve pentacubes) in a 4x4x4 box; the set is not closed " +
				"under reflection, so distinct up to rotation and up to reflection agree.",
			Source: "Bruce Bedlam (2005); pieces as in Lepage's polycube-solver (problems/bedlam-cube.txt).",
			Cells:  64, Pieces: 13, File: "puzzles/bedlam.txt",
			Counts: Counts{
				Raw:       count(460464, "derived: 24 x 19,186", checkedRaw),
				Rotations: count(19186, srcLepage+"; Wikipedia, Bedlam cube", checkedLock),
				All:       count(19186, "Wikipedia, Bedlam cube (\"up to rotations and reflections\")", checkedLock),
			},
		},
		{
			Name: "tetris-cube", Title: "Tetris Cube", Format: Polycube, Dimensions: "4x4x4",
			Description: "Twelve pieces (eight pentacubes, four hexacubes) in a 4x4x4 box.",
			Source: "A commercial puzzle; pieces as in GitHub user ttaomae's TetrisCubeSolver and Matthew Bonanni's " +
				"tetris_cube_pieces.py (Anno Langen's solver lists their mirror images).",
			Cells: 64, Pieces: 12, File: "puzzles/tetris-cube.txt",
			Counts: Counts{
				Raw:       count(236136, srcKurowski, checkedRaw),
				Rotations: count(9839, srcKurowski, checkedLock),
				All:       count(9839, "same as up to rotation: the set is not closed under reflection", checkedLock),
			},
		},
		{
			Name: "big-brother", Title: "Big Brother cube", Format: Polycube, Dimensions: "4x4x4",
			Description: "Thirteen pieces (one tetracube, twelve pentacubes) in a 4x4x4 box.",
			Source:      "Pieces as in Lepage's polycube-solver (problems/big-brother-cube.txt); no second source found.",
			Cells:       64, Pieces: 13, File: "puzzles/big-brother.txt",
			Counts: Counts{
				Raw:       count(340248, "derived: 24 x 14,177", checkedRaw),
				Rotations: count(14177, srcLepage+" (J2 locked to one orientation)", checkedLock),
				All:       count(14177, "same as up to rotation: the set is not closed under reflection", checkedLock),
			},
		},
		lepage("bedlam", "bedlam-cube", "Bedlam cube", "4x4x4",
			"His thirteen pieces in a 4x4x4 box, L2 locked to one orientation: one packing per rotation class.",
			64, 13, 19186, checkedLepageLong),
		lepage("big-brother", "big-brother-cube", "Big Brother cube", "4x4x4",
			"His thirteen pieces in a 4x4x4 box, J2 locked to one orientation: one packing per rotation class.",
			64, 13, 14177, checkedLepageLong),
		lepage("soma", "soma-cube", "Soma cube", "3x3x3",
			"The seven Soma pieces in a 3x3x3 box, 4L locked to one orientation: one packing per rotation class (mirror images counted apart).",
			27, 7, 480, checkedLepage),
		lepage("pentomino-square-8x8", "pentomino-square-8x8", "pentominoes and a square on 8x8", "8x8",
			"The twelve pentominoes and the 2x2 square on an 8x8 board, F locked to one orientation.",
			64, 13, 16146, checkedLepageLong),
		lepage("pentomino-6x10", "pentomino-6x10", "pentominoes on 6x10", "6x10",
			"The twelve pentominoes on a 6x10 board, F locked to two orientations: one packing per class under rotation and reflection.",
			60, 12, 2339, checkedLepageLong),
		lepage("pentomino-5x12", "pentomino-5x12", "pentominoes on 5x12", "5x12",
			"The twelve pentominoes on a 5x12 board, F locked to two orientations: one packing per class under rotation and reflection.",
			60, 12, 1010, checkedLepageLong),
		lepage("pentomino-4x15", "pentomino-4x15", "pentominoes on 4x15", "4x15",
			"The twelve pentominoes on a 4x15 board, F locked to two orientations: one packing per class under rotation and reflection.",
			60, 12, 368, checkedLepage),
		lepage("pentomino-3x20", "pentomino-3x20", "pentominoes on 3x20", "3x20",
			"The twelve pentominoes on a 3x20 board, F locked to two orientations: one packing per class under rotation and reflection.",
			60, 12, 2, checkedLepage),
		lepage("pentacube-2x5x6", "pentacube-2x5x6", "flat pentacubes in 2x5x6", "2x5x6",
			"The twelve flat pentacubes in a 2x5x6 box, F locked to two orientations and kept in the lower half of z.",
			60, 12, 264, checkedLepageLong),
		lepage("pentacube-2x3x10", "pentacube-2x3x10", "flat pentacubes in 2x3x10", "2x3x10",
			"The twelve flat pentacubes in a 2x3x10 box, F locked to two orientations and kept in the lower half of z.",
			60, 12, 12, checkedLepage),
		fillomino("6x6", 3, 36, 14, "A small one to start with: 13 clues, regions of 1 to 5 cells."),
		fillomino("8x8", 5, 64, 22, "22 clues, regions of 1 to 6 cells."),
		fillomino("10x10", 7, 100, 33, "42 clues, regions of 1 to 6 cells."),
		fillomino("12x12", 2, 144, 45, "48 clues, regions of 1 to 6 cells; polyviz takes a few seconds to prove it unique."),
		antislideEntry("4x4x4", "2x2x1 bricks", "Knuth's problem: 2x2x1 bricks in a 4x4x4 box, no brick able to slide one cell.",
			64, 16, count(48556, srcComputed, checkedAntislide), count(1171, srcKnuthAntislide, checkedAntislide)),
		antislideEntry("4x4x5", "2x2x1 bricks", "2x2x1 bricks in a 4x4x5 box, no brick able to slide one cell.",
			80, 20, count(733468, srcComputed, checkedAntislide), count(47403, srcKnuthAntislide, checkedAntislide)),
		{
			Name: "hexiamond-6x6", Title: "Hexiamonds: 6x6 rhombus", Format: Polyiamond, Dimensions: "6x6",
			Description: "The 12 hexiamonds, each once, in a rhombus of 6x6 units (72 triangles).",
			Source:      "Knuth's POLYIAMOND-DLX example (his pieces and names A-L); " + goodger("Hexiamonds6x6") + ".",
			Cells:       72, Pieces: 12, File: "puzzles/hexiamond-6x6.txt",
			Counts: Counts{
				Raw:       count(624, srcKnuthIamond, checkedLattice),
				Rotations: count(312, srcComputed, checkedLattice),
				All:       count(156, goodger("Hexiamonds6x6"), checkedLattice),
			},
		},
		{
			Name: "hexiamond-4x9", Title: "Hexiamonds: 4x9 parallelogram", Format: Polyiamond, Dimensions: "4x9",
			Description: "The 12 hexiamonds, each once, in a parallelogram 9 units wide and 4 high (72 triangles).",
			Source:      goodger("Hexiamonds4x9") + "; pieces as Knuth's.",
			Cells:       72, Pieces: 12, File: "puzzles/hexiamond-4x9.txt",
			Counts: Counts{
				Raw:       count(148, srcComputed, checkedLattice),
				Rotations: count(74, goodger("Hexiamonds4x9"), checkedLattice),
				All:       count(74, goodger("Hexiamonds4x9"), checkedLattice),
			},
		},
		{
			Name: "pentiamond-2x5", Title: "Pentiamonds: 2x5 parallelogram (impossible)", Format: Polyiamond, Dimensions: "2x5",
			Description: "The 4 pentiamonds, each once, in a parallelogram of 2x5 units (20 triangles): no packing exists.",
			Source:      "Knuth's POLYIAMOND-DLX example pentiamond-2x5.",
			Cells:       20, Pieces: 4, File: "puzzles/pentiamond-2x5.txt",
			Counts: Counts{Raw: count(0, srcKnuthIamond, checkedLattice)},
		},
		{
			Name: "tetrahex-4x7", Title: "Tetrahexes: 4x7 parallelogram", Format: Polyhex, Dimensions: "4x7",
			Description: "The 7 tetrahexes, each once, in a parallelogram of hexagons 7 wide and 4 high (28 cells).",
			Source:      goodger("Tetrahexes4x7") + ", whose piece names are used.",
			Cells:       28, Pieces: 7, File: "puzzles/tetrahex-4x7.txt",
			Counts: Counts{
				Raw:       count(18, srcComputed, checkedLattice),
				Rotations: count(9, goodger("Tetrahexes4x7"), checkedLattice),
				All:       count(9, goodger("Tetrahexes4x7"), checkedLattice),
			},
		},
		{
			Name: "tetrahex-coin", Title: "Tetrahexes: coin", Format: Polyhex, Dimensions: "5x7",
			Description: "The 7 tetrahexes, each once, in Goodger's coin: a 5x7 parallelogram of hexagons with two corners cut off and a hole.",
			Source:      goodger("TetrahexesCoin") + ", whose piece names are used.",
			Cells:       28, Pieces: 7, File: "puzzles/tetrahex-coin.txt",
			Counts: Counts{
				Raw:       count(16, srcComputed, checkedLattice),
				Rotations: count(8, srcComputed, checkedLattice),
				All:       count(4, goodger("TetrahexesCoin"), checkedLattice),
			},
		},
		{
			Name: "ball-pyramid-20", Title: "Spheres: twenty-ball pyramid", Format: BurrTools, Dimensions: "4x4x4",
			Description: "Six flat pieces of spheres glued at right angles (L, T and I of four, v and i of three, d of two) " +
				"stacked into a tetrahedron of 20 spheres: the pieces lie in the square layers of the face-centred cubic packing.",
			Source: "Sold as Perplexing Pyramid (Rob's Puzzle Page, robspuzzlepage.com); " + srcTakada + ". Written as a BurrTools file (spheres) for polyviz.",
			Cells:  20, Pieces: 6, File: "puzzles/ball-pyramid-20.xmpuzzle",
			Counts: Counts{
				Raw:       count(48, srcComputed, checkedBurr),
				Rotations: count(4, srcComputed, checkedBurr),
				All:       count(2, srcTakada, checkedBurr),
			},
		},
		{
			Name: "iq-puzzler-pyramid", Title: "Spheres: IQ Puzzler Pro pyramid", Format: BurrTools, Dimensions: "5x9x9",
			Description: "The twelve flat pieces of IQ Puzzler Pro (one of 3 spheres, three of 4, eight of 5) built into a square pyramid " +
				"of 55 spheres (5x5, 4x4, 3x3, 2x2, 1); pieces lie in the level layers or stand in the diagonal ones.",
			Source: "SmartGames' IQ Puzzler Pro (the Kanoodle kind); pieces as in " + srcDeverw + ". Those 4,360 are exactly the " +
				"26,720 packings whose L5 lies in one of those 5 orientations (recounted by TestIQPyramidDeverwCount, go test -long): " +
				"2,320 classes with L5 lying count once and 1,020 with it standing twice. Written as a BurrTools file (spheres) for polyviz.",
			Cells: 55, Pieces: 12, File: "puzzles/iq-puzzler-pyramid.xmpuzzle",
			Counts: Counts{
				Raw:       count(26720, srcComputed, checkedBurrLong),
				Rotations: count(6680, srcComputed, checkedBurrLong),
				All:       count(3340, "counted by BurrTools 0.6.x's burrTxt and by polyviz; "+srcDeverw+" reduces to the same classes", checkedBurrLong),
			},
		},
		{
			Name: "hexiamond-prisms-6x6", Title: "Prisms: hexiamonds in a 6x6 rhombus", Format: BurrTools, Dimensions: "1x6x17",
			Description: "The 12 hexiamonds as triangular prisms one layer high, each once, in a rhombus of 6x6 units: " +
				"turning a prism over is reflecting the hexiamond, so the count is the free hexiamonds' count.",
			Source: "Knuth's POLYIAMOND-DLX hexiamonds (names A-L); " + goodger("Hexiamonds6x6") + ". Written as a BurrTools file (triangular prisms) for polyviz.",
			Cells:  72, Pieces: 12, File: "puzzles/hexiamond-prisms-6x6.xmpuzzle",
			Counts: Counts{
				Raw:       count(624, srcKnuthIamond, checkedBurr),
				Rotations: count(156, srcComputed, checkedBurr),
				All:       count(156, goodger("Hexiamonds6x6"), checkedBurr),
			},
		},
		{
			Name: "hexiamond-prisms-4x9", Title: "Prisms: hexiamonds in a 4x9 parallelogram", Format: BurrTools, Dimensions: "1x4x21",
			Description: "The 12 hexiamonds as triangular prisms one layer high, each once, in a parallelogram 9 units wide and 4 high.",
			Source:      "Knuth's POLYIAMOND-DLX hexiamonds (names A-L); " + goodger("Hexiamonds4x9") + ". Written as a BurrTools file (triangular prisms) for polyviz.",
			Cells:       72, Pieces: 12, File: "puzzles/hexiamond-prisms-4x9.xmpuzzle",
			Counts: Counts{
				Raw:       count(148, srcComputed, checkedBurr),
				Rotations: count(74, srcComputed, checkedBurr),
				All:       count(74, goodger("Hexiamonds4x9"), checkedBurr),
			},
		},
		{
			Name: "rhombic-cube-wedges", Title: "Rhombic: a cube from three wedges", Format: BurrTools, Dimensions: "5x5x5",
			Description: "A cube of 24 rhombic tetrahedra from three copies of a wedge: the square pyramids over two adjacent faces " +
				"of the cube. The 8 packings are the 8 ways to pair the cube's faces into adjacent pairs; one up to rotation and reflection.",
			Source: "A small puzzle made for polyviz's gallery; " + srcBurrTxt + ".",
			Cells:  24, Pieces: 3, File: "puzzles/rhombic-cube-wedges.xmpuzzle",
			Counts: Counts{
				Raw:       count(8, srcBurrTxt, checkedBurr),
				Rotations: count(2, srcBurrTxt, checkedBurr),
				All:       count(1, srcBurrTxt, checkedBurr),
			},
		},
		{
			Name: "rhombic-dodecahedron-6", Title: "Rhombic: a rhombic dodecahedron from six octahedra", Format: BurrTools, Dimensions: "7x7x7",
			Description: "A rhombic dodecahedron of 48 rhombic tetrahedra (a cube and the six pyramids on its faces) from six " +
				"copies of a flattened octahedron: the pyramid over a face of the cube and the one facing it.",
			Source: "A small puzzle made for polyviz's gallery; " + srcBurrTxt + ".",
			Cells:  48, Pieces: 6, File: "puzzles/rhombic-dodecahedron-6.xmpuzzle",
			Counts: Counts{
				Raw:       count(1, srcBurrTxt, checkedBurr),
				Rotations: count(1, srcBurrTxt, checkedBurr),
				All:       count(1, srcBurrTxt, checkedBurr),
			},
		},
		{
			Name: "tetra-octa-tetrahedron", Title: "Tetra-octa: a tetrahedron from four pieces", Format: BurrTools, Dimensions: "4x4x4",
			Description: "A regular tetrahedron of edge two on the tetrahedra-octahedra grid (a small tetrahedron at each corner and the " +
				"octahedron between them, 12 cells) from four copies of one piece: a small tetrahedron and two eighths of the octahedron, " +
				"the one on its face and one beside it.",
			Source: "A small puzzle made for polyviz's gallery; " + srcBurrTxt + ".",
			Cells:  12, Pieces: 4, File: "puzzles/tetra-octa-tetrahedron.xmpuzzle",
			Counts: Counts{
				Raw:       count(9, srcBurrTxt, checkedBurr),
				Rotations: count(2, srcBurrTxt, checkedBurr),
				All:       count(2, srcBurrTxt, checkedBurr),
			},
		},
		antislideEntry("3x3x3-l", "L tricubes", "L tricubes in a 3x3x3 box, no piece able to move one cell.",
			27, 9, count(2480065, srcComputed, checkedAntislide), count(51740, srcComputed, checkedAntislide)),
		tetrasticksEntry(),
	}
}
