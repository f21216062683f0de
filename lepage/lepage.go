package lepage

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
	"polyviz/solver"
)

// File is a problem file of Marc Lepage's polycube solver (2009), read by
// Parse, with the exact-cover matrix his program builds for it.
//
// His matrix has a column for each cell of the W x H x D box in Z-major
// order (x fastest, then y, then z), then a column for each piece in the
// order of the pieces list. Its rows are the placements of each piece in
// turn: his 24 orientations in his order (the first LockCount only for the
// locked piece), and for each, every position with x fastest, then y, then
// z (on a constrained axis only the first ceil(n/2) of the n positions); a
// placement covering the same cells as an earlier one of the same piece is
// dropped. A repeated name in the pieces list is a second piece of the same
// shape and name, with its own column.
type File struct {
	// Name is the file name the problem was read from.
	Name string
	// W, H and D are the box's width (x), height (y) and depth (z).
	W, H, D int
	// Pieces are the names of the pieces list, repeats included.
	Pieces []string
	// Lock is the piece restricted to the first LockCount of his 24
	// orientations ("" for none); LockCount is as written (0 if not).
	Lock      string
	LockCount int
	// Constrain confines a piece to the origin octant of the box;
	// ConstrainX, ConstrainY and ConstrainZ to the lower half along one axis.
	Constrain, ConstrainX, ConstrainY, ConstrainZ string
	// Rows are the rows of his matrix, in his order.
	Rows []Row
}

// Row is one row of Lepage's matrix: a piece (index in Pieces), the
// orientation (0..23, his numbering) and the cells it covers, as column
// numbers 0..W*H*D-1 in increasing order.
type Row struct {
	Piece, Orientation int
	Cells              []int
}

// Columns returns the number of columns of his matrix: the cells, then the
// pieces.
func (lp *File) Columns() int { return lp.W*lp.H*lp.D + len(lp.Pieces) }

// Cell returns the cell of column j (j < W*H*D).
func (lp *File) Cell(j int) geometry.Cell {
	return geometry.Cell{X: j % lp.W, Y: j / lp.W % lp.H, Z: j / (lp.W * lp.H)}
}

// column returns the column of cell (x, y, z): his xyz2j, from 0.
func (lp *File) column(x, y, z int) int { return z*lp.H*lp.W + y*lp.W + x }

// Parse reads a Lepage problem file and builds his matrix. Besides
// syntax errors (see the reader), it rejects with the position of the
// offending value: a box that does not have three sides from 1 to 62, an
// unknown piece name, a lock or constrain naming a piece not in the list, a
// lockcount outside 1..24, more than 2^20 placements in all, and a piece
// that fits nowhere in the box.
func Parse(file string, data []byte) (*File, error) {
	return ParseLimited(file, data, Limits{})
}

