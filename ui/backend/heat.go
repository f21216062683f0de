package backend

import (
	"errors"
	"fmt"

	"polyviz/geometry"
	"polyviz/heatmap"
	"polyviz/puzzle"
	"polyviz/ui"
)

// countHeat counts how often each piece covers each cell over the
// solutions sols of p (option numbers) with package heatmap.
func countHeat(p *ui.Puzzle, sols []ui.Solution) (*heatmap.Map, error) {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Puzzle == nil {
		return nil, errors.New("a heat map needs a packing puzzle")
	}
	m := heatmap.New(l.Puzzle)
	n := len(l.Puzzle.Placements())
	for _, s := range sols {
		for _, o := range s {
			if o < 0 || o >= n {
				return nil, errors.New("a solution names an option that is not a placement")
			}
		}
		m.Add(s, 1)
	}
	return m, nil
}

// heatScene is the heat map of the solutions sols of p as a scene for the
// window's 3D view: every cell of the box is a one-cell piece coloured as
// package heatmap shades it for piece (an index in p.Pieces), from white
// where the piece never lies to the piece's colour on the cell it covers
// most often; for piece -1 each cell has the colour of the piece that
// covers it most often, as strong as that piece's share of the solutions
// relative to the largest such share in the box (the PNG's first panel
// uses the share itself, which leaves a box of no dominated cell, the Soma
// cube's, too pale to tell the hues apart; here the most dominated cell
// has its piece's full colour).
// Each scene piece's Piece is the piece whose colour it shows; for
// piece -1 its Name is that piece's (an SVG export writes it on the
// cell), otherwise empty (every cell would say the same). The cells are the
// box's own, so the view draws the box as it draws a packing: cubes,
// squares, or the solids of the puzzle's lattice or BurrTools grid.
func heatScene(p *ui.Puzzle, sols []ui.Solution, piece int) (*ui.Scene, error) {
	if len(p.Box) == 0 || p.DrawBoard != nil {
		return nil, errors.New("the view draws heat maps of packings in a box; this puzzle has none")
	}
	if piece < -1 || piece >= len(p.Pieces) {
		return nil, fmt.Errorf("no piece %d", piece)
	}
	m, err := countHeat(p, sols)
	if err != nil {
		return nil, err
	}
	if m.Solutions == 0 {
		return nil, errors.New("no solutions to count")
	}
	top := int64(0) // the largest count of a cell's most frequent piece
	for i := range m.Cells {
		top = max(top, m.Count[i][m.Leader(i)])
	}
	sc := &ui.Scene{Planar: p.Planar, Box: p.Box, Grid: p.Grid}
	for i, c := range m.Cells {
		q, col := piece, m.Shade(i, piece)
		if q < 0 {
			q = m.Leader(i)
			col = m.Tint(q, float64(m.Count[i][q])/float64(max(top, 1)))
		}
		name := ""
		if piece < 0 && q < len(p.Pieces) {
			name = p.Pieces[q].Name
		}
		sc.Pieces = append(sc.Pieces, ui.ScenePiece{
			Piece: q, Name: name, Cells: []geometry.Cell{c}, Color: col, Opacity: 1,
		})
	}
	return sc, nil
}
