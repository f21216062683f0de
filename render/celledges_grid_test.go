package render

import (
	"bytes"
	"testing"

	"polyviz/geometry"
)

// TestGridCellEdgesOnlyBetweenCells: every edge of a lone cell's solid is
// an outline already, so Style.CellEdges (the editor's faint lines between
// a piece's cells) adds no line to it: not the diagonal across a
// hexagon's top (the face is drawn as two quads) nor the facets of a
// sphere. With two cells, it draws the seam between them (where their
// solids have coplanar faces: none on spheres).
func TestGridCellEdgesOnlyBetweenCells(t *testing.T) {
	const w, h = 96, 96
	cases := []struct {
		name string
		g    *geometry.Grid
		c, n geometry.Cell // a cell and a neighbour
		seam bool          // whose solids have coplanar faces meeting at an edge
	}{
		{"hexagons", geometry.Hexagons().Solids(), geometry.Cell{}, geometry.Cell{X: 1}, true},
		{"triangles", geometry.Triangles().Solids(), geometry.Cell{}, geometry.Cell{Z: 1}, true},
		{"prisms", geometry.Prisms(), geometry.Cell{}, geometry.Cell{X: 1}, true},
		{"rhombic", geometry.RhombicTetrahedra(), geometry.RhombicTetrahedra().Neighbours(geometry.Cell{X: 2, Y: 2, Z: 1})[0], geometry.Cell{X: 2, Y: 2, Z: 1}, false},
		{"spheres", geometry.Spheres(), geometry.Cell{}, geometry.Cell{X: 1, Y: 1}, false},
	}
	for _, tc := range cases {
		for _, cells := range [][]geometry.Cell{{tc.c}, {tc.c, tc.n}} {
			s := &Scene{Grid: tc.g, Pieces: []Piece{{Cells: cells, Color: PieceColor(0, 1), Opacity: 1}}}
			for _, planar := range []bool{true, false} {
				cam := FitCameraSize(s, planar, w, h)
				plain := Render(s, cam, w, h)
				r := Renderer{Style: Style{CellEdges: true}}
				edged := r.Render(s, cam, w, h)
				same := bytes.Equal(plain.Pix, edged.Pix)
				if lone := len(cells) == 1; lone && !same {
					t.Errorf("%s: a lone cell seen from %s gets lines from CellEdges", tc.name, view(planar))
				} else if !lone && same == tc.seam {
					t.Errorf("%s: two cells seen from %s: CellEdges draws a seam %v, want %v", tc.name, view(planar), !same, tc.seam)
				}
			}
		}
	}
}

func view(planar bool) string {
	if planar {
		return "above"
	}
	return "the side"
}
