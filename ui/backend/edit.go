package backend

import (
	"errors"

	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/ui"
)

// editSource hands the editor what it needs of an opened packing puzzle.
// Fillomino grids and antislide problems are not packings of given pieces,
// and a DLX file whose items are not cells has no shapes: those say so.
func editSource(p *ui.Puzzle) (editor.Source, error) {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Puzzle == nil {
		return editor.Source{}, errors.New("only packing puzzles (specs, Lepage's and BurrTools' files, DLX files made from a spec) open in the editor")
	}
	pz := l.Puzzle
	if len(pz.Box) == 0 {
		return editor.Source{}, errors.New("its items are not the cells of a box")
	}
	src := editor.Source{Planar: pz.Planar, Lines: pz.Lines, Box: pz.Box, Optional: pz.Optional, Suffixes: pz.Suffixes}
	for _, pc := range pz.Pieces {
		src.Pieces = append(src.Pieces, editor.SourcePiece{Name: pc.Name, Min: pc.Min, Max: pc.Max, Orientations: pc.Orientations})
	}
	return src, nil
}

// pickFace is render.PickFace on the window's scene.
func pickFace(s *ui.Scene, cam ui.Camera, w, h, x, y int) (int, geometry.Cell, geometry.Cell, bool) {
	if s == nil || s.Board != nil {
		return 0, geometry.Cell{}, geometry.Cell{}, false
	}
	return render.PickFace(renderScene(s), renderCamera(s, cam, w, h), w, h, x, y)
}
