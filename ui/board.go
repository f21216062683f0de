package ui

import (
	"image"
	"image/draw"
	"io"
)

// boardScene is the scene of a flat board (a puzzle with DrawBoard), with
// solution s filled in (nil: the bare puzzle).
func boardScene(p *Puzzle, s Solution, hideClues bool) *Scene {
	sc := &Scene{Planar: true, Board: func(w, h int) image.Image { return p.DrawBoard(s, hideClues, w, h) }}
	if p.BoardSVG != nil {
		sc.BoardSVG = func(w io.Writer) error { return p.BoardSVG(s, w) }
	}
	return sc
}

// toggleClues shows a board's clues as clues (bold black) or like the
// solved cells, to compare the solution with the puzzle.
func (w *window) toggleClues() {
	w.hideClues = !w.hideClues
	w.refreshScene()
}

// focusedBoardScene is boardScene of solution s without the hidden pieces'
// options and, for focus > 0, with piece focus-1 as drawn and the others
// faint, as a packing shows a selected piece. It needs a board that says
// which piece each option places (Puzzle.PieceOf); the picture is made of
// three drawings: the pieces shown, the selected one alone, the bare board.
func focusedBoardScene(p *Puzzle, s Solution, hidden []bool, focus int, hideClues bool) *Scene {
	s = shownOptions(p, s, hidden)
	sc := boardScene(p, s, hideClues)
	if focus <= 0 || s == nil || p.PieceOf == nil {
		return sc
	}
	var alone Solution
	for _, o := range s {
		if p.PieceOf(o) == focus-1 {
			alone = append(alone, o)
		}
	}
	if alone == nil {
		return sc // not in this solution
	}
	sc.Board = func(w, h int) image.Image {
		all := toRGBA(p.DrawBoard(s, hideClues, w, h))
		one := toRGBA(p.DrawBoard(alone, hideClues, w, h))
		bare := toRGBA(p.DrawBoard(Solution{}, hideClues, w, h))
		if all.Bounds() != one.Bounds() || all.Bounds() != bare.Bounds() {
			return all
		}
		// where the selected piece is drawn, it; elsewhere the bare board
		// and focusFaint of what the other pieces add to it
		for i := 0; i < len(all.Pix); i += 4 {
			if [4]uint8(one.Pix[i:i+4]) != [4]uint8(bare.Pix[i:i+4]) {
				copy(all.Pix[i:i+4], one.Pix[i:i+4])
				continue
			}
			for k := range 4 {
				b := float64(bare.Pix[i+k])
				all.Pix[i+k] = uint8(b + focusFaint*(float64(all.Pix[i+k])-b) + 0.5)
			}
		}
		return all
	}
	return sc
}

// toRGBA returns img as an *image.RGBA at the origin, copied unless it is
// one already.
func toRGBA(img image.Image) *image.RGBA {
	if m, ok := img.(*image.RGBA); ok && m.Bounds().Min == (image.Point{}) && m.Stride == 4*m.Bounds().Dx() {
		return m
	}
	b := img.Bounds()
	m := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(m, m.Bounds(), img, b.Min, draw.Src)
	return m
}

// pickBoardAt selects the piece drawn at pixel (x, y) of a solved board's
// w×h picture (Puzzle.PickBoard), as pickAt does in a packing; a click on
// no piece deselects.
func (w *window) pickBoardAt(x, y, width, height int) {
	p, sol := w.puzzle, w.browser.Current()
	if sol == nil {
		return // the bare board, or a piece alone
	}
	i, ok := p.PickBoard(shownOptions(p, sol, w.hidden), width, height, x, y)
	switch {
	case !ok || i < 0 || i >= len(p.Pieces):
		if w.selPiece >= 0 {
			w.deselectPiece()
		}
	case i != w.selPiece:
		w.pieces.Select(i) // selectPiece, through OnSelected
		w.pieces.ScrollTo(i)
	}
}
