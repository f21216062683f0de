package antislide

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"polyviz/geometry"
	"polyviz/parse"
)

// Errors of ParseFile, ParseSize and ParseBrick; they come wrapped in a
// parse.Error with the position.
var (
	ErrNotAntislide = errors.New("not an antislide problem (the first word must be \"antislide\")")
	ErrSyntax       = errors.New("syntax error")
	ErrMissingBox   = errors.New("no box given")
	ErrBadCell      = errors.New("bad cell")
	ErrBadBrick     = errors.New("bad brick size")
)

// ParseSize reads a box size "AxBxC" (each side a positive decimal number).
func ParseSize(s string) (geometry.Cell, error) { return parseSize(s, ErrBadBox) }

// ParseBrick reads a brick size "axbxc" as ParseSize does; its error is
// ErrBadBrick, so that a message names the brick, not the box.
func ParseBrick(s string) (geometry.Cell, error) { return parseSize(s, ErrBadBrick) }

func parseSize(s string, bad error) (geometry.Cell, error) {
	parts := strings.Split(strings.ToLower(s), "x")
	if len(parts) != 3 {
		return geometry.Cell{}, fmt.Errorf("%w %q (want AxBxC)", bad, s)
	}
	var v [3]int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > MaxCells {
			return geometry.Cell{}, fmt.Errorf("%w %q (want AxBxC, each side 1..%d)", bad, s, MaxCells)
		}
		v[i] = n
	}
	return geometry.Cell{X: v[0], Y: v[1], Z: v[2]}, nil
}

// FormatSize writes a size as "AxBxC".
func FormatSize(c geometry.Cell) string { return fmt.Sprintf("%dx%dx%d", c.X, c.Y, c.Z) }

// Detect reports whether data is an antislide problem file: its first
// word that is not in a comment is "antislide".
func Detect(data []byte) bool {
	for len(data) > 0 { // a line at a time: never a slice of every line
		if data[0] == '\n' {
			data = data[1:] // an empty line, at the cost of a byte
			continue
		}
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		f := bytes.Fields(stripComment(line))
		if len(f) > 0 {
			return string(f[0]) == "antislide"
		}
	}
	return false
}

func stripComment(line []byte) []byte {
	if i := bytes.IndexByte(line, '#'); i >= 0 {
		return line[:i]
	}
	return line
}

// ParseFile reads an antislide problem file. It has one line (and
// comments from '#' to the end of a line, and blank lines):
//
//	antislide box 4x4x4 brick 2x2x1
//	antislide box 3x3x3 piece 000 100 010
//
// "brick axbxc" is a rectangular brick; "piece" is followed by the cells of
// any polycube, in POLYCUBE-DLX's notation of three radix-62 digits
// (x, y, z). Without brick or piece the piece is the 2x2x1 brick of
// Knuth's ANTISLIDE. Errors are parse.Errors with line and column.
func ParseFile(file string, data []byte) (*Problem, error) {
	var size geometry.Cell
	var piece geometry.Shape
	haveBox, seen := false, false
	var boxAt, pieceAt *parse.Error // where the box and the piece are written, for NewProblem's errors
	for ln, line := range bytes.Split(data, []byte("\n")) {
		line = stripComment(line)
		words := fieldsAt(string(line))
		if len(words) == 0 {
			continue
		}
		at := func(w word, err error) error { return parse.At(file, ln+1, w.col, err) }
		if seen {
			return nil, at(words[0], fmt.Errorf("%w: a second problem line", ErrSyntax))
		}
		seen = true
		if words[0].text != "antislide" {
			return nil, at(words[0], ErrNotAntislide)
		}
		for i := 1; i < len(words); i++ {
			w := words[i]
			switch w.text {
			case "box", "brick":
				if i+1 == len(words) {
					return nil, at(w, fmt.Errorf("%w: %s needs a size AxBxC", ErrSyntax, w.text))
				}
				i++
				readSize := ParseSize
				if w.text == "brick" {
					readSize = ParseBrick
				}
				s, err := readSize(words[i].text)
				if err != nil {
					return nil, at(words[i], err)
				}
				if w.text == "box" {
					size, haveBox, boxAt = s, true, parse.At(file, ln+1, words[i].col, nil)
				} else {
					piece, pieceAt = Brick(s.X, s.Y, s.Z), parse.At(file, ln+1, w.col, nil)
				}
			case "piece":
				var cells []geometry.Cell
				for i+1 < len(words) && len(words[i+1].text) == 3 && isCell(words[i+1].text) {
					i++
					t := words[i].text
					cells = append(cells, geometry.Cell{X: geometry.DecodeDigit(t[0]), Y: geometry.DecodeDigit(t[1]), Z: geometry.DecodeDigit(t[2])})
				}
				if len(cells) == 0 {
					if i+1 < len(words) {
						return nil, at(words[i+1], fmt.Errorf("%w %s (want three radix-62 digits)", ErrBadCell, parse.Quote(words[i+1].text)))
					}
					return nil, at(w, fmt.Errorf("%w: piece needs its cells", ErrSyntax))
				}
				piece, pieceAt = geometry.NewShape(cells...), parse.At(file, ln+1, w.col, nil)
			default:
				return nil, at(w, fmt.Errorf("%w: unexpected %s (want box, brick or piece)", ErrSyntax, parse.Quote(w.text)))
			}
		}
		if !haveBox {
			return nil, at(words[0], ErrMissingBox)
		}
	}
	if !seen {
		return nil, parse.At(file, 0, 0, ErrNotAntislide)
	}
	if piece == nil {
		piece = Brick(2, 2, 1)
	}
	p, err := NewProblem(size, piece)
	if err != nil {
		// an empty piece at the piece, a bad or too large box at the box
		pos := boxAt
		if pieceAt != nil && errors.Is(err, ErrEmptyPiece) {
			pos = pieceAt
		}
		pos.Err = err
		return nil, pos
	}
	return p, nil
}

