package backend

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"polyviz/burrtools"
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
	lat, err := editLattice(pz) // editgrid.go
	if err != nil {
		return editor.Source{}, err
	}
	src.Lattice = lat
	switch l.Format {
	case puzzle.FormatPolycube, puzzle.FormatPolyomino, puzzle.FormatPolyiamond, puzzle.FormatPolyhex, burrtools.Format:
	default:
		src.Foreign = true
	}
	inPlace := inPlaceCells(pz) // unique.go
	if x, ok := l.Source.(*burrtools.File); ok {
		colours, fixed, err := xmColours(x, l.Chosen, pz) // editcolour.go
		if err != nil {
			return editor.Source{}, err
		}
		src.Colours = colours
		if fixed != nil {
			inPlace = fixed
		}
	}
	for k, pc := range pz.Pieces {
		src.Pieces = append(src.Pieces, editor.SourcePiece{Name: pc.Name, Min: pc.Min, Max: pc.Max, Orientations: pc.Orientations, Motion: editorMotion(pc.Motion), InPlace: inPlace[k]})
	}
	return src, nil
}

// editorMotion is a piece's motion as the editor says it.
func editorMotion(m puzzle.Motion) editor.Motion {
	switch m {
	case puzzle.MotionOneSided:
		return editor.OneSided
	case puzzle.MotionFixed:
		return editor.Fixed
	}
	return editor.Free
}

// pickFace is render.PickFace on the window's scene.
func pickFace(s *ui.Scene, cam ui.Camera, w, h, x, y int) (int, geometry.Cell, geometry.Cell, bool) {
	if s == nil || s.Board != nil {
		return 0, geometry.Cell{}, geometry.Cell{}, false
	}
	return render.PickFace(renderScene(s), renderCamera(s, cam, w, h), w, h, x, y)
}

// saveXMPuzzle writes an edited document as a BurrTools file: problem k of
// the file it was opened from replaced, the rest kept, or a file of its own.
func saveXMPuzzle(p *ui.Puzzle, orig []byte, d editor.Document) ([]byte, error) {
	gridType, ok := xmGrid(d)
	if !ok {
		return nil, fmt.Errorf("BurrTools has no grid of %s: save it as a spec (.txt)", d.Lattice)
	}
	for _, pc := range d.Pieces {
		if pc.Motion == editor.Fixed || pc.Motion == editor.OneSided && d.Lattice == editor.Squares {
			return nil, fmt.Errorf("piece %s is %v, and BurrTools places every piece in all its rotations (a flat one turned over too): save it as a spec (.txt)", pc.Name, pc.Motion)
		}
	}
	inPlace := slices.ContainsFunc(d.Pieces, func(pc editor.Piece) bool { return len(pc.InPlace) > 0 })
	shapes, parts, result := xmShapes(d)
	if l, ok := xmOrigin(p); ok && orig != nil {
		if !inPlace {
			colourShapes(shapes, d) // editcolour.go: the file's palette and rules stay
			return burrtools.ReplaceProblem(l.Name, orig, l.Chosen, shapes, parts, result)
		}
		if err := keepsProblems(l); err != nil { // unique.go: in place, the problem is written alone
			return nil, err
		}
	}
	name := d.Title
	if name == "" {
		name = "polyviz"
	}
	x := &burrtools.File{GridType: gridType, Shapes: shapes, Problems: []burrtools.Problem{{Name: name, Parts: parts, Result: result, MaxHoles: -1}}}
	if l, ok := xmOrigin(p); ok { // its problem alone: keep what names it
		if src, ok := l.Source.(*burrtools.File); ok && l.Chosen < len(src.Problems) {
			x.Comment = src.Comment
			if n := src.Problems[l.Chosen].Name; n != "" && d.Title == "" {
				x.Problems[0].Name = n
			}
		}
	}
	if err := colourFile(x, d); err != nil { // editcolour.go: colours, and pieces fixed in place said by them
		return nil, err
	}
	var b bytes.Buffer
	if err := x.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// xmOrigin returns the loaded BurrTools file p came from, if it did.
func xmOrigin(p *ui.Puzzle) (*puzzle.Loaded, bool) {
	if p == nil {
		return nil, false
	}
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Format != burrtools.Format {
		return nil, false
	}
	return l, true
}

// xmShapes describes a document as BurrTools shapes: one per piece (named
// like it), the box last (its optional cells as variable voxels), and the
// parts naming them.
func xmShapes(d editor.Document) (shapes []burrtools.Shape, parts []burrtools.Part, result int) {
	cells := func(s geometry.Shape) geometry.Shape { return s }
	if d.Lattice == editor.Triangles { // on BurrTools' prisms (see xmGrid)
		cells = func(s geometry.Shape) geometry.Shape {
			out := make(geometry.Shape, len(s))
			for i, c := range s {
				out[i] = burrtools.PrismOfTriangle(c)
			}
			return geometry.NewShape(out...)
		}
	}
	for i, pc := range d.Pieces {
		shapes = append(shapes, xmShape(pc.Name, cells(pc.Cells), nil))
		parts = append(parts, burrtools.Part{Shape: i, Min: pc.Min, Max: pc.Max})
	}
	var fixed geometry.Shape
	for _, c := range d.Box {
		if !d.Optional.Contains(c) {
			fixed = append(fixed, c)
		}
	}
	shapes = append(shapes, xmShape("", cells(fixed), cells(d.Optional)))
	return shapes, parts, len(shapes) - 1
}

// xmShape is a voxel space holding the cells (coordinates kept as they are).
func xmShape(name string, filled, variable geometry.Shape) burrtools.Shape {
	var size geometry.Cell
	for _, c := range append(append(geometry.Shape{}, filled...), variable...) {
		size.X, size.Y, size.Z = max(size.X, c.X+1), max(size.Y, c.Y+1), max(size.Z, c.Z+1)
	}
	return burrtools.Shape{Name: name, Size: size, Filled: filled, Variable: variable}
}
