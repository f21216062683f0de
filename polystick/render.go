package polystick

import (
	"polyviz/polyform"
	"polyviz/render"
)

// StickBoard is the board and, given a solution's options, its pieces
// (each coloured by its piece), as package render draws them.
func (b *Build) StickBoard(options []int) render.StickBoard {
	var sb render.StickBoard
	for _, s := range b.Board {
		sb.Board = append(sb.Board, render.Stick(s))
	}
	for _, pl := range b.Decode(options) {
		var pc []render.Stick
		for _, s := range pl.Sticks {
			pc = append(pc, render.Stick(s))
		}
		sb.Pieces = append(sb.Pieces, pc)
		sb.Colour = append(sb.Colour, pl.Piece)
	}
	return sb
}

// Orientations returns piece i's orientations as Build places it: its
// images under every motion of the square, or the rotations only when the
// puzzle is one-sided, each normalized, the piece as the spec gives it
// first.
func (p *Puzzle) Orientations(i int) [][]polyform.Stick {
	eq := polyform.Free
	if p.OneSided {
		eq = polyform.OneSided
	}
	return polyform.StickOrientations(p.Pieces[i].Sticks, eq)
}

// PieceBoard is sticks (an orientation of piece i) alone, as package
// render draws it: in piece i's colour, on the grid of the rectangle
// around it, so that its length and turns read against the points.
func (p *Puzzle) PieceBoard(i int, sticks []polyform.Stick) render.StickBoard {
	sb := render.StickBoard{Colour: []int{i}}
	if len(sticks) == 0 {
		return sb
	}
	norm := polyform.NormalizeSticks(sticks)
	a, b := 0, 0
	for _, s := range norm {
		ex, ey := s.End()
		a, b = max(a, ex), max(b, ey)
	}
	for _, s := range Rectangle(a, b) {
		sb.Board = append(sb.Board, render.Stick(s))
	}
	pc := make([]render.Stick, len(norm))
	for k, s := range norm {
		pc[k] = render.Stick(s)
	}
	sb.Pieces = [][]render.Stick{pc}
	return sb
}
