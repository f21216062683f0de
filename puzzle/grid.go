package puzzle

import "polyviz/geometry"

// Grid returns the BurrTools grid the puzzle lives on (see SetGrid), nil
// for cubes and for every puzzle read from Knuth's formats.
func (p *Puzzle) Grid() *geometry.Grid { return p.grid }

// SetGrid puts a 3D puzzle on one of BurrTools' other grids: its cells are
// the grid's index triples, bases lists every orientation of every piece
// (Orientation indexing the piece's Orientations, which the caller sets),
// and placements every placement (Base indexing bases), each with its
// items as Numbers, indices in names (the item names of the box's cells).
// Placements then returns them, and the distinct counts use the grid's
// symmetries and mirror images (geometry.Grid) instead of the cube's.
func (p *Puzzle) SetGrid(g *geometry.Grid, bases []Base, placements []Placement, names []string) {
	p.grid = g
	p.Bases = bases
	p.gridNames = names
	p.Keep(placements)
}

// CellName returns the item name of a cell, as options name it.
func (p *Puzzle) CellName(c geometry.Cell) string { return p.cellName(c) }
