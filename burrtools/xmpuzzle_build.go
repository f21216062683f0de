package burrtools

import (
	"context"
	"fmt"
	"strings"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
)

// Puzzle turns problem k (0-based) of the file into a packing puzzle, the
// way BurrTools sees it: the result shape is the box, its variable voxels
// ('+') are cells that may stay empty (secondary items, listed in
// Optional), each part is a piece whose multiplicity is the part's count or
// min..max range, and every piece is placed in the 24 rotations of the cube
// and every translation that keeps it inside the result. BurrTools never
// mirrors a piece (a chiral piece and its mirror image are two shapes), so
// neither does this; that is also what POLYCUBE-DLX does, and the puzzle is
// built by writing the problem as a POLYCUBE-DLX spec (kept in Lines) and
// reading that. A piece's variable voxels count as filled.
//
// With colours defined, a placement is kept only when some rotation that
// gives it puts every coloured piece voxel on a result voxel whose colour
// the problem allows (neutral colours match anything).
//
// A piece is named by its shape's name attribute when that is a valid name
// (1 to 8 characters, no blank, '|', ':' or '*', not the name of a
// cell of the box), and "S" and the shape's 1-based number otherwise, as BurrTools'
// window shows them.
func (x *File) Puzzle(file string, k int) (*puzzle.Puzzle, error) {
	return x.PuzzleContext(context.Background(), file, k)
}

// PuzzleContext is Puzzle that stops, returning ctx.Err(), when ctx is
// cancelled while the placements are made (a grid's, or the colours' on
// cubes): on a large result they take seconds.
func (x *File) PuzzleContext(ctx context.Context, file string, k int) (*puzzle.Puzzle, error) {
	if k < 0 || k >= len(x.Problems) {
		return nil, &parse.Error{File: file, Err: detail(ErrNoProblem, "problem %d asked, the file has %d", k+1, len(x.Problems))}
	}
	pr := x.Problems[k]
	at := func(line, col int, err error) error { return &parse.Error{File: file, Line: line, Col: col, Err: err} }
	if pr.Result < 0 {
		return nil, at(pr.line, pr.col, detail(ErrMissingShape, "problem %d has no <result>", k+1))
	}
	result := x.Shapes[pr.Result]
	if len(result.Filled)+len(result.Variable) == 0 {
		return nil, at(result.line, result.col, detail(ErrEmptyShape, "the result shape %d is empty", pr.Result+1))
	}
	box := shapeCells(result)
	names := x.pieceNames(pr, box)
	var spec strings.Builder
	size := 4*len(box) + 128 + len(file) + len(pr.Name)
	for _, part := range pr.Parts {
		s := x.Shapes[part.Shape]
		size += 4*(len(s.Filled)+len(s.Variable)) + 16
	}
	spec.Grow(size) // one buffer, not one grown by doubling
	fmt.Fprintf(&spec, "| BurrTools puzzle %s, problem %d", file, k+1)
	if pr.Name != "" {
		fmt.Fprintf(&spec, " %q", pr.Name)
	}
	spec.WriteString("\n")
	boxAt := spec.Len()
	writeCells(&spec, box)
	known := []geometry.Shape{box}   // the cells of the box and piece lines, as written (the puzzle keeps them: read only)
	ends := []int{boxAt, spec.Len()} // where each line of the spec ends, after its newline
	var used []Part
	var usedNames []string
	for i, part := range pr.Parts {
		if part.Max == 0 {
			continue
		}
		s := x.Shapes[part.Shape]
		cells := shapeCells(s)
		if len(cells) == 0 {
			return nil, at(part.line, part.col, detail(ErrEmptyShape, "shape %d, a piece of problem %d, is empty", part.Shape+1, k+1))
		}
		spec.WriteString(names[i])
		writeCells(&spec, cells)
		ends = append(ends, spec.Len())
		known = append(known, cells)
		used = append(used, part)
		usedNames = append(usedNames, names[i])
	}
	if len(used) == 0 {
		return nil, at(pr.line, pr.col, detail(ErrEmptyShape, "problem %d has no pieces", k+1))
	}
	readSpec := func(file string, spec []byte) (*puzzle.Puzzle, error) { return puzzle.ParseSpec(file, spec, false) }
	g := geometry.GridType(x.GridType)
	if g != nil {
		// gridPlacements lays out the pieces; the lines that spell the
		// cells written are not read back (ParseSpecUnplacedCells), when
		// the spec is read at all (below)
		readSpec = func(file string, spec []byte) (*puzzle.Puzzle, error) {
			return puzzle.ParseSpecUnplacedCells(file, spec, known)
		}
	}
	specText := spec.String()
	var pz *puzzle.Puzzle
	if g != nil && makeUnplaced {
		// the puzzle the spec reads as, made from the cells it was written
		// from (puzzle.NewUnplacedCells); else it is read
		lines, start := make([]string, len(ends)), 0
		for i, end := range ends {
			lines[i], start = specText[start:end-1], end
		}
		pz, _ = puzzle.NewUnplacedCells(file, lines, 1, known, usedNames)
	}
	if pz == nil {
		var err error
		if pz, err = readSpec(file, []byte(specText)); err != nil {
			return nil, fmt.Errorf("%s: problem %d as a spec: %w", file, k+1, err)
		}
	}
	for i, part := range used {
		pc := &pz.Pieces[i]
		pc.Min, pc.Max = part.Min, part.Max
		pc.Group = part.Group
		pc.Mult = multText(part.Min, part.Max)
		if part.Min == part.Max && part.Max < geometry.Radix {
			pc.Mult = string(geometry.EncodeDigit(part.Max))
		}
	}
	pz.Optional = result.Variable
	if g != nil {
		if err := x.gridPlacements(ctx, pz, pr, used, known[1:], g, boxNames(pz, box, specText[boxAt:])); err != nil {
			return nil, err
		}
		return pz, nil
	}
	if x.coloured(pr, used) {
		keep, err := x.colourPlacements(ctx, pz, pr, used)
		if err != nil {
			return nil, err
		}
		pz.Keep(keep)
	}
	return pz, nil
}

