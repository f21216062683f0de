package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestXMPuzzleCommand exports library puzzles as BurrTools files and solves
// them back: the same counts as the originals.
func TestXMPuzzleCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ puzzle, want string }{
		{"soma", "Altogether 11520 solutions"},
		{"pentomino-3x20", "Altogether 8 solutions"},
	} {
		out := filepath.Join(dir, tc.puzzle+".xmpuzzle")
		if code, _, errs := runCLI(t, "", "xmpuzzle", tc.puzzle, "-o", out); code != 0 {
			t.Fatalf("xmpuzzle %s: exit %d: %s", tc.puzzle, code, errs)
		}
		code, _, errs := runCLI(t, "", "solve", out, "--problem", "1")
		if code != 0 || !strings.HasPrefix(errs, tc.want) {
			t.Errorf("solve %s: exit %d: %s (want %s)", out, code, errs, tc.want)
		}
	}
	code, _, errs := runCLI(t, "", "solve", filepath.Join(dir, "soma.xmpuzzle"), "--problem", "2")
	if code != 1 || !strings.Contains(errs, "no such problem") {
		t.Errorf("--problem 2: exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, "", "xmpuzzle", "soma")
	if code != 2 {
		t.Errorf("no -o: exit %d: %s", code, errs)
	}
}
