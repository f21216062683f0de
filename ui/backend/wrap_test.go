package backend

import (
	"context"
	"strings"
	"testing"

	"polyviz/ui"
)

// TestWrapWindow loads a board that wraps: the window's puzzle and its
// scenes carry the joins (so the view marks them, with room framed for
// the marks), and the symmetry note says the translations count.
func TestWrapWindow(t *testing.T) {
	b := New()
	p, err := b.Load("torus.txt", []byte("[0-4][0-3]\n| wrap x y\nT 00 10 20 11\nL 01 02 03 13\nS 21 31 32 42\nO 33 43 34 44\nI 12 22 23 24\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Wrap != [3]bool{true, true, false} {
		t.Fatalf("Wrap %v, want x and y", p.Wrap)
	}
	sc := &ui.Scene{Planar: true, Box: p.Box, Wrap: p.Wrap, Frame: &[2][3]float64{{0, 0, 0}, {5, 4, 1}}}
	if rs := renderScene(sc); rs.Wrap != p.Wrap {
		t.Errorf("render scene Wrap %v", rs.Wrap)
	}
	if lo, hi := frameBounds(sc); lo[0] >= 0 || hi[1] <= 4 || lo[2] != 0 {
		t.Errorf("frame %v %v leaves no room for the marks on x and y only", lo, hi)
	}
	if note := b.SymmetryNote(p); !strings.Contains(note, "wraps along xy: its 20 translations") {
		t.Errorf("note %q", note)
	}
	// a large periodic box: the note does not work its group out
	big, err := b.Load("big.txt", []byte("[0-7][0-7][0-7]\n| wrap xyz\n| polyforms 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if note := b.SymmetryNote(big); !strings.Contains(note, "too many") {
		t.Errorf("big periodic box: note %q", note)
	}
	// no disassembly across a join: no level in the list, and Play flies
	// each piece in
	var sol ui.Solution
	if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1}, func(s ui.Solution) bool {
		sol = s
		return false
	}); err != nil || sol == nil {
		t.Fatalf("no solution: %v", err)
	}
	if f, err := b.Facts(p, ui.DistinctRaw)(context.Background(), sol); err != nil || f.Level != ui.LevelNone {
		t.Errorf("facts %+v, %v; want no level", f, err)
	}
	if plan := assemble(p, sol); !strings.Contains(plan.Note, "wraps") {
		t.Errorf("Play's note %q", plan.Note)
	}
}
