package fillomino

import (
	"context"
	"slices"
	"testing"
	"time"
)

// backtrackCount counts the solutions of g with labels 1..maxLabel, up to
// limit, by plain backtracking over the cells in row-major order (no exact
// cover, no dancing links): a partial labelling is abandoned when a region
// grows past its label, or is closed (no unlabelled neighbour) at another
// size.
func backtrackCount(g *Grid, maxLabel, limit int) int {
	n := g.Rows * g.Cols
	lab := append([]int(nil), g.Clue...)
	seen := make([]int, n)
	stamp := 0
	var stack []int
	neighbours := func(c int, visit func(int)) {
		r, col := c/g.Cols, c%g.Cols
		if r > 0 {
			visit(c - g.Cols)
		}
		if r < g.Rows-1 {
			visit(c + g.Cols)
		}
		if col > 0 {
			visit(c - 1)
		}
		if col < g.Cols-1 {
			visit(c + 1)
		}
	}
	// ok checks the region of labelled cell c.
	ok := func(c int) bool {
		d := lab[c]
		stamp++
		seen[c] = stamp
		stack = append(stack[:0], c)
		size, open := 0, false
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			neighbours(u, func(v int) {
				switch {
				case lab[v] == 0:
					open = true
				case lab[v] == d && seen[v] != stamp:
					seen[v] = stamp
					stack = append(stack, v)
				}
			})
		}
		return size <= d && (open || size == d)
	}
	for c := range n {
		if lab[c] != 0 && !ok(c) {
			return 0
		}
	}
	count := 0
	var fill func(c int)
	fill = func(c int) {
		for c < n && g.Clue[c] != 0 {
			c++
		}
		if c == n {
			for k := range n {
				if !ok(k) {
					return
				}
			}
			count++
			return
		}
		for d := 1; d <= maxLabel && count < limit; d++ {
			lab[c] = d
			good := ok(c)
			neighbours(c, func(v int) {
				if good && lab[v] != 0 && lab[v] != d {
					good = ok(v)
				}
			})
			if good {
				fill(c + 1)
			}
		}
		lab[c] = 0
	}
	fill(0)
	return count
}

// TestBacktrackCount checks the independent checker against DLX1's counts.
func TestBacktrackCount(t *testing.T) {
	for _, name := range []string{"fill-002", "fill-009", "fill-013", "fill-016", "fill-024", "edge-11-trailing-blank-line"} {
		base := "testdata/reference/" + name
		g, err := Parse(name, readRef(t, base+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		want, err := g.CountSolutions(context.Background(), 0, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := backtrackCount(g, g.MaxClue(), 1000); int64(got) != want {
			t.Errorf("%s: backtracking finds %d solutions, DLX %d", name, got, want)
		}
	}
}

// TestGenerate checks that generated puzzles are unique by the independent
// backtracking count, that the planted solution is the solution, that no
// two equal regions touch, and that a seed always gives the same puzzle.
func TestGenerate(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	sizes := [][2]int{{4, 4}, {5, 7}}
	if !testing.Short() {
		sizes = append(sizes, [2]int{6, 6}, [2]int{7, 7}, [2]int{8, 8}, [2]int{10, 10})
	}
	for k, sz := range sizes {
		opt := GenerateOptions{Rows: sz[0], Cols: sz[1], Seed: uint64(100 + k)}
		gen, err := Generate(context.Background(), opt)
		if err != nil {
			t.Fatal(err)
		}
		g := gen.Puzzle
		if g.MaxClue() != gen.Labels.Max() {
			t.Errorf("%dx%d: largest clue %d, labels %v", sz[0], sz[1], g.MaxClue(), gen.Labels)
		}
		if n := backtrackCount(g, gen.Labels.Max(), 2); n != 1 {
			t.Errorf("%dx%d seed %d: %d solutions by backtracking\n%s", sz[0], sz[1], opt.Seed, n, g)
		}
		sols, err := g.Solutions(context.Background(), 0, 2)
		if err != nil || len(sols) != 1 || !slices.Equal(sols[0], gen.Solution) {
			t.Errorf("%dx%d: DLX solutions %v (%v), want the planted one", sz[0], sz[1], len(sols), err)
		}
		again, err := Generate(context.Background(), opt)
		if err != nil || again.Puzzle.String() != g.String() {
			t.Errorf("%dx%d: the same seed gave another puzzle", sz[0], sz[1])
		}
	}
}

// TestCheck covers the three verdicts.
func TestCheck(t *testing.T) {
	ctx := context.Background()
	unique, _ := Parse("u", readRef(t, "testdata/reference/fill-009.txt"))
	v, err := unique.Check(ctx, CheckOptions{})
	if err != nil || !v.Unique() || v.First == nil || v.Second != nil {
		t.Errorf("fill-009: %+v %v, want unique", v, err)
	}
	many, _ := Parse("m", readRef(t, "testdata/reference/fill-013.txt"))
	v, err = many.Check(ctx, CheckOptions{})
	if err != nil || v.Solutions != 8 || !v.Complete || len(v.Differences()) == 0 {
		t.Errorf("fill-013: %d solutions, complete %v, %v, want 8", v.Solutions, v.Complete, err)
	}
	v, err = many.Check(ctx, CheckOptions{Max: 2})
	if err != nil || v.Solutions != 2 || v.Complete {
		t.Errorf("fill-013 --max 2: %d solutions, complete %v", v.Solutions, v.Complete)
	}
	// Two 1s side by side contradict; the 3s elsewhere do not matter.
	none, _ := Parse("n", []byte("3..3\n....\n.11.\n3..3\n"))
	v, err = none.Check(ctx, CheckOptions{ContradictionBudget: 10 * time.Second})
	if err != nil || v.Solutions != 0 || !v.Minimal || !slices.Equal(v.Contradiction, []int{9, 10}) {
		t.Errorf("contradiction: %+v %v, want cells 9 and 10", v, err)
	}
	// a budget of one node: the first clue's search proves, at its root,
	// that the rest still contradict, and spends it; the other clues are
	// kept untried, not shown minimal (nodes, so on any machine)
	v, err = none.Check(ctx, CheckOptions{ContradictionBudget: time.Microsecond})
	if err != nil || v.Minimal || !slices.Equal(v.Contradiction, []int{3, 9, 10, 12, 15}) {
		t.Errorf("contradiction within a node: %+v %v, want every clue but the first, not minimal", v, err)
	}
}
