package ui

import (
	"fmt"
	"polyviz/geometry"
	"slices"
	"strings"
)

// describe says what is where in a solution, for the list: the piece at
// the box's first corner (its least cell, bottom layer first) and the
// pieces that touch the first layer (for a board, the first row), so that
// solutions read apart at a glance.
func (w *window) describe(s Solution) string {
	p := w.puzzle
	if p == nil || p.Placements == nil || len(p.Box) == 0 {
		// a flat board's options are its pieces (polysticks) or its
		// regions (a fillomino grid, whose cells carry labels)
		switch {
		case p != nil && p.PieceOf != nil:
			return plural(len(s), "piece")
		case p != nil && p.Labels != nil:
			return plural(len(s), "region")
		}
		return plural(len(s), "option")
	}
	corner := p.Box[0]
	for _, c := range p.Box {
		if cellLess(c, corner) {
			corner = c
		}
	}
	var at string
	var layer []string
	for _, o := range s {
		if o < 0 || o >= len(p.Placements) {
			continue
		}
		pl := p.Placements[o]
		if pl.Piece < 0 || pl.Piece >= len(p.Pieces) {
			continue
		}
		name := p.Pieces[pl.Piece].Name
		touches := false
		for _, c := range pl.Cells {
			if c == corner {
				at = name
			}
			if (!p.Planar && c.Z == corner.Z) || (p.Planar && c.Y == corner.Y) {
				touches = true
			}
		}
		if touches {
			layer = append(layer, name)
		}
	}
	slices.Sort(layer)
	first := "layer 1"
	if p.Planar {
		first = "row 1"
	}
	return fmt.Sprintf("corner %s · %s: %s", at, first, strings.Join(layer, " "))
}

// cellLess orders cells bottom layer first, then by row, then by column.
func cellLess(a, b geometry.Cell) bool {
	if a.Z != b.Z {
		return a.Z < b.Z
	}
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.X < b.X
}
