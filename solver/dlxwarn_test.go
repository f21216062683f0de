package solver

import (
	"fmt"
	"strings"
	"testing"
)

// TestOptionWithoutPrimary: Knuth's DLX2 example, option "X:0 Y:1" and
// all, is read as DLX2 reads it: that option is dropped with a warning at
// its line, and every engine finds the example's one solution.
func TestOptionWithoutPrimary(t *testing.T) {
	const knuth = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"
	p, err := ParseDLX(strings.NewReader(knuth), "dlx2.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if p.NumOptions() != 4 {
		t.Errorf("%d options, want 4", p.NumOptions())
	}
	want := "dlx2.dlx:5:1: " + ErrOptionIgnored.Error()
	if w := p.Warnings(); len(w) != 1 || w[0] != want {
		t.Errorf("warnings %q, want [%q]", w, want)
	}
	for _, e := range []Engine{EngineDLX, EngineBits, EngineAuto, EngineCell} {
		sols, st := solveAll(t, p, Options{Workers: 1, Engine: e})
		if len(sols) != 1 || st.Solutions != 1 || fmt.Sprint(sols[0]) != "[1 2]" {
			t.Errorf("engine %v: solutions %v (%d), want [[1 2]]", e, sols, st.Solutions)
		}
	}
	if w := NewProblem([]string{"A"}, nil).Warnings(); w != nil {
		t.Errorf("NewProblem: warnings %q", w)
	}
}

// TestOptionsIgnoredCounted: past maxWarnings, dropped options are counted
// in one line rather than told one by one.
func TestOptionsIgnoredCounted(t *testing.T) {
	in := "A | X\nA\n" + strings.Repeat("X\n", maxWarnings+5)
	p, err := ParseDLX(strings.NewReader(in), "many.dlx")
	if err != nil {
		t.Fatal(err)
	}
	w := p.Warnings()
	if len(w) != maxWarnings+1 || !strings.HasPrefix(w[0], "many.dlx:3:1: ") || w[maxWarnings] != "many.dlx: 5 more options ignored" {
		t.Errorf("%d warnings, first %q, last %q", len(w), w[0], w[len(w)-1])
	}
	if p.NumOptions() != 1 {
		t.Errorf("%d options, want 1", p.NumOptions())
	}
}
