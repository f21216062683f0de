package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// GridTray lays pieces on grid g out side by side in rows, each moved as a
// solid (Piece.Offset, in world units: a shift of cells need not be a
// translation of the grid), on the floor, a unit apart, the rows about as
// wide as half again the box's solids: the loose pieces of a puzzle before
// it is solved. The box, if any, is drawn as a board (BoxBoard) at its
// place, as LayoutScene has it for cubes and squares: on triangles and
// hexagons (a flat grid) the rows centred below it a unit apart; on
// BurrTools' grids the rows to its right, a unit apart, their front level
// with its front. Shapes that are empty are skipped.
func GridTray(g *geometry.Grid, box []geometry.Cell, names []string, shapes [][]geometry.Cell) *Scene {
	s := &Scene{Grid: g, Box: box, BoxStyle: BoxBoard}
	rowWidth := 12.0
	if len(box) > 0 {
		lo, hi := solidExtent(g, box)
		rowWidth = math.Max(math.Max(hi[0]-lo[0], hi[1]-lo[1]), 6) * 1.5
	}
	x, y, rowDepth := 0.0, 0.0, 0.0
	for i, sh := range shapes {
		if len(sh) == 0 {
			continue
		}
		lo, hi := solidExtent(g, sh)
		w, d := hi[0]-lo[0], hi[1]-lo[1]
		if x > 0 && x+w > rowWidth {
			x, y, rowDepth = 0, y-rowDepth-1, 0
		}
		name := ""
		if i < len(names) {
			name = names[i]
		}
		s.Pieces = append(s.Pieces, Piece{
			Name: name, Cells: sh, Color: PieceColor(i, len(shapes)),
			Offset: mgl64.Vec3{x - lo[0], y - d - lo[1], -lo[2]},
		})
		x += w + 1
		rowDepth = math.Max(rowDepth, d)
	}
	if len(box) > 0 && len(s.Pieces) > 0 {
		blo, bhi := solidExtent(g, box)
		tray := Scene{Grid: g, Pieces: s.Pieces}
		plo, phi, _ := tray.gridBounds()
		shift := mgl64.Vec3{bhi[0] + 1 - plo[0], blo[1] - plo[1], 0}
		if g.Lattice() != nil {
			shift = mgl64.Vec3{(blo[0] + bhi[0] - plo[0] - phi[0]) / 2, blo[1] - 1 - phi[1], 0}
		}
		for i := range s.Pieces {
			s.Pieces[i].Offset = s.Pieces[i].Offset.Add(shift)
		}
	}
	return s
}

// solidExtent returns the box in world units around the solids of cells
// on grid g.
func solidExtent(g *geometry.Grid, cells []geometry.Cell) (lo, hi mgl64.Vec3) {
	sc := Scene{Grid: g, Pieces: []Piece{{Cells: cells}}}
	lo, hi, _ = sc.gridBounds()
	return lo, hi
}
