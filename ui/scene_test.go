package ui

import (
	"testing"

	"polyviz/geometry"
)

// A labelled puzzle: two dominoes on a 2x2 board, the clue "2" at 00.
func labelledPuzzle() *Puzzle {
	c := func(x, y int) geometry.Cell { return geometry.Cell{X: x, Y: y} }
	return &Puzzle{
		Planar: true,
		Box:    []geometry.Cell{c(0, 0), c(1, 0), c(0, 1), c(1, 1)},
		Pieces: []Piece{{Name: "2", Min: 2, Max: 2, Cells: 2}},
		Placements: []Placement{
			{Piece: 0, Cells: []geometry.Cell{c(0, 0), c(1, 0)}},
			{Piece: 0, Cells: []geometry.Cell{c(0, 1), c(1, 1)}},
		},
		Labels: func(s Solution) []CellLabel {
			if s == nil {
				return []CellLabel{{Cell: c(0, 0), Text: "2", Bold: true}}
			}
			return []CellLabel{{Cell: c(0, 0), Text: "2", Bold: true}, {Cell: c(0, 1), Text: "2"}}
		},
	}
}

func TestLabelsFollowTheirPieces(t *testing.T) {
	p := labelledPuzzle()
	cs := colors(&Backend{}, p)
	sc := solutionScene(p, cs, Solution{0, 1}, look{layer: -1, play: -1, explode: 1})
	if len(sc.Labels) != 2 {
		t.Fatalf("solution scene has %d labels, want 2", len(sc.Labels))
	}
	for _, l := range sc.Labels {
		var want [3]float64
		for _, sp := range sc.Pieces {
			for _, c := range sp.Cells {
				if c == l.Cell {
					want = sp.Offset
				}
			}
		}
		if want == ([3]float64{}) {
			t.Fatalf("exploded piece under label %q did not move", l.Text)
		}
		if l.Offset != want {
			t.Errorf("label %q at offset %v, its piece at %v", l.Text, l.Offset, want)
		}
	}
	start := layoutScene(&Backend{Layout: func(box []geometry.Cell, shapes []geometry.Shape, planar bool) [][]geometry.Cell { return nil }}, p, cs, fullLook)
	if len(start.Labels) != 1 || start.Labels[0].Text != "2" || !start.Labels[0].Bold {
		t.Errorf("start view labels = %+v, want the clue alone", start.Labels)
	}
}
