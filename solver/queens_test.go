package solver

import (
	"context"
	"fmt"
	"testing"
)

// queens returns the n-queens problem as exact cover: rows and columns are
// primary items, the diagonals secondary (TAOCP 7.2.2.1-(23)).
func queens(n int) *Problem {
	var prim, sec []string
	for i := range n {
		prim = append(prim, fmt.Sprintf("r%d", i), fmt.Sprintf("c%d", i))
	}
	for d := range 2*n - 1 {
		sec = append(sec, fmt.Sprintf("a%d", d), fmt.Sprintf("b%d", d))
	}
	p := NewProblem(prim, sec)
	for i := range n {
		for j := range n {
			p.AddOption(fmt.Sprintf("r%d", i), fmt.Sprintf("c%d", j), fmt.Sprintf("a%d", i+j), fmt.Sprintf("b%d", n-1-i+j))
		}
	}
	return p
}

func TestQueens(t *testing.T) {
	// OEIS A000170
	for n, want := range []int64{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724} {
		if n == 0 {
			continue
		}
		for _, workers := range []int{1, 2} {
			st, err := Solve(context.Background(), queens(n), Options{Workers: workers}, nil)
			if err != nil || st.Solutions != want {
				t.Errorf("%d queens, %d workers: %d solutions (%v), want %d", n, workers, st.Solutions, err, want)
			}
		}
	}
}

// medium returns a problem big enough for tests of parallel search, pausing
// and progress: soma normally, 10 queens under the race detector.
func medium(t testing.TB) *Problem {
	if raceEnabled {
		return queens(10)
	}
	return loadRef(t, "soma-3x3x3.dlx")
}
