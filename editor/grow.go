package editor

import (
	"fmt"

	"polyviz/geometry"
)

// Growing a shape in every direction, as BurrTools' editor lets one draw:
// a click that would put a cell at a negative coordinate moves the shape
// first, by the least translation of the lattice that brings every cell to
// coordinates >= 0, so the click is one edit (and one Undo) whatever side
// it is on. Only the upper limit, MaxCoord, refuses a click.

// PaintShape paints the cells of one click or drag on shape target
// (TargetBox or piece i): adds them (on) or removes them. On the box,
// optional also makes the added cells optional. When an added cell lies
// below coordinate 0 the box moves, with its optional cells and the cells
// pieces are fixed in place on, by Document.PaintShift; a piece is kept
// normalized as PaintPiece keeps it.
func PaintShape(target int, on, optional bool, cells ...geometry.Cell) Edit {
	label := paintLabel(target, on, optional, len(cells))
	return Edit{label, func(d Document) (Document, error) {
		v, err := d.PaintShift(target, on, cells)
		if err != nil {
			return d, err
		}
		if target != TargetBox {
			// moved first, colours and all, so that PaintPiece keeps it where it is
			p := &d.Pieces[target]
			p.cellColours = p.cellColours.moved(p.Cells, v)
			p.Cells = p.Cells.Translate(v)
			return PaintPiece(target, on, shiftCells(cells, v)...).apply(d)
		}
		if v != (geometry.Cell{}) {
			d.boxColours = d.boxColours.moved(d.Box, v)
			d.Box, d.Optional = d.Box.Translate(v), d.Optional.Translate(v)
			for i, p := range d.Pieces {
				if len(p.InPlace) > 0 { // box cells: they go with the box
					d.Pieces[i].InPlace = p.InPlace.Translate(v)
				}
			}
		}
		var moved []geometry.Cell
		for _, c := range cells {
			if on || d.Box.Contains(c) { // erasing beyond the box erases nothing
				moved = append(moved, c.Add(v))
			}
		}
		if d, err = PaintBox(on, moved...).apply(d); err != nil {
			return d, err
		}
		if on && optional {
			return SetOptional(true, moved...).apply(d)
		}
		return d, nil
	}}
}

// moved is k on shape s moved whole by v: the colours go with their cells
// (the colouring's own guess at a move misses one that grows a corner).
func (k colouring) moved(s geometry.Shape, v geometry.Cell) colouring {
	of := k.now(s)
	if len(of) == 0 || v == (geometry.Cell{}) {
		return k
	}
	out := make(map[geometry.Cell]int, len(of))
	for c, col := range of {
		out[c.Add(v)] = col
	}
	return colouring{on: s.Translate(v), of: out}
}

func shiftCells(cells []geometry.Cell, v geometry.Cell) []geometry.Cell {
	out := make([]geometry.Cell, len(cells))
	for i, c := range cells {
		out[i] = c.Add(v)
	}
	return out
}

func paintLabel(target int, on, optional bool, n int) string {
	label := "add piece cell"
	switch {
	case target == TargetBox && on && optional:
		label = "add optional cell"
	case target == TargetBox && on:
		label = "add box cell"
	case target == TargetBox:
		label = "remove box cell"
	case !on:
		label = "remove piece cell"
	}
	if n > 1 {
		label += "s"
	}
	return label
}

// PaintShift returns the translation PaintShape(target, on, _, cells)
// moves the shape's cells by (zero when they stay where they are), or the
// error that refuses it: a cell beyond MaxCoord, said in words. The window
// follows the shape with it (the layer shown moves with the cells).
func (d Document) PaintShift(target int, on bool, cells []geometry.Cell) (geometry.Cell, error) {
	l := d.Lattice
	if target == TargetBox {
		if !on || len(cells) == 0 {
			return geometry.Cell{}, nil
		}
		lo, _ := union(d.Box, cells).Bounds()
		need := geometry.Cell{X: max(-lo.X, 0), Y: max(-lo.Y, 0), Z: max(-lo.Z, 0)}
		if l.planar() {
			need.Z = 0 // a board's z is a cell's kind: inRange refuses it
		}
		v := l.translationAtLeast(need)
		return v, l.fits("the box", union(d.Box, cells).Translate(v))
	}
	if target < 0 || target >= len(d.Pieces) {
		return geometry.Cell{}, ErrNoPiece
	}
	s := geometry.NewShape(cells...)
	next := minus(d.Pieces[target].Cells, s)
	if on {
		next = union(d.Pieces[target].Cells, s)
	}
	if len(next) == 0 {
		return geometry.Cell{}, nil // PaintPiece says why
	}
	n, err := d.normalized(next)
	if err != nil {
		if ferr := l.fits("the piece", n); len(n) > 0 && ferr != nil {
			return geometry.Cell{}, ferr
		}
		return geometry.Cell{}, err
	}
	// a translation keeps the cells' order: the first goes to the first
	return n[0].Sub(next[0]), nil
}

// translationAtLeast returns the least translation of the lattice that
// moves by at least need along each axis: need itself on Knuth's lattices,
// on BurrTools' grids one the grid allows (a multiple of its period, of
// the right parity), moving along an axis that needs nothing only when no
// other will do, and along z last.
func (l Lattice) translationAtLeast(need geometry.Cell) geometry.Cell {
	if need == (geometry.Cell{}) || l.isTranslation(need) {
		return need
	}
	best, bestCost := need, -1
	span := 2*l.Period() + 1 // a translation of every grid lies this near
	for dx := range span + 1 {
		for dy := range span + 1 {
			for dz := range span + 1 {
				v := need.Add(geometry.Cell{X: dx, Y: dy, Z: dz})
				if !l.isTranslation(v) {
					continue
				}
				cost := dx + dy + 2*dz
				for _, a := range []Axis{AxisX, AxisY, AxisZ} {
					if get(need, a) == 0 && get(v, a) > 0 {
						cost += 1000
					}
				}
				if bestCost < 0 || cost < bestCost {
					best, bestCost = v, cost
				}
			}
		}
	}
	return best
}

// fits says, in words, why shape s of what would not fit in 0..MaxCoord.
func (l Lattice) fits(what string, s geometry.Shape) error {
	if len(s) == 0 {
		return nil
	}
	lo, hi := s.Bounds()
	for _, a := range []Axis{AxisX, AxisY, AxisZ} {
		if get(hi, a) > MaxCoord {
			return fmt.Errorf("%s would reach %s = %d; coordinates go from 0 to %d, so it cannot grow that way",
				what, a, get(hi, a), MaxCoord)
		}
		if get(lo, a) < 0 && !(l.planar() && a == AxisZ) {
			return fmt.Errorf("%s would reach %s = %d, below 0", what, a, get(lo, a))
		}
	}
	return l.inRange(s)
}
