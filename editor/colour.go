package editor

import (
	"fmt"
	"image/color"
	"maps"
	"slices"

	"polyviz/geometry"
)

// Cell colours are BurrTools' colour constraints: a piece cell of colour c
// may only lie on a box cell of colour c' when the pair {c, c'} is one of
// the document's Rules, or when either is 0 (neutral). The editor keeps
// them as read, lets the designer paint them, and drops a colour silently
// when an edit makes it meaningless (its cell removed, its shape turned).

// SourceColours are the colours of an opened BurrTools problem.
type SourceColours struct {
	// Palette is the file's colours; colour i is Palette[i-1].
	Palette []color.RGBA
	// Rules are the colour pairs allowed, {piece colour, box colour}.
	Rules [][2]int
	// Box gives the colour of each coloured box cell.
	Box map[geometry.Cell]int
	// Pieces gives, for each source piece, the colour of each coloured
	// cell of its first orientation (nil for a piece without colours).
	Pieces []map[geometry.Cell]int
}

// colouring is one shape's cell colours and the shape they were given on.
// Edits change the shape, not the colours: a colouring is read through now,
// which works out what the change of shape left of them, and clone settles
// it before every edit, so that now only ever looks one edit back.
type colouring struct {
	on geometry.Shape
	of map[geometry.Cell]int
}

// now returns the colours on shape s (nil when none): those of cells kept
// when s only gained or lost cells, moved along when s was moved whole,
// none when s was turned or remade.
func (k colouring) now(s geometry.Shape) map[geometry.Cell]int {
	if len(k.of) == 0 || len(s) == 0 {
		return nil
	}
	if s.Equal(k.on) {
		return k.of
	}
	shift := func(v geometry.Cell) map[geometry.Cell]int {
		out := map[geometry.Cell]int{}
		for c, col := range k.of {
			if c = c.Add(v); s.Contains(c) {
				out[c] = col
			}
		}
		return out
	}
	if len(k.on) > 0 {
		if subset(k.on, s) || subset(s, k.on) {
			return shift(geometry.Cell{})
		}
		loOn, hiOn := k.on.Bounds()
		lo, hi := s.Bounds()
		for _, v := range []geometry.Cell{lo.Sub(loOn), hi.Sub(hiOn)} {
			if moved := translate(k.on, v); subset(moved, s) || subset(s, moved) {
				return shift(v)
			}
		}
	}
	return nil
}

func subset(a, b geometry.Shape) bool {
	for _, c := range a {
		if !b.Contains(c) {
			return false
		}
	}
	return true
}

func translate(s geometry.Shape, v geometry.Cell) geometry.Shape {
	out := make([]geometry.Cell, len(s))
	for i, c := range s {
		out[i] = c.Add(v)
	}
	return geometry.NewShape(out...)
}

// settled is k as of shape s, with s as its shape.
func (k colouring) settled(s geometry.Shape) colouring {
	of := k.now(s)
	if len(of) == 0 {
		return colouring{}
	}
	return colouring{on: slices.Clone(s), of: maps.Clone(of)}
}

// sameColours reports whether two colourings give the same colours on
// shapes a and b.
func sameColours(k colouring, a geometry.Shape, m colouring, b geometry.Shape) bool {
	return maps.Equal(k.now(a), m.now(b))
}

// withColours returns d with the source's colours, each piece's keyed by
// the cells of d.Pieces[i] (the first orientation FromSource keeps).
func (d Document) withColours(src SourceColours) (Document, error) {
	d.Palette = slices.Clone(src.Palette)
	d.Rules = slices.Clone(src.Rules)
	bad := func(what string, col int) error {
		return fmt.Errorf("%s has colour %d, and the file defines %d colours", what, col, len(d.Palette))
	}
	box := map[geometry.Cell]int{}
	for c, col := range src.Box {
		if col > len(d.Palette) || col < 0 {
			return d, bad("the box", col)
		}
		if col > 0 && d.Box.Contains(c) {
			box[c] = col
		}
	}
	d.boxColours = colouring{on: slices.Clone(d.Box), of: box}
	for i, m := range src.Pieces {
		if i >= len(d.Pieces) || len(m) == 0 {
			continue
		}
		p := &d.Pieces[i]
		of := map[geometry.Cell]int{}
		for c, col := range m {
			if col > len(d.Palette) || col < 0 {
				return d, bad("piece "+p.Name, col)
			}
			if col > 0 && p.Cells.Contains(c) {
				of[c] = col
			}
		}
		p.cellColours = colouring{on: slices.Clone(p.Cells), of: of}
	}
	return d, nil
}

