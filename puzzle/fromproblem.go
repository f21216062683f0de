package puzzle

import (
	"bytes"
	"fmt"
	"iter"
	"strings"

	"polyviz/geometry"
	"polyviz/solver"
)

// FromProblem recognises a DLX problem whose options are pieces placed on
// cells, as Knuth's POLYCUBE-DLX, POLYOMINO-DLX and POLYIAMOND-DLX and
// polyviz's polyhex-dlx write them, and returns that packing (nil when the
// problem is not one). Which items are pieces is read from the whole file,
// never from how a name looks (a piece may be called "P1" or "Top"):
//
//   - The pieces are the items that begin options, as every option of those
//     programs begins with its piece. They must be primary, and every
//     option must hold exactly one of them. (A file whose options do not
//     begin with their piece, written by hand, is read by the names
//     instead: its pieces are the primary items that are not cells.)
//   - Every other primary item is a cell, all of one kind: "xyz" (cubes),
//     or "xy" with, on triangles, "xy'" for the ∇ cell; a secondary item
//     "xyz" or "xy" is a cell that may stay empty, "xy" and a suffix a
//     suffixed 2D cell, anything else an item the puzzle carries along.
//   - Squares and hexagons are both written "xy": the lattice is the one in
//     which every piece's placements are connected and are turns and
//     flips of one another (squares when both qualify).
//   - When a piece name is also a cell's name, the pieces must be
//     connected, or the file is not taken for a packing: the n queens
//     (rows "r0" beginning options on columns "c0" and diagonals) are
//     exact cover with that shape but no packing.
func FromProblem(name string, prob *solver.Problem) *Puzzle {
	return fromProblem(name, prob, nil)
}

// fromProblem is FromProblem told, by made (nil when it is not known),
// the lattice of the program that wrote the file (DLXLattice): the lattice
// whenever the cells' names allow it, and a word that the file is a
// packing.
func fromProblem(name string, prob *solver.Problem, made *geometry.Lattice) *Puzzle {
	if prob.NumOptions() == 0 {
		return nil
	}
	// each pass asks for the options' items again: a copy of them all
	// would double what a large file's problem holds
	options := func(yield func(int, []int) bool) {
		for i := range prob.NumOptions() {
			if !yield(i, prob.OptionItemIndexes(i)) {
				return
			}
		}
	}
	isPiece := pieceItems(prob, options)
	if isPiece == nil {
		return nil
	}
	kind := cellKind(prob, isPiece)
	if kind == nil {
		return nil
	}
	if made != nil && !writes(made, kind) {
		made = nil // the comment does not fit the cells
	}
	read := kind
	if made == geometry.Triangles() {
		read = made // a box of Δ cells alone is written as squares are
	}
	pz := readPacking(name, prob, options, isPiece, read)
	switch {
	case made != nil:
		pz.Lattice = made
	case read == geometry.Squares():
		pz.Lattice = squaresOrHexagons(pz)
	}
	if made == nil && namesLikeCells(pz) && !connectedPieces(pz) {
		return nil
	}
	return pz
}

// pieceItems marks the items that are pieces (see FromProblem), or
// returns nil when no rule finds one piece in every option.
func pieceItems(prob *solver.Problem, options iter.Seq2[int, []int]) []bool {
	first := make([]bool, prob.NumItems())
	for _, o := range options {
		if len(o) == 0 {
			return nil
		}
		first[o[0]] = true
	}
	if onePiecePerOption(prob, options, first) {
		return first
	}
	named := make([]bool, prob.NumItems())
	for i := range prob.NumPrimary() {
		named[i] = !isCellName(prob.ItemName(i))
	}
	if onePiecePerOption(prob, options, named) {
		return named
	}
	return nil
}

// onePiecePerOption reports whether the marked items are primary and
// every option holds exactly one.
func onePiecePerOption(prob *solver.Problem, options iter.Seq2[int, []int], isPiece []bool) bool {
	for i, p := range isPiece {
		if p && i >= prob.NumPrimary() {
			return false
		}
	}
	for _, o := range options {
		n := 0
		for _, it := range o {
			if isPiece[it] {
				n++
			}
		}
		if n != 1 {
			return false
		}
	}
	return true
}

// isCellName reports whether s names an unsuffixed cell of some lattice:
// "xyz", "xy" or "xy'".
func isCellName(s string) bool {
	return cellNameKind(s) != nil
}

// cellNameKind returns the lattice whose cells are written like s
// (Cubes for "xyz", Squares for "xy", standing for hexagons too,
// Triangles for "xy'"), or nil.
func cellNameKind(s string) *geometry.Lattice {
	if _, ok := parseCell(s, 2); !ok {
		return nil
	}
	switch {
	case len(s) == 2:
		return geometry.Squares()
	case len(s) == 3 && s[2] == '\'':
		return geometry.Triangles()
	case len(s) == 3 && geometry.DecodeDigit(s[2]) >= 0:
		return geometry.Cubes()
	}
	return nil
}

