package editor

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
)

// ErrNotSpec is returned by Spec for a document Knuth's spec formats cannot
// say: optional box cells, or a multiplicity range on cubes.
var ErrNotSpec = errors.New("cannot be written as a spec")

// Spec writes the document in Knuth's format: POLYCUBE-DLX for cubes,
// POLYOMINO-DLX for a board. The title is the first comment line; the box
// line lists the box's cells (a cuboid as ranges, "[0-2][0-2][0-2]", other
// shapes as runs along x); each piece is one line, its multiplicity written
// as "k*" (cubes) or "k|" / "a:b|" (boards), after the box line the
// board's "| wrap" line if it has one; then "| one-sided NAMES" and
// "| fixed NAMES" lines for the pieces that may not take every orientation,
// and "| in-place NAMES" for the pieces fixed in place, each drawn where it
// stays (Knuth's programs skip them as comments). The bytes read back through
// puzzle.ParseSpec give the same box and pieces, so Knuth's own programs
// make the same DLX file of them as polyviz does.
func (d Document) Spec() ([]byte, error) {
	if d.Lattice.Grid() != nil {
		return nil, errGridSpec
	}
	if len(d.Box) == 0 {
		return nil, fmt.Errorf("%w: the box is empty", ErrNotSpec)
	}
	if len(d.Optional) > 0 {
		return nil, fmt.Errorf("%w: optional box cells need BurrTools' format (.xmpuzzle)", ErrNotSpec)
	}
	if d.Coloured() {
		return nil, fmt.Errorf("%w: coloured cells need BurrTools' format (.xmpuzzle)", ErrNotSpec)
	}
	if err := d.checkInPlace(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if d.Title != "" {
		fmt.Fprintf(&b, "| %s\n", d.Title)
	}
	fmt.Fprintf(&b, "| made in polyviz's editor: %s input\n", d.program())
	b.WriteString(d.Lattice.marker())
	b.WriteString(cellList(d.Box, d.Lattice))
	b.WriteByte('\n')
	if d.Wrap != "" {
		b.WriteString("| " + d.Wrap + "\n")
	}
	for _, p := range d.Pieces {
		m, err := d.multText(p)
		if err != nil {
			return nil, err
		}
		b.WriteString(m + p.Name + " " + cellWords(p.pieceCells(), d.Lattice) + "\n")
	}
	b.WriteString(d.motionLines())
	b.WriteString(d.inPlaceLine())
	return b.Bytes(), nil
}

// program names the Knuth program that reads the document's spec.
func (d Document) program() string { return d.Lattice.program() }

// multText writes a piece's multiplicity prefix ("" for one copy).
func (d Document) multText(p Piece) (string, error) {
	if p.Min == 1 && p.Max == 1 {
		return "", nil
	}
	if d.Lattice.planar() {
		if p.Min == p.Max {
			return fmt.Sprintf("%d|", p.Min), nil
		}
		return fmt.Sprintf("%d:%d|", p.Min, p.Max), nil
	}
	if p.Min != p.Max {
		return "", fmt.Errorf("%w: piece %s has %d to %d copies; POLYCUBE-DLX says only an exact number (save as .xmpuzzle)", ErrNotSpec, p.Name, p.Min, p.Max)
	}
	return string(geometry.EncodeDigit(p.Min)) + "*", nil
}

// cellWords writes each cell of s as a word ("000 100", or "00 10" on a board).
func cellWords(s geometry.Shape, l Lattice) string {
	words := make([]string, len(s))
	for i, c := range s {
		words[i] = cellName(c, l)
	}
	return strings.Join(words, " ")
}

func cellName(c geometry.Cell, l Lattice) string {
	w := []byte{geometry.EncodeDigit(c.X), geometry.EncodeDigit(c.Y)}
	return string(w) + layerText(c.Z, l)
}

// layerText writes what follows x and y in a cell's name: z on cubes, "'"
// for a ∇ triangle, nothing on the other boards.
func layerText(z int, l Lattice) string {
	switch {
	case !l.planar():
		return string(geometry.EncodeDigit(z))
	case l == Triangles && z == 1:
		return "'"
	}
	return ""
}

// cellList writes a box compactly: a full cuboid as one bracketed word, any
// other shape as runs of consecutive x at the same y and z ("[0-3]12").
func cellList(s geometry.Shape, l Lattice) string {
	lo, hi := s.Bounds()
	size := hi.Sub(lo).Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	if len(s) == size.X*size.Y*size.Z {
		w := rangeWord(lo.X, hi.X) + rangeWord(lo.Y, hi.Y)
		switch {
		case !l.planar():
			w += rangeWord(lo.Z, hi.Z)
		case l == Triangles && size.Z == 2: // a parallelogram: its Δ and its ∇
			w += " " + w + "'"
		case l == Triangles:
			w += layerText(lo.Z, l)
		}
		return w
	}
	// Runs along x: sort by (y, z, x).
	cells := slices.Clone(s)
	slices.SortFunc(cells, func(a, b geometry.Cell) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		if a.Z != b.Z {
			return a.Z - b.Z
		}
		return a.X - b.X
	})
	var words []string
	for i := 0; i < len(cells); {
		j := i
		for j+1 < len(cells) && cells[j+1].Y == cells[i].Y && cells[j+1].Z == cells[i].Z && cells[j+1].X == cells[j].X+1 {
			j++
		}
		w := rangeWord(cells[i].X, cells[j].X) + string(geometry.EncodeDigit(cells[i].Y)) + layerText(cells[i].Z, l)
		words = append(words, w)
		i = j + 1
	}
	return strings.Join(words, " ")
}

