package geometry

// Symmetry is an isometry of the lattice: a transform followed by a
// translation, c ↦ T·c + Offset.
type Symmetry struct {
	T      Transform
	Offset Cell
}

// Apply returns T·c + Offset.
func (s Symmetry) Apply(c Cell) Cell { return s.T.Apply(c).Add(s.Offset) }

// ApplyShape returns the image of every cell of sh, sorted (not normalized).
func (s Symmetry) ApplyShape(sh Shape) Shape {
	out := make([]Cell, len(sh))
	for i, c := range sh {
		out[i] = s.Apply(c)
	}
	return NewShape(out...)
}

// BoxSymmetries returns the symmetry group of a box: every symmetry, among
// the 48 of space (the 8 of the plane when planar), that maps the box's cell
// set onto itself once followed by a suitable translation. The identity comes
// first. A 3x3x3 cube has 48, a 2x3x4 box 8, a 6x10 board 4 (as a planar
// board) and a square board 8. Any finite set of cells works, not only a
// cuboid: the translation is the one that matches the least corners.
func BoxSymmetries(box Shape, planar bool) []Symmetry {
	box = NewShape(box...)
	cands := Symmetries()
	if planar {
		cands = PlaneSymmetries()
	}
	lo, _ := box.Bounds()
	var group []Symmetry
	for _, t := range cands {
		img := make([]Cell, len(box))
		for i, c := range box {
			img[i] = t.Apply(c)
		}
		sh := NewShape(img...)
		ilo, _ := sh.Bounds()
		off := lo.Sub(ilo)
		if sh.Translate(off).Equal(box) {
			group = append(group, Symmetry{T: t, Offset: off})
		}
	}
	return group
}
