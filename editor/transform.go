package editor

import (
	"errors"
	"fmt"

	"polyviz/geometry"
)

// BurrTools' drawing aids and shape operations. Each operation is an Edit,
// so it goes through History.Do and Undo takes it back in one step; each
// names the shape it works on: the box (TargetBox), piece i, or every shape
// at once (TargetAll, BurrTools' "apply to all shapes").

// Targets of the shape operations besides a piece's index.
const (
	TargetBox = -1
	TargetAll = -2
)

// Axis is one of the three coordinate axes.
type Axis int

// The axes. On a board only x and y are directions; z holds a cell's kind.
const (
	AxisX Axis = iota
	AxisY
	AxisZ
)

// step is one nudge along a, dir +1 or -1: one cell, or on BurrTools'
// rhombic and tetra-octa grids one cube of index triples (Period).
func (l Lattice) step(a Axis, dir int) geometry.Cell {
	var c geometry.Cell
	set(&c, a, dir*l.Period())
	return c
}

// NoAxis says "none": Aid.Column's zero is AxisX, so "no columns" is NoAxis.
const NoAxis Axis = -1

// String names the axis as the window does: "x", "y" or "z".
func (a Axis) String() string {
	switch a {
	case AxisX:
		return "x"
	case AxisY:
		return "y"
	case AxisZ:
		return "z"
	}
	return "none"
}

func get(c geometry.Cell, a Axis) int {
	switch a {
	case AxisX:
		return c.X
	case AxisY:
		return c.Y
	}
	return c.Z
}

func set(c *geometry.Cell, a Axis, v int) {
	switch a {
	case AxisX:
		c.X = v
	case AxisY:
		c.Y = v
	default:
		c.Z = v
	}
}

// Op names a drawing aid or shape operation, to ask a lattice whether it
// makes sense there (Lattice.Supports).
type Op int

// The operations.
const (
	OpMirror     Op = iota // symmetric drawing across a plane
	OpColumn               // drawing whole columns along an axis
	OpNudge                // shift by one along an axis
	OpRotate               // a turn about an axis
	OpFlip                 // a mirror image in a plane
	OpScale                // scale by 2 or 3, and back
	OpMinimise             // move to the origin, dropping empty rows
	OpCentre               // centre in a space one row larger all round
	OpFillHoles            // fill the cells the shape encloses
	OpFillLayers           // fill the holes of each layer (2D holes of a solid)
	OpOptional             // make the inside or outside of the box optional
)

// Supports says why op along axis a cannot be made on lattice l, or nil
// when it can. Operations without an axis ignore a.
func (l Lattice) Supports(op Op, a Axis) error {
	boxy := l == Cubes || l == Squares
	planar := l.planar()
	hasAxis := a == AxisX || a == AxisY || (a == AxisZ && !planar)
	if g := l.Grid(); g != nil {
		// BurrTools' grids: moves by the grid's translations, and what
		// needs only neighbours
		switch op {
		case OpNudge:
			if !hasAxis || !g.IsTranslation(l.step(a, 1)) {
				return fmt.Errorf("the %s grid has no translation by %d along %s", l, l.Period(), a)
			}
			return nil
		case OpMinimise, OpFillHoles, OpOptional:
			return nil
		case OpRotate, OpFlip:
			return fmt.Errorf("on the %s grid a piece turns with its own Turn buttons", l)
		}
		return fmt.Errorf("not on the %s grid (its cells are no cubes)", l)
	}
	switch op {
	case OpMirror, OpScale:
		if !boxy {
			return fmt.Errorf("%s: this aid is for cubes and squares", l)
		}
	case OpFillLayers:
		if planar {
			return errors.New("a board has one layer: use Fill holes")
		}
	case OpRotate:
		if planar && a != AxisZ {
			return errors.New("a board turns only in its plane (about z)")
		}
		return nil
	case OpFlip:
		if !boxy && a != AxisX {
			return fmt.Errorf("%s: one mirror image, Flip x", l)
		}
	}
	switch op {
	case OpMirror, OpColumn, OpNudge, OpFlip:
		if !hasAxis {
			return fmt.Errorf("a board has no %s axis", a)
		}
	}
	return nil
}

// Aid is how a click of the layer grid is drawn: mirrored in the planes
// across the chosen axes (BurrTools' symmetric drawing), and as a whole
// column along Column (NoAxis: a cell alone).
type Aid struct {
	Mirror [3]bool // indexed by Axis
	Column Axis
}

// Active reports whether the aid changes a click at all.
func (a Aid) Active() bool { return a.Mirror != [3]bool{} || a.Column != NoAxis }

