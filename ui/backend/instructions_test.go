package backend

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"polyviz/ui"
)

// TestWriteInstructions: the window's instructions of the Soma cube's first
// solution are a PDF of eight pages (the piece list, a start and six
// moves), and of a board of one-sided tetrominoes eight PNG pages (the
// piece list and a step a piece); a name with no known extension is
// refused.
func TestWriteInstructions(t *testing.T) {
	if raceEnabled {
		t.Skip("solving and drawing are slow under the race detector; the plain pass runs this")
	}
	b := New()
	dir := t.TempDir()
	first := func(p *ui.Puzzle) ui.Solution {
		var sol ui.Solution
		b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return false })
		return sol
	}
	soma := library(t, b, "soma")
	pages := 0
	files, err := b.WriteInstructions(context.Background(), soma, first(soma), filepath.Join(dir, "soma.pdf"), func(done, total int) { pages = total })
	if err != nil || len(files) != 1 || pages != 8 {
		t.Fatalf("files %v, %d pages, error %v", files, pages, err)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if n := len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(data, -1)); n != 8 {
		t.Errorf("the PDF has %d pages, want 8", n)
	}
	board := library(t, b, "tetromino-onesided-5x6")
	files, err = b.WriteInstructions(context.Background(), board, first(board), filepath.Join(dir, "board.png"), nil)
	if err != nil || len(files) != 8 || filepath.Base(files[7]) != "board-08.png" {
		t.Fatalf("files %v, error %v", files, err)
	}
	if _, err := b.WriteInstructions(context.Background(), soma, first(soma), filepath.Join(dir, "soma.gif"), nil); err == nil || !strings.Contains(err.Error(), ".pdf, .png or .svg") {
		t.Errorf("a .gif name: %v", err)
	}
}
