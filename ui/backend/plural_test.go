package backend

import (
	"context"
	"strings"
	"testing"

	"polyviz/ui"
)

// TestOneClassNote: the window's note on a count by symmetry of one class
// says "1 class" (two dominoes in a 2x2 square: 4 packings, one class).
func TestOneClassNote(t *testing.T) {
	b := New()
	p, err := b.Load("dominoes.txt", []byte("[0-1][0-1]\nA 00 01\nB 00 01\n"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2}, func(ui.Solution) bool { return true })
	if err != nil || st.Solutions != 4 || !strings.Contains(st.Note, "Counted by symmetry: 1 class,") {
		t.Errorf("%+v, %v", st, err)
	}
}

// TestStoppedNoClassNote: a count by symmetry stopped before its first
// class does not say "Counted by symmetry: 0 classes".
func TestStoppedNoClassNote(t *testing.T) {
	b := New()
	p, err := b.Load("dominoes.txt", []byte("[0-1][0-1]\nA 00 01\nB 00 01\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	st, _ := b.Solve(ctx, p, ui.SolveOptions{Workers: 2}, func(ui.Solution) bool { return true })
	if st.Solutions != 0 || strings.Contains(st.Note, "Counted by symmetry") {
		t.Errorf("stopped before a solution: %+v", st)
	}
}

// TestClassNoteGrouped: a count of classes in the thousands is written
// with its digits in threes (pentomino 6x10: 2,339 classes).
func TestClassNoteGrouped(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole count of pentomino 6x10")
	}
	b := New()
	p := library(t, b, "pentomino-6x10")
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2}, func(ui.Solution) bool { return true })
	if err != nil || st.Solutions != 9356 || !strings.Contains(st.Note, "Counted by symmetry: 2,339 classes,") {
		t.Errorf("%d solutions, note %q, %v", st.Solutions, st.Note, err)
	}
}
