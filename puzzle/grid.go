package puzzle

import (
	"context"
	"slices"

	"polyviz/geometry"
)

// Grid returns the BurrTools grid the puzzle lives on (see SetGrid), nil
// for cubes and for every puzzle read from Knuth's formats.
func (p *Puzzle) Grid() *geometry.Grid { return p.grid }

// SetGrid puts a 3D puzzle on one of BurrTools' other grids: its cells are
// the grid's index triples, bases lists every orientation of every piece
// (Orientation indexing the piece's Orientations, which the caller sets),
// and placements every placement (Base indexing bases), each with its
// items as Numbers, indices in names (the item names of the box's cells),
// and its Cells left out: Placements makes them from the bases when it is
// first called. The problem, the symmetry and the search need only the
// numbers (placementCells makes a placement's cells where the symmetry
// needs them), and a stick of the rhombic grid covers 189 cells, so that
// HexSticks' cells were half the memory its setup touched.
// The distinct counts use the grid's symmetries and mirror images
// (geometry.Grid) instead of the cube's.
func (p *Puzzle) SetGrid(g *geometry.Grid, bases []Base, placements []Placement, names []string) {
	p.grid = g
	p.Bases = bases
	p.gridNames = names
	p.Keep(placements)
	p.cellsLater = true
}

// CellName returns the item name of a cell, as options name it.
func (p *Puzzle) CellName(c geometry.Cell) string { return p.cellName(c) }

// options returns the placements as the problem, the symmetry and the
// search use them: Placements', but for a grid puzzle's (SetGrid), whose
// Cells are nil. Code that reads a placement's cells calls Placements or
// placementCells instead.
func (p *Puzzle) options() []Placement {
	pls, _ := p.optionsContext(context.Background())
	return pls
}

// optionsContext is options that stops, as PlacementsContext does.
func (p *Puzzle) optionsContext(ctx context.Context) ([]Placement, error) {
	if p.explicit != nil {
		return p.explicit, nil
	}
	return p.PlacementsContext(ctx)
}

// gridCells returns a grid puzzle's placements with their cells, made
// once: each placement's base shape moved by its offset, in the order of
// its Numbers. It copies the placements rather than filling theirs: the
// search may be reading them on another goroutine.
func (p *Puzzle) gridCells(ctx context.Context) ([]Placement, error) {
	p.placeMu.Lock()
	defer p.placeMu.Unlock()
	if p.withCells != nil {
		return p.withCells, nil
	}
	n := 0
	for _, pl := range p.explicit {
		n += len(p.Bases[pl.Base].Shape)
	}
	var cells []geometry.Cell
	if err := aside(ctx, func() { cells = make([]geometry.Cell, n) }); err != nil {
		return nil, err
	}
	pls := slices.Clone(p.explicit)
	for i := range pls {
		if i&(1<<12-1) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		pl := &pls[i]
		sh := p.Bases[pl.Base].Shape
		m := len(sh)
		pl.Cells, cells = cells[:m:m], cells[m:]
		for t, c := range sh {
			pl.Cells[t] = c.Add(pl.Offset)
		}
	}
	p.withCells = pls
	return pls, nil
}
