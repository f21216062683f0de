package cli

import (
	"fmt"
	"io"
	"strings"

	"polyviz/geometry"
)

// writeDrawings writes the title and each piece as a small text picture
// under its name: squares as '#', the layers of a polycube from z = 0 up
// side by side, hexagons as 'O' in staggered rows, triangles as '^' (Δ)
// and 'v' (∇); y grows upwards, as in the spec formats.
func (s pieceList) writeDrawings(w io.Writer) error {
	var b strings.Builder
	b.WriteString(s.title() + "\n")
	if s.source != "" {
		fmt.Fprintf(&b, "names as in the library's %s\n", s.source)
	}
	for _, p := range s.pieces {
		fmt.Fprintf(&b, "\n%s: %d orientation", p.Name, p.Orientations)
		if p.Orientations != 1 {
			b.WriteString("s")
		}
		if p.Chiral {
			b.WriteString(", chiral")
		}
		b.WriteString("\n")
		for _, row := range drawPiece(s.lattice, p.Cells) {
			b.WriteString(strings.TrimRight(row, " ") + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// drawPiece returns the rows of a normalized piece's picture, top row first.
func drawPiece(l *geometry.Lattice, cells geometry.Shape) []string {
	_, hi := cells.Bounds()
	// each cell's column and row in the picture, and its mark
	type mark struct {
		col, row int
		ch       byte
	}
	var marks []mark
	width, layerWidth := 0, hi.X+1
	for _, c := range cells {
		m := mark{row: c.Y}
		switch {
		case !l.Planar(): // layer z to the right of layer z-1, two blanks between
			m.col, m.ch = c.Z*(layerWidth+2)+c.X, '#'
		case l.Kinds() == 2: // Δ xy and ∇ xy' halves of a rhombus slanted by y
			m.col, m.ch = 2*c.X+c.Y+l.Kind(c), "^v"[l.Kind(c)]
		case l == geometry.Hexagons(): // axial: row y is shifted half a hexagon
			m.col, m.ch = 2*c.X+c.Y, 'O'
		default:
			m.col, m.ch = c.X, '#'
		}
		width = max(width, m.col+1)
		marks = append(marks, m)
	}
	if !l.Planar() {
		width = (hi.Z+1)*(layerWidth+2) - 2 // every layer as wide as the piece
	}
	rows := make([][]byte, hi.Y+1)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(" ", width))
	}
	blank := byte('.')
	if l.Planar() && l != geometry.Squares() {
		blank = ' ' // staggered pictures read better without dots
	}
	if blank != ' ' {
		for i := range rows {
			for j := range rows[i] {
				rows[i][j] = blank
			}
			if !l.Planar() { // the gaps between layers stay blank
				for z := 1; z <= hi.Z; z++ {
					rows[i][z*(layerWidth+2)-2], rows[i][z*(layerWidth+2)-1] = ' ', ' '
				}
			}
		}
	}
	for _, m := range marks {
		rows[m.row][m.col] = m.ch
	}
	out := make([]string, len(rows))
	for i := range rows {
		out[len(rows)-1-i] = string(rows[i])
	}
	return out
}
