package editor

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
)

// Edit is one change a designer makes: a name for the Undo menu ("Undo add
// cell") and the change itself, which returns a new document or an error
// saying why the edit is refused (the document is then left as it was).
type Edit struct {
	Label string
	apply func(Document) (Document, error)
}

// Apply returns the document with the edit made; d itself is not changed.
func (e Edit) Apply(d Document) (Document, error) {
	n, err := e.apply(d.clone())
	if err != nil {
		return d, err
	}
	return n, nil
}

// ErrBadName is returned for a piece name Knuth's specs cannot carry.
var ErrBadName = errors.New("a piece name is 1 to 8 characters without blanks, '|', ':' or '*'")

// ErrNoPiece is returned for an edit of a piece index that does not exist.
var ErrNoPiece = errors.New("no such piece")

// SetTitle sets the title written as the spec's first comment line.
func SetTitle(title string) Edit {
	return Edit{"set title", func(d Document) (Document, error) {
		if strings.ContainsAny(title, "\r\n") {
			return d, errors.New("a title is one line")
		}
		d.Title = title
		return d, nil
	}}
}

// SetBox replaces the box by the given cells; optional cells outside it are dropped.
func SetBox(cells geometry.Shape) Edit {
	return Edit{"set box", func(d Document) (Document, error) {
		cells = geometry.NewShape(cells...)
		if err := d.Lattice.inRange(cells); err != nil {
			return d, err
		}
		d.Box = cells
		d.Optional = intersect(d.Optional, cells)
		return d, nil
	}}
}

// PaintBox adds the cells to the box (on) or removes them (off): one click,
// or one drag across a layer. Removing a cell also makes it no longer optional.
func PaintBox(on bool, cells ...geometry.Cell) Edit {
	label := "add box cell"
	if !on {
		label = "remove box cell"
	}
	if len(cells) > 1 {
		label += "s"
	}
	return Edit{label, func(d Document) (Document, error) {
		s := geometry.NewShape(cells...)
		if err := d.Lattice.inRange(s); err != nil {
			return d, err
		}
		if on {
			d.Box = union(d.Box, s)
		} else {
			d.Box = minus(d.Box, s)
			d.Optional = minus(d.Optional, s)
		}
		return d, nil
	}}
}

// SetOptional marks box cells as optional (they may stay empty) or not.
// Cells not in the box are refused.
func SetOptional(on bool, cells ...geometry.Cell) Edit {
	label := "make cells optional"
	if !on {
		label = "make cells required"
	}
	return Edit{label, func(d Document) (Document, error) {
		s := geometry.NewShape(cells...)
		for _, c := range s {
			if !d.Box.Contains(c) {
				return d, fmt.Errorf("cell %v is not in the box", c)
			}
		}
		if on {
			d.Optional = union(d.Optional, s)
		} else {
			d.Optional = minus(d.Optional, s)
		}
		return d, nil
	}}
}

// TransformBox turns or mirrors the box (and its optional cells) by t and
// moves it back to the origin.
func TransformBox(t geometry.Transform) Edit {
	return Edit{"turn box", func(d Document) (Document, error) {
		if !d.Lattice.isSymmetry(t) {
			return d, errors.New("a board turns only in its plane, by a symmetry of its cells")
		}
		all := union(d.Box, nil)
		lo, _ := d.Lattice.image(all, t, geometry.Cell{}).Bounds()
		off := geometry.Cell{X: -lo.X, Y: -lo.Y, Z: -lo.Z}
		if d.Lattice.planar() {
			off.Z = 0 // z holds a triangle's kind, not a layer
		}
		d.Box = d.Lattice.image(d.Box, t, off)
		d.Optional = d.Lattice.image(d.Optional, t, off)
		if err := d.Lattice.inRange(d.Box); err != nil {
			return d, err
		}
		return d, nil
	}}
}