// ParseLimited is Parse that also refuses, at the pieces list, a problem
// estimated to need more memory than lim allows (a *MemoryError), before
// its rows are built.
func ParseLimited(file string, data []byte, lim Limits) (*File, error) {
	fields, end, err := parseLepage(file, data)
	if err != nil {
		return nil, err
	}
	errAt := func(t lepageToken, err error) error { return parse.At(file, t.line, t.col, err) }
	lp := &File{Name: file}
	// The box: three sides from 1 to 62 (cells are named by radix-62 digits).
	box, ok := fields["box"]
	if !ok {
		return nil, errAt(end, fmt.Errorf("%w: box = { W, H, D }", ErrMissingField))
	}
	if len(box.list) != 3 {
		return nil, errAt(box.tok, fmt.Errorf("%w; found %d values", ErrBox, len(box.list)))
	}
	sides := [3]*int{&lp.W, &lp.H, &lp.D}
	for i, t := range box.list {
		n := t.number()
		if n < 1 || n > geometry.Radix {
			return nil, errAt(t, fmt.Errorf("%w; found %s", ErrBox, t.text))
		}
		*sides[i] = n
	}
	// The pieces: his names, repeats allowed.
	pieces, ok := fields["pieces"]
	if !ok {
		return nil, errAt(end, fmt.Errorf("%w: pieces = { \"name\", ... }", ErrMissingField))
	}
	for _, t := range pieces.list {
		if _, ok := lepagePiece(t.text); !ok {
			return nil, errAt(t, fmt.Errorf("%w: %s", ErrUnknownPiece, parse.Quote(t.text)))
		}
		lp.Pieces = append(lp.Pieces, t.text)
	}
	// The restrictions name pieces of the list.
	for _, r := range []struct {
		key string
		dst *string
	}{
		{"lock", &lp.Lock}, {"constrain", &lp.Constrain},
		{"constrain_x", &lp.ConstrainX}, {"constrain_y", &lp.ConstrainY}, {"constrain_z", &lp.ConstrainZ},
	} {
		f, ok := fields[r.key]
		if !ok {
			continue
		}
		if lp.pieceIndex(f.tok.text) < 0 {
			return nil, errAt(f.tok, fmt.Errorf("%w: %s = %s", ErrNotInList, r.key, parse.Quote(f.tok.text)))
		}
		*r.dst = f.tok.text
	}
	if f, ok := fields["lockcount"]; ok {
		n := f.tok.number()
		if n < 1 || n > 24 {
			return nil, errAt(f.tok, fmt.Errorf("%w; found %s", ErrLockCount, f.tok.text))
		}
		lp.LockCount = n
	}
	// The size, counted before anything is built: a box of 20x20x20 with
	// his 41 pieces asks for millions of rows, seconds and hundreds of MB.
	if n := lp.placementCount(); n > lepageMaxRows {
		return nil, errAt(pieces.tok, fmt.Errorf("%w: %d placements in all, more than the limit of %d", ErrTooLarge, n, lepageMaxRows))
	}
	// under the row limit a box still takes hundreds of MB, more than a
	// small ulimit -v or --max-memory leaves
	if err := lp.checkMemory(lim); err != nil {
		return nil, errAt(pieces.tok, err)
	}
	lp.buildRows()
	// A piece that fits nowhere, at its name in the list.
	fits := make([]bool, len(lp.Pieces))
	for _, r := range lp.Rows {
		fits[r.Piece] = true
	}
	for i, ok := range fits {
		if !ok {
			return nil, errAt(pieces.list[i], fmt.Errorf("%w: %s in %dx%dx%d", ErrNoPlacement, lp.Pieces[i], lp.W, lp.H, lp.D))
		}
	}
	return lp, nil
}

func (lp *File) pieceIndex(name string) int {
	for i, n := range lp.Pieces {
		if n == name {
			return i
		}
	}
	return -1
}

// lockCount returns the number of his orientations a piece named name keeps.
func (lp *File) lockCount(name string) int {
	switch {
	case lp.Lock != name:
		return 24
	case lp.LockCount == 0:
		return 1
	}
	return lp.LockCount
}

// positions returns the number of positions along each axis of a piece
// whose oriented cubes span lo..hi, halved (rounded up) on the axes the
// piece is constrained to; a count below 1 means it does not fit.
func (lp *File) positions(name string, lo, hi geometry.Cell) (xp, yp, zp int) {
	xp, yp, zp = lp.W-(hi.X-lo.X), lp.H-(hi.Y-lo.Y), lp.D-(hi.Z-lo.Z)
	if lp.Constrain == name || lp.ConstrainX == name {
		xp = (xp + 1) / 2
	}
	if lp.Constrain == name || lp.ConstrainY == name {
		yp = (yp + 1) / 2
	}
	if lp.Constrain == name || lp.ConstrainZ == name {
		zp = (zp + 1) / 2
	}
	return xp, yp, zp
}

// placementCount returns the number of rows buildRows would make, without
// making them: per piece, the positions of each of its orientations that
// differ as a set of cubes (orientations), so the count is exact.
func (lp *File) placementCount() int64 {
	rows, _ := lp.placementSize()
	return rows
}

// placementSize returns placementCount's rows and the cells of all of
// them, which the memory estimate needs.
func (lp *File) placementSize() (rows, cells int64) {
	for _, name := range lp.Pieces {
		for _, or := range lp.orientations(name) {
			xp, yp, zp := lp.positions(name, or.lo, or.hi)
			n := int64(max(xp, 0)) * int64(max(yp, 0)) * int64(max(zp, 0))
			rows += n
			cells += n * int64(len(or.cubes))
		}
	}
	return rows, cells
}

// An orientation is one of his orientations of a piece: its number, its
// cubes turned, and their bounds.
type orientation struct {
	o      int
	cubes  geometry.Shape
	lo, hi geometry.Cell
}

