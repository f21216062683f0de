package geometry

// Orientations returns the distinct orientations of shape s, normalized, in
// the order Knuth's programs find them: s itself (normalized) first, then,
// breadth-first, the image of each known orientation under the first and then
// the second elementary transformation, whenever it is new.
//
// With planar false the transformations are POLYCUBE-DLX's two rotations and
// the result has up to 24 shapes (proper rotations only: a chiral piece is
// not turned into its mirror image). With planar true they are
// POLYOMINO-DLX's quarter turn and transposition of the xy plane, up to 8
// shapes including reflections; the z coordinate is then carried along
// untouched and not normalized, so a caller may use it as a tag on each cell
// (polyviz uses it for Knuth's cell suffixes).
func Orientations(s Shape, planar bool) []Shape {
	gens := []Transform{quarterTurnZ, cycleXYZ}
	if planar {
		gens = []Transform{quarterTurnZ, transposeXY}
	}
	first := normalizeFor(NewShape(s...), planar)
	known := []Shape{first}
	for j := 0; j < len(known); j++ {
		for _, g := range gens {
			img := transformFor(g, known[j], planar)
			if !containsShape(known, img) {
				known = append(known, img)
			}
		}
	}
	return known
}

// OrientationImages returns the image of s under each transform, normalized
// as Orientations does, one per transform and in the same order; duplicates
// are kept. Distinct reports for each image whether no earlier image equals it.
func OrientationImages(s Shape, ts []Transform, planar bool) (images []Shape, distinct []bool) {
	for _, t := range ts {
		img := transformFor(t, s, planar)
		distinct = append(distinct, !containsShape(images, img))
		images = append(images, img)
	}
	return images, distinct
}

// transformFor applies t to s; for a planar shape z is kept as it is and only
// x and y are normalized.
func transformFor(t Transform, s Shape, planar bool) Shape {
	out := make([]Cell, len(s))
	for i, c := range s {
		out[i] = t.Apply(c)
		if planar {
			out[i].Z = c.Z
		}
	}
	return normalizeFor(NewShape(out...), planar)
}

func normalizeFor(s Shape, planar bool) Shape {
	if !planar {
		return s.Normalize()
	}
	lo, _ := s.Bounds()
	return s.Translate(Cell{-lo.X, -lo.Y, 0})
}

func containsShape(list []Shape, s Shape) bool {
	for _, t := range list {
		if t.Equal(s) {
			return true
		}
	}
	return false
}
