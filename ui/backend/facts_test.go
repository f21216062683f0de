package backend

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"polyviz/ui"
)

// TestSolutionFactsSoma: every distinct Soma solution comes apart at level
// 1 (README, disassembly/TestSomaLevels) and stands for 48 raw ones (11520
// of 240); up to rotation, for 24.
func TestSolutionFactsSoma(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	for _, tc := range []struct {
		d     ui.Distinct
		class int
		max   int64
	}{
		{ui.DistinctAll, 48, 240},
		{ui.DistinctRotations, 24, 20},
		{ui.DistinctRaw, 0, 20},
	} {
		facts := b.Facts(p, tc.d)
		n := int64(0)
		_, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Distinct: tc.d, Max: tc.max}, func(s ui.Solution) bool {
			n++
			f, err := facts(context.Background(), s)
			if err != nil || f.Level != 1 || f.Class != tc.class {
				t.Fatalf("mode %v: solution %v facts %+v, %v; want level 1, class %d", tc.d, s, f, err, tc.class)
			}
			return true
		})
		if err != nil || n != tc.max {
			t.Fatalf("mode %v: %d solutions, %v", tc.d, n, err)
		}
	}
	// a cancelled context stops the search with its error
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var sol ui.Solution
	b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return false })
	if _, err := b.Facts(p, ui.DistinctRaw)(ctx, sol); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err %v", err)
	}
}

// TestSolutionFactsSingle: a packing of one piece has nothing to take
// apart; the list says so rather than calling it locked, and "Apart only"
// leaves it out (its level is not a number of moves).
func TestSolutionFactsSingle(t *testing.T) {
	b := New()
	p, err := b.Load("domino.txt", []byte("[0-1]00\nD 000 100\n"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	_, err = b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1}, func(s ui.Solution) bool {
		n++
		f, err := b.Facts(p, ui.DistinctRaw)(context.Background(), s)
		if err != nil || f.Level != ui.LevelSingle {
			t.Errorf("solution %v: facts %+v, %v; want level %d", s, f, err, ui.LevelSingle)
		}
		return true
	})
	if err != nil || n != 1 {
		t.Fatalf("%d solutions, %v", n, err)
	}
}

// TestSolutionFactsManyPieces: a packing of more pieces than disassembly
// takes (65 monominoes on a 5x13 board) lists no level, not an unknown one.
func TestSolutionFactsManyPieces(t *testing.T) {
	b := New()
	spec := "[0-4][0-9a-c]\n"
	for k := range 65 {
		spec += fmt.Sprintf("M%d 00\n", k)
	}
	p, err := b.Load("board.txt", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	_, err = b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool {
		n++
		f, err := b.Facts(p, ui.DistinctRaw)(context.Background(), s)
		if err != nil || f.Level != ui.LevelNone {
			t.Errorf("facts %+v, %v; want no level (%d)", f, err, ui.LevelNone)
		}
		return false
	})
	if n != 1 {
		t.Fatalf("%d solutions, %v", n, err)
	}
}