// rangeWord writes a coordinate range: "3" for one value, "[0-5]" for several.
func rangeWord(a, b int) string {
	if a == b {
		return string(geometry.EncodeDigit(a))
	}
	return "[" + string(geometry.EncodeDigit(a)) + "-" + string(geometry.EncodeDigit(b)) + "]"
}

// Source is what the editor needs of an opened puzzle (a spec, a DLX file
// made from a spec, a BurrTools file on the cube grid): ui/backend fills it
// from the puzzle it loaded, so this package depends on geometry alone.
type Source struct {
	// Lattice is the puzzle's lattice; Cubes with Planar set means Squares.
	Lattice Lattice
	Planar  bool
	// Lines are the spec's lines; the first, when a comment, is the title.
	Lines []string
	// Box and Optional are the box's cells and those that may stay empty.
	Box, Optional geometry.Shape
	// Suffixes are a 2D spec's cell suffixes (secondary items).
	Suffixes []string
	Pieces   []SourcePiece
	// Foreign is true when the file it came from is in a format the editor
	// does not write (a Lepage file, a DLX file): Save then asks for a name
	// rather than overwrite it.
	Foreign bool
	// Colours are a BurrTools problem's cell colours (colour.go).
	Colours SourceColours
}

// SourcePiece is one piece of a Source: its distinct orientations, the
// first of which is its typical cells normalized.
type SourcePiece struct {
	Name         string
	Min, Max     int
	Orientations []geometry.Shape
	// Motion is the piece's motion ("| one-sided" or "| fixed" lines):
	// its Orientations are then only those the motion allows.
	Motion Motion
	// InPlace is the placement of a piece fixed in place ("| in-place"),
	// box cells; nil when it moves.
	InPlace geometry.Shape
}

// FromSource returns the document of an opened puzzle, ready to edit. It
// refuses, saying why, what the editor cannot show: cells with suffixes
// (secondary items of a 2D spec), and a piece given by several spec lines
// whose orientations are not those of one shape.
func FromSource(src Source) (Document, error) {
	d := Document{Lattice: src.Lattice}
	if d.Lattice == Cubes && src.Planar {
		d.Lattice = Squares
	}
	suffixes := src.Suffixes
	if d.Lattice == Triangles {
		// "'" names the ∇ triangles, cells like any other
		suffixes = slices.DeleteFunc(slices.Clone(suffixes), func(s string) bool { return s == "'" })
	}
	if len(suffixes) > 0 {
		return d, fmt.Errorf("cells with suffixes (%s) are secondary items the editor cannot show", strings.Join(suffixes, ", "))
	}
	d.Title = titleOf(src.Lines)
	d.Wrap = wrapOf(src.Lines)
	d.Box = geometry.NewShape(src.Box...)
	d.Optional = geometry.NewShape(src.Optional...)
	for _, pc := range src.Pieces {
		if len(pc.Orientations) == 0 {
			return d, fmt.Errorf("piece %s has no cells", pc.Name)
		}
		p := Piece{Name: pc.Name, Min: pc.Min, Max: pc.Max, Cells: slices.Clone(pc.Orientations[0]), Colour: -1, Motion: pc.Motion,
			InPlace: geometry.NewShape(pc.InPlace...)}
		if !slices.Contains(d.Lattice.Motions(), p.Motion) {
			p.Motion = Free // one-sided on cubes: every cube piece is
		}
		if !sameSet(p.allowed(d.Lattice), pc.Orientations) {
			return d, fmt.Errorf("piece %s is given by several spec lines (its orientations are not those of one shape)", pc.Name)
		}
		if p.Min == 0 && p.Max == 0 {
			p.Min, p.Max = 1, 1
		}
		d.Pieces = append(d.Pieces, p)
	}
	return d.withColours(src.Colours)
}

// titleOf returns the first comment line of a spec, without its "| ".
func titleOf(lines []string) string {
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "|") {
		return ""
	}
	t := strings.TrimSpace(strings.TrimPrefix(lines[0], "|"))
	if strings.HasPrefix(t, "made in polyviz's editor") {
		return "" // the line Spec writes itself, not a title
	}
	return t
}

// wrapOf returns the "| wrap" line that follows the box line, without its
// bar, or "" when there is none.
func wrapOf(lines []string) string {
	box := false
	for _, l := range lines {
		rest, comment := strings.CutPrefix(l, "|")
		switch {
		case !comment:
			box = true
		case box && len(strings.Fields(rest)) > 0 && strings.Fields(rest)[0] == "wrap":
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// sameSet reports whether a and b hold the same shapes, in any order.
func sameSet(a, b []geometry.Shape) bool {
	if len(a) != len(b) {
		return false
	}
	for _, s := range a {
		if !slices.ContainsFunc(b, s.Equal) {
			return false
		}
	}
	return true
}
