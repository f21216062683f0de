package editor

import (
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
)

// A piece fixed in place keeps one placement, the box cells of its InPlace:
// the change "make it unique" proposes. The spec writes the piece's line
// with those cells and a "| in-place NAMES" line, which package puzzle
// reads back (Knuth's programs skip it and move the piece freely).

// FixInPlace fixes piece i on the box cells given, which must be the piece
// in one of the orientations its motion allows, moved, inside the box. A
// piece of several copies is split: one copy, a piece of its own named by
// CopyName, is fixed and inserted after it (and the copies fixed before),
// and piece i keeps the other copies (its Min and Max one less), so
// indices above i move up by one.
// The piece fixed is drawn as it lies.
func FixInPlace(i int, cells geometry.Shape) Edit {
	return Edit{"fix piece in place", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		cells = geometry.NewShape(cells...)
		p := d.Pieces[i]
		if err := d.placementOf(p, cells); err != nil {
			return d, err
		}
		// drawn as it lies, as the spec's line draws it
		shape, err := d.normalized(cells)
		if err != nil {
			return d, err
		}
		if p.Max <= 1 { // one copy, or an optional piece now put in
			d.Pieces[i].Min, d.Pieces[i].Max, d.Pieces[i].Cells, d.Pieces[i].InPlace = 1, 1, shape, cells
			return d, nil
		}
		fixed := p
		fixed.Name = d.CopyName(p.Name)
		fixed.Min, fixed.Max = 1, 1
		fixed.Cells, fixed.InPlace = shape, cells
		d.Pieces[i].Min, d.Pieces[i].Max = max(p.Min-1, 0), p.Max-1
		at := i + 1 // after the copies fixed already, so they stay in order
		for at < len(d.Pieces) && len(d.Pieces[at].InPlace) > 0 && strings.HasPrefix(d.Pieces[at].Name, p.Name[:min(len(p.Name), 6)]+"_") {
			at++
		}
		d.Pieces = slices.Insert(d.Pieces, at, fixed)
		return d, nil
	}}
}

// FreeInPlace lets piece i move again (nothing when it is not in place).
func FreeInPlace(i int) Edit {
	return Edit{"free piece", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		d.Pieces[i].InPlace = nil
		return d, nil
	}}
}

// CopyName is the name FixInPlace gives a copy of the piece called name
// fixed on its own: name_1 (name_2... when taken), cut to 8 characters.
// `polyviz unique` names a copy it writes the same way.
func (d Document) CopyName(name string) string {
	for k := 1; ; k++ {
		suffix := fmt.Sprintf("_%d", k)
		n := name
		if len(n)+len(suffix) > 8 {
			n = n[:8-len(suffix)]
		}
		if n += suffix; d.checkName(n, -1) == nil {
			return n
		}
	}
}

// placementOf says why cells are not a placement of piece p in the box
// (nil when they are): an orientation its motion allows, moved.
func (d Document) placementOf(p Piece, cells geometry.Shape) error {
	if len(cells) == 0 {
		return fmt.Errorf("piece %s: no cells to fix it on", p.Name)
	}
	for _, c := range cells {
		if !d.Box.Contains(c) {
			return fmt.Errorf("piece %s: cell %v is not in the box", p.Name, c)
		}
	}
	want, err := d.normalized(cells)
	if err != nil {
		return err
	}
	for _, o := range p.allowed(d.Lattice) {
		if o, err := d.normalized(o); err == nil && o.Equal(want) {
			return nil
		}
	}
	return fmt.Errorf("piece %s: the cells it is fixed on are not its shape in a way it may turn (drawn across a join of a wrapped board, or redrawn since)", p.Name)
}

// CheckInPlace says why the pieces in place cannot be written (a piece
// redrawn or given copies after it was fixed), nil when they can.
func (d Document) CheckInPlace() error { return d.checkInPlace() }

func (d Document) checkInPlace() error {
	for _, p := range d.Pieces {
		if len(p.InPlace) == 0 {
			continue
		}
		if p.Min != 1 || p.Max != 1 {
			return fmt.Errorf("piece %s is fixed in place and has %d to %d copies; only a piece of one copy stays in place (undo back to it being fixed, or make it unique again)", p.Name, p.Min, p.Max)
		}
		if err := d.placementOf(p, p.InPlace); err != nil {
			return fmt.Errorf("%w: undo back to it being fixed, or make it unique again", err)
		}
	}
	return nil
}

// inPlaceLine writes the "| in-place NAMES" line ("" when no piece is in
// place).
func (d Document) inPlaceLine() string {
	var names []string
	for _, p := range d.Pieces {
		if len(p.InPlace) > 0 {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "| in-place " + strings.Join(names, " ") + "\n"
}

// pieceCells is the cells a piece's spec line gives: where it is fixed,
// or its shape.
func (p Piece) pieceCells() geometry.Shape {
	if len(p.InPlace) > 0 {
		return p.InPlace
	}
	return p.Cells
}
