package why

import (
	"fmt"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// region looks at the connected regions of the cells to fill (cells that
// share a face): each must be filled by whole pieces, so its size must be a
// sum of piece sizes. (Square and cubic lattices: face neighbours differ by
// one in one coordinate.)
func region(pz *puzzle.Puzzle) (Reason, bool) {
	if pz == nil || len(pz.Suffixes) > 0 || len(pz.Optional) > 0 {
		return Reason{}, false
	}
	regions := components(mustCells(pz))
	if len(regions) < 2 {
		return Reason{}, false
	}
	sums := sizeSums(pz)
	for _, r := range regions {
		if n := len(r); n >= len(sums) || !sums[n] {
			return Reason{Kind: Region, Cells: sortedCells(r), Text: fmt.Sprintf("the %d cells %s form a region cut off from the rest, and no set of the pieces (of %s) has exactly %d cells", n, cellWords(pz, sortedCells(r)), pieceSizes(pz), n)}, true
		}
	}
	return Reason{}, false
}

// components splits cells into face-connected regions.
func components(cells []geometry.Cell) [][]geometry.Cell {
	in := map[geometry.Cell]bool{}
	for _, c := range cells {
		in[c] = true
	}
	seen := map[geometry.Cell]bool{}
	var out [][]geometry.Cell
	steps := []geometry.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}}
	for _, c := range cells {
		if seen[c] {
			continue
		}
		seen[c] = true
		var r []geometry.Cell
		stack := []geometry.Cell{c}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r = append(r, x)
			for _, d := range steps {
				if y := x.Add(d); in[y] && !seen[y] {
					seen[y] = true
					stack = append(stack, y)
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// sizeSums returns which totals some set of the pieces has (each piece up
// to its multiplicity): sums[n] for n up to the total.
func sizeSums(pz *puzzle.Puzzle) []bool {
	total := 0
	for _, pc := range pz.Pieces {
		total += pc.Max * pc.Cells
	}
	sums := make([]bool, total+1)
	sums[0] = true
	for _, pc := range pz.Pieces {
		for range pc.Max {
			for n := total; n >= pc.Cells; n-- {
				if sums[n-pc.Cells] {
					sums[n] = true
				}
			}
		}
	}
	return sums
}

// pieceSizes writes the distinct piece sizes: "sizes 4 and 5" or "size 5".
func pieceSizes(pz *puzzle.Puzzle) string {
	seen := map[int]bool{}
	var sizes []int
	for _, pc := range pz.Pieces {
		if !seen[pc.Cells] {
			seen[pc.Cells] = true
			sizes = append(sizes, pc.Cells)
		}
	}
	if len(sizes) == 1 {
		return fmt.Sprintf("size %d", sizes[0])
	}
	return fmt.Sprintf("sizes %v", sizes)
}
