package ui

import (
	"image/color"
	"testing"

	"polyviz/geometry"
)

// TestLabelsFollowPlay: the label of a piece that Play has not thrown in
// yet is not drawn; a label on a cell no piece covers stays.
func TestLabelsFollowPlay(t *testing.T) {
	a := []geometry.Cell{{X: 0}, {X: 1}}
	b := []geometry.Cell{{X: 0, Z: 1}, {X: 1, Z: 1}}
	p := &Puzzle{
		Box:        []geometry.Cell{{X: 0}, {X: 1}, {X: 0, Z: 1}, {X: 1, Z: 1}, {X: 2}},
		Pieces:     []Piece{{Name: "1"}, {Name: "2"}},
		Placements: []Placement{{Piece: 0, Cells: a}, {Piece: 1, Cells: b}},
		Labels: func(s Solution) []CellLabel {
			return []CellLabel{{Cell: a[0], Text: "1"}, {Cell: b[0], Text: "2"}, {Cell: geometry.Cell{X: 2}, Text: "free"}}
		},
	}
	cs := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}}
	texts := func(l look) []string {
		var out []string
		for _, lb := range solutionScene(p, cs, Solution{0, 1}, l).Labels {
			out = append(out, lb.Text)
		}
		return out
	}
	if got := texts(look{layer: -1, play: -1}); len(got) != 3 {
		t.Errorf("all shown: labels %v", got)
	}
	if got := texts(look{layer: -1, play: 0.5}); len(got) != 2 || got[0] != "1" || got[1] != "free" {
		t.Errorf("first piece in flight: labels %v, want [1 free]", got)
	}
}