// orientations returns the orientations of the piece named name that
// give rows, in his order: those whose cubes, moved to start at 0 on
// every axis, differ from every earlier one's. Two orientations alike up
// to translation give the same rows at the same positions, and two unlike
// never give the same cells (both start at 0, so equal cells would need
// equal shapes): skipping the later of two alike drops exactly the rows
// his generator finds again, and no other.
func (lp *File) orientations(name string) []orientation {
	pc, _ := lepagePiece(name)
	var out []orientation
	var seen []geometry.Shape
	for o := range lp.lockCount(name) {
		cubes := make(geometry.Shape, len(pc.Cubes))
		for k, c := range pc.Cubes {
			cubes[k] = lepageOrient(o, c)
		}
		lo, hi := cubes.Bounds()
		moved := cubes.Translate(geometry.Cell{}.Sub(lo))
		slices.SortFunc(moved, geometry.Cell.Compare)
		if slices.ContainsFunc(seen, moved.Equal) {
			continue
		}
		seen = append(seen, moved)
		out = append(out, orientation{o, cubes, lo, hi})
	}
	return out
}

// buildRows generates his matrix rows, piece by piece (placementCount
// bounds how many): every position of each orientation, x fastest. His
// generator drops a row it has made before; those are the rows of the
// orientations that orientations leaves out, so none is made (keeping a
// key of every row was most of the time of a big box).
func (lp *File) buildRows() {
	for i, name := range lp.Pieces {
		for _, or := range lp.orientations(name) {
			xp, yp, zp := lp.positions(name, or.lo, or.hi)
			if xp < 1 || yp < 1 || zp < 1 {
				continue
			}
			// the rows' cells cut from one array
			n := len(or.cubes)
			buf := make([]int, xp*yp*zp*n)
			for z := 0; z < zp; z++ {
				for y := 0; y < yp; y++ {
					for x := 0; x < xp; x++ {
						cells := buf[:n:n]
						buf = buf[n:]
						for k, c := range or.cubes {
							cells[k] = lp.column(c.X-or.lo.X+x, c.Y-or.lo.Y+y, c.Z-or.lo.Z+z)
						}
						sortInts(cells)
						lp.Rows = append(lp.Rows, Row{Piece: i, Orientation: or.o, Cells: cells})
					}
				}
			}
		}
	}
}

// sortInts sorts a short slice in place (insertion sort: pieces are small).
func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// cellItem is the item name of column j's cell: Knuth's "xyz" in radix 62.
func (lp *File) cellItem(j int) string {
	c := lp.Cell(j)
	return string([]byte{geometry.EncodeDigit(c.X), geometry.EncodeDigit(c.Y), geometry.EncodeDigit(c.Z)})
}

// pieceItems returns the item names of the pieces: his names, with "#2",
// "#3", ... after the second and later copies of a repeated name, since
// items of an exact cover problem need distinct names.
func (lp *File) pieceItems() []string {
	seen := map[string]int{}
	out := make([]string, len(lp.Pieces))
	for i, n := range lp.Pieces {
		seen[n]++
		out[i] = n
		if k := seen[n]; k > 1 {
			out[i] = n + "#" + strconv.Itoa(k)
		}
	}
	return out
}

// Problem returns his matrix as an exact-cover problem: primary items the
// cells (named "xyz" as Knuth names them) in his column order, then the
// pieces; option i is Rows[i], written as the piece and then its cells. A
// search that branches on the leftmost item of fewest options and tries
// options in order (solver.Solve, Knuth's DLX1) makes exactly the choices
// his Algorithm X makes, so finds his solutions in his order.
func (lp *File) Problem() *solver.Problem {
	prob, _ := lp.ProblemContext(context.Background()) // fails only when cancelled
	return prob
}

// ProblemContext is Problem that stops, returning ctx.Err(), when ctx is
// cancelled while the options are added (his matrix can have a million rows).
func (lp *File) ProblemContext(ctx context.Context) (*solver.Problem, error) {
	n := lp.W * lp.H * lp.D
	items := make([]string, 0, lp.Columns())
	for j := range n {
		items = append(items, lp.cellItem(j))
	}
	pieces := lp.pieceItems()
	items = append(items, pieces...)
	prob := solver.NewProblem(items, nil)
	opt := make([]string, 0, 8)
	for i, r := range lp.Rows {
		if i&(1<<14-1) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		opt = append(opt[:0], pieces[r.Piece])
		for _, j := range r.Cells {
			opt = append(opt, items[j])
		}
		prob.AddOption(opt...) // cannot fail: every name is an item, once
	}
	return prob, nil
}

