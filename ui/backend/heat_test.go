package backend

import (
	"context"
	"image/color"
	"testing"

	"polyviz/geometry"
	"polyviz/ui"
)

// rowOfFive is a monomino M and two dominoes A and B in a 1x1x5 column:
// the pieces in any order, 3! = 6 packings. Over them M lies twice on
// each of the cells 0, 2 and 4 and never on 1 and 3; A (and B) lies 2, 3,
// 2, 3, 2 times on cells 0 to 4.
const rowOfFive = "000 001 002 003 004\nM 000\nA 000 001\nB 000 001\n"

// strength is how far a colour is from white: 0 for white, more for a
// stronger colour.
func strength(c color.NRGBA) int { return 3*255 - int(c.R) - int(c.G) - int(c.B) }

// solveAll lists every solution of p.
func solveAll(t *testing.T, b *ui.Backend, p *ui.Puzzle) []ui.Solution {
	t.Helper()
	var sols []ui.Solution
	if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1}, func(s ui.Solution) bool {
		sols = append(sols, s)
		return true
	}); err != nil {
		t.Fatal(err)
	}
	return sols
}

// TestHeatSceneColoursOrderAsCounts checks the heat scene of a puzzle with
// known counts: one one-cell piece per cell of the box, and for each piece
// the colours order as its counts do (the cell it covers most often has
// the strongest colour, a cell it never covers is white, equal counts
// equal colours); for -1, each cell shows its most frequent piece, as
// strong as that piece's share.
func TestHeatSceneColoursOrderAsCounts(t *testing.T) {
	b := New()
	p, err := b.Load("row5.txt", []byte(rowOfFive))
	if err != nil {
		t.Fatal(err)
	}
	sols := solveAll(t, b, p)
	if len(sols) != 6 {
		t.Fatalf("%d solutions, want 6", len(sols))
	}
	counts := map[string][]int{"M": {2, 0, 2, 0, 2}, "A": {2, 3, 2, 3, 2}, "B": {2, 3, 2, 3, 2}}
	for i, pc := range p.Pieces {
		t.Run(pc.Name, func(t *testing.T) {
			sc, err := b.HeatScene(p, sols, i)
			if err != nil {
				t.Fatal(err)
			}
			if len(sc.Pieces) != len(p.Box) || sc.Planar != p.Planar {
				t.Fatalf("%d scene pieces for %d cells", len(sc.Pieces), len(p.Box))
			}
			shade := make([]int, 5) // by z
			for _, sp := range sc.Pieces {
				if len(sp.Cells) != 1 || sp.Piece != i || sp.Opacity != 1 {
					t.Fatalf("scene piece %+v: want one cell of piece %d", sp, i)
				}
				shade[sp.Cells[0].Z] = strength(sp.Color)
			}
			want := counts[pc.Name]
			for a := range 5 {
				if want[a] == 0 && shade[a] != 0 {
					t.Errorf("cell %d: never covered but colour strength %d", a, shade[a])
				}
				for c := range 5 {
					if (want[a] > want[c]) != (shade[a] > shade[c]) || (want[a] == want[c]) != (shade[a] == shade[c]) {
						t.Errorf("cells %d, %d: counts %d, %d but strengths %d, %d", a, c, want[a], want[c], shade[a], shade[c])
					}
				}
			}
		})
	}
	// each cell's most frequent piece: cells 1 and 3 are A's (3 of 6,
	// the first of A and B), cells 0, 2, 4 M's (2 of 6, the first of a
	// tie of three). A's 3 is the largest count, so cells 1 and 3 have
	// A's full colour (as on A's own map, where they are its most
	// frequent cells); M's cells have M's colour at 2/3, weaker than on
	// M's own map, where they are its most frequent.
	full := func(piece, z int) color.NRGBA {
		sc, err := b.HeatScene(p, sols, piece)
		if err != nil {
			t.Fatal(err)
		}
		for _, sp := range sc.Pieces {
			if sp.Cells[0].Z == z {
				return sp.Color
			}
		}
		t.Fatalf("no cell %d", z)
		return color.NRGBA{}
	}
	sc, err := b.HeatScene(p, sols, -1)
	if err != nil {
		t.Fatal(err)
	}
	wantPiece := []string{"M", "A", "M", "A", "M"}
	for _, sp := range sc.Pieces {
		z := sp.Cells[0].Z
		if got := p.Pieces[sp.Piece].Name; got != wantPiece[z] || sp.Name != got {
			t.Errorf("cell %d: most frequent piece %s (named %q), want %s", z, got, sp.Name, wantPiece[z])
		}
		own := full(sp.Piece, z)
		switch {
		case wantPiece[z] == "A" && sp.Color != own:
			t.Errorf("cell %d: colour %v, want A's full %v", z, sp.Color, own)
		case wantPiece[z] == "M" && !(strength(sp.Color) > 0 && strength(sp.Color) < strength(own)):
			t.Errorf("cell %d: colour %v, want a weaker %v", z, sp.Color, own)
		}
	}
}

// TestHeatSceneLattices: the heat scene of a cube, board, triangle and
// hexagon puzzle covers the box cell by cell on the puzzle's own grid (the
// view draws the solids of triangles and hexagons); a file with no box has
// a message, not a picture.
func TestHeatSceneLattices(t *testing.T) {
	b := New()
	for _, tt := range []struct {
		name string
		max  int64
		grid bool
	}{
		{"soma", 20, false},
		{"pentomino-6x10", 20, false},
		{"hexiamond-4x9", 20, true},
		{"tetrahex-coin", 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := library(t, b, tt.name)
			var sols []ui.Solution
			if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Max: tt.max}, func(s ui.Solution) bool {
				sols = append(sols, s)
				return true
			}); err != nil || len(sols) == 0 {
				t.Fatalf("%d solutions, err %v", len(sols), err)
			}
			for _, piece := range []int{-1, 0, len(p.Pieces) - 1} {
				sc, err := b.HeatScene(p, sols, piece)
				if err != nil {
					t.Fatal(err)
				}
				if (sc.Grid != nil) != tt.grid || sc.Grid != p.Grid || sc.Planar != p.Planar {
					t.Errorf("piece %d: grid %v planar %v", piece, sc.Grid, sc.Planar)
				}
				seen := map[geometry.Cell]bool{}
				for _, sp := range sc.Pieces {
					for _, c := range sp.Cells {
						seen[c] = true
					}
				}
				if len(seen) != len(p.Box) || len(sc.Pieces) != len(p.Box) {
					t.Errorf("piece %d: %d cells drawn in %d pieces, box has %d", piece, len(seen), len(sc.Pieces), len(p.Box))
				}
				if img := b.Draw(sc, ui.Camera{Yaw: 30, Pitch: 30, Zoom: 1}, 120, 90); img == nil {
					t.Error("nothing drawn")
				}
			}
		})
	}
	p := &ui.Puzzle{Name: "items.dlx", Pieces: []ui.Piece{{Name: "x"}}}
	if _, err := b.HeatScene(p, []ui.Solution{{0}}, 0); err == nil {
		t.Error("a heat scene for a problem with no box")
	}
}
