package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWrapCLI solves and draws the pentominoes on a 3x20 loop (the ends
// of the long side joined): 2 solutions up to its 80 symmetries, 160 in
// all; --json says which translations counted, and the SVG marks the join.
func TestWrapCLI(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "loop.txt")
	if err := os.WriteFile(spec, []byte("| pentominoes on a loop\n[0-j][0-2]\n| wrap x\n| polyforms 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type out struct {
		Solutions, Distinct, Raw, Classes int64
		Group, Translations               int
		Wrap                              string
	}
	for _, c := range []struct {
		args []string
		want out
	}{
		{[]string{"solve", spec, "--distinct", "all", "--json"}, out{Solutions: 2, Distinct: 2, Raw: 160, Group: 80, Translations: 20, Wrap: "x"}},
		{[]string{"solve", spec, "--json"}, out{Solutions: 160, Classes: 2, Group: 80, Translations: 20, Wrap: "x"}},
	} {
		code, stdout, stderr := run(t, "", c.args...)
		var got out
		if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
			t.Fatalf("%v: exit %d, %v: %s", c.args, code, err, stderr)
		}
		if got != c.want {
			t.Errorf("%v: %+v, want %+v", c.args, got, c.want)
		}
		if !strings.Contains(stderr, "wraps along x: its 20 translations") {
			t.Errorf("%v: the summary does not say the translations count: %s", c.args, stderr)
		}
	}
	svg := filepath.Join(dir, "loop.svg")
	if code, _, stderr := run(t, "", "render", spec, "--solution", "1", "-o", svg); code != 0 {
		t.Fatalf("render: exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), `id="joins"`) {
		t.Errorf("the SVG of a solution on the loop has no join marks (%v)", err)
	}
	// no disassembly across a join
	if code, _, stderr := run(t, "", "disassemble", spec, "--solution", "1"); code == 0 || !strings.Contains(stderr, "wraps") {
		t.Errorf("disassemble on the loop: exit %d: %s", code, stderr)
	}
	// a flat board's JSON says nothing of wraps
	if _, stdout, _ := run(t, "", "solve", "pentomino-3x20", "--distinct", "all", "--json"); strings.Contains(stdout, "wrap") {
		t.Errorf("flat board: %s", stdout)
	}
}
