package puzzle

import (
	"bytes"
	"testing"
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
