package why

import (
	"fmt"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// region looks at the regions of the cells to fill that no placement
// crosses (two cells are in one region when a placement covers both, on
// any lattice, BurrTools' grids included): each must be filled by whole
// pieces, so its size must be a sum of piece sizes.
func region(pz *puzzle.Puzzle) (Reason, bool) {
	if pz == nil || tagged(pz) || len(pz.Optional) > 0 {
		return Reason{}, false
	}
	regions := components(mustCells(pz), pz.Placements())
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

// components splits cells into the regions the placements join: two cells
// are in one region when some placement covers both (a cell no placement
// covers is a region of its own). Each placement then lies in one region,
// which is what makes the argument sound whatever the lattice.
func components(cells []geometry.Cell, pls []puzzle.Placement) [][]geometry.Cell {
	index := make(map[geometry.Cell]int, len(cells))
	for i, c := range cells {
		index[c] = i
	}
	parent := make([]int, len(cells))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, pl := range pls {
		first := -1
		for _, c := range pl.Cells {
			i, ok := index[c]
			if !ok {
				continue
			}
			if first < 0 {
				first = find(i)
				continue
			}
			if r := find(i); r != first {
				parent[r] = first
			}
		}
	}
	byRoot := map[int]int{}
	var out [][]geometry.Cell
	for i, c := range cells {
		r := find(i)
		k, ok := byRoot[r]
		if !ok {
			k = len(out)
			byRoot[r] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], c)
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
