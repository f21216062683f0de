package solver

import (
	"context"
	"fmt"
	"reflect"
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
	// A workload of its own, built here (no file): the concurrency tests
	// (pause, progress, MaxSolutions, ordered delivery) need a few
	// thousand solutions and tenths of a second, no more.
	if raceEnabled {
		return queens(10) // 724 solutions
	}
	return queens(11) // 2680 solutions
}

// long returns a problem whose full search takes hours, for the tests that
// stop a search in its middle: n queens for n = 20, or (Algorithm M) the
// domino tilings of an 8 x 10 board.
func long(multi bool) *Problem {
	if multi {
		return dominoes(8, 10)
	}
	return queens(20)
}

// dominoes returns the tilings of an m x n board by dominoes with a piece
// item D that must be used exactly m*n/2 times: Algorithm M, with cells that
// are covered as in Algorithm X.
func dominoes(m, n int) *Problem {
	cell := func(i, j int) string { return fmt.Sprintf("%d.%d", i, j) }
	prim := []string{"D"}
	for i := range m {
		for j := range n {
			prim = append(prim, cell(i, j))
		}
	}
	p := NewProblem(prim, nil)
	p.SetMultiplicity("D", m*n/2, m*n/2)
	for i := range m {
		for j := range n {
			if j+1 < n {
				p.AddOption("D", cell(i, j), cell(i, j+1))
			}
			if i+1 < m {
				p.AddOption("D", cell(i, j), cell(i+1, j))
			}
		}
	}
	return p
}

func TestDominoesParallel(t *testing.T) {
	p := dominoes(4, 6) // 281 tilings (OEIS A004003 family)
	var seq [][]int
	st1, err := Solve(context.Background(), p, Options{Workers: 1}, func(s Solution) bool {
		seq = append(seq, s.Options)
		return true
	})
	if err != nil || st1.Solutions != 281 {
		t.Fatalf("%d tilings (%v), want 281", st1.Solutions, err)
	}
	var par [][]int
	st, err := Solve(context.Background(), p, Options{Workers: 3, Ordered: true, pollEvery: 1}, func(s Solution) bool {
		par = append(par, s.Options)
		return true
	})
	if err != nil || st.Nodes != st1.Nodes || st.Updates != st1.Updates || st.Tasks < 10 {
		t.Errorf("split run: %+v, want the figures of %+v", st, st1)
	}
	if !reflect.DeepEqual(par, seq) {
		t.Errorf("ordered parallel solutions differ from the sequential ones")
	}
}
