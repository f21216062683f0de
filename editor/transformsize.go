package editor

import (
	"fmt"

	"polyviz/geometry"
)

// The operations on a shape's size and place: scale by 2 or 3 and back,
// minimise, centre (see transform.go).

// blockOffsets are the cells of a k-block at the origin: k x k x k on
// cubes, k x k on a board.
func blockOffsets(l Lattice, k int) []geometry.Cell {
	kz := k
	if l.planar() {
		kz = 1
	}
	var out []geometry.Cell
	for x := range k {
		for y := range k {
			for z := range kz {
				out = append(out, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return out
}

func scaleCorner(l Lattice, s geometry.Shape) geometry.Cell {
	lo, _ := s.Bounds()
	if l.planar() {
		lo.Z = 0
	}
	return lo
}

// Scale makes every cell of the target a k-block (k = 2 or 3): a tromino
// becomes 12 squares at k = 2. The box keeps its least corner.
func Scale(target, k int) Edit {
	return onShapes(fmt.Sprintf("scale %s ×%d", targetName(target), k), target,
		func(l Lattice, s, _ geometry.Shape, _ bool) (cellMap, error) {
			if err := l.Supports(OpScale, NoAxis); err != nil {
				return cellMap{}, err
			}
			if k < 2 || k > 3 {
				return cellMap{}, fmt.Errorf("scale by %d: by 2 or 3", k)
			}
			lo, offs := scaleCorner(l, s), blockOffsets(l, k)
			return cellMap{to: func(c geometry.Cell) []geometry.Cell {
				base := lo.Add(geometry.Cell{X: k * (c.X - lo.X), Y: k * (c.Y - lo.Y), Z: k * (c.Z - lo.Z)})
				out := make([]geometry.Cell, len(offs))
				for i, o := range offs {
					out[i] = base.Add(o)
				}
				return out
			}}, nil
		})
}

// blockOf is the k-block of cell c counted from lo: its least cell.
func blockOf(c, lo geometry.Cell, k int) geometry.Cell {
	return geometry.Cell{X: lo.X + (c.X-lo.X)/k*k, Y: lo.Y + (c.Y-lo.Y)/k*k, Z: lo.Z + (c.Z-lo.Z)/k*k}
}

// scaledBy reports whether every cell of each shape lies in a k-block
// counted from lo that the shape fills whole.
func scaledBy(l Lattice, lo geometry.Cell, k int, shapes ...geometry.Shape) bool {
	offs := blockOffsets(l, k)
	for _, s := range shapes {
		for _, c := range s {
			b := blockOf(c, lo, k)
			for _, o := range offs {
				if !s.Contains(b.Add(o)) {
					return false
				}
			}
		}
	}
	return true
}

// Scaled reports whether the target (every shape for TargetAll) is made of
// whole k-blocks, so that Shrink by k undoes a Scale by k.
func (d Document) Scaled(target, k int) bool {
	if d.Lattice.Supports(OpScale, NoAxis) != nil || k < 2 {
		return false
	}
	if (target == TargetBox || target == TargetAll) && !scaledBy(d.Lattice, scaleCorner(d.Lattice, d.Box), k, d.Box, d.Optional) {
		return false
	}
	for i, p := range d.Pieces {
		if (target == i || target == TargetAll) && !scaledBy(d.Lattice, geometry.Cell{}, k, p.Cells) {
			return false
		}
	}
	return target >= TargetAll && target < len(d.Pieces)
}

// Shrink undoes Scale: each k-block becomes one cell. A shape that is not
// made of whole k-blocks is refused.
func Shrink(target, k int) Edit {
	return onShapes(fmt.Sprintf("scale %s back ÷%d", targetName(target), k), target,
		func(l Lattice, s, opt geometry.Shape, _ bool) (cellMap, error) {
			if err := l.Supports(OpScale, NoAxis); err != nil {
				return cellMap{}, err
			}
			lo := scaleCorner(l, s)
			if k < 2 || !scaledBy(l, lo, k, s, opt) {
				return cellMap{}, fmt.Errorf("not a shape scaled by %d (its cells are not whole %d-blocks)", k, k)
			}
			return cellMap{to: func(c geometry.Cell) []geometry.Cell {
				return []geometry.Cell{lo.Add(geometry.Cell{X: (c.X - lo.X) / k, Y: (c.Y - lo.Y) / k, Z: (c.Z - lo.Z) / k})}
			}}, nil
		})
}

// translated is the offset that moves s's least corner to lo (x and y
// only on a board).
func translated(l Lattice, s geometry.Shape, lo geometry.Cell) geometry.Cell {
	slo, _ := s.Bounds()
	v := lo.Sub(slo)
	if l.planar() {
		v.Z = 0
	}
	return v
}

// Minimise moves the box to the origin, dropping the empty rows, columns
// and layers before it. A piece is always minimal (kept at the origin).
func Minimise(target int) Edit {
	return onShapes("minimise "+targetName(target), target,
		func(l Lattice, s, _ geometry.Shape, _ bool) (cellMap, error) {
			if g := l.Grid(); g != nil && len(s) > 0 {
				return translation(g.Normalize(s)[0].Sub(s[0])), nil // by the grid's own translation
			}
			return translation(translated(l, s, geometry.Cell{})), nil
		})
}

// Centre moves the box to the middle of a cubic space (square on a board)
// whose side is its longest extent plus two: one free row all round on the
// longest side, so that cells can be drawn before x, y or z = 0. A piece
// is kept at the origin.
func Centre(target int) Edit {
	return onShapes("centre "+targetName(target), target,
		func(l Lattice, s, _ geometry.Shape, box bool) (cellMap, error) {
			if err := l.Supports(OpCentre, NoAxis); err != nil {
				return cellMap{}, err
			}
			if !box {
				return translation(geometry.Cell{}), nil
			}
			size := s.Size()
			side := max(size.X, size.Y)
			if !l.planar() {
				side = max(side, size.Z)
			}
			side += 2
			lo := geometry.Cell{X: (side - size.X) / 2, Y: (side - size.Y) / 2, Z: (side - size.Z) / 2}
			return translation(translated(l, s, lo)), nil
		})
}