// cellKind returns the kind of cell (see cellNameKind) of every primary
// item that is not a piece, or nil when one is not a cell or two kinds mix
// ("xy'" mixes with "xy": Δ and ∇ triangles).
func cellKind(prob *solver.Problem, isPiece []bool) *geometry.Lattice {
	var kind *geometry.Lattice
	for i := range prob.NumPrimary() {
		if isPiece[i] {
			continue
		}
		k := cellNameKind(prob.ItemName(i))
		switch {
		case k == nil:
			return nil
		case kind == nil || kind == k:
			kind = k
		case kind.Planar() && k.Planar():
			kind = geometry.Triangles()
		default:
			return nil
		}
	}
	return kind
}

// itemCell is what an item is in a packing.
type itemCell struct {
	cell geometry.Cell
	what int8 // itemPlain, itemBox, itemOptional or itemSuffixed
}

const (
	itemPlain    int8 = iota // a piece, or a secondary item that is no cell
	itemBox                  // a cell to cover
	itemOptional             // a cell that may stay empty
	itemSuffixed             // a 2D cell with a suffix: Z holds its number
)

// writes reports whether the cells of lattice l are written as cellKind's
// kind: "xy" stands for squares, hexagons and a box of Δ triangles.
func writes(l, kind *geometry.Lattice) bool {
	if kind == geometry.Squares() {
		return l.Planar()
	}
	return l == kind
}

// readPacking builds the puzzle of the options on cells of kind (Cubes,
// Squares or Triangles; Squares stands for hexagons too until the shapes
// decide). Every option holds one piece (pieceItems).
func readPacking(name string, prob *solver.Problem, options iter.Seq2[int, []int], isPiece []bool, kind *geometry.Lattice) *Puzzle {
	pz := &Puzzle{Name: name, Planar: kind.Planar(), Lattice: kind}
	if kind == geometry.Triangles() {
		pz.Suffixes = []string{"'"} // as POLYIAMOND-DLX's table starts
	}
	items := make([]itemCell, prob.NumItems())
	suffixNum := map[string]int{}
	for i := range items {
		if !isPiece[i] {
			items[i] = pz.classify(prob.ItemName(i), i < prob.NumPrimary(), kind, suffixNum)
		}
		switch items[i].what {
		case itemOptional:
			pz.Optional = append(pz.Optional, items[i].cell)
			fallthrough
		case itemBox:
			pz.Box = append(pz.Box, items[i].cell)
			fallthrough
		case itemSuffixed:
			pz.cells = append(pz.cells, items[i].cell)
		}
	}
	pz.Box, pz.cells, pz.Optional = geometry.NewShape(pz.Box...), geometry.NewShape(pz.cells...), geometry.NewShape(pz.Optional...)
	pieceIndex := map[int]int{}
	pz.explicit = make([]Placement, 0, prob.NumOptions())
	for _, o := range options {
		pl := Placement{Piece: -1, Base: -1, Items: make([]string, 0, len(o)-1)}
		for _, it := range o {
			if isPiece[it] {
				k, seen := pieceIndex[it]
				if !seen {
					k = len(pz.Pieces)
					pieceIndex[it] = k
					lo, hi := prob.Multiplicity(it)
					pz.Pieces = append(pz.Pieces, Piece{Name: prob.ItemName(it), Min: lo, Max: hi, Mult: multText(lo, hi)})
				}
				pl.Piece = k
				continue
			}
			pl.Items = append(pl.Items, prob.ItemName(it))
			switch items[it].what {
			case itemBox, itemOptional:
				pl.Cells = append(pl.Cells, items[it].cell)
			case itemSuffixed:
				pl.suffixed = append(pl.suffixed, items[it].cell)
			}
		}
		shape := geometry.NewShape(pl.Cells...)
		pl.Offset, _ = shape.Bounds()
		if kind.Planar() {
			pl.Offset.Z = 0 // Z is a kind and tag, not translated
		}
		pl.Orientation = pz.Pieces[pl.Piece].orientationOf(kind.Normalize(shape))
		pz.explicit = append(pz.explicit, pl)
	}
	return pz
}

// classify says what item s is, primary or not, on cells of kind,
// numbering new suffixes as the spec readers do (in pairs on triangles).
func (p *Puzzle) classify(s string, primary bool, kind *geometry.Lattice, suffixNum map[string]int) itemCell {
	what := itemOptional
	if primary {
		what = itemBox
	}
	if kind == geometry.Cubes() {
		if c, ok := parseCell(s, 3); ok && len(s) == 3 {
			return itemCell{c, what}
		}
		return itemCell{}
	}
	c, ok := parseCell(s, 2)
	if !ok {
		return itemCell{}
	}
	sfx := s[2:]
	switch {
	case sfx == "":
		return itemCell{c, what}
	case sfx == "'" && kind == geometry.Triangles():
		c.Z = 1
		return itemCell{c, what}
	case primary:
		return itemCell{} // cellKind let no such primary item through
	}
	n, ok := suffixNum[sfx]
	if !ok {
		n = p.addSuffix(sfx, kind, suffixNum)
	}
	if n < 0 {
		return itemCell{}
	}
	c.Z = n
	return itemCell{c, itemSuffixed}
}

