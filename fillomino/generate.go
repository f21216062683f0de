package fillomino

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
)

// GenerateOptions are the settings of Generate.
type GenerateOptions struct {
	Rows, Cols int
	// Seed makes the puzzle: the same seed and settings give the same
	// puzzle.
	Seed uint64
	// MaxLabel is the largest region planted (0: 6). Larger regions make
	// fewer, harder-to-prove-unique puzzles and slower generation.
	MaxLabel int
	// Workers searching (0: all CPUs).
	Workers int
}

// Generated is a puzzle made by Generate and its one solution.
type Generated struct {
	Puzzle   *Grid
	Solution []int
	// Labels is the rule under which the solution is unique: 1 to the
	// largest region, which is also the largest clue (Knuth's rule).
	Labels Labels
	// Restarts counts the partitions abandoned while planting.
	Restarts int
}

// ErrGenerate: no partition could be planted.
var ErrGenerate = errors.New("cannot plant a partition")

// Generate makes a puzzle with exactly one solution. It plants a solution
// (see plant), reveals every cell, then visits the cells in a random order
// and hides each clue whose removal keeps the solution unique (checked by
// counting solutions up to 2), except the last clue showing the largest
// label, so that Knuth's default label rule reads the puzzle as planted.
// The result is minimal: no clue can be dropped without losing uniqueness.
func Generate(ctx context.Context, opt GenerateOptions) (*Generated, error) {
	if opt.Rows < 1 || opt.Cols < 1 || opt.Rows > MaxRows || opt.Cols > MaxRows {
		return nil, fmt.Errorf("%w: board %dx%d (want 1x1 to %dx%d)", ErrGenerate, opt.Rows, opt.Cols, MaxRows, MaxRows)
	}
	maxLabel := opt.MaxLabel
	if maxLabel == 0 {
		maxLabel = 6
	}
	if maxLabel < 1 || maxLabel > MaxLabel {
		return nil, fmt.Errorf("%w: largest region %d (want 1..%d)", ErrGenerate, maxLabel, MaxLabel)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed_f111))
	sol, restarts, err := plant(rng, opt.Rows, opt.Cols, maxLabel)
	if err != nil {
		return nil, err
	}
	g := &Grid{Name: fmt.Sprintf("fillomino-gen-%dx%d-seed%d", opt.Rows, opt.Cols, opt.Seed), Rows: opt.Rows, Cols: opt.Cols, Clue: append([]int(nil), sol...)}
	top := g.MaxClue()
	labels := LabelsUpTo(top)
	showsTop := 0
	for _, d := range sol {
		if d == top {
			showsTop++
		}
	}
	for _, k := range rng.Perm(len(sol)) {
		d := g.Clue[k]
		if d == top && showsTop == 1 {
			continue
		}
		g.Clue[k] = 0
		n, err := g.CountSolutions(ctx, labels, 2, opt.Workers)
		if err != nil {
			return nil, err
		}
		if n != 1 {
			g.Clue[k] = d
			continue
		}
		if d == top {
			showsTop--
		}
	}
	return &Generated{Puzzle: g, Solution: sol, Labels: labels, Restarts: restarts}, nil
}

// plant partitions a rows x cols board into regions of 1 to maxLabel cells
// in which no two regions of the same size touch, and returns each cell's
// region size. Regions are grown one at a time from the first cell not yet
// taken (row-major order): a random target size, then random cells next to
// the region, never a cell next to a finished region of the target size. A
// region that cannot reach its target keeps the size it reached if no
// neighbour has that size, and is tried again otherwise; after 30 failed
// tries the whole partition starts again.
func plant(rng *rand.Rand, rows, cols, maxLabel int) ([]int, int, error) {
	n := rows * cols
	for restart := range 1000 {
		size := make([]int, n) // 0: not yet taken
		ok := true
		for start := range n {
			if size[start] != 0 {
				continue
			}
			placed := false
			for range 30 {
				if growRegion(rng, size, rows, cols, start, 1+rng.IntN(maxLabel)) {
					placed = true
					break
				}
			}
			if !placed {
				ok = false
				break
			}
		}
		if ok {
			return size, restart, nil
		}
	}
	return nil, 1000, fmt.Errorf("%w on a %dx%d board with regions up to %d", ErrGenerate, rows, cols, maxLabel)
}

// growRegion tries to grow a region of target cells from start; on success
// it marks the cells with the region's final size.
func growRegion(rng *rand.Rand, size []int, rows, cols, start, target int) bool {
	neighbours := func(c int) []int {
		var ns []int
		r, col := c/cols, c%cols
		if r > 0 {
			ns = append(ns, c-cols)
		}
		if col > 0 {
			ns = append(ns, c-1)
		}
		if col < cols-1 {
			ns = append(ns, c+1)
		}
		if r < rows-1 {
			ns = append(ns, c+cols)
		}
		return ns
	}
	touches := func(c, s int) bool {
		for _, nb := range neighbours(c) {
			if size[nb] == s {
				return true
			}
		}
		return false
	}
	if touches(start, target) {
		return false
	}
	region := []int{start}
	in := map[int]bool{start: true}
	for len(region) < target {
		var frontier []int
		seen := map[int]bool{}
		for _, c := range region {
			for _, nb := range neighbours(c) {
				if size[nb] == 0 && !in[nb] && !seen[nb] && !touches(nb, target) {
					seen[nb] = true
					frontier = append(frontier, nb)
				}
			}
		}
		if len(frontier) == 0 {
			break
		}
		c := frontier[rng.IntN(len(frontier))]
		region = append(region, c)
		in[c] = true
	}
	final := len(region)
	for _, c := range region {
		if touches(c, final) {
			return false
		}
	}
	for _, c := range region {
		size[c] = final
	}
	return true
}
