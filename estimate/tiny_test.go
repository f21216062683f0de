package estimate

import (
	"context"
	"strings"
	"testing"

	"polyviz/solver"
)

// TestWalkRandomProblems compares the walk with dancing links on many
// small random problems (and Knuth's example of TAOCP 7.2.2.1 (5)): the
// same nodes, updates and solutions.
func TestWalkRandomProblems(t *testing.T) {
	srcs := []string{"a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"}
	rng := uint64(12345)
	next := func(n int) int { rng = rng*6364136223846793005 + 1442695040888963407; return int(rng>>33) % n }
	for range 500 {
		ni := 3 + next(5)
		var b strings.Builder
		for i := range ni {
			b.WriteString(string(rune('a'+i)) + " ")
		}
		b.WriteString("\n")
		for range 2 + next(10) {
			used := map[int]bool{}
			for range 1 + next(3) {
				if it := next(ni); !used[it] {
					used[it] = true
					b.WriteString(string(rune('a'+it)) + " ")
				}
			}
			b.WriteString("\n")
		}
		srcs = append(srcs, b.String())
	}
	for _, src := range srcs {
		p, err := solver.ParseDLX(strings.NewReader(src), "random")
		if err != nil {
			t.Fatal(err)
		}
		got, err := Walk(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		st, err := solver.Solve(context.Background(), p, solver.Options{Workers: 1, Engine: solver.EngineDLX}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got != (Tree{st.Nodes, st.Updates, st.Solutions}) {
			t.Fatalf("%s\nwalk %+v; solver %d nodes, %d updates, %d solutions", src, got, st.Nodes, st.Updates, st.Solutions)
		}
	}
}
