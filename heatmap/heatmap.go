// Package heatmap counts, over the solutions of a packing puzzle, how often
// each piece covers each cell, and writes the counts as CSV or draws them
// with package render: a first panel in which each cell has the colour of
// the piece that covers it most often, as strong as that piece's share of
// the solutions, then one panel per piece (in the puzzle's order), its
// cells shaded from white (never) to the piece's colour (its most frequent
// cell). A 3D box is drawn as its layers side by side.
//
// For example, after counting the 2 packings of pentominoes in 3x20 (and
// their 6 images), the row of every cell sums to 8, the number of
// solutions:
//
//	m := heatmap.New(pz)
//	solver.Solve(ctx, prob, solver.Options{}, func(s solver.Solution) bool { m.Add(s.Options, 1); return true })
//	err := m.WriteCSV(w)
package heatmap

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// Map holds the counts: Count[c][p] is how many solutions put piece p on
// cell Cells[c].
type Map struct {
	Planar    bool
	Cells     []geometry.Cell
	Pieces    []string
	Count     [][]int64
	Solutions int64

	pz    *puzzle.Puzzle
	index map[geometry.Cell]int
}

// New returns an empty map for the puzzle's box.
func New(pz *puzzle.Puzzle) *Map {
	m := &Map{Planar: pz.Planar, Cells: append([]geometry.Cell(nil), pz.Box...), pz: pz, index: map[geometry.Cell]int{}}
	for _, p := range pz.Pieces {
		m.Pieces = append(m.Pieces, p.Name)
	}
	m.Count = make([][]int64, len(m.Cells))
	for i, c := range m.Cells {
		m.index[c] = i
		m.Count[i] = make([]int64, len(m.Pieces))
	}
	return m
}

// Add counts one solution, given by the option numbers of the puzzle's
// problem, weight times (1 for a solution; the class size to count every
// solution of a class from its representative).
func (m *Map) Add(options []int, weight int64) {
	pls := m.pz.Placements()
	for _, o := range options {
		pl := pls[o]
		for _, c := range pl.Cells {
			if i, ok := m.index[c]; ok {
				m.Count[i][pl.Piece] += weight
			}
		}
	}
	m.Solutions += weight
}

// WriteCSV writes one row per cell: its coordinates as one field "(x,y,z)",
// then the count of each piece, so that the numbers of a row add up to the
// number of solutions (for a cell every solution covers).
func (m *Map) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	head := append([]string{"cell"}, m.Pieces...)
	if err := cw.Write(head); err != nil {
		return err
	}
	row := make([]string, len(head))
	for i, c := range m.Cells {
		row[0] = fmt.Sprintf("(%d,%d,%d)", c.X, c.Y, c.Z)
		for p, n := range m.Count[i] {
			row[p+1] = strconv.FormatInt(n, 10)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
