package puzzle

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"polyviz/geometry"
	"polyviz/parse"
)

// ParseSpec reads a spec in Knuth's POLYCUBE-DLX format (planar false) or
// POLYOMINO-DLX format (planar true). file names the input in errors. It is
// ParseSpecOn with geometry.Cubes() or geometry.Squares().
func ParseSpec(file string, data []byte, planar bool) (*Puzzle, error) {
	if planar {
		return ParseSpecOn(file, data, geometry.Squares())
	}
	return ParseSpecOn(file, data, geometry.Cubes())
}

// ParseSpecOn reads a spec in the format of Knuth's program for lattice l:
// POLYCUBE-DLX (cubes), POLYOMINO-DLX (squares), POLYIAMOND-DLX (triangles),
// or polyviz's polyhex format (hexagons: POLYOMINO-DLX's syntax, cells in
// the axial coordinates of geometry.Hexagons). file names the input in
// errors.
//
// The rules, as his programs enforce them:
//   - A line whose first character is '|' is a comment. After the box
//     line, "| polyforms N" adds every polyform of N cells as pieces (see
//     readPolyformsLine), and "| wrap x" (y, xy, xyz) joins the box's
//     opposite faces (see readWrapLine).
//   - The first other line lists the cells of the box; every other line is
//     a piece name followed by the piece's typical cells. Several lines may
//     name the same piece; their placements are combined.
//   - A cell is two (2D) or three (3D) coordinates, each a radix-62 digit
//     (0-9, a-z, A-Z) or a bracketed set of digits and ranges: [01] is 0 and
//     1, [1-3] is 1, 2 and 3, and [7-z32-4A5-5] is the same as [2-57-A]. The
//     empty set [] is legal but useless. Illegal: [-5], [1-], [3-2],
//     [1-2-3], [3--5].
//   - In 3D a cell is followed by a space or the end of the line. In 2D it
//     may carry a suffix of up to 6 characters ("12x"), making it a
//     secondary item. Knuth's POLYOMINO-DLX allows at most 10 distinct
//     suffixes (maxsuffixes); we allow any number.
//   - On triangles the suffix "'" names the ∇ cell xy' to the right of the
//     Δ cell xy and is not secondary; every other suffix s is kept, as
//     POLYIAMOND-DLX keeps it, in a pair with its partner ("s" and "'s"),
//     so that a 60° turn, which swaps Δ and ∇, swaps the two. Illegal: a
//     suffix of 6 characters without a leading "'" (its partner "'s" is
//     too long).
//   - A 3D piece name may be preceded by a multiplicity digit and '*'
//     ("4*Z"); a 2D one by any string and '|' ("12|Z", "2:3|Z"). The
//     multiplicity must be the same on every line of a piece.
//   - A name is 1 to 8 characters without '|' or ':' (nor '*' in 3D) and
//     must not be the name of a cell of the box.
//   - A piece line with no cells after the name is ignored, with a warning.
//
// Knuth's fixed table sizes (line length, numbers of pieces, nodes, base
// placements, suffixes) do not apply. A last line without a newline is read
// as if it had one.
func ParseSpecOn(file string, data []byte, l *geometry.Lattice) (*Puzzle, error) {
	return parseSpecOn(file, data, l, false)
}

// parseSpecOn is ParseSpecOn; unplaced leaves the pieces without base
// placements (see ParseSpecUnplaced).
func parseSpecOn(file string, data []byte, l *geometry.Lattice, unplaced bool) (*Puzzle, error) {
	r := &specReader{file: file, pz: &Puzzle{Name: file, Planar: l.Planar(), Lattice: l}, unplaced: unplaced}
	if l.Kinds() == 2 {
		// POLYIAMOND-DLX's suffix table starts with "'", the ∇ cells
		r.pz.Suffixes = []string{"'"}
		r.pz.suffixAt = []position{{}}
		r.suffixNum = map[string]int{"'": 1}
		r.mults = &multMemory{}
	}
	return r.parse(data)
}

// parse reads the spec's lines into r.pz.
func (r *specReader) parse(data []byte) (*Puzzle, error) {
	file := r.file
	if err := checkSpecSize(file, data); err != nil {
		return nil, err
	}
	// one copy of the text, of which every entry of Lines is a slice: no
	// allocation per line, and Lines is sized once
	text := string(data)
	r.pz.Lines = make([]string, 0, countLines(data))
	boxSeen := false
	for i, sp := range lineSpans(data) {
		r.lineNo, r.buf = i+1, data[sp.start:sp.end]
		r.pz.Lines = append(r.pz.Lines, text[sp.start:sp.end])
		line := r.buf
		if len(line) > 0 && line[0] == '|' {
			if boxSeen {
				if err := r.readPolyformsLine(); err != nil {
					return nil, err
				}
			}
			continue // a comment (or a "| polyforms" line, which Knuth's programs skip)
		}
		var err error
		if !boxSeen {
			boxSeen = true
			r.pz.boxAt = position{r.lineNo, 1}
			err = r.readBox()
		} else {
			err = r.readPiece()
		}
		if err != nil {
			return nil, err
		}
	}
	if !boxSeen {
		return nil, &ParseError{File: file, Line: r.lineNo + 1, Col: 1, Err: ErrNoBox}
	}
	return r.finish()
}

