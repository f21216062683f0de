package lepage

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// WriteHeader writes what his program prints before the matrix:
//
//	Polycube Solver 1.0
//	Box dimensions: 3x3x1
//	Pieces: 1_ 3L V_
//	Constraints: -- -- -- F_      (only when constrain_x, _y or _z is set)
//	Locked: V_ (1)                (only when lock is set)
//	Problem matrix: 26x12
//
// His test for the Constraints line misspells "constrain", so constrain
// alone prints no such line, though it constrains the piece.
func (lp *File) WriteHeader(w *bufio.Writer) {
	fmt.Fprintf(w, "Polycube Solver 1.0\nBox dimensions: %dx%dx%d\nPieces:", lp.W, lp.H, lp.D)
	for _, n := range lp.Pieces {
		w.WriteString(" " + n)
	}
	w.WriteString("\n")
	if lp.ConstrainX != "" || lp.ConstrainY != "" || lp.ConstrainZ != "" {
		or := func(s string) string {
			if s == "" {
				return "--"
			}
			return s
		}
		fmt.Fprintf(w, "Constraints: %s %s %s %s\n", or(lp.Constrain), or(lp.ConstrainX), or(lp.ConstrainY), or(lp.ConstrainZ))
	}
	if lp.Lock != "" {
		fmt.Fprintf(w, "Locked: %s (%d)\n", lp.Lock, max(lp.LockCount, 1))
	}
	fmt.Fprintf(w, "Problem matrix: %dx%d\n", len(lp.Rows), lp.Columns())
}

// WriteMatrix writes his matrix, one line of 0s and 1s per row.
func (lp *File) WriteMatrix(w *bufio.Writer) error {
	n := lp.W * lp.H * lp.D
	line := make([]byte, lp.Columns()+1)
	for _, r := range lp.Rows {
		for j := range line {
			line[j] = '0'
		}
		for _, j := range r.Cells {
			line[j] = '1'
		}
		line[n+r.Piece] = '1'
		line[len(line)-1] = '\n'
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// Printer prints solutions of a Lepage problem as his program does.
type Printer struct {
	lp *File
	// alias[j] is the column his solution matrix marks for cell column j.
	// He finds it by the column's header name, which he builds as the
	// decimal digits of x, y and z concatenated, with the loops over the
	// three axes crossed (z runs over 0..W-1, x over 0..D-1); names repeat
	// once a side reaches 11, and a repeated name maps to its first
	// column. In every box with sides up to 10 alias[j] = j.
	alias []int
	// sol is his solution matrix's cells, per chosen row, reused.
	owner []int
	n     int // solutions printed
}

// NewPrinter returns a printer of his solutions, numbered from 1.
func (lp *File) NewPrinter() *Printer {
	n := lp.W * lp.H * lp.D
	pr := &Printer{lp: lp, alias: make([]int, n), owner: make([]int, n)}
	first := map[string]int{}
	for j := range n {
		// His header loop: for z = 0, W-1; for y = 0, H-1; for x = 0, D-1.
		z, y, x := j/(lp.H*lp.D), j/lp.D%lp.H, j%lp.D
		name := strconv.Itoa(x) + strconv.Itoa(y) + strconv.Itoa(z)
		if k, ok := first[name]; ok {
			pr.alias[j] = k
		} else {
			first[name], pr.alias[j] = j, j
		}
	}
	return pr
}

// Write prints the next solution, given as rows of his matrix in the order
// they were chosen: "Solution N", then the Z slices side by side, z from
// left to right, y from top to bottom, x from left to right.
func (pr *Printer) Write(w *bufio.Writer, rows []int) error {
	lp := pr.lp
	pr.n++
	// His printsol looks, for each cell, for the first chosen row that
	// marks it, and prints that row's piece name.
	for j := range pr.owner {
		pr.owner[j] = -1
	}
	for _, i := range rows {
		for _, j := range lp.Rows[i].Cells {
			if a := pr.alias[j]; pr.owner[a] < 0 {
				pr.owner[a] = i
			}
		}
	}
	fmt.Fprintf(w, "Solution %d\n", pr.n)
	writeSlices(w, lp.W, lp.H, lp.D, 2, func(x, y, z int) string {
		if i := pr.owner[lp.column(x, y, z)]; i >= 0 {
			return lp.Pieces[lp.Rows[i].Piece]
		}
		return ""
	})
	return nil
}

// writeSlices writes a packing as Lepage prints it: for each y from top to
// bottom, the rows of all Z slices side by side, separated by two spaces,
// each cell "|" and its name padded to width with blanks, between rule lines
// "+--+--+" (width dashes per cell).
func writeSlices(w *bufio.Writer, W, H, D, width int, name func(x, y, z int) string) {
	frag := "+" + strings.Repeat(strings.Repeat("-", width)+"+", W)
	rule := frag + strings.Repeat("  "+frag, max(D-1, 0)) + "\n"
	pad := strings.Repeat(" ", width)
	for y := H - 1; y >= 0; y-- {
		w.WriteString(rule)
		for z := range D {
			if z != 0 {
				w.WriteString("  ")
			}
			w.WriteString("|")
			for x := range W {
				s := name(x, y, z)
				if len(s) < width {
					s += pad[:width-len(s)]
				}
				w.WriteString(s)
				w.WriteString("|")
			}
		}
		w.WriteString("\n")
	}
	w.WriteString(rule)
}

// SlicePrinter prints solutions of any packing puzzle in Lepage's slice
// layout, with cells as wide as the longest piece name (at least 2).
type SlicePrinter struct {
	pz     *puzzle.Puzzle
	lo, hi geometry.Cell
	width  int
	at     map[geometry.Cell]string
	n      int
}

// NewSlicePrinter returns a slice printer for the puzzle's solutions,
// numbered from 1; cells outside the box print blank.
func NewSlicePrinter(p *puzzle.Puzzle) *SlicePrinter {
	sp := &SlicePrinter{pz: p, width: 2, at: map[geometry.Cell]string{}}
	sp.lo, sp.hi = p.Box.Bounds()
	for _, pc := range p.Pieces {
		sp.width = max(sp.width, len(pc.Name))
	}
	return sp
}

// Write prints the solution made of the given placements (option numbers),
// numbered after the last one written.
func (sp *SlicePrinter) Write(w *bufio.Writer, options []int) error {
	return sp.WriteAs(w, sp.n+1, options)
}

// WriteAs prints the solution as number n: a run resumed from a checkpoint
// goes on with the numbers its printed solutions had reached.
func (sp *SlicePrinter) WriteAs(w *bufio.Writer, n int, options []int) error {
	sp.n = n
	clear(sp.at)
	pls := sp.pz.Placements()
	for _, o := range options {
		if o < 0 || o >= len(pls) {
			return fmt.Errorf("option %d is not a placement of %s", o, sp.pz.Name)
		}
		for _, c := range pls[o].Cells {
			sp.at[c] = sp.pz.Pieces[pls[o].Piece].Name
		}
	}
	fmt.Fprintf(w, "Solution %d\n", sp.n)
	size := sp.hi.Sub(sp.lo).Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	writeSlices(w, size.X, size.Y, size.Z, sp.width, func(x, y, z int) string {
		return sp.at[sp.lo.Add(geometry.Cell{X: x, Y: y, Z: z})]
	})
	return nil
}
