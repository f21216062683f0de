package unique

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"slices"

	"polyviz/burrtools"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// BurrTools has no piece fixed in place, but its colour constraints can say
// it: a piece voxel of a colour may only lie on a result voxel of a colour
// the problem allows (or a neutral one). WriteXM colours the result's cells
// one colour, the cells of each piece fixed a colour of their own, and the
// piece fixed in its colour all over, allowing each fixed colour on itself
// alone: the piece then has one placement, its cells, and the other
// pieces, neutral, go anywhere. Package burrtools reads that back as the
// puzzle with the pieces fixed, as BurrTools does.

// ErrColoured is WriteXM's answer for a problem with colour constraints of
// its own, to which it does not add.
var ErrColoured = errors.New("the problem has colour constraints of its own")

// WriteXM writes problem k of the BurrTools file x with the proposal's
// changes, as a file of that problem alone: each piece fixed by colour
// constraints (a copy fixed as a shape and a part of its own), each
// optional cell filled made a filled voxel, each emptied left out of the
// result. pz must be the puzzle read from problem k, whose Problem the
// proposal was found on.
func WriteXM(w io.Writer, x *burrtools.File, k int, pz *puzzle.Puzzle, p Proposal) error {
	if x == nil || k < 0 || k >= len(x.Problems) || pz == nil {
		return errors.New("unique: no BurrTools problem to write")
	}
	pr := x.Problems[k]
	pr.Parts = slices.Clone(pr.Parts)
	pr.Allowed = slices.Clone(pr.Allowed)
	out := &burrtools.File{GridType: x.GridType, Colors: slices.Clone(x.Colors), Shapes: slices.Clone(x.Shapes), Comment: x.Comment}
	// the parts as the puzzle's pieces number them (a part of no copies is no piece)
	var part []int
	for i, pt := range pr.Parts {
		if pt.Max > 0 {
			part = append(part, i)
		}
	}
	if len(part) != len(pz.Pieces) {
		return fmt.Errorf("unique: problem %d of the file is not the puzzle given", k+1)
	}
	res := x.Shapes[pr.Result]
	res.Filled, res.Variable = slices.Clone(res.Filled), slices.Clone(res.Variable)
	pls := pz.Placements()
	var fixed []geometry.Shape // the cells of each piece fixed
	for _, c := range p.Changes {
		switch c.Kind {
		case FillCell, EmptyCell:
			cell, ok := optionalCell(pz, c.Cell)
			if !ok {
				return fmt.Errorf("unique: %s: no such optional cell", c)
			}
			res.Variable = slices.DeleteFunc(res.Variable, func(v geometry.Cell) bool { return v == cell })
			if c.Kind == FillCell {
				res.Filled = geometry.NewShape(append(res.Filled, cell)...)
			}
			continue
		}
		if c.Option < 0 || c.Option >= len(pls) {
			return fmt.Errorf("unique: no placement %d in %s", c.Option, pz.Name)
		}
		if len(fixed) == 0 && hasColours(x, pr) {
			return fmt.Errorf("unique: %w; polyviz does not add to them", ErrColoured)
		}
		pl := pls[c.Option]
		i := part[pl.Piece]
		pt := pr.Parts[i]
		colour := len(out.Colors) + 2 + len(fixed) // the rest of the result is len+1
		s := out.Shapes[pt.Shape]
		s.Colors = map[geometry.Cell]int{}
		for _, v := range append(slices.Clone(s.Filled), s.Variable...) {
			s.Colors[v] = colour
		}
		out.Shapes = append(out.Shapes, s)
		if pt.Max > 1 { // a copy fixed: a part of its own, the others one less
			pt.Min, pt.Max = max(pt.Min-1, 0), pt.Max-1
			pr.Parts[i] = pt
			pr.Parts = append(pr.Parts, burrtools.Part{Shape: len(out.Shapes) - 1, Min: 1, Max: 1, Group: pt.Group})
		} else {
			pr.Parts[i].Shape, pr.Parts[i].Min, pr.Parts[i].Max = len(out.Shapes)-1, 1, 1
		}
		pr.Allowed = append(pr.Allowed, [2]int{colour, colour})
		fixed = append(fixed, geometry.NewShape(pl.Cells...))
	}
	if len(fixed) > 0 {
		rest := len(out.Colors) + 1
		res.Colors = map[geometry.Cell]int{}
		for _, v := range append(slices.Clone(res.Filled), res.Variable...) {
			res.Colors[v] = rest
		}
		for j, cells := range fixed {
			for _, v := range cells {
				if _, ok := res.Colors[v]; !ok {
					return fmt.Errorf("unique: cell %v of a piece fixed is not in the result", v)
				}
				res.Colors[v] = rest + 1 + j
			}
		}
		out.Colors = append(out.Colors, color.RGBA{R: 200, G: 200, B: 200, A: 255})
		for j := range fixed {
			out.Colors = append(out.Colors, fixedColour(j))
		}
	}
	out.Shapes = append(out.Shapes, res)
	pr.Result = len(out.Shapes) - 1
	out.Problems = []burrtools.Problem{pr}
	return out.Write(w)
}

// hasColours reports whether problem pr already has colour constraints
// (the file's colours, on its result and on some piece).
func hasColours(x *burrtools.File, pr burrtools.Problem) bool {
	if len(x.Colors) == 0 || len(x.Shapes[pr.Result].Colors) == 0 {
		return false
	}
	return slices.ContainsFunc(pr.Parts, func(p burrtools.Part) bool { return len(x.Shapes[p.Shape].Colors) > 0 })
}

// optionalCell returns the optional cell of pz named name.
func optionalCell(pz *puzzle.Puzzle, name string) (geometry.Cell, bool) {
	i := slices.IndexFunc(pz.Optional, func(c geometry.Cell) bool { return pz.CellName(c) == name })
	if i < 0 {
		return geometry.Cell{}, false
	}
	return pz.Optional[i], true
}

// fixedColour is the colour of the j-th piece fixed, as BurrTools shows it.
func fixedColour(j int) color.RGBA {
	palette := []color.RGBA{{220, 60, 50, 255}, {50, 110, 220, 255}, {60, 170, 70, 255}}
	return palette[j%len(palette)]
}
