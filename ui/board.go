package ui

import (
	"image"
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