// makeUnplaced is whether a grid's puzzle is made without reading its spec
// back (puzzle.NewUnplacedCells); tests turn it off to compare.
var makeUnplaced = true

// shapeCells returns the cells of a shape, filled and variable, as a
// Shape to read only: its Filled itself when it has no variable voxels and
// is a Shape already (as the reader leaves it), not a copy of a box of
// thousands of cells that the puzzle keeps (ParseSpecUnplacedCells). A
// File's shapes are not changed once read: Optional shares the result's
// Variable too.
func shapeCells(s Shape) geometry.Shape {
	if len(s.Variable) == 0 && sortedCells(s.Filled) {
		return s.Filled[:len(s.Filled):len(s.Filled)]
	}
	return geometry.SortCells(append(append(geometry.Shape{}, s.Filled...), s.Variable...))
}

// sortedCells reports whether s is sorted, each cell once.
func sortedCells(s geometry.Shape) bool {
	for i := 1; i < len(s); i++ {
		if s[i].Compare(s[i-1]) <= 0 {
			return false
		}
	}
	return true
}

// boxNames returns the item names of the box's cells, in the order of
// pz.Box: slices of the box's line of the spec, which writeCells wrote as
// the names are spelled (one string for them all, not one a cell), or
// pz.CellName's when the box is not box.
func boxNames(pz *puzzle.Puzzle, box geometry.Shape, line string) []string {
	names := make([]string, len(pz.Box))
	// the first cell's name shows that names are spelled as writeCells
	// writes cells (three digits: a 3D spec)
	same := len(pz.Box) == len(box) && len(box) > 0 && len(line) >= 4*len(box) &&
		pz.CellName(box[0]) == line[1:4]
	for i := 0; same && i < len(box); i++ {
		same = pz.Box[i] == box[i]
	}
	for i, c := range pz.Box {
		if same {
			names[i] = line[4*i+1 : 4*i+4]
		} else {
			names[i] = pz.CellName(c)
		}
	}
	return names
}

// multText writes a multiplicity as a spec does: "n", or "lo:hi".
func multText(lo, hi int) string {
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("%d:%d", lo, hi)
}

// pieceNames names the parts of a problem (see Puzzle); box is the result.
func (x *File) pieceNames(pr Problem, box geometry.Shape) []string {
	names := make([]string, len(pr.Parts))
	taken := map[string]bool{}
	for i, part := range pr.Parts {
		n := x.Shapes[part.Shape].Name
		if !validXMName(n, box) || taken[n] {
			n = ""
		}
		names[i] = n
		taken[n] = n != ""
	}
	for i, part := range pr.Parts {
		if names[i] != "" {
			continue
		}
		n := fmt.Sprintf("S%d", part.Shape+1)
		for j := 2; taken[n]; j++ {
			n = fmt.Sprintf("S%d_%d", part.Shape+1, j)
		}
		names[i], taken[n] = n, true
	}
	return names
}

