package disassembly

import (
	"slices"
	"strconv"
	"strings"

	"polyviz/geometry"
)

// BurrToolsOrder returns the order in which BurrTools numbers the pieces
// of a packing: by kind (the puzzle's piece, in the puzzle's order), the
// copies of one piece by their cells (each shape sorted). The level string
// depends on it where two separations need as many moves. order[k] is the
// index, in shapes, of BurrTools' piece k.
func BurrToolsOrder(kinds []int, shapes []geometry.Shape) []int {
	order := make([]int, len(shapes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if kinds[a] != kinds[b] {
			return kinds[a] - kinds[b]
		}
		sa, sb := shapes[a], shapes[b]
		for i := range min(len(sa), len(sb)) {
			ca, cb := sa[i], sb[i]
			switch {
			case ca.Z != cb.Z:
				return ca.Z - cb.Z
			case ca.Y != cb.Y:
				return ca.Y - cb.Y
			case ca.X != cb.X:
				return ca.X - cb.X
			}
		}
		return len(sa) - len(sb)
	})
	return order
}

// CompareLevels orders level strings by their numbers in turn ("2" before
// "10", "4.9" before "4.9.3"); a string that is not a level sorts last.
func CompareLevels(a, b string) int {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := range min(len(as), len(bs)) {
		x, errx := strconv.Atoi(as[i])
		y, erry := strconv.Atoi(bs[i])
		if errx != nil {
			x = 1 << 30
		}
		if erry != nil {
			y = 1 << 30
		}
		if x != y {
			return x - y
		}
	}
	return len(as) - len(bs)
}
