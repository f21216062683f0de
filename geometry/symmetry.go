package geometry

// Symmetry is an isometry of the lattice: a transform followed by a
// translation, c ↦ T·c + Offset. A symmetry from Lattice.BoxSymmetries
// knows its lattice and keeps each cell's tag (see Lattice); a Symmetry
// built by hand acts on raw index triples.
type Symmetry struct {
	T       Transform
	Offset  Cell
	lattice *Lattice
	// A symmetry of one of BurrTools' grids (see Grid.BoxSymmetries) is no
	// affine map: T is the identity, and the map is grid map mapK taken
	// about gridAnc, followed by Offset.
	grid    *Grid
	mapK    int
	gridAnc Cell
	// wrap, when on, takes the image modulo the periods of a box whose
	// faces are joined (see WrappedBoxSymmetries)
	wrap Wrap
}

// Apply returns T·c + Offset (keeping c's tag on a planar lattice), taken
// modulo the periods of a box that wraps (WrappedBoxSymmetries).
func (s Symmetry) Apply(c Cell) Cell {
	if s.grid != nil {
		n, _ := s.grid.mapCell(s.mapK, s.gridAnc, c)
		return n.Add(s.Offset)
	}
	var m Cell
	if s.lattice != nil {
		m = s.lattice.Apply(s.T, c).Add(s.Offset)
	} else {
		m = s.T.Apply(c).Add(s.Offset)
	}
	if s.wrap.On() {
		return s.wrap.Reduce(m)
	}
	return m
}

// ApplyShape returns the image of every cell of sh, sorted (not normalized).
func (s Symmetry) ApplyShape(sh Shape) Shape {
	out := make([]Cell, len(sh))
	for i, c := range sh {
		out[i] = s.Apply(c)
	}
	return NewShape(out...)
}

// Proper reports whether the symmetry is a rotation of its lattice (for a
// hand-built one, whether det T = +1).
func (s Symmetry) Proper() bool {
	if s.grid != nil {
		return s.grid.Proper(s.mapK)
	}
	if s.lattice != nil {
		return s.lattice.Proper(s.T)
	}
	return s.T.Proper()
}

// BoxSymmetries returns the symmetry group of a box: every element of the
// lattice's Group that maps the box's cell set onto itself once followed by
// a suitable translation. The identity comes first. A 3x3x3 cube has 48, a
// 2x3x4 box 8, a 6x10 board 4 and a square board 8; the 6x6 rhombus of
// triangles 4. Any finite set of cells works, not only a cuboid: the
// translation is the one that matches the least corners, on the translated
// axes.
func (l *Lattice) BoxSymmetries(box Shape) []Symmetry {
	box = NewShape(box...)
	lo, _ := box.Bounds()
	var group []Symmetry
	for _, t := range l.group {
		img := make([]Cell, len(box))
		for i, c := range box {
			img[i] = l.Apply(t, c)
		}
		sh := NewShape(img...)
		ilo, _ := sh.Bounds()
		off := lo.Sub(ilo)
		if l.axes == 2 {
			off.Z = 0
		}
		if sh.Translate(off).Equal(box) {
			group = append(group, Symmetry{T: t, Offset: off, lattice: l})
		}
	}
	return group
}

// BoxSymmetries is Cubes().BoxSymmetries(box), or Squares()' when planar.
func BoxSymmetries(box Shape, planar bool) []Symmetry { return latticeFor(planar).BoxSymmetries(box) }
