package cli

import (
	"strings"
	"testing"

	"polyviz/assets"
)

// TestListFamilyAndPublished: --family keeps one family, and the table
// shows a source's figure in its own mode beside polyviz's distinct count
// (Goodger's 1,390 for the tetracubes' 2x4x4 box counts up to rotation;
// up to rotation and reflection there are 695).
func TestListFamilyAndPublished(t *testing.T) {
	out, errs, code := runListArgs("--family", "tetracubes")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if l == "" {
			break
		}
		lines = append(lines, l)
		if !strings.HasPrefix(l, "tetracube-") {
			t.Errorf("line %q is not a tetracube puzzle", l)
		}
	}
	if f := strings.Fields(lines[0]); len(lines) < 2 || f[0] != "tetracube-2x4x4" || f[3] != "695" || f[4] != "1390" || f[5] != "rot" {
		t.Errorf("tetracube lines %q; want 2x4x4 first with 695 distinct, 1390 rot published", lines)
	}
	if _, errs, code := runListArgs("--family", "no-such"); code != 2 || !strings.Contains(errs, "Pentominoes") {
		t.Errorf("an unknown family: exit %d, %q; want 2 (bad usage) and the families", code, errs)
	}
	// the flag's help promises that --family help lists them
	if out, errs, code := runListArgs("--family", "help"); code != 0 || !strings.Contains(out, "Pentominoes\n") || !strings.Contains(out, "Soma cube\n") {
		t.Errorf("--family help: exit %d, %q, %q; want 0 and the families", code, out, errs)
	}
	long, _, _ := runListArgs("-l", "soma-bathtub")
	if !strings.Contains(long, "family: Soma cube") {
		t.Errorf("--long lacks the family:\n%s", long)
	}
	if n := len(assets.Catalog()); n < 200 {
		t.Errorf("%d puzzles in the library, want at least 200", n)
	}
}
