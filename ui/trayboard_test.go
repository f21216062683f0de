package ui

import (
	"image/color"
	"slices"
	"testing"

	"polyviz/geometry"
)

// TestTrayGridBoard: before a solution, a grid puzzle's box is shown as a
// board at its place, the pieces apart from it: below it when the puzzle
// is flat (hexagons, triangles), to its right otherwise (spheres); hiding a
// piece moves none of the others.
func TestTrayGridBoard(t *testing.T) {
	c := func(x, y, z int) geometry.Cell { return geometry.Cell{X: x, Y: y, Z: z} }
	var hexBox, triBox []geometry.Cell
	for x := range 3 {
		for y := range 3 {
			hexBox = append(hexBox, c(x, y, 0))
			triBox = append(triBox, c(x, y, 0), c(x, y, 1))
		}
	}
	spheres := geometry.Spheres()
	ballBox := append([]geometry.Cell{{}}, spheres.Neighbours(geometry.Cell{})...)
	for _, tt := range []struct {
		name   string
		g      *geometry.Grid
		planar bool
		box    []geometry.Cell
		shapes [][]geometry.Cell
	}{
		{"hexagons", geometry.Hexagons().Solids(), true, hexBox, [][]geometry.Cell{
			{c(0, 0, 0), c(1, 0, 0), c(2, 0, 0)}, {c(0, 0, 0), c(0, 1, 0), c(0, 2, 0)}, {c(0, 0, 0), c(1, 0, 0), c(0, 1, 0)},
		}},
		{"triangles", geometry.Triangles().Solids(), true, triBox, [][]geometry.Cell{
			{c(0, 0, 0), c(0, 0, 1), c(1, 0, 0)}, {c(0, 0, 0), c(0, 0, 1), c(0, 1, 0), c(0, 1, 1)}, {c(0, 0, 0)},
		}},
		{"spheres", spheres, false, ballBox, [][]geometry.Cell{ballBox[:3], ballBox[3:5], ballBox[5:6]}},
	} {
		p := &Puzzle{Planar: tt.planar, Grid: tt.g, Box: tt.box}
		for _, s := range tt.shapes {
			p.Pieces = append(p.Pieces, Piece{Name: "p", Max: 1, Orientations: []geometry.Shape{s}})
		}
		cs := make([]color.NRGBA, len(p.Pieces))
		sc := trayScene(p, cs, fullLook)
		if !sc.GridBoard || !slices.Equal(sc.Box, p.Box) {
			t.Fatalf("%s: no board in the tray (GridBoard %v, %d cells)", tt.name, sc.GridBoard, len(sc.Box))
		}
		blo, bhi := gridExtent(tt.g, tt.box)
		for i, sp := range sc.Pieces {
			lo, hi := gridExtent(tt.g, sp.Cells)
			for k := range 3 {
				lo[k], hi[k] = lo[k]+sp.Offset[k], hi[k]+sp.Offset[k]
			}
			if tt.planar && hi[1] > blo[1]-1+1e-9 {
				t.Errorf("%s: piece %d reaches y %v, the board starts at %v", tt.name, i, hi[1], blo[1])
			}
			if !tt.planar && lo[0] < bhi[0]+1-1e-9 {
				t.Errorf("%s: piece %d starts at x %v, the board ends at %v", tt.name, i, lo[0], bhi[0])
			}
		}
		hidden := trayScene(p, cs, look{layer: -1, play: -1, hidden: []bool{true}})
		if len(hidden.Pieces) != len(sc.Pieces)-1 {
			t.Fatalf("%s: %d pieces with one hidden, %d without", tt.name, len(hidden.Pieces), len(sc.Pieces))
		}
		for i, sp := range hidden.Pieces {
			if sp.Offset != sc.Pieces[i+1].Offset {
				t.Errorf("%s: hiding piece 0 moves piece %d from %v to %v", tt.name, i+1, sc.Pieces[i+1].Offset, sp.Offset)
			}
		}
	}
}
