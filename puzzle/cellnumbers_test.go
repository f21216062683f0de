package puzzle

import (
	"math/rand/v2"
	"slices"
	"testing"

	"polyviz/geometry"
)

// TestNumberShifted: numbering a moved shape through its dense offsets
// gives the numbers, and new numbers in the order, that numbering each
// moved cell does, and declines a move that leaves the box's bounds.
func TestNumberShifted(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var box geometry.Shape
	for x := -2; x < 5; x++ {
		for y := 1; y < 4; y++ {
			for z := 0; z < 6; z++ {
				box = append(box, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	plain, fast := newCellNumbers(box), newCellNumbers(box)
	declined := 0
	for range 500 {
		var s geometry.Shape
		for range 1 + r.IntN(6) {
			s = append(s, geometry.Cell{X: r.IntN(3), Y: r.IntN(2), Z: r.IntN(3)})
		}
		s = slices.Compact(geometry.NewShape(s...))
		d := geometry.Cell{X: r.IntN(9) - 3, Y: r.IntN(4), Z: r.IntN(7) - 1}
		want := make([]int32, len(s))
		for k, c := range s {
			want[k] = plain.number(c.Add(d))
		}
		got := make([]int32, len(s))
		sh := fast.shifted(s)
		if !fast.numberShifted(&sh, d, got) {
			declined++
			for k, c := range s {
				got[k] = fast.number(c.Add(d))
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%v moved by %v: numbers %v, want %v", s, d, got, want)
		}
	}
	if !slices.Equal(fast.cells, plain.cells) || declined == 0 || declined == 500 {
		t.Fatalf("cells numbered apart, or %d of 500 moves declined", declined)
	}
}

// TestBoxCellNumbers: the numbers taken over from a grid's box index are
// those newCellNumbers gives the sorted box's cells in turn, and a cell
// off the box (within its bounds) is numbered next alike.
func TestBoxCellNumbers(t *testing.T) {
	g := geometry.RhombicTetrahedra()
	var box geometry.Shape
	for x := 0; x < 8; x++ {
		for y := 0; y < 8; y++ {
			for z := 0; z < 8; z++ {
				if c := (geometry.Cell{X: x, Y: y, Z: z}); g.IsCell(c) {
					box = append(box, c)
				}
			}
		}
	}
	_, _, ix := g.BoxSymmetryIndex(box)
	if ix == nil || ix.Dense == nil {
		t.Fatal("no dense box index")
	}
	plain := newCellNumbers(box)
	for _, c := range geometry.NewShape(box...) {
		plain.number(c)
	}
	taken := boxCellNumbers(ix)
	if !slices.Equal(taken.cells, plain.cells) || !slices.Equal(taken.dense, plain.dense) || taken.lo != plain.lo || taken.size != plain.size {
		t.Fatal("the box index numbers the box apart from newCellNumbers")
	}
	out := geometry.Cell{X: 1, Y: 2, Z: 3}
	for g.IsCell(out) {
		out.Z++
	}
	if taken.number(out) != plain.number(out) || !slices.Equal(taken.cells, plain.cells) {
		t.Fatal("a cell off the box is numbered apart")
	}
}