// frame is the region the aids work in: the shape's bounds grown to take
// the clicked cells; for the box (drawn from the origin) from the origin
// to as far beyond it; in the plane on a board.
func (d Document) frame(target int, extra []geometry.Cell) (lo, hi geometry.Cell) {
	s := union(d.shapeOf(target), extra)
	lo, hi = s.Bounds()
	if target == TargetBox {
		// from the origin, and as far beyond the box as it is from the
		// origin, so that a box moved off the origin (Centre) mirrors onto
		// itself
		lo = geometry.Cell{}
		if len(d.Box) > 0 {
			blo, bhi := d.Box.Bounds()
			far := blo.Add(bhi)
			hi = geometry.Cell{X: max(hi.X, far.X), Y: max(hi.Y, far.Y), Z: max(hi.Z, far.Z)}
		}
	}
	if d.Lattice.planar() {
		lo.Z, hi.Z = 0, max(d.Lattice.Geometry().Kinds(), 1)-1
	}
	return lo, hi
}

func (d Document) shapeOf(target int) geometry.Shape {
	if target >= 0 && target < len(d.Pieces) {
		return d.Pieces[target].Cells
	}
	return d.Box
}

// ExpandCells returns the cells a click on cells draws with the aid on
// shape target (TargetBox or a piece): each cell's column along
// aid.Column across the frame, then the mirror images of those in the
// frame's middle planes. The frame is the shape's bounds with the clicked
// cells (from the origin for the box), so a corner cell of a 3x3 shape
// mirrored across x and y gives the four corners.
func (d Document) ExpandCells(target int, aid Aid, cells []geometry.Cell) ([]geometry.Cell, error) {
	if !aid.Active() {
		return cells, nil
	}
	l := d.Lattice
	lo, hi := d.frame(target, cells)
	out := geometry.NewShape(cells...)
	if a := aid.Column; a != NoAxis {
		if err := l.Supports(OpColumn, a); err != nil {
			return nil, err
		}
		var col []geometry.Cell
		for _, c := range out {
			for v := get(lo, a); v <= get(hi, a); v++ {
				set(&c, a, v)
				if !l.planar() {
					col = append(col, c)
					continue
				}
				for k := lo.Z; k <= hi.Z; k++ { // a strip of every kind
					c.Z = k
					col = append(col, c)
				}
			}
		}
		out = geometry.NewShape(col...)
	}
	for a, on := range aid.Mirror {
		if !on {
			continue
		}
		if err := l.Supports(OpMirror, Axis(a)); err != nil {
			return nil, err
		}
		more := append(geometry.Shape(nil), out...)
		for _, c := range out {
			set(&c, Axis(a), get(lo, Axis(a))+get(hi, Axis(a))-get(c, Axis(a)))
			more = append(more, c)
		}
		out = geometry.NewShape(more...)
	}
	return out, nil
}

// DrawCells paints (on) or erases the cells of a click on shape target
// with the aid: one edit, whatever the number of cells it draws.
func DrawCells(target int, on bool, aid Aid, cells ...geometry.Cell) Edit {
	label := "draw cells"
	if !on {
		label = "erase cells"
	}
	return Edit{label, func(d Document) (Document, error) {
		all, err := d.ExpandCells(target, aid, cells)
		if err != nil {
			return d, err
		}
		if target == TargetBox {
			return PaintBox(on, all...).apply(d)
		}
		return PaintPiece(target, on, all...).apply(d)
	}}
}

// cellMap is a shape operation worked out for one shape: where each cell
// goes (a scaled cell goes to a block), and cells to add to the shape but
// not to its optional cells (filled holes).
type cellMap struct {
	to    func(geometry.Cell) []geometry.Cell
	added geometry.Shape
}

func (m cellMap) of(s geometry.Shape) geometry.Shape {
	var out []geometry.Cell
	for _, c := range s {
		out = append(out, m.to(c)...)
	}
	return geometry.NewShape(out...)
}

// shapeOp works out the map for shape s (the box when box is true; its
// optional cells are in opt) or says why the operation is refused.
type shapeOp func(l Lattice, s, opt geometry.Shape, box bool) (cellMap, error)

// onShapes makes op an Edit on target: the box (its optional cells moved
// with it), one piece (moved back to the origin), or all of them, where a
// refusal for any shape refuses the whole edit.
func onShapes(label string, target int, op shapeOp) Edit {
	return Edit{label, func(d Document) (Document, error) {
		if target >= len(d.Pieces) || target < TargetAll {
			return d, ErrNoPiece
		}
		if target == TargetBox || target == TargetAll {
			m, err := op(d.Lattice, d.Box, d.Optional, true)
			if err != nil {
				return d, named("the box", err)
			}
			box, opt := union(m.of(d.Box), m.added), m.of(d.Optional)
			if err := d.Lattice.inRange(box); err != nil {
				return d, fmt.Errorf("the box would leave the grid: %w", err)
			}
			d.Box, d.Optional = box, opt
		}
		for i, p := range d.Pieces {
			if target != i && target != TargetAll {
				continue
			}
			m, err := op(d.Lattice, p.Cells, nil, false)
			if err != nil {
				return d, named("piece "+p.Name, err)
			}
			n, err := d.normalized(union(m.of(p.Cells), m.added))
			if err != nil {
				return d, named("piece "+p.Name, err)
			}
			d.Pieces[i].Cells = n
		}
		return d, nil
	}}
}

