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
	neighbours, isCell := l.adjacency()
	// a margin wide enough that a neighbour of a cell of s is inside it
	m := l.Period()
	lo, hi := s.Bounds()
	lo, hi = lo.Sub(geometry.Cell{X: m, Y: m, Z: m}), hi.Add(geometry.Cell{X: m, Y: m, Z: m})
	planar := l.planar()
	if planar {
		lo.Z, hi.Z = 0, max(l.Geometry().Kinds(), 1)-1
	} else if layers {
		lo.Z, hi.Z = lo.Z+m, hi.Z-m
	}
	inside := func(c geometry.Cell) bool {
		return c.X >= lo.X && c.X <= hi.X && c.Y >= lo.Y && c.Y <= hi.Y && c.Z >= lo.Z && c.Z <= hi.Z && isCell(c)
	}
	seen := map[geometry.Cell]bool{}
	var queue []geometry.Cell
	// the flood starts at every cell of the region's outer x and y sides
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				c := geometry.Cell{X: x, Y: y, Z: z}
				side := x == lo.X || x == hi.X || y == lo.Y || y == hi.Y
				if side && inside(c) && !s.Contains(c) {
					seen[c] = true
					queue = append(queue, c)
				}
			}
		}
	}
	for len(queue) > 0 {
		c := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, n := range neighbours(c) {
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
				if c := (geometry.Cell{X: x, Y: y, Z: z}); inside(c) && !seen[c] && !s.Contains(c) {
					out = append(out, c)
				}
			}
		}
	}
	return geometry.NewShape(out...)
}

// adjacency gives the lattice's neighbours (sharing a face) and which
// index triples are cells, on Knuth's lattices and BurrTools' grids alike.
func (l Lattice) adjacency() (neighbours func(geometry.Cell) []geometry.Cell, isCell func(geometry.Cell) bool) {
	if g := l.Grid(); g != nil {
		return gridNeighbours(g), g.IsCell
	}
	g := l.Geometry()
	return g.Neighbours, func(c geometry.Cell) bool { return !l.planar() || g.IsCell(c) }
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
		neighbours, _ := d.Lattice.adjacency()
		var part []geometry.Cell
		for _, c := range d.Box {
			in := true
			for _, n := range neighbours(c) {
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

// gridNeighbours is g.Neighbours worked out once for each cell of the
// grid's period and translated (a grid's Neighbours works from the cells'
// vertices, slow for the thousands of cells a flood fill looks at).
func gridNeighbours(g *geometry.Grid) func(geometry.Cell) []geometry.Cell {
	var per [3]int
	for a := AxisX; a <= AxisZ; a++ {
		for p := 1; p <= 12 && per[a] == 0; p++ {
			var v geometry.Cell
			set(&v, a, p)
			if g.IsTranslation(v) {
				per[a] = p
			}
		}
		if per[a] == 0 {
			return g.Neighbours
		}
	}
	mod := func(v, p int) int { return ((v % p) + p) % p }
	offsets := map[geometry.Cell][]geometry.Cell{}
	return func(c geometry.Cell) []geometry.Cell {
		r := geometry.Cell{X: mod(c.X, per[0]), Y: mod(c.Y, per[1]), Z: mod(c.Z, per[2])}
		offs, ok := offsets[r]
		if !ok {
			for _, n := range g.Neighbours(r) {
				offs = append(offs, n.Sub(r))
			}
			offsets[r] = offs
		}
		out := make([]geometry.Cell, len(offs))
		for i, o := range offs {
			out[i] = c.Add(o)
		}
		return out
	}
}
