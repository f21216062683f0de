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