// finish reads the spec's directive lines (motion, wrap, in-place,
// groups), which may come anywhere, once every box and piece line is read,
// and lays out the pieces.
func (r *specReader) finish() (*Puzzle, error) {
	if err := r.readMotionLines(); err != nil {
		return nil, err
	}
	if err := r.readWrapLine(); err != nil {
		return nil, err
	}
	inPlace, err := r.readInPlaceLines()
	if err != nil {
		return nil, err
	}
	r.finishWarnings()
	r.finishPieces()
	if err := r.pz.readGroupLines(r.file); err != nil {
		return nil, err
	}
	if err := r.keepInPlace(inPlace); err != nil {
		return nil, err
	}
	return r.pz, nil
}

// specReader holds the state of one parse, as Knuth's globals do.
type specReader struct {
	file   string
	lineNo int
	buf    []byte // the current line, without its newline
	pz     *Puzzle

	nameSlot  [8]byte        // names[piececount]: keeps stale bytes between lines, as in Knuth's table
	pieceNum  map[string]int // piece name -> index in pz.Pieces (a linear search is quadratic)
	suffixNum map[string]int // suffix -> its number (1-based)
	lines     []pieceLine
	live      int              // Knuth's live list nodes, for his node count
	mults     *multMemory      // POLYIAMOND-DLX's multiplicity bytes (nil for the other formats)
	unwarned  int              // warnings past maxWarnings, told as one number
	unplaced  bool             // no base placements: the caller lays out its own
	known     []geometry.Shape // the cells the box and piece lines were written from (ParseSpecUnplacedCells)
	lineCount int              // the box and piece lines read so far (lineCells)
}

// pieceLine is one accepted piece line: its piece, its distinct base
// placements and its cells as drawn (for "| in-place").
type pieceLine struct {
	piece int
	bases []geometry.Shape
	drawn geometry.Shape
}

// at returns the byte at position p, or '\n' at and beyond the end of the line.
func (r *specReader) at(p int) byte {
	if p < len(r.buf) {
		return r.buf[p]
	}
	return '\n'
}

// errAt returns a ParseError at byte position p of the current line.
func (r *specReader) errAt(p int, err error) error {
	if p > len(r.buf) {
		p = len(r.buf)
	}
	return &ParseError{File: r.file, Line: r.lineNo, Col: utf8.RuneCount(r.buf[:p]) + 1, Err: err}
}

// readBox reads the box line: its cells become the box.
func (r *specReader) readBox() error {
	cells, err := r.lineCells(0)
	if err != nil {
		return err
	}
	r.setBox(cells)
	return nil
}

// setBox makes sorted cells, each once, the box.
func (r *specReader) setBox(cells geometry.Shape) {
	pz := r.pz
	pz.cells = cells
	pz.boxLo, pz.boxHi = knuthBounds(pz.cells)
	primary := 0
	for _, c := range pz.cells {
		if pz.primary(c) {
			primary++
		}
	}
	// Box is the primary cells: cells itself when all are and the caller
	// handed the cells over (ParseSpecUnplacedCells), no second copy
	share := r.known != nil && primary == len(pz.cells) && primary > 0
	if share {
		pz.Box = pz.cells[:primary:primary]
	} else if primary > 0 {
		pz.Box = make(geometry.Shape, 0, primary)
	}
	if len(pz.cells) > 0 {
		// the occupancy's words up to the highest z's, allocated once
		pz.occupied.bits = make([]uint64, 0, pz.boxHi.Z*64+64)
	}
	for _, c := range pz.cells {
		pz.occupied.add(c)
		if !share && pz.primary(c) {
			pz.Box = append(pz.Box, c)
		}
	}
	r.live = len(pz.cells)
	pz.nodes = r.live
}

// knuthBounds returns the extreme coordinates of a cell list as Knuth keeps
// them: 62 and -1 for an empty list. In 2D, z (the suffix) is not a coordinate.
func knuthBounds(s geometry.Shape) (lo, hi geometry.Cell) {
	if len(s) == 0 {
		return geometry.Cell{X: 62, Y: 62, Z: 62}, geometry.Cell{X: -1, Y: -1, Z: -1}
	}
	return s.Bounds()
}

