package why

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// core looks for a small set of cells that no choice of distinct pieces
// (each up to its multiplicity, without overlaps) covers exactly once: the
// relaxed problem whose primary items are those cells alone. It tries the
// candidates, smallest first, and shrinks the first impossible set it
// meets cell by cell.
//
// Its searches are bounded by nodes walked, budget in all, not by the
// clock: a check cut short counts as not impossible, and with timeouts
// which sets got cut short, so which cells the reason names, changed with
// the machine and its load.
func core(ctx context.Context, pz *puzzle.Puzzle, budget int64) (Reason, bool, error) {
	left := budget
	must := mustCells(pz)
	pls := pz.Placements()
	// the placements of each cell
	byCell := map[geometry.Cell][]int{}
	for i, pl := range pls {
		for _, c := range pl.Cells {
			byCell[c] = append(byCell[c], i)
		}
	}
	impossible := func(set []geometry.Cell, each int64) (bool, error) {
		no, walked, err := relaxedImpossible(ctx, pz, pls, byCell, set, each)
		left -= walked
		return no, err
	}
	for _, set := range candidates(must, byCell) {
		if left <= 0 {
			return Reason{}, false, nil
		}
		no, err := impossible(set, min(left/4, nodesFor(time.Second)))
		if err != nil {
			return Reason{}, false, err
		}
		if !no {
			continue
		}
		// shrink: drop every cell the set does not need
		for i := 0; i < len(set); {
			if left <= 0 {
				break
			}
			smaller := slices.Delete(slices.Clone(set), i, i+1)
			if no, err := impossible(smaller, nodesFor(200*time.Millisecond)); err != nil {
				return Reason{}, false, err
			} else if no {
				set = smaller
				continue
			}
			i++
		}
		set = sortedCells(set)
		pieces := piecesTouching(pz, pls, byCell, set)
		return Reason{Kind: Core, Cells: set, Pieces: pieces,
			Text: fmt.Sprintf("the %d cells %s cannot all be covered: no choice among the pieces that reach them (%s), each used at most as often as given and placed without overlap, covers each of them once (found by search)", len(set), cellWords(pz, set), strings.Join(pieces, ", "))}, true, nil
	}
	return Reason{}, false, nil
}

// candidates returns the sets of cells core tries, smallest first: the k
// cells with the fewest placements, balls
// of radius 1 to 4 around the cells with the fewest placements, and slabs
// at either end of the box along each axis (the first k columns, rows or
// layers), none of more than half the box's cells (given a longer budget,
// the search met 57 of the 60 cells of pentomino 3x20 with a piece swapped:
// true, but no reason a person would give).
func candidates(must []geometry.Cell, byCell map[geometry.Cell][]int) [][]geometry.Cell {
	seeds := slices.Clone(must)
	slices.SortStableFunc(seeds, func(a, b geometry.Cell) int { return len(byCell[a]) - len(byCell[b]) })
	var out [][]geometry.Cell
	for k := 2; k <= min(len(seeds), 16); k++ {
		out = append(out, seeds[:k])
	}
	seeds = seeds[:min(len(seeds), 8)]
	for radius := 1; radius <= 4; radius++ {
		for _, s := range seeds {
			out = append(out, ball(must, s, radius))
		}
	}
	lo, hi := geometry.Shape(must).Bounds()
	coord := func(c geometry.Cell, axis int) int { return [3]int{c.X, c.Y, c.Z}[axis] }
	for axis := range 3 {
		a, b := coord(lo, axis), coord(hi, axis)
		for k := a; k < b; k++ {
			var first, last []geometry.Cell
			for _, c := range must {
				if coord(c, axis) <= k {
					first = append(first, c)
				}
				if coord(c, axis) >= a+b-k {
					last = append(last, c)
				}
			}
			out = append(out, first, last)
		}
	}
	seen := map[string]bool{}
	var uniq [][]geometry.Cell
	for _, set := range out {
		if len(set) == 0 || 2*len(set) > len(must) {
			continue // at most half the box: a larger set is no short reason
		}
		key := fmt.Sprint(sortedCells(set))
		if !seen[key] {
			seen[key] = true
			uniq = append(uniq, set)
		}
	}
	slices.SortStableFunc(uniq, func(x, y []geometry.Cell) int { return len(x) - len(y) })
	return uniq
}