// ShiftBox moves the box (and its optional cells) by v. Cells may not leave
// the coordinate range.
func ShiftBox(v geometry.Cell) Edit {
	return Edit{"shift box", func(d Document) (Document, error) {
		if !d.Lattice.isTranslation(v) {
			return d, fmt.Errorf("moving by %v does not map the grid onto itself", v)
		}
		d.Box = d.Box.Translate(v)
		d.Optional = d.Optional.Translate(v)
		if err := d.Lattice.inRange(d.Box); err != nil {
			return d, err
		}
		return d, nil
	}}
}

// AddPiece appends a piece with the given name and cells (multiplicity 1).
// An empty name picks the first free letter A..Z, then P1, P2, ...
func AddPiece(name string, cells geometry.Shape) Edit {
	return Edit{"add piece", func(d Document) (Document, error) {
		if name == "" {
			name = d.freeName()
		}
		if err := d.checkName(name, -1); err != nil {
			return d, err
		}
		s, err := d.normalized(cells)
		if err != nil {
			return d, err
		}
		d.Pieces = append(d.Pieces, Piece{Name: name, Min: 1, Max: 1, Cells: s, Colour: -1})
		return d, nil
	}}
}

// DuplicatePiece inserts a copy of piece i after it, under a free name.
func DuplicatePiece(i int) Edit {
	return Edit{"duplicate piece", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		p := d.Pieces[i]
		p.Cells = slices.Clone(p.Cells)
		p.Name = d.freeName()
		d.Pieces = slices.Insert(d.Pieces, i+1, p)
		return d, nil
	}}
}

// DeletePiece removes piece i.
func DeletePiece(i int) Edit {
	return Edit{"delete piece", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		d.Pieces = slices.Delete(d.Pieces, i, i+1)
		return d, nil
	}}
}

// MovePiece moves piece i to position j of the list.
func MovePiece(i, j int) Edit {
	return Edit{"move piece", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) || j < 0 || j >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		p := d.Pieces[i]
		d.Pieces = slices.Delete(d.Pieces, i, i+1)
		d.Pieces = slices.Insert(d.Pieces, j, p)
		return d, nil
	}}
}

// RenamePiece renames piece i.
func RenamePiece(i int, name string) Edit {
	return Edit{"rename piece", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		if err := d.checkName(name, i); err != nil {
			return d, err
		}
		d.Pieces[i].Name = name
		return d, nil
	}}
}

// SetMultiplicity says how many copies of piece i are used: exactly min when
// min == max, else any number from min to max.
func SetMultiplicity(i, min, max int) Edit {
	return Edit{"set multiplicity", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		if min < 0 || max < 1 || min > max {
			return d, fmt.Errorf("multiplicity %d..%d: want 0 <= min <= max and max >= 1", min, max)
		}
		if max > MaxCoord {
			return d, fmt.Errorf("multiplicity %d: at most %d copies", max, MaxCoord)
		}
		d.Pieces[i].Min, d.Pieces[i].Max = min, max
		return d, nil
	}}
}

// SetColour sets piece i's palette colour (-1: the default).
func SetColour(i, colour int) Edit {
	return Edit{"set colour", func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		d.Pieces[i].Colour = colour
		return d, nil
	}}
}

// PaintPiece adds cells to piece i (on) or removes them (off). The cells are
// in the piece's own frame as the layer grid shows it (they may be negative:
// the piece is moved back to the origin afterwards). A piece keeps at least
// one cell: removing its last is refused (delete the piece instead).
func PaintPiece(i int, on bool, cells ...geometry.Cell) Edit {
	label := "add piece cell"
	if !on {
		label = "remove piece cell"
	}
	if len(cells) > 1 {
		label += "s"
	}
	return Edit{label, func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		s := geometry.NewShape(cells...)
		var next geometry.Shape
		if on {
			next = union(d.Pieces[i].Cells, s)
		} else {
			next = minus(d.Pieces[i].Cells, s)
		}
		if len(next) == 0 {
			return d, errors.New("a piece keeps at least one cell (delete the piece instead)")
		}
		n, err := d.normalized(next)
		if err != nil {
			return d, err
		}
		d.Pieces[i].Cells = n
		return d, nil
	}}
}

