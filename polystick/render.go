package polystick

import "polyviz/render"

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