// runeAt returns the character at byte position p, for messages.
func (r *specReader) runeAt(p int) rune {
	c, _ := utf8.DecodeRune(r.buf[p:])
	return c
}

// readPiece reads a piece line: its multiplicity, its name and its typical cells.
func (r *specReader) readPiece() error {
	if r.mults != nil {
		r.mults.scribble(r.buf)
	}
	mult, p, err := r.readMultiplicity()
	if err != nil {
		return err
	}
	q := p
	for ; r.at(p) != '\n' && r.at(p) != ' '; p++ {
		if c := r.at(p); c == '|' || c == ':' || (c == '*' && !r.pz.Planar) || isControl(c) {
			return r.errAt(p, detail(ErrIllegalNameChar, "%q", c))
		}
	}
	if r.at(p) == '\n' {
		what := "piece"
		if p == 0 {
			what = "line"
		}
		r.warnEmpty(what)
		return nil
	}
	k, err := r.storeName(q, p)
	if err != nil {
		return err
	}
	if err := r.checkMultiplicity(k, mult, q); err != nil {
		return err
	}
	if pc := &r.pz.Pieces[k]; pc.at.line == 0 {
		pc.at = position{r.lineNo, utf8.RuneCount(r.buf[:q]) + 1}
		pc.multAt = position{r.lineNo, 1}
	}
	cells, err := r.lineCells(p)
	if err != nil {
		return err
	}
	r.addLine(k, cells) // sorted
	return nil
}

// readMultiplicity reads "k*" (3D, k one radix-62 digit) or "m|" (2D, m any
// string up to the first '|' on the line). It returns the multiplicity as
// written ("1" when there is none) and where the name starts.
func (r *specReader) readMultiplicity() (string, int, error) {
	if !r.pz.Planar {
		if r.at(1) != '*' {
			return "1", 0, nil
		}
		if geometry.DecodeDigit(r.at(0)) < 0 {
			return "", 0, r.errAt(0, detail(ErrUnknownMultiplicity, "%q", r.runeAt(0)))
		}
		return string(r.buf[:1]), 2, nil
	}
	if i := bytes.IndexByte(r.buf, '|'); i >= 0 {
		return string(r.buf[:i]), i + 1, nil
	}
	return "1", 0, nil
}

// storeName checks the name in buf[q:p] and returns its piece number,
// adding a new piece when the name is new. Like Knuth's program, the name is
// written over the slot of the next new piece, so a short name after a
// repeated longer one keeps the longer one's last characters ("AB" written
// over "XYZW" reads "ABZW"): the programs compare and print those bytes.
func (r *specReader) storeName(q, p int) (int, error) {
	if p == q || p > q+8 {
		return 0, r.errAt(q, detail(ErrBadName, "%s", parse.Quote(string(r.buf[q:p]))))
	}
	copy(r.nameSlot[:], r.buf[q:p])
	if dims := r.cellDigits(); p == q+dims {
		var c geometry.Cell
		ok := true
		v := []*int{&c.X, &c.Y, &c.Z}
		for i := range dims {
			*v[i] = geometry.DecodeDigit(r.nameSlot[i])
			ok = ok && *v[i] >= 0
		}
		if ok && r.pz.occupied.has(c) {
			return 0, r.errAt(q, detail(ErrNameIsCell, "%s", parse.Quote(string(r.buf[q:p]))))
		}
	}
	name := string(r.nameSlot[:])
	if i := strings.IndexByte(name, 0); i >= 0 {
		name = name[:i]
	}
	if k, ok := r.pieceNum[name]; ok {
		return k, nil
	}
	if r.pieceNum == nil {
		r.pieceNum = map[string]int{}
	}
	r.pz.Pieces = append(r.pz.Pieces, Piece{Name: name})
	r.pieceNum[name] = len(r.pz.Pieces) - 1
	r.nameSlot = [8]byte{}
	return len(r.pz.Pieces) - 1, nil
}

func (r *specReader) cellDigits() int {
	if r.pz.Planar {
		return 2
	}
	return 3
}

// checkMultiplicity records the multiplicity of piece k or checks it
// against the one recorded. In 3D a multiplicity of 0 counts as unset, and in
// 2D an empty one does, as in Knuth's programs.
func (r *specReader) checkMultiplicity(k int, mult string, q int) error {
	pc := &r.pz.Pieces[k]
	if r.mults != nil && r.mults.has(k) {
		switch cur := r.mults.get(k); {
		case cur == "":
			r.mults.set(k, mult)
		case cur != mult:
			return r.errAt(q, detail(ErrInconsistentMultiplicity, "piece %s has %s, now %s", pc.Name, cur, mult))
		}
		return nil
	}
	if pc.Mult == "" || pc.Mult == "0" && !r.pz.Planar {
		pc.Mult = mult
		return nil
	}
	if pc.Mult != mult {
		return r.errAt(q, detail(ErrInconsistentMultiplicity, "piece %s has %s, now %s", pc.Name, pc.Mult, mult))
	}
	return nil
}