// TransformPiece turns or mirrors piece i by t (one of geometry.Symmetries,
// or geometry.PlaneSymmetries on a board).
func TransformPiece(i int, t geometry.Transform) Edit {
	label := "turn piece"
	if !properTurn(t) {
		label = "mirror piece"
	}
	return Edit{label, func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		if !d.Lattice.isSymmetry(t) {
			return d, errors.New("a board piece turns only in its plane, by a symmetry of its cells")
		}
		n, err := d.normalized(d.Lattice.image(d.Pieces[i].Cells, t, geometry.Cell{}))
		if err != nil {
			return d, err
		}
		d.Pieces[i].Cells = n
		return d, nil
	}}
}

// normalized moves s so that its least coordinates are 0 (x and y only on a
// board) and checks the range.
func (d Document) normalized(s geometry.Shape) (geometry.Shape, error) {
	s = geometry.NewShape(s...)
	if len(s) == 0 {
		return nil, errors.New("a piece has at least one cell")
	}
	if g := d.Lattice.Grid(); g != nil {
		s = g.Normalize(s) // by a translation of the grid
		return s, d.Lattice.inRange(s)
	}
	lo, _ := s.Bounds()
	if d.Lattice.planar() {
		lo.Z = 0
	}
	s = s.Translate(geometry.Cell{X: -lo.X, Y: -lo.Y, Z: -lo.Z})
	return s, d.Lattice.inRange(s)
}

// checkName says why name cannot name piece i (i = -1: a new piece).
func (d Document) checkName(name string, i int) error {
	if name == "" || len(name) > 8 || strings.ContainsAny(name, " \t|:*\r\n") {
		return fmt.Errorf("%q: %w", name, ErrBadName)
	}
	if isCellName(name, d.Lattice) {
		return fmt.Errorf("%q is the name of a cell; choose another name", name)
	}
	if j := d.PieceIndex(name); j >= 0 && j != i {
		return fmt.Errorf("there is already a piece %q", name)
	}
	return nil
}

// isCellName reports whether name reads as a cell of the lattice (two or
// three radix-62 digits), which Knuth's specs forbid as a piece name.
func isCellName(name string, l Lattice) bool {
	n := 3
	if l.planar() {
		n = 2
	}
	if l == Triangles {
		name = strings.TrimSuffix(name, "'") // 00' is the ∇ triangle 00
	}
	if len(name) != n {
		return false
	}
	for i := range len(name) {
		if geometry.DecodeDigit(name[i]) < 0 {
			return false
		}
	}
	return true
}

// freeName returns the first of A..Z, then P1, P2, ... not yet used.
func (d Document) freeName() string {
	for c := 'A'; c <= 'Z'; c++ {
		if d.PieceIndex(string(c)) < 0 {
			return string(c)
		}
	}
	for k := 1; ; k++ {
		// P10 is a cell's name on cubes (x=P, y=1, z=0): skip such names
		if n := fmt.Sprintf("P%d", k); d.PieceIndex(n) < 0 && d.checkName(n, -1) == nil {
			return n
		}
	}
}

func union(a, b geometry.Shape) geometry.Shape {
	return geometry.NewShape(append(slices.Clone(a), b...)...)
}

func minus(a, b geometry.Shape) geometry.Shape {
	var out geometry.Shape
	for _, c := range a {
		if !b.Contains(c) {
			out = append(out, c)
		}
	}
	return out
}

func intersect(a, b geometry.Shape) geometry.Shape {
	var out geometry.Shape
	for _, c := range a {
		if b.Contains(c) {
			out = append(out, c)
		}
	}
	return out
}

// Batch makes several edits as one (one Undo step), in order; if any is
// refused, none is made.
func Batch(label string, edits ...Edit) Edit {
	return Edit{label, func(d Document) (Document, error) {
		var err error
		for _, e := range edits {
			if d, err = e.Apply(d); err != nil {
				return d, err
			}
		}
		return d, nil
	}}
}
