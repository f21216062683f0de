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
	// s's cells, less lo, as bits of a dense box of its extent: a cell
	// outside the box is not in s, as it was not in a map of them
	lo, hi := s.Bounds()
	ext := hi.Sub(lo).Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	in := make([]uint64, (ext.X*ext.Y*ext.Z+63)/64)
	for _, c := range s {
		d := c.Sub(lo)
		i := (d.X*ext.Y+d.Y)*ext.Z + d.Z
		in[i/64] |= 1 << (i % 64)
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
			d := c.Sub(m)
			if d.X >= ext.X || d.Y >= ext.Y || d.Z >= ext.Z {
				same = false
				break
			}
			i := (d.X*ext.Y+d.Y)*ext.Z + d.Z
			if in[i/64]&(1<<(i%64)) == 0 {
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
