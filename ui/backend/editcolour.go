package backend

import (
	"fmt"
	"image/color"
	"maps"
	"slices"

	"polyviz/burrtools"
	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// xmColours reads the colours of problem k of x for the editor: the
// file's palette, the problem's colour rules, the result's voxel colours
// and each piece's, keyed by the cells of its first orientation. When the
// colours say only that some pieces are fixed in place (unique's
// encoding, colourInPlace), they come back as those pieces' placements
// instead, in inPlace, and no colours.
func xmColours(x *burrtools.File, k int, pz *puzzle.Puzzle) (src editor.SourceColours, inPlace map[int]geometry.Shape, err error) {
	if len(x.Colors) == 0 || k < 0 || k >= len(x.Problems) {
		return src, nil, nil
	}
	pr := x.Problems[k]
	var used []burrtools.Part // the parts that are pieces of pz, in order
	for _, part := range pr.Parts {
		if part.Max != 0 {
			used = append(used, part)
		}
	}
	if len(used) != len(pz.Pieces) || pr.Result < 0 {
		return src, nil, fmt.Errorf("problem %d: its pieces do not match the puzzle built of it", k+1)
	}
	src.Palette = slices.Clone(x.Colors)
	src.Rules = slices.Clone(pr.Allowed)
	src.Box = maps.Clone(x.Shapes[pr.Result].Colors)
	src.Pieces = make([]map[geometry.Cell]int, len(used))
	for i, part := range used {
		s := x.Shapes[part.Shape]
		if len(s.Colors) == 0 {
			continue
		}
		cells := geometry.NewShape(append(slices.Clone(s.Filled), s.Variable...)...)
		first := pz.Pieces[i].Orientations[0]
		lo, _ := cells.Bounds()
		flo, _ := first.Bounds()
		v := flo.Sub(lo)
		if !translate(cells, v).Equal(first) {
			return src, nil, fmt.Errorf("piece %s: its coloured voxels do not match its shape as the editor draws it", pz.Pieces[i].Name)
		}
		src.Pieces[i] = map[geometry.Cell]int{}
		for c, col := range s.Colors {
			src.Pieces[i][c.Add(v)] = col
		}
	}
	if fixed := fixedByColours(src, pz); fixed != nil {
		return editor.SourceColours{}, fixed, nil
	}
	return src, nil, nil
}

// fixedByColours returns the placement of each piece the colours fix in
// place, when that is all they say (nil otherwise): every box cell
// coloured; each coloured piece has one copy, all its cells one colour k
// that no other piece has; the only rule for k is {k, k}; and the piece
// has exactly one placement, on the box cells of colour k. Every rule is
// such a {k, k}.
func fixedByColours(src editor.SourceColours, pz *puzzle.Puzzle) map[int]geometry.Shape {
	if len(src.Box) != len(pz.Box) {
		return nil
	}
	owner := map[int]int{} // colour → the piece of it
	for i, m := range src.Pieces {
		if len(m) == 0 {
			continue
		}
		pc := pz.Pieces[i]
		k := -1
		for _, col := range m {
			if k >= 0 && col != k {
				return nil
			}
			k = col
		}
		if _, taken := owner[k]; taken || len(m) != len(pc.Orientations[0]) || pc.Min != 1 || pc.Max != 1 {
			return nil
		}
		owner[k] = i
	}
	if len(owner) == 0 || len(src.Rules) != len(owner) {
		return nil
	}
	for _, r := range src.Rules {
		if _, ok := owner[r[0]]; !ok || r[0] != r[1] {
			return nil
		}
	}
	out := map[int]geometry.Shape{}
	for _, pl := range pz.Placements() {
		if len(src.Pieces[pl.Piece]) == 0 {
			continue
		}
		if _, seen := out[pl.Piece]; seen && !out[pl.Piece].Equal(geometry.NewShape(pl.Cells...)) {
			return nil // more than one placement
		}
		out[pl.Piece] = geometry.NewShape(pl.Cells...)
	}
	for k, i := range owner {
		cells, ok := out[i]
		if !ok {
			return nil
		}
		var onK []geometry.Cell
		for c, col := range src.Box {
			if col == k {
				onK = append(onK, c)
			}
		}
		if !geometry.NewShape(onK...).Equal(cells) {
			return nil
		}
	}
	return out
}

func translate(s geometry.Shape, v geometry.Cell) geometry.Shape {
	out := make([]geometry.Cell, len(s))
	for i, c := range s {
		out[i] = c.Add(v)
	}
	return geometry.NewShape(out...)
}

// colourShapes gives the shapes xmShapes made of d (piece i is shape i,
// the box last) their cells' colours.
func colourShapes(shapes []burrtools.Shape, d editor.Document) {
	for i := range d.Pieces {
		shapes[i].Colors = d.PieceColours(i)
	}
	shapes[len(shapes)-1].Colors = d.BoxColours()
}

// colourFile says d's colours in x, a file of d's problem alone: the
// palette and rules, and the pieces fixed in place (colourInPlace). With
// both, the box's neutral cells take a colour of their own that every
// colour may lie on (so that they stay as open as neutral ones), and each
// piece fixed a colour of its own, on itself alone.
func colourFile(x *burrtools.File, d editor.Document) error {
	inPlace := slices.ContainsFunc(d.Pieces, func(pc editor.Piece) bool { return len(pc.InPlace) > 0 })
	if !d.Coloured() {
		if inPlace {
			return colourInPlace(x, d) // unique.go
		}
		return nil
	}
	x.Colors = slices.Clone(d.Palette)
	pr := &x.Problems[0]
	pr.Allowed = slices.Clone(d.Rules)
	colourShapes(x.Shapes, d)
	if !inPlace {
		return nil
	}
	if err := d.CheckInPlace(); err != nil {
		return err
	}
	res := &x.Shapes[len(x.Shapes)-1]
	if res.Colors == nil {
		res.Colors = map[geometry.Cell]int{}
	}
	n := len(x.Colors)
	open := n + 1
	x.Colors = append(x.Colors, color.RGBA{R: 200, G: 200, B: 200, A: 255})
	for _, c := range d.Box {
		if res.Colors[c] == 0 {
			res.Colors[c] = open
		}
	}
	for col := 1; col <= n; col++ {
		pr.Allowed = append(pr.Allowed, [2]int{col, open})
	}
	for i, pc := range d.Pieces {
		if len(pc.InPlace) == 0 {
			continue
		}
		k := len(x.Colors) + 1
		x.Colors = append(x.Colors, inPlaceColours[(k-n-2)%len(inPlaceColours)])
		x.Shapes[i].Colors = map[geometry.Cell]int{}
		for _, c := range x.Shapes[i].Filled {
			x.Shapes[i].Colors[c] = k
		}
		for _, c := range pc.InPlace {
			res.Colors[c] = k
		}
		pr.Allowed = append(pr.Allowed, [2]int{k, k})
	}
	return nil
}
