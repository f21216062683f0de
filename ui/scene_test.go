package ui

import (
	"image/color"
	"slices"
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

// TestPlayFramesFlyingPieces: during Play the camera's frame holds the
// pieces on their way in (above the box when they fly in, along the plan
// when there is one), and it is the same at every moment of Play; outside
// Play it is the box.
func TestPlayFramesFlyingPieces(t *testing.T) {
	c := func(x, y, z int) geometry.Cell { return geometry.Cell{X: x, Y: y, Z: z} }
	p := &Puzzle{
		Box:    []geometry.Cell{c(0, 0, 0), c(1, 0, 0)},
		Pieces: []Piece{{Name: "a", Min: 1, Max: 1, Cells: 1}, {Name: "b", Min: 1, Max: 1, Cells: 1}},
		Placements: []Placement{
			{Piece: 0, Cells: []geometry.Cell{c(0, 0, 0)}},
			{Piece: 1, Cells: []geometry.Cell{c(1, 0, 0)}},
		},
	}
	cs := colors(&Backend{}, p)
	frame := func(l look) [2][3]float64 {
		sc := solutionScene(p, cs, Solution{0, 1}, l)
		if sc.Frame == nil {
			t.Fatal("no frame")
		}
		return *sc.Frame
	}
	still := frame(look{layer: -1, play: -1})
	if still[1][2] != 1 {
		t.Errorf("outside Play: frame %v, want the box (top at z 1)", still)
	}
	// flying in from flyDistance above, at every moment the same frame
	for _, at := range []float64{0, 0.5, 1.5, 2} {
		if f := frame(look{layer: -1, play: at}); f[1][2] != 1+flyDistance || f[0] != still[0] {
			t.Errorf("Play at %v: frame %v, want the box and %d cells above it", at, f, flyDistance)
		}
	}
	// along a plan: piece b enters from 4 cells to the right, then slides
	plan := &AssemblyPlan{Steps: []AssemblyStep{{Pieces: []int{1}, Shift: [3]float64{-4, 0, 0}, Enter: true}}}
	for _, at := range []float64{0, 0.5, 1} {
		if f := frame(look{layer: -1, play: at, plan: plan}); f[1][0] != 2+4 || f[1][2] != 1 {
			t.Errorf("plan at %v: frame %v, want x up to 6 and z up to 1", at, f)
		}
	}

	// a board: a piece that slides in from 20 cells away comes from beyond
	// the view, which holds the board and 40% of its larger side around it
	p.Planar = true
	plan = &AssemblyPlan{Steps: []AssemblyStep{{Pieces: []int{1}, Shift: [3]float64{-20, 0, 0}, Enter: true}}}
	for _, at := range []float64{0, 0.5, 1} {
		if f := frame(look{layer: -1, play: at, plan: plan}); f[1][0] != 2+0.4*2 || f[0][0] != 0 {
			t.Errorf("board, plan at %v: frame %v, want x from 0 to 2.8", at, f)
		}
	}
	// a short slide stays whole in the view
	plan = &AssemblyPlan{Steps: []AssemblyStep{{Pieces: []int{1}, Shift: [3]float64{-0.5, 0, 0}, Enter: true}}}
	if f := frame(look{layer: -1, play: 0.5, plan: plan}); f[1][0] != 2.5 {
		t.Errorf("board, a short slide: frame %v, want x up to 2.5", f)
	}
}

// TestTrayOfLatticeSolids: before a solution, the pieces of a puzzle of
// hexagons or triangles are set out in rows by their solids' extent in the
// plane, side by side and never overlapping (not run down the lattice's
// skewed axis as cell shifts would be).
func TestTrayOfLatticeSolids(t *testing.T) {
	c := func(x, y, z int) geometry.Cell { return geometry.Cell{X: x, Y: y, Z: z} }
	for _, tt := range []struct {
		l      *geometry.Lattice
		shapes [][]geometry.Cell
	}{
		{geometry.Hexagons(), [][]geometry.Cell{
			{c(0, 0, 0), c(1, 0, 0), c(2, 0, 0), c(3, 0, 0)}, {c(0, 0, 0), c(0, 1, 0), c(0, 2, 0), c(0, 3, 0)},
			{c(0, 0, 0), c(1, 0, 0), c(1, 1, 0), c(2, 1, 0)}, {c(1, 0, 0), c(0, 1, 0), c(1, 1, 0), c(0, 2, 0)},
			{c(0, 0, 0), c(1, 0, 0), c(0, 1, 0), c(1, 1, 0)}, {c(0, 0, 0), c(0, 1, 0), c(0, 2, 0), c(1, 2, 0)},
			{c(0, 0, 0), c(0, 1, 0)},
		}},
		{geometry.Triangles(), [][]geometry.Cell{
			{c(0, 0, 0), c(0, 0, 1), c(1, 0, 0), c(1, 0, 1), c(2, 0, 0), c(2, 0, 1)},
			{c(0, 0, 0), c(0, 0, 1), c(0, 1, 0), c(0, 1, 1), c(0, 2, 0), c(0, 2, 1)},
			{c(1, 0, 0), c(0, 1, 1), c(0, 1, 0), c(1, 0, 1)}, {c(0, 0, 0)}, {c(0, 0, 1)},
		}},
	} {
		g := tt.l.Solids()
		p := &Puzzle{Planar: true, Grid: g, Box: []geometry.Cell{c(0, 0, 0), c(5, 5, 0)}}
		for _, s := range tt.shapes {
			p.Pieces = append(p.Pieces, Piece{Name: "p", Max: 1, Orientations: []geometry.Shape{s}})
		}
		sc := trayScene(p, make([]color.NRGBA, len(p.Pieces)), fullLook)
		if len(sc.Pieces) != len(tt.shapes) || sc.Grid != g {
			t.Fatalf("%s: %d pieces in the tray", tt.l, len(sc.Pieces))
		}
		type box struct{ lo, hi [3]float64 }
		boxes := make([]box, len(sc.Pieces))
		for i, sp := range sc.Pieces {
			lo, hi := gridExtent(g, sp.Cells)
			for k := range 3 {
				lo[k], hi[k] = lo[k]+sp.Offset[k], hi[k]+sp.Offset[k]
			}
			boxes[i] = box{lo, hi}
			if lo[2] != 0 {
				t.Errorf("%s: piece %d not on the floor: z from %v", tt.l, i, lo[2])
			}
		}
		for i := range boxes {
			for j := i + 1; j < len(boxes); j++ {
				a, b := boxes[i], boxes[j]
				if a.lo[0] < b.hi[0]-1e-9 && b.lo[0] < a.hi[0]-1e-9 && a.lo[1] < b.hi[1]-1e-9 && b.lo[1] < a.hi[1]-1e-9 {
					t.Errorf("%s: pieces %d and %d overlap in the tray: %v %v", tt.l, i, j, a, b)
				}
			}
		}
		// the first row: pieces left to right, their tops within a step
		row := 1
		for i := 1; i < len(boxes) && boxes[i].lo[0] > boxes[i-1].hi[0]; i++ {
			if d := boxes[i].hi[1] - boxes[0].hi[1]; d > 1 || d < -1 {
				t.Errorf("%s: piece %d's top %v, the row's %v", tt.l, i, boxes[i].hi[1], boxes[0].hi[1])
			}
			row++
		}
		if row < 2 {
			t.Errorf("%s: one piece a row", tt.l)
		}
	}
}

// TestGridFloorDuringPlay: a board of hexagons is drawn under its pieces
// while some are not in it (Play, Explode, a piece hidden) and not under
// the whole packing; squares and BurrTools' grids keep their own boxes.
func TestGridFloorDuringPlay(t *testing.T) {
	hex := geometry.Hexagons().Solids()
	p := labelledPuzzle()
	p.Labels, p.Grid = nil, hex
	cs := colors(&Backend{}, p)
	for _, c := range []struct {
		name string
		l    look
		want bool
	}{
		{"packing", look{layer: -1, play: -1}, false},
		{"play", look{layer: -1, play: 0.5}, true},
		{"explode", look{layer: -1, play: -1, explode: 0.5}, true},
		{"hidden", look{layer: -1, play: -1, hidden: []bool{true}}, true},
	} {
		if got := solutionScene(p, cs, Solution{0, 1}, c.l).GridFloor; got != c.want {
			t.Errorf("hexagons, %s: floor %v, want %v", c.name, got, c.want)
		}
	}
	// one layer of BurrTools' prisms has the floor, two layers not; nor
	// squares, nor spheres
	p.Planar = false
	p.Grid = geometry.Prisms()
	if !solutionScene(p, cs, Solution{0, 1}, look{layer: -1, play: 0.5}).GridFloor {
		t.Error("one layer of prisms: no floor during Play")
	}
	p.Box = append(slices.Clone(p.Box), geometry.Cell{Z: 1})
	for _, g := range []*geometry.Grid{nil, geometry.Prisms(), geometry.Spheres()} {
		p.Grid = g
		if solutionScene(p, cs, Solution{0, 1}, look{layer: -1, play: 0.5}).GridFloor {
			t.Errorf("grid %v: a floor during Play", g)
		}
	}
}
