package puzzle

import (
	"slices"

	"polyviz/geometry"
)

// ParseSpecUnplaced is ParseSpec (3D) for a caller that lays out every
// placement itself (SetGrid, for BurrTools' grids): the pieces get no
// base placements and no orientations, whose 24 turns of a stick of 189
// cells, made only to be thrown away, were a tenth of loading a stick
// puzzle. Everything else, Summary's node count included, is ParseSpec's.
func ParseSpecUnplaced(file string, data []byte) (*Puzzle, error) {
	return parseSpecOn(file, data, geometry.Cubes(), true)
}

// ParseSpecUnplacedCells is ParseSpecUnplaced told the cells that the
// spec's box line and piece lines (in order) were written from: cells[0]
// the box's, cells[1+i] the i-th piece line's. A line that spells exactly
// those cells, in that order, each as a space and three radix-62 digits,
// is one readCells would read as those same cells in the same order (plain
// digits are each one cell, in the order written): it takes a copy of them
// with no digit decoded, sorted after as read ones are. Any other line,
// and every line past cells, is read as ParseSpecUnplaced reads it, errors
// and all; so the puzzle is ParseSpecUnplaced's whatever cells says
// (TestParseSpecUnplacedCells).
func ParseSpecUnplacedCells(file string, data []byte, cells []geometry.Shape) (*Puzzle, error) {
	r := &specReader{file: file, pz: &Puzzle{Name: file, Planar: false, Lattice: geometry.Cubes()}, unplaced: true, known: cells}
	return r.parse(data)
}

// lineCells returns the cells of the current box or piece line from
// position p: the known ones when the line spells them (see
// ParseSpecUnplacedCells), else readCells'.
func (r *specReader) lineCells(p int) ([]geometry.Cell, error) {
	n := r.lineCount
	r.lineCount++
	if n < len(r.known) && spells(r.buf[p:], r.known[n]) {
		return slices.Clone(r.known[n]), nil
	}
	cells, _, err := r.readCells(p)
	return cells, err
}

// spells reports whether text is exactly " xyz" for each cell of s in turn
// (each coordinate one radix-62 digit) and s is not empty.
func spells(text []byte, s geometry.Shape) bool {
	if len(s) == 0 || len(text) != 4*len(s) {
		return false
	}
	for i, c := range s {
		t := text[4*i : 4*i+4]
		if t[0] != ' ' || !digitIs(t[1], c.X) || !digitIs(t[2], c.Y) || !digitIs(t[3], c.Z) {
			return false
		}
	}
	return true
}

// digitIs reports whether b is the radix-62 digit of v (0 <= v < 62).
func digitIs(b byte, v int) bool {
	return v >= 0 && v < geometry.Radix && geometry.EncodeDigit(v) == b
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
	span := hi.Sub(lo)
	for _, t := range rots {
		// a rotation (a signed permutation of the axes) that changes the
		// extents of the shape's box cannot carry it onto a translate of
		// itself: no cell need be mapped (most turns of a stick)
		if rotatedSpan(t, span) != span {
			continue
		}
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

// rotatedSpan returns the extents (less one) of the image of a box of
// extents span under rotation t, whose matrix has one entry ±1 a row.
func rotatedSpan(t geometry.Transform, span geometry.Cell) geometry.Cell {
	m := &t.M
	row := func(i int) int {
		return abs(m[i][0])*span.X + abs(m[i][1])*span.Y + abs(m[i][2])*span.Z
	}
	return geometry.Cell{X: row(0), Y: row(1), Z: row(2)}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
