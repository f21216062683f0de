package backend

import (
	"context"
	"fmt"
	"image"
	"os"
	"strings"
	"testing"

	"polyviz/ui"
)

// TestFillominoBoard loads a fillomino grid, solves it and draws it.
func TestFillominoBoard(t *testing.T) {
	data, err := os.ReadFile("../../fillomino/testdata/reference/fill-013.txt")
	if err != nil {
		t.Fatal(err)
	}
	b := New()
	p, err := b.Load("fill-013.txt", data)
	if err != nil {
		t.Fatal(err)
	}
	if p.DrawBoard == nil || !p.Planar || len(p.Box) != 15*12 || p.Options == 0 {
		t.Fatalf("not a board: %+v", p)
	}
	if want := fmt.Sprintf("Fillomino · 15×12 · %d clues · %d possible regions", countClues(data), p.Options); p.Info != want {
		t.Errorf("panel line %q, want %q", p.Info, want)
	}
	var sols []ui.Solution
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{}, func(s ui.Solution) bool {
		sols = append(sols, append(ui.Solution(nil), s...))
		return true
	})
	if err != nil || st.Solutions != 8 || len(sols) != 8 || !strings.HasPrefix(st.Note, "Not unique: 8 solutions") {
		t.Fatalf("solve: %+v, %d visited, %v", st, len(sols), err)
	}
	st, _ = b.Solve(context.Background(), p, ui.SolveOptions{Max: 2}, func(ui.Solution) bool { return true })
	if !strings.HasPrefix(st.Note, "Not unique: at least 2") {
		t.Errorf("--max 2 note %q", st.Note)
	}
	bare := b.Draw(&ui.Scene{Board: func(w, h int) image.Image { return p.DrawBoard(nil, false, w, h) }}, ui.Camera{}, 400, 300)
	solved := p.DrawBoard(sols[0], false, 400, 300)
	if hidden := p.DrawBoard(sols[0], true, 400, 300); imageEqual(hidden, solved) {
		t.Errorf("hiding the clues changed nothing")
	}
	if bare.Bounds().Dx() != 400 || solved.Bounds().Dy() != 300 || distinct(solved) <= distinct(bare) {
		t.Errorf("pictures %v %v, colours %d (solved) vs %d (bare)", bare.Bounds(), solved.Bounds(), distinct(solved), distinct(bare))
	}
	var dlx strings.Builder
	if err := b.WriteDLX(p, &dlx); err != nil || !strings.HasPrefix(dlx.String(), "| fillomino-dlx:\n") {
		t.Errorf("WriteDLX: %v", err)
	}
	if _, err := b.Load("bad.txt", []byte("12\n3.\n..2\n")); err != nil {
		t.Errorf("a good grid: %v", err)
	}
	if _, err := b.Load("bad.txt", []byte(strings.Repeat("1\n", 17))); err == nil || !strings.Contains(err.Error(), "bad.txt:17:1") {
		t.Errorf("17 rows: %v", err)
	}
}

func imageEqual(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// countClues counts the digits of a fillomino grid.
func countClues(data []byte) int {
	n := 0
	for _, c := range data {
		if c >= '1' && c <= '9' || c >= 'a' && c <= 'f' {
			n++
		}
	}
	return n
}