func isCell(s string) bool {
	for i := range len(s) {
		if geometry.DecodeDigit(s[i]) < 0 {
			return false
		}
	}
	return true
}

// word is a blank-separated word and its 1-based column in runes.
type word struct {
	text string
	col  int
}

func fieldsAt(s string) []word {
	var out []word
	col, start, startCol := 0, -1, 0
	for i, r := range s {
		col++
		blank := r == ' ' || r == '\t' || r == '\r'
		switch {
		case !blank && start < 0:
			start, startCol = i, col
		case blank && start >= 0:
			out = append(out, word{s[start:i], startCol})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, word{s[start:], startCol})
	}
	return out
}

// Description names the problem as a problem file line would:
// "box 4x4x4 brick 2x2x1" or "box 3x3x3 piece 000 010 100".
func (p *Problem) Description() string {
	return "box " + FormatSize(p.Size) + " " + p.PieceName()
}

// PieceName is "brick 2x2x1" for a brick, else "piece" and its cells.
func (p *Problem) PieceName() string {
	if p.IsBrick() {
		return "brick " + FormatSize(p.Piece.Size())
	}
	return "piece " + p.Piece.String()
}

// labels name the pieces of a printed packing.
const labels = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// FormatPacking draws a packing as text, layer by layer: one block of Y
// rows and X columns per value of z (the lowest layer first, side by side),
// a letter per piece (A, B, ... in the order of moves; '#' after the 62nd)
// and '.' for an empty cell:
//
//	z=0   z=1   z=2   z=3
//	AABB  AABB  ....  ....
func (p *Problem) FormatPacking(moves []int) string {
	grid := make([]byte, p.NumCells())
	for i := range grid {
		grid[i] = '.'
	}
	for k, m := range moves {
		l := byte('#')
		if k < len(labels) {
			l = labels[k]
		}
		if m >= 0 && m < len(p.moves) {
			for _, c := range p.moves[m] {
				grid[c] = l
			}
		}
	}
	var b strings.Builder
	width := max(p.Size.X, len(fmt.Sprintf("z=%d", p.Size.Z-1)))
	for z := range p.Size.Z {
		if z > 0 {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, "%-*s", width, fmt.Sprintf("z=%d", z))
	}
	b.WriteString("\n")
	for y := p.Size.Y - 1; y >= 0; y-- {
		for z := range p.Size.Z {
			if z > 0 {
				b.WriteString("  ")
			}
			for x := range p.Size.X {
				b.WriteByte(grid[p.CellIndex(geometry.Cell{X: x, Y: y, Z: z})])
			}
			b.WriteString(strings.Repeat(" ", width-p.Size.X))
		}
		b.WriteString("\n")
	}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