// addLine generates the base placements of one piece line, breadth-first as
// Knuth does, and keeps his node count.
func (r *specReader) addLine(k int, typical geometry.Shape) {
	r.lines = append(r.lines, pieceLine{piece: k, drawn: typical})
	if r.unplaced {
		// the node count waits for Summary (nodeCount): a grid's puzzle
		// never asks, and counting a rhombic stick's cube orientations
		// was a twentieth of reading it
		r.pz.unplacedLines = append(r.pz.unplacedLines, typical)
		return
	}
	bases := r.pz.lattice().Orientations(typical)
	r.lines[len(r.lines)-1].bases = bases
	r.pz.nodes, r.live = addNodes(r.pz.nodes, r.live, len(bases), len(typical))
}

// addNodes is Knuth's node count after a piece line of n cells whose nb
// orientations are generated, with live nodes in use before it: the new
// high-water mark and live count.
func addNodes(nodes, live, nb, n int) (int, int) {
	return max(nodes, live+nb*n+n), live + nb*n // the last image tried is always a repeat
}

// nodeCount is Knuth's node count, for Summary: an unplaced spec's piece
// lines (ParseSpecUnplaced) are counted now, as addLine would have.
func (p *Puzzle) nodeCount() int {
	nodes, live := p.nodes, p.nodes // the box's cells, which readBox counted
	for _, s := range p.unplacedLines {
		nodes, live = addNodes(nodes, live, cubeOrientationCount(s), len(s))
	}
	return nodes
}

// finishPieces lays out the base placements and the pieces' orientations.
func (r *specReader) finishPieces() {
	pz := r.pz
	for _, ln := range r.lines {
		pc := &pz.Pieces[ln.piece]
		if r.unplaced && pc.Cells == 0 {
			for _, c := range ln.drawn { // as many as any orientation's drawable cells
				if pz.primary(c) {
					pc.Cells++
				}
			}
		}
		for _, b := range ln.bases {
			max := geometry.Cell{X: -63, Y: -63, Z: -63}
			if len(b) > 0 {
				_, max = b.Bounds()
			}
			drawn := r.pz.lattice().Normalize(r.drawable(b))
			o := indexOfShape(pc.Orientations, drawn)
			if o < 0 {
				o = len(pc.Orientations)
				pc.Orientations = append(pc.Orientations, drawn)
			}
			if pc.Cells == 0 {
				pc.Cells = len(drawn)
			}
			pz.Bases = append(pz.Bases, Base{Piece: ln.piece, Shape: b, Orientation: o, max: max})
		}
	}
	for i := range pz.Pieces {
		pc := &pz.Pieces[i]
		if r.mults != nil && r.mults.has(i) {
			pc.Mult = r.mults.get(i)
		}
		if pc.Mult == "" {
			pc.Mult = "1"
		}
		pc.Min, pc.Max = parseMultiplicity(pc.Mult, pz.Planar)
	}
}

// drawable returns the cells of a shape that are drawn: all in 3D, the
// unsuffixed ones (Δ and ∇ on triangles) in 2D.
func (r *specReader) drawable(s geometry.Shape) geometry.Shape {
	var out geometry.Shape
	for _, c := range s {
		if r.pz.primary(c) {
			out = append(out, c)
		}
	}
	return out
}

func indexOfShape(list []geometry.Shape, s geometry.Shape) int {
	for i, t := range list {
		if t.Equal(s) {
			return i
		}
	}
	return -1
}

// decimal reads 1 to 9 decimal digits, as DLX3 reads a bound.
func decimal(s string) (int, bool) {
	if len(s) == 0 || len(s) > 9 {
		return 0, false
	}
	v := 0
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// parseMultiplicity turns a written multiplicity into bounds: a radix-62
// digit in 3D; "v" or "u:v" in decimal in 2D (as DLX3 reads them), with
// v >= 1. It returns -1, -1 when the text means nothing to a solver.
func parseMultiplicity(m string, planar bool) (int, int) {
	if !planar {
		if len(m) == 1 {
			if v := geometry.DecodeDigit(m[0]); v >= 1 {
				return v, v
			}
		}
		return -1, -1
	}
	lo, hi, found := strings.Cut(m, ":")
	if !found {
		hi = lo
	}
	u, ok1 := decimal(lo)
	v, ok2 := decimal(hi)
	if !ok1 || !ok2 || v < u || v < 1 {
		return -1, -1
	}
	return u, v
}