// Coloured reports whether any cell of d has a colour.
func (d Document) Coloured() bool {
	if len(d.BoxColours()) > 0 {
		return true
	}
	for i := range d.Pieces {
		if len(d.PieceColours(i)) > 0 {
			return true
		}
	}
	return false
}

// BoxColours returns the colour of each coloured box cell (a copy; nil
// when none is).
func (d Document) BoxColours() map[geometry.Cell]int {
	return maps.Clone(d.boxColours.now(d.Box))
}

// PieceColours returns the colour of each coloured cell of piece i, keyed
// by its Cells (a copy; nil when none is).
func (d Document) PieceColours(i int) map[geometry.Cell]int {
	if i < 0 || i >= len(d.Pieces) {
		return nil
	}
	p := d.Pieces[i]
	return maps.Clone(p.cellColours.now(p.Cells))
}

// CellColour returns the colour of cell c of target (TargetBox or a piece
// index), 0 when it is neutral.
func (d Document) CellColour(target int, c geometry.Cell) int {
	if target == TargetBox {
		return d.boxColours.now(d.Box)[c]
	}
	if target < 0 || target >= len(d.Pieces) {
		return 0
	}
	p := d.Pieces[target]
	return p.cellColours.now(p.Cells)[c]
}

// PaintColour gives cells of target (TargetBox or a piece index) colour
// col, one of the Palette's (1-based), or 0 to make them neutral. Cells
// not in the shape are left out.
func PaintColour(target, col int, cells ...geometry.Cell) Edit {
	label := "paint colour"
	if col == 0 {
		label = "clear colour"
	}
	return Edit{label, func(d Document) (Document, error) {
		if col < 0 || col > len(d.Palette) {
			return d, fmt.Errorf("colour %d: the puzzle has %d colours", col, len(d.Palette))
		}
		k, s := &d.boxColours, d.Box
		if target != TargetBox {
			if target < 0 || target >= len(d.Pieces) {
				return d, ErrNoPiece
			}
			k, s = &d.Pieces[target].cellColours, d.Pieces[target].Cells
		}
		of := maps.Clone(k.now(s))
		if of == nil {
			of = map[geometry.Cell]int{}
		}
		for _, c := range cells {
			switch {
			case !s.Contains(c):
			case col == 0:
				delete(of, c)
			default:
				of[c] = col
			}
		}
		*k = colouring{on: slices.Clone(s), of: of}
		return d, nil
	}}
}

// settleColours settles every colouring of d on its shape (see colouring).
func (d *Document) settleColours() {
	d.boxColours = d.boxColours.settled(d.Box)
	for i := range d.Pieces {
		p := &d.Pieces[i]
		p.cellColours = p.cellColours.settled(p.Cells)
	}
}

// equalColours reports whether d and e have the same palette, rules and
// cell colours (their pieces already known to match one for one).
func (d Document) equalColours(e Document) bool {
	if !slices.Equal(d.Palette, e.Palette) || !slices.Equal(d.Rules, e.Rules) ||
		!sameColours(d.boxColours, d.Box, e.boxColours, e.Box) {
		return false
	}
	for i, p := range d.Pieces {
		q := e.Pieces[i]
		if !sameColours(p.cellColours, p.Cells, q.cellColours, q.Cells) {
			return false
		}
	}
	return true
}