// ball returns the cells of must within Manhattan distance r of s.
func ball(must []geometry.Cell, s geometry.Cell, r int) []geometry.Cell {
	var out []geometry.Cell
	for _, c := range must {
		d := c.Sub(s)
		if abs(d.X)+abs(d.Y)+abs(d.Z) <= r {
			out = append(out, c)
		}
	}
	return out
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// piecesTouching names the pieces with a placement on a cell of set.
func piecesTouching(pz *puzzle.Puzzle, pls []puzzle.Placement, byCell map[geometry.Cell][]int, set []geometry.Cell) []string {
	has := make([]bool, len(pz.Pieces))
	for _, c := range set {
		for _, i := range byCell[c] {
			has[pls[i].Piece] = true
		}
	}
	var out []string
	for i, pc := range pz.Pieces {
		if has[i] {
			out = append(out, pc.Name)
		}
	}
	return out
}

// nodesPerSecond turns core's time budget into nodes: about what one core
// walks a second in the relaxed problems (dancing links with
// multiplicities), so that the default budget takes seconds.
const nodesPerSecond = 1_000_000

// nodesFor is the nodes core may walk in budget d.
func nodesFor(d time.Duration) int64 { return int64(d.Seconds() * nodesPerSecond) }

// relaxedImpossible reports whether no choice of placements covers every
// cell of set exactly once, with each piece used at most its multiplicity
// and no cell covered twice: true only when the search proved it within
// the nodes given (a search cut short says false); and the nodes walked.
func relaxedImpossible(ctx context.Context, pz *puzzle.Puzzle, pls []puzzle.Placement, byCell map[geometry.Cell][]int, set []geometry.Cell, each int64) (bool, int64, error) {
	inSet := map[geometry.Cell]bool{}
	primary := make([]string, 0, len(set)+len(pz.Pieces))
	for i, c := range set {
		inSet[c] = true
		_ = i
		primary = append(primary, "c"+c.String())
	}
	// the pieces: primary items with bounds 0..Max
	for i := range pz.Pieces {
		primary = append(primary, fmt.Sprintf("p%d", i))
	}
	used := map[int]bool{}
	var opts []int
	for _, c := range set {
		for _, i := range byCell[c] {
			if !used[i] {
				used[i] = true
				opts = append(opts, i)
			}
		}
	}
	slices.Sort(opts)
	var secondary []string
	secSeen := map[geometry.Cell]bool{}
	for _, i := range opts {
		for _, c := range pls[i].Cells {
			if !inSet[c] && !secSeen[c] {
				secSeen[c] = true
				secondary = append(secondary, "c"+c.String())
			}
		}
	}
	prob := solver.NewProblem(primary, secondary)
	for i, pc := range pz.Pieces {
		if err := prob.SetMultiplicity(fmt.Sprintf("p%d", i), 0, max(pc.Max, 1)); err != nil {
			return false, 0, err
		}
	}
	for _, i := range opts {
		items := []string{fmt.Sprintf("p%d", pls[i].Piece)}
		for _, c := range pls[i].Cells {
			items = append(items, "c"+c.String())
		}
		if err := prob.AddOption(items...); err != nil {
			return false, 0, err
		}
	}
	// one worker: the budget then ends at the same node every time
	st, err := solver.Solve(ctx, prob, solver.Options{MaxSolutions: 1, Workers: 1, MaxNodes: max(each, 1)}, nil)
	switch {
	case ctx.Err() != nil:
		return false, st.Nodes, ctx.Err()
	case errors.Is(err, solver.ErrNodeLimit):
		return false, st.Nodes, nil
	case err != nil:
		return false, st.Nodes, err
	}
	return st.Solutions == 0, st.Nodes, nil
}
