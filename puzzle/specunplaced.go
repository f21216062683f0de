package puzzle

import (
	"slices"
	"sync"

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
// digits are each one cell, in the order written): it takes them with no
// digit decoded, sorted after as read ones are. Any other line, and every
// line past cells, is read as ParseSpecUnplaced reads it, errors and all;
// so the puzzle is ParseSpecUnplaced's whatever cells says
// (TestParseSpecUnplacedCells).
//
// Cells that are a Shape already (sorted, each once) are kept, not
// copied: the box's become the puzzle's cells, and Box too when all are
// primary. The caller must not change them after. (HexSticks' box of
// 2,256 cells was copied twice more: 108 KB of fresh memory a load.)
func ParseSpecUnplacedCells(file string, data []byte, cells []geometry.Shape) (*Puzzle, error) {
	r := &specReader{file: file, pz: &Puzzle{Name: file, Planar: false, Lattice: geometry.Cubes()}, unplaced: true, known: cells}
	return r.parse(data)
}

// lineCells returns the cells of the current box or piece line from
// position p, sorted: the known ones when the line spells them (see
// ParseSpecUnplacedCells), else readCells'. A known Shape is returned as it
// is (sorting it changes nothing, and checking 2,256 cells twice was a
// tenth of reading a rhombic puzzle's spec); any other list is sorted in
// place, as ours.
func (r *specReader) lineCells(p int) ([]geometry.Cell, error) {
	n := r.lineCount
	r.lineCount++
	if n < len(r.known) && spells(r.buf[p:], r.known[n]) {
		if c := r.known[n]; isShape(c) {
			return c[:len(c):len(c)], nil
		}
		return geometry.SortCells(slices.Clone(r.known[n])), nil
	}
	cells, _, err := r.readCells(p)
	return geometry.SortCells(cells), err
}

// isShape reports whether s is sorted, each cell once: SortCells leaves
// it as it is.
func isShape(s geometry.Shape) bool {
	for i := 1; i < len(s); i++ {
		if s[i].Compare(s[i-1]) <= 0 {
			return false
		}
	}
	return true
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
	span := hi.Sub(lo)
	ext := span.Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	in := make([]uint64, (ext.X*ext.Y*ext.Z+63)/64)
	for _, c := range s {
		d := c.Sub(lo)
		i := (d.X*ext.Y+d.Y)*ext.Z + d.Z
		in[i/64] |= 1 << (i % 64)
	}
	spans := [3]int{span.X, span.Y, span.Z}
	fixed := 0
	for _, t := range signedPerms() {
		// a rotation that changes the extents of the shape's box cannot
		// carry it onto a translate of itself (most turns of a stick)
		if spans[t.axis[0]] != span.X || spans[t.axis[1]] != span.Y || spans[t.axis[2]] != span.Z {
			continue
		}
		if carriesOnto(t, s, lo, span, ext, in) {
			fixed++
		}
	}
	return len(signedPerms()) / fixed
}

// A signedPerm is a rotation of the cube as a signed permutation: row i
// of its image is ±(axis[i] of the cell), negated when neg[i].
type signedPerm struct {
	axis [3]int
	neg  [3]bool
}

// signedPerms returns geometry.Rotations() as signed permutations, made
// once: generating them each call was a third of counting a stick's.
var signedPerms = sync.OnceValue(func() []signedPerm {
	var out []signedPerm
	for _, t := range geometry.Rotations() {
		var p signedPerm
		for i, row := range t.M {
			for j, v := range row {
				if v != 0 {
					p.axis[i], p.neg[i] = j, v < 0
				}
			}
		}
		out = append(out, p)
	}
	return out
})

// carriesOnto reports whether rotation t moves s (cells lo + d, d marked
// in bitmap in over extents ext) onto a translate of itself, when t keeps
// its extents span. The image less its least corner is then, row i,
// d[axis i] or span[axis i] - d[axis i]: that least corner is known from
// the bounds, so each cell is mapped once and the first one off s ends it.
func carriesOnto(t signedPerm, s geometry.Shape, lo, span, ext geometry.Cell, in []uint64) bool {
	sp := [3]int{span.X, span.Y, span.Z}
	for _, c := range s {
		d := [3]int{c.X - lo.X, c.Y - lo.Y, c.Z - lo.Z}
		var e [3]int
		for i := range 3 {
			e[i] = d[t.axis[i]]
			if t.neg[i] {
				e[i] = sp[t.axis[i]] - e[i]
			}
		}
		i := (e[0]*ext.Y+e[1])*ext.Z + e[2]
		if in[i/64]&(1<<(i%64)) == 0 {
			return false
		}
	}
	return true
}