func named(what string, err error) error { return fmt.Errorf("%s: %w", what, err) }

func targetName(target int) string {
	switch target {
	case TargetBox:
		return "box"
	case TargetAll:
		return "all shapes"
	}
	return "piece"
}

func translation(v geometry.Cell) cellMap {
	return cellMap{to: func(c geometry.Cell) []geometry.Cell { return []geometry.Cell{c.Add(v)} }}
}

// Nudge shifts the box by one cell along axis a, dir +1 or -1. A piece is
// always kept at the origin, so nudging one changes nothing; nudging all
// shapes nudges the box. A box at x = 0 cannot go to -x.
func Nudge(target int, a Axis, dir int) Edit {
	sign := "+"
	if dir < 0 {
		sign, dir = "-", -1
	} else {
		dir = 1
	}
	return onShapes(fmt.Sprintf("nudge %s %s%s", targetName(target), sign, a), target,
		func(l Lattice, s, _ geometry.Shape, box bool) (cellMap, error) {
			if err := l.Supports(OpNudge, a); err != nil {
				return cellMap{}, err
			}
			return translation(l.step(a, dir)), nil
		})
}

// The quarter turns about x, y and z (counterclockwise seen from the
// axis's positive end) and the mirrors in the planes across them.
var (
	quarterTurns = [3]geometry.Transform{
		{M: [3][3]int{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}},
		{M: [3][3]int{{0, 0, 1}, {0, 1, 0}, {-1, 0, 0}}},
		{M: [3][3]int{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}},
	}
	mirrors = [3]geometry.Transform{
		{M: [3][3]int{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
		{M: [3][3]int{{1, 0, 0}, {0, -1, 0}, {0, 0, 1}}},
		{M: [3][3]int{{1, 0, 0}, {0, 1, 0}, {0, 0, -1}}},
	}
)

// turnOf is the rotation about a (or the mirror across it) on lattice l:
// a quarter turn on cubes and squares; on triangles and hexagons the
// lattice's own 60° turn, and its reflection.
func turnOf(l Lattice, a Axis, mirror bool) geometry.Transform {
	if l == Cubes || l == Squares {
		if mirror {
			return mirrors[a]
		}
		return quarterTurns[a]
	}
	gens := l.Geometry().Generators()
	if mirror {
		return gens[1]
	}
	return gens[0]
}

// transformKeepingCorner maps s by t and moves the image so that its least
// corner is where s's was (x and y only on a board).
func transformKeepingCorner(l Lattice, s geometry.Shape, t geometry.Transform) cellMap {
	g := l.Geometry()
	lo, _ := s.Bounds()
	img := make([]geometry.Cell, len(s))
	for i, c := range s {
		img[i] = g.Apply(t, c)
	}
	nlo, _ := geometry.NewShape(img...).Bounds()
	off := lo.Sub(nlo)
	if l.planar() {
		off.Z = 0
	}
	return cellMap{to: func(c geometry.Cell) []geometry.Cell { return []geometry.Cell{g.Apply(t, c).Add(off)} }}
}

// Rotate turns the target about axis a: a quarter turn on cubes and
// squares (a board only about z), 60° on triangles and hexagons. The box
// keeps its least corner.
func Rotate(target int, a Axis) Edit {
	return onShapes(fmt.Sprintf("turn %s about %s", targetName(target), a), target,
		func(l Lattice, s, _ geometry.Shape, _ bool) (cellMap, error) {
			if err := l.Supports(OpRotate, a); err != nil {
				return cellMap{}, err
			}
			return transformKeepingCorner(l, s, turnOf(l, a, false)), nil
		})
}

// Flip mirrors the target in the plane across axis a (on triangles and
// hexagons, in the lattice's own mirror line).
func Flip(target int, a Axis) Edit {
	return onShapes(fmt.Sprintf("mirror %s in %s", targetName(target), a), target,
		func(l Lattice, s, _ geometry.Shape, _ bool) (cellMap, error) {
			if err := l.Supports(OpFlip, a); err != nil {
				return cellMap{}, err
			}
			return transformKeepingCorner(l, s, turnOf(l, a, true)), nil
		})
}
