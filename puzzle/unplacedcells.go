package puzzle

import (
	"strings"

	"polyviz/geometry"
)

// NewUnplacedCells is ParseSpecUnplacedCells for a spec its caller wrote
// from the cells itself, made without reading it: lines are the spec's
// lines (without newlines), comments lines beginning with '|' first, then
// the box line, then one piece line for each name, names[i] followed by
// cells[1+i]; each box and piece line spells its cells as " xyz" a cell
// (radix-62 digits), as BurrTools' grid puzzles are written. The caller
// vouches for the spelling, which is not checked: reading 2,256 cells back
// was a tenth of loading a rhombic grid's puzzle.
//
// It reports false, and the caller then reads the spec, unless the reader
// would take everything else as it is: every cells[i] a Shape (sorted, each
// cell once, not empty) of digits, every name one to eight printable ASCII
// characters other than '|', ':' and '*', not a cell of the box's and not
// repeated, no line holding a newline or ending in a carriage return, and
// the spec within MaxSpecBytes. The puzzle is then the one the reader
// gives, directive comments (| wrap, | group...) and all
// (TestNewUnplacedCells).
func NewUnplacedCells(file string, lines []string, comments int, cells []geometry.Shape, names []string) (*Puzzle, bool) {
	if len(cells) != 1+len(names) || len(lines) != comments+len(cells) || !takenAsIs(lines, comments, cells, names) {
		return nil, false
	}
	r := &specReader{file: file, pz: &Puzzle{Name: file, Planar: false, Lattice: geometry.Cubes()}, unplaced: true, known: cells}
	r.pz.Lines = lines
	r.lineNo = comments + 1
	r.pz.boxAt = position{r.lineNo, 1}
	r.setBox(cells[0][:len(cells[0]):len(cells[0])])
	for i, name := range names {
		r.lineNo++
		at := position{r.lineNo, 1}
		r.pz.Pieces = append(r.pz.Pieces, Piece{Name: name, Mult: "1", at: at, multAt: at})
		c := cells[1+i]
		r.addLine(i, c[:len(c):len(c)])
	}
	pz, err := r.finish()
	return pz, err == nil
}

// takenAsIs checks NewUnplacedCells' conditions on its input.
func takenAsIs(lines []string, comments int, cells []geometry.Shape, names []string) bool {
	size := 0
	for i, l := range lines {
		size += len(l) + 1
		if strings.IndexByte(l, '\n') >= 0 || strings.HasSuffix(l, "\r") || i < comments && !strings.HasPrefix(l, "|") {
			return false
		}
	}
	if size > MaxSpecBytes {
		return false
	}
	for _, s := range cells {
		if len(s) == 0 || !isShape(s) {
			return false
		}
		for _, c := range s {
			if !c.Digits() {
				return false
			}
		}
	}
	box := cells[0]
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if len(n) == 0 || len(n) > 8 || seen[n] {
			return false
		}
		seen[n] = true
		for i := 0; i < len(n); i++ {
			if c := n[i]; c <= ' ' || c > '~' || c == '|' || c == ':' || c == '*' {
				return false
			}
		}
		if len(n) == 3 {
			c := geometry.Cell{X: geometry.DecodeDigit(n[0]), Y: geometry.DecodeDigit(n[1]), Z: geometry.DecodeDigit(n[2])}
			if c.X >= 0 && c.Y >= 0 && c.Z >= 0 && box.Contains(c) {
				return false
			}
		}
	}
	return true
}
