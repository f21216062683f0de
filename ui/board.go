package ui

import "image"

// boardScene is the scene of a flat board (a puzzle with DrawBoard), with
// solution s filled in (nil: the bare puzzle).
func boardScene(p *Puzzle, s Solution) *Scene {
	return &Scene{Planar: true, Board: func(w, h int) image.Image { return p.DrawBoard(s, w, h) }}
}
