package puzzle

import "polyviz/geometry"

// ParseSpecUnplaced is ParseSpec (3D) for a caller that lays out every
// placement itself (SetGrid, for BurrTools' grids): the pieces get no
// base placements and no orientations, whose 24 turns of a stick of 189
// cells, made only to be thrown away, were a tenth of loading a stick
// puzzle. Everything else, Summary's node count included, is ParseSpec's.
func ParseSpecUnplaced(file string, data []byte) (*Puzzle, error) {
	return parseSpecOn(file, data, geometry.Cubes(), true)
}

// cubeOrientationCount returns len(Cubes().Orientations(s)) with no image
// built or sorted: the 24 rotations over those that carry s onto a
// translate of itself (an orbit over its stabilizer).
func cubeOrientationCount(s geometry.Shape) int {
	if len(s) == 0 {
		return 1
	}
	lo, _ := s.Bounds()
	cells := make(map[geometry.Cell]struct{}, len(s))
	for _, c := range s {
		cells[c.Sub(lo)] = struct{}{}
	}
	rots := geometry.Rotations()
	img := make([]geometry.Cell, len(s))
	fixed := 0
	for _, t := range rots {
		m := t.Apply(s[0])
		for i, c := range s {
			img[i] = t.Apply(c)
			m = geometry.Cell{X: min(m.X, img[i].X), Y: min(m.Y, img[i].Y), Z: min(m.Z, img[i].Z)}
		}
		same := true
		for _, c := range img {
			if _, ok := cells[c.Sub(m)]; !ok {
				same = false
				break
			}
		}
		if same {
			fixed++
		}
	}
	return len(rots) / fixed
}
