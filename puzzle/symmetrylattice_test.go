package puzzle

import (
	"os"
	"testing"

	"polyviz/geometry"
)

// TestSymmetryProductsOnLattices: a lattice box's symmetries, like a
// grid's, act on the options as products of the few worked out cell by
// cell (a tricube in a 36x36x36 box took 12 s when all 48 were); every
// option map is checked against the symmetry applied to the placement's
// cells: the image is the mapped option's cells, of the same piece under a
// rotation and of its mirror piece under a reflection. The boxes: a cube
// with reflections acting, a box whose reflection permutes chiral pieces,
// a square board with a hole, and triangle and hexagon boards.
func TestSymmetryProductsOnLattices(t *testing.T) {
	for _, file := range []string{
		"testdata/specs/soma-3x3x3.txt",
		"testdata/mirrorpairs/box3x2x5.txt",
		"../assets/puzzles/pentomino-8x8-hole.txt",
		"../assets/puzzles/hexiamond-6x6.txt",
		"../assets/puzzles/hexomino-parallelogram.txt",
	} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		l, err := Load(file, data, FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		p := l.Puzzle
		s := p.Symmetry()
		if boxCellPerms(s.Box, p.fullCells()) == nil {
			t.Errorf("%s: no cell permutations: every symmetry would be looked up option by option", file)
		}
		if len(s.Acting) < 2 {
			t.Errorf("%s: %d acting symmetries", file, len(s.Acting))
		}
		pls := p.Placements()
		mirror := p.mirrorPieces()
		for k, g := range s.Acting {
			sym := s.Box[g]
			for o, pl := range pls {
				j := s.optMap[k][o]
				img := make([]geometry.Cell, len(pl.Cells))
				for i, c := range pl.Cells {
					img[i] = sym.Apply(c)
				}
				piece := pl.Piece
				if !sym.Proper() {
					piece = mirror[pl.Piece]
				}
				if !geometry.NewShape(img...).Equal(geometry.NewShape(pls[j].Cells...)) || pls[j].Piece != piece {
					t.Fatalf("%s: symmetry %d maps option %d (piece %d) to option %d (piece %d), not its image", file, g, o, pl.Piece, j, pls[j].Piece)
				}
			}
		}
	}
}
