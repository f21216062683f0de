package cli

import (
	"strings"
	"testing"
)

// TestOneClassSingular: a count by symmetry of one class, and a
// disassembly where one packing comes apart, are said in the singular:
// two dominoes in a 2x2 square make 4 packings, one class of 4.
func TestOneClassSingular(t *testing.T) {
	const spec = "[0-1][0-1]\nA 00 01\nB 00 01\n"
	code, _, errs := runCLI(t, spec, "solve", "-")
	if code != 0 || !strings.Contains(errs, "Altogether 4 solutions") || !strings.Contains(errs, "Counted by symmetry: 1 class up to rotation and reflection") {
		t.Errorf("solve: exit %d, %q", code, errs)
	}
	code, _, errs = runCLI(t, spec, "solve", "-", "--distinct", "all", "--disassemble")
	if code != 0 || !strings.Contains(errs, "1 distinct solution up to rotation and reflection (4 raw)") || !strings.Contains(errs, "Disassembly: 1 comes apart, level 1: 1,") {
		t.Errorf("solve --distinct all --disassemble: exit %d, %q", code, errs)
	}
}
