package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestXMPuzzleCommand exports small 3D and 2D specs (read from standard
// input) as BurrTools files and solves them back: the same counts (three
// ways to tile a 2x3 rectangle with dominoes).
func TestXMPuzzleCommand(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, spec, format, want string }{
		{"three", "[0-2][0-1]0\n3*D 000 100\n", "polycube", "Altogether 3 solutions"},
		{"two", "[0-2][0-1]\n3|D 00 10\n", "polyomino", "Altogether 3 solutions"},
	} {
		out := filepath.Join(dir, tc.name+".xmpuzzle")
		if code, _, errs := runCLI(t, tc.spec, "xmpuzzle", "-", "--format", tc.format, "-o", out); code != 0 {
			t.Fatalf("xmpuzzle %s: exit %d: %s", tc.name, code, errs)
		}
		code, _, errs := runCLI(t, "", "solve", out, "--problem", "1")
		if code != 0 || !strings.HasPrefix(errs, tc.want) {
			t.Errorf("solve %s: exit %d: %s (want %s)", out, code, errs, tc.want)
		}
	}
	if code, _, errs := runCLI(t, "", "xmpuzzle", "soma", "-o", filepath.Join(dir, "soma.xmpuzzle")); code != 0 {
		t.Fatalf("xmpuzzle soma: exit %d: %s", code, errs)
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