// validXMName reports whether a shape's name can be a piece name in a spec
// and a DLX file: 1 to 8 printable ASCII characters other than '|', ':' and
// '*', and not the name of a cell of the box.
func validXMName(n string, box geometry.Shape) bool {
	if len(n) == 0 || len(n) > 8 {
		return false
	}
	for i := 0; i < len(n); i++ {
		if c := n[i]; c <= ' ' || c > '~' || c == '|' || c == ':' || c == '*' {
			return false
		}
	}
	if len(n) != 3 {
		return true
	}
	c := geometry.Cell{X: geometry.DecodeDigit(n[0]), Y: geometry.DecodeDigit(n[1]), Z: geometry.DecodeDigit(n[2])}
	return c.X < 0 || c.Y < 0 || c.Z < 0 || !box.Contains(c)
}

// writeCells writes the cells of a spec line, each as three radix-62 digits.
// The bytes go through a buffer on the stack, 128 cells at a time: a
// write a byte was most of the time a grid puzzle's spec took (its box
// has thousands of cells).
func writeCells(b *strings.Builder, s geometry.Shape) {
	var buf [4 * 128]byte
	n := 0
	for _, c := range s {
		if n == len(buf) {
			b.Write(buf[:])
			n = 0
		}
		buf[n] = ' '
		buf[n+1] = geometry.EncodeDigit(c.X)
		buf[n+2] = geometry.EncodeDigit(c.Y)
		buf[n+3] = geometry.EncodeDigit(c.Z)
		n += 4
	}
	b.Write(buf[:n])
	b.WriteByte('\n')
}

// coloured reports whether colour constraints apply: the puzzle defines
// colours and some piece and the result have coloured voxels.
func (x *File) coloured(pr Problem, used []Part) bool {
	if len(x.Colors) == 0 || len(x.Shapes[pr.Result].Colors) == 0 {
		return false
	}
	for _, part := range used {
		if len(x.Shapes[part.Shape].Colors) > 0 {
			return true
		}
	}
	return false
}

// colourPlacements keeps the placements that the problem's colour rules allow.
func (x *File) colourPlacements(ctx context.Context, pz *puzzle.Puzzle, pr Problem, used []Part) ([]puzzle.Placement, error) {
	allowed := map[[2]int]bool{}
	for _, a := range pr.Allowed {
		allowed[a] = true
	}
	resultColour := x.Shapes[pr.Result].Colors
	// The coloured images of every piece under the 24 rotations, normalized.
	type image struct {
		shape  geometry.Shape
		colour map[geometry.Cell]int
	}
	images := make([][]image, len(used))
	for i, part := range used {
		s := x.Shapes[part.Shape]
		cells := geometry.SortCells(append(append(geometry.Shape{}, s.Filled...), s.Variable...))
		for _, t := range geometry.Rotations() {
			moved := make([]geometry.Cell, len(cells))
			for j, c := range cells {
				moved[j] = t.Apply(c)
			}
			lo, _ := geometry.NewShape(moved...).Bounds()
			img := image{shape: geometry.NewShape(moved...).Normalize(), colour: map[geometry.Cell]int{}}
			for c, col := range s.Colors {
				img.colour[t.Apply(c).Sub(lo)] = col
			}
			images[i] = append(images[i], img)
		}
	}
	fits := func(img image, d geometry.Cell) bool {
		for c, pc := range img.colour {
			rc := resultColour[c.Add(d)]
			if rc != 0 && !allowed[[2]int{pc, rc}] {
				return false
			}
		}
		return true
	}
	pls, err := pz.PlacementsContext(ctx)
	if err != nil {
		return nil, err
	}
	var keep []puzzle.Placement
	for _, pl := range pls {
		base := pz.Bases[pl.Base].Shape
		for _, img := range images[pl.Piece] {
			if img.shape.Equal(base) && fits(img, pl.Offset) {
				keep = append(keep, pl)
				break
			}
		}
	}
	return keep, nil
}
