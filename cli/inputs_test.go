package cli

import (
	"strings"
	"testing"
)

// TestDLXOptionWithoutPrimary: Knuth's DLX2 example, with its option that
// has no primary item, is solved as DLX2 solves it: that option ignored
// with a warning at its position, and the one solution found.
func TestDLXOptionWithoutPrimary(t *testing.T) {
	const knuth = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"
	for _, engine := range []string{"dlx", "bits", "auto"} {
		code, out, errs := run(t, knuth, "solve", "--engine", engine, "-")
		if code != 0 || !strings.Contains(errs, "<stdin>:4:1: option ignored") || !strings.Contains(errs, "Altogether 1 solution,") {
			t.Errorf("--engine %s: exit %d, stdout %q, stderr %q", engine, code, out, errs)
		}
	}
}

// TestControlCharacterInName: a NUL in a piece name is refused with its
// position, by polycube-dlx and by solve, instead of reaching the output.
func TestControlCharacterInName(t *testing.T) {
	for _, cmd := range []string{"polycube-dlx", "solve"} {
		code, out, errs := run(t, "000 001\nA\x00 000 001\n", cmd, "-")
		if code != 1 || out != "" || !strings.Contains(errs, "<stdin>:2:2: illegal character in piece name") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", cmd, code, out, errs)
		}
	}
}
