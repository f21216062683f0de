package puzzle_test

import (
	"os"
	"testing"

	"polyviz/burrtools"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// TestSymmetryProductsOnGrids checks, on BurrTools' grid examples, every
// option map of every acting symmetry (most of them made as products of
// others) against the symmetry applied to the placement's cells: the image
// is the mapped option's cells, of the same piece under a rotation.
func TestSymmetryProductsOnGrids(t *testing.T) {
	for _, file := range []string{"HexSticks", "Bermuda", "BallRoom", "FourPieceTetrahedron", "PiecesOfEight"} {
		name := "../burrtools/testdata/grids/" + file + ".xmpuzzle"
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		x, err := burrtools.Read(name, data)
		if err != nil {
			t.Fatal(err)
		}
		pz, err := x.Puzzle(name, 0)
		if err != nil {
			t.Fatal(err)
		}
		s := pz.Symmetry()
		pls := pz.Placements()
		for k, g := range s.Acting {
			sym := s.Box[g]
			for o, pl := range pls {
				j := puzzle.OptionImage(s, k, o)
				img := make([]geometry.Cell, len(pl.Cells))
				for i, c := range pl.Cells {
					img[i] = sym.Apply(c)
				}
				if !geometry.NewShape(img...).Equal(geometry.NewShape(pls[j].Cells...)) || sym.Proper() && pls[j].Piece != pl.Piece {
					t.Fatalf("%s: symmetry %d maps option %d (piece %d) to option %d (piece %d), not its image", file, g, o, pl.Piece, j, pls[j].Piece)
				}
			}
		}
		if len(s.Acting) == 0 {
			t.Errorf("%s: no symmetry acts", file)
		}
	}
}
