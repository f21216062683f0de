package puzzle

import (
	"bytes"
	"context"
	"io"
	"testing"

	"polyviz/solver"
)

// TestProblemMemo: Problem gives the same problem again, each call a copy
// of its own (adding to one leaves the next as it was), and a new one once
// the placements or a piece's multiplicity change.
func TestProblemMemo(t *testing.T) {
	p, err := ParseSpec("m.txt", []byte("[0-3]00\nA 000 100\nB 000\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	dlx := func() (string, int) {
		t.Helper()
		prob, err := p.Problem()
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := prob.WriteDLX(&b); err != nil {
			t.Fatal(err)
		}
		return b.String(), prob.NumOptions()
	}
	first, n := dlx()
	prob, err := p.Problem()
	if err != nil {
		t.Fatal(err)
	}
	if err := prob.AddOption("A", "000"); err != nil {
		t.Fatal(err)
	}
	if again, m := dlx(); again != first || m != n {
		t.Errorf("the second problem differs, or an option added to a copy was kept:\n%s\n%s", first, again)
	}
	p.Keep(p.Placements()[:1])
	kept, m := dlx()
	if m != 1 {
		t.Errorf("after Keep of one placement: %d options", m)
	}
	p.Pieces[1].Min, p.Pieces[1].Max, p.Pieces[1].Mult = 0, 1, "0:1"
	if s, _ := dlx(); s == kept {
		t.Errorf("a piece's multiplicity changed and the problem did not:\n%s", s)
	}
}

// TestCutProblemBorrowed: the symmetry cut reads the memo's problem in
// place, and when it cuts nothing (an L-shaped box has no symmetry, so no
// piece is locked) DistinctProblem still gives a copy: a caller changing
// it changes neither the memo's problem nor the next cut's.
func TestCutProblemBorrowed(t *testing.T) {
	p, err := ParseSpec("m.txt", []byte("[0-2]00 010\nA 000 100\nB 000\nC 000\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	write := func(prob interface{ WriteDLX(io.Writer) error }) string {
		t.Helper()
		var b bytes.Buffer
		if err := prob.WriteDLX(&b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	whole, err := p.Problem()
	if err != nil {
		t.Fatal(err)
	}
	want := write(whole)
	for range 2 {
		cut, err := p.DistinctProblem(DistinctAll)
		if err != nil {
			t.Fatal(err)
		}
		dc, err := p.distinctCut(context.Background(), mustCutProblem(t, p), DistinctAll)
		if err != nil {
			t.Fatal(err)
		}
		if !dc.borrowed || cut == dc.cut {
			t.Fatalf("the cut borrowed the memo's problem: %v; DistinctProblem gave it itself: %v", dc.borrowed, cut == dc.cut)
		}
		if err := cut.AddOption("A", "000", "100"); err != nil {
			t.Fatal(err)
		}
		if err := cut.SetMultiplicity("B", 0, 2); err != nil {
			t.Fatal(err)
		}
		again, err := p.Problem()
		if err != nil {
			t.Fatal(err)
		}
		if got := write(again); got != want {
			t.Fatalf("a change to DistinctProblem's problem reached the memo:\n%s\nwant\n%s", got, want)
		}
	}
}

func mustCutProblem(t *testing.T, p *Puzzle) *solver.Problem {
	t.Helper()
	prob, err := p.cutProblem(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return prob
}
