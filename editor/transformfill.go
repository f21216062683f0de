package editor

import "polyviz/geometry"

// Filling a shape's holes, and the box's optional inside or outside (see
// transform.go).

// Holes returns the cells the shape encloses: those of its bounds that
// cannot be reached from outside through cells not in it, stepping from a
// cell to a neighbour (a face neighbour on cubes). With layers, each z
// layer of a solid is looked at alone, as a board: a tube's bore is a hole
// of every layer but not of the solid.
func (l Lattice) Holes(s geometry.Shape, layers bool) geometry.Shape {
	if len(s) == 0 {
		return nil
	}
	g := l.Geometry()
	lo, hi := s.Bounds()
	lo, hi = lo.Sub(geometry.Cell{X: 1, Y: 1, Z: 1}), hi.Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	planar := l.planar()
	if planar {
		lo.Z, hi.Z = 0, max(g.Kinds(), 1)-1
	} else if layers {
		lo.Z, hi.Z = lo.Z+1, hi.Z-1
	}
	inside := func(c geometry.Cell) bool {
		return c.X >= lo.X && c.X <= hi.X && c.Y >= lo.Y && c.Y <= hi.Y && c.Z >= lo.Z && c.Z <= hi.Z
	}
	seen := map[geometry.Cell]bool{}
	var queue []geometry.Cell
	for z := lo.Z; z <= hi.Z; z++ {
		if start := (geometry.Cell{X: lo.X, Y: lo.Y, Z: z}); !seen[start] {
			seen[start] = true
			queue = append(queue, start)
		}
	}
	for len(queue) > 0 {
		c := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, n := range g.Neighbours(c) {
			if !inside(n) || seen[n] || s.Contains(n) || (layers && !planar && n.Z != c.Z) {
				continue
			}
			seen[n] = true
			queue = append(queue, n)
		}
	}
	var out []geometry.Cell
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				if c := (geometry.Cell{X: x, Y: y, Z: z}); !seen[c] && !s.Contains(c) {
					out = append(out, c)
				}
			}
		}
	}
	return geometry.NewShape(out...)
}

// FillHoles adds the cells the target encloses (Holes). With layers, the
// holes of each z layer are filled (a solid's 2D holes); a board has one
// layer. Filled box cells are required.
func FillHoles(target int, layers bool) Edit {
	label := "fill holes in " + targetName(target)
	if layers {
		label = "fill layers' holes in " + targetName(target)
	}
	return onShapes(label, target, func(l Lattice, s, _ geometry.Shape, _ bool) (cellMap, error) {
		if layers {
			if err := l.Supports(OpFillLayers, NoAxis); err != nil {
				return cellMap{}, err
			}
		}
		m := translation(geometry.Cell{})
		m.added = l.Holes(s, layers)
		return m, nil
	})
}

// OptionalPart makes the inside of the box optional (inside: the cells all
// of whose neighbours are box cells) or its outside (the others, on the
// box's surface), as BurrTools' variable cells.
func OptionalPart(inside bool) Edit {
	label := "make the outside optional"
	if inside {
		label = "make the inside optional"
	}
	return Edit{label, func(d Document) (Document, error) {
		g := d.Lattice.Geometry()
		var part []geometry.Cell
		for _, c := range d.Box {
			in := true
			for _, n := range g.Neighbours(c) {
				if !d.Box.Contains(n) {
					in = false
					break
				}
			}
			if in == inside {
				part = append(part, c)
			}
		}
		d.Optional = union(d.Optional, part)
		return d, nil
	}}
}

// RequireAll makes every box cell required again.
func RequireAll() Edit {
	return Edit{"make every cell required", func(d Document) (Document, error) {
		d.Optional = nil
		return d, nil
	}}
}