// Puzzle returns the problem as a packing puzzle for drawing and for the
// window: the box, the pieces under his names (repeats kept as separate
// pieces), and his rows as explicit placements (placement i is Rows[i]). A
// box one cell deep is a board (Planar).
func (lp *File) Puzzle() *puzzle.Puzzle {
	n := lp.W * lp.H * lp.D
	names := make([]string, n)
	box := make([]geometry.Cell, n)
	for j := range n {
		box[j], names[j] = lp.Cell(j), lp.cellItem(j)
	}
	pieces := make([]puzzle.Piece, 0, len(lp.Pieces))
	for _, name := range lp.Pieces {
		pc, _ := lepagePiece(name)
		pieces = append(pieces, puzzle.Piece{Name: name, Mult: "1", Min: 1, Max: 1, Cells: len(pc.Cubes)})
	}
	placements := make([]puzzle.Placement, 0, len(lp.Rows))
	for _, r := range lp.Rows {
		cells := make([]geometry.Cell, len(r.Cells))
		items := make([]string, len(r.Cells))
		for k, j := range r.Cells {
			cells[k], items[k] = box[j], names[j]
		}
		shape := geometry.NewShape(cells...)
		lo, _ := shape.Bounds()
		norm := shape.Normalize()
		pc := &pieces[r.Piece]
		o := slices.IndexFunc(pc.Orientations, norm.Equal)
		if o < 0 {
			o = len(pc.Orientations)
			pc.Orientations = append(pc.Orientations, norm)
		}
		placements = append(placements, puzzle.Placement{Piece: r.Piece, Base: -1, Orientation: o, Offset: lo, Cells: shape, Items: items})
	}
	return puzzle.NewExplicit(lp.Name, lp.D == 1, geometry.NewShape(box...), pieces, placements)
}

// String returns the problem as a problem file that Parse reads back
// to the same problem.
func (lp *File) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "problem = {\n\tbox = { %d, %d, %d },\n\tpieces = {", lp.W, lp.H, lp.D)
	for i, n := range lp.Pieces {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, " %s", luaQuote(n))
	}
	b.WriteString(" },\n")
	for _, f := range []struct{ key, val string }{
		{"lock", lp.Lock}, {"constrain", lp.Constrain},
		{"constrain_x", lp.ConstrainX}, {"constrain_y", lp.ConstrainY}, {"constrain_z", lp.ConstrainZ},
	} {
		if f.val != "" {
			fmt.Fprintf(&b, "\t%s = %s,\n", f.key, luaQuote(f.val))
		}
	}
	if lp.LockCount != 0 {
		fmt.Fprintf(&b, "\tlockcount = %d,\n", lp.LockCount)
	}
	b.WriteString("}\n")
	return b.String()
}

// luaQuote writes s as a string the reader reads back.
func luaQuote(s string) string {
	r := strings.NewReplacer("\\", "\\\\", "\"", "\\\"", "\n", "\\n", "\t", "\\t")
	return "\"" + r.Replace(s) + "\""
}

// Notes describes the restrictions for the pieces panel: "L2 locked to 1
// orientation", "X_ kept in the origin octant", "F_ kept in the lower half
// along z", one line each.
func (lp *File) Notes() []string {
	var out []string
	if lp.Lock != "" {
		k := lp.lockCount(lp.Lock)
		plural := "s"
		if k == 1 {
			plural = ""
		}
		out = append(out, fmt.Sprintf("%s locked to %d orientation%s", lp.Lock, k, plural))
	}
	if lp.Constrain != "" {
		out = append(out, lp.Constrain+" kept in the origin octant")
	}
	for _, c := range []struct{ name, axis string }{{lp.ConstrainX, "x"}, {lp.ConstrainY, "y"}, {lp.ConstrainZ, "z"}} {
		if c.name != "" && c.name != lp.Constrain {
			out = append(out, fmt.Sprintf("%s kept in the lower half along %s", c.name, c.axis))
		}
	}
	return out
}