// addSuffix registers suffix s and returns its number, -1 when it cannot
// be one: on triangles s and its partner in a pair (as addSuffixPair), the
// unprimed one first.
func (p *Puzzle) addSuffix(s string, kind *geometry.Lattice, suffixNum map[string]int) int {
	if kind != geometry.Triangles() {
		p.Suffixes = append(p.Suffixes, s)
		suffixNum[s] = len(p.Suffixes)
		return len(p.Suffixes)
	}
	base := strings.TrimPrefix(s, "'")
	if base == "" || base[0] == '\'' {
		return -1
	}
	p.Suffixes = append(p.Suffixes, base, "'"+base)
	suffixNum[base], suffixNum["'"+base] = len(p.Suffixes)-1, len(p.Suffixes)
	return suffixNum[s]
}

// orientationOf returns the index of shape (normalized) in the piece's
// orientations, adding it when new.
func (pc *Piece) orientationOf(shape geometry.Shape) int {
	for j, o := range pc.Orientations {
		if o.Equal(shape) {
			return j
		}
	}
	pc.Orientations = append(pc.Orientations, shape)
	pc.Cells = len(shape)
	return len(pc.Orientations) - 1
}

// squaresOrHexagons returns the lattice of a puzzle on cells written "xy":
// hexagons when more of its pieces fit them than fit squares (see
// fitsLattice), squares otherwise. A square's four neighbours are among a
// hexagon's six, so a puzzle of squares is connected on hexagons too; but
// its pieces' orientations are rarely one orbit there (the L tromino's
// four are two hexagonal shapes), and a polyhex piece's rarely are on
// squares. Where both fit (bars in a strip) the puzzles are the same.
func squaresOrHexagons(pz *Puzzle) *geometry.Lattice {
	if fits(pz, geometry.Hexagons()) > fits(pz, geometry.Squares()) {
		return geometry.Hexagons()
	}
	return geometry.Squares()
}

// fits counts the pieces that fit lattice l: connected, and their
// orientations turns and flips of the first.
func fits(pz *Puzzle, l *geometry.Lattice) int {
	n := 0
	for _, pc := range pz.Pieces {
		if len(pc.Orientations) == 0 || !connectedShapes(l, pc.Orientations) {
			continue
		}
		orbit := l.Orientations(pc.Orientations[0])
		all := true
		for _, o := range pc.Orientations[1:] {
			if indexOfShape(orbit, o) < 0 {
				all = false
				break
			}
		}
		if all {
			n++
		}
	}
	return n
}

// namesLikeCells reports whether a piece is named like a cell.
func namesLikeCells(pz *Puzzle) bool {
	for _, pc := range pz.Pieces {
		if isCellName(pc.Name) {
			return true
		}
	}
	return false
}

// connectedPieces reports whether every orientation of every piece is
// connected on the puzzle's lattice.
func connectedPieces(pz *Puzzle) bool {
	for _, pc := range pz.Pieces {
		if !connectedShapes(pz.lattice(), pc.Orientations) {
			return false
		}
	}
	return true
}

// connectedShapes reports whether every shape is connected on l.
func connectedShapes(l *geometry.Lattice, shapes []geometry.Shape) bool {
	for _, s := range shapes {
		if len(s) == 0 {
			continue
		}
		seen := map[geometry.Cell]bool{s[0]: true}
		todo := []geometry.Cell{s[0]}
		for len(todo) > 0 {
			c := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, d := range l.Neighbours(c) {
				if !seen[d] && s.Contains(d) {
					seen[d] = true
					todo = append(todo, d)
				}
			}
		}
		if len(seen) != len(s) {
			return false
		}
	}
	return true
}

// DLXLattice returns the lattice of the program that wrote a DLX file, as
// its comment line "| this file was created by polyomino-dlx from that
// data" (before the item line) names it, or nil.
func DLXLattice(data []byte) *geometry.Lattice {
	const pre, post = "| this file was created by ", " from that data"
	for _, line := range splitLines(data) {
		line = bytes.TrimRight(line, "\r")
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if line = bytes.TrimLeft(line, " \t"); line[0] != '|' {
			return nil
		}
		rest, ok := bytes.CutPrefix(line, []byte(pre))
		if !ok {
			continue
		}
		prog, ok := bytes.CutSuffix(rest, []byte(post))
		if !ok {
			continue
		}
		for _, l := range []*geometry.Lattice{geometry.Cubes(), geometry.Squares(), geometry.Triangles(), geometry.Hexagons()} {
			if string(prog) == ProgramFor(l) {
				return l
			}
		}
	}
	return nil
}

// parseCell decodes the first digits characters of s as a cell.
func parseCell(s string, digits int) (geometry.Cell, bool) {
	var v [3]int
	if digits < 2 || digits > 3 || len(s) < digits {
		return geometry.Cell{}, false
	}
	for i := range digits {
		if v[i] = geometry.DecodeDigit(s[i]); v[i] < 0 {
			return geometry.Cell{}, false
		}
	}
	return geometry.Cell{X: v[0], Y: v[1], Z: v[2]}, true
}

func multText(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d:%d", lo, hi)
}
