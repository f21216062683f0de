package geometry

// Orientations returns the distinct orientations of shape s on lattice l,
// normalized, in the order Knuth's programs find them: s itself (normalized)
// first, then, breadth-first, the image of each known orientation under the
// first and then the second elementary transformation (Generators), whenever
// it is new.
//
// For cubes the transformations are POLYCUBE-DLX's two rotations and the
// result has up to 24 shapes (proper rotations only: a chiral piece is not
// turned into its mirror image). For squares they are POLYOMINO-DLX's
// quarter turn and transposition, up to 8 shapes including reflections; for
// triangles POLYIAMOND-DLX's 60° turn and transposition, up to 12; for
// hexagons the same two in axial coordinates, up to 12. On planar lattices
// each cell's tag (see Lattice) is carried along untouched, so a caller may
// use it for Knuth's cell suffixes.
func (l *Lattice) Orientations(s Shape) []Shape {
	first := l.Normalize(s)
	known := []Shape{first}
	for j := 0; j < len(known); j++ {
		for _, g := range l.gens {
			img := l.ApplyShape(g, known[j])
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
func (l *Lattice) OrientationImages(s Shape, ts []Transform) (images []Shape, distinct []bool) {
	for _, t := range ts {
		img := l.ApplyShape(t, s)
		distinct = append(distinct, !containsShape(images, img))
		images = append(images, img)
	}
	return images, distinct
}

// Orientations is Cubes().Orientations(s), or Squares().Orientations(s)
// when planar: the form used before lattices had a name.
func Orientations(s Shape, planar bool) []Shape { return latticeFor(planar).Orientations(s) }

// OrientationImages is OrientationImages on Cubes(), or Squares() when planar.
func OrientationImages(s Shape, ts []Transform, planar bool) (images []Shape, distinct []bool) {
	return latticeFor(planar).OrientationImages(s, ts)
}

// latticeFor returns the squares when planar, else the cubes.
func latticeFor(planar bool) *Lattice {
	if planar {
		return Squares()
	}
	return Cubes()
}

func containsShape(list []Shape, s Shape) bool {
	for _, t := range list {
		if t.Equal(s) {
			return true
		}
	}
	return false
}
