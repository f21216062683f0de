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
		if !fast.numberShifted(fast.shifted(s), d, got) {
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
