package cli

import (
	"strings"
	"testing"
)

// TestGridCommands: on BurrTools' other grids, solve counts as BurrTools
// does, and the drawing and disassembly commands refuse in words rather
// than draw cubes or slide pieces that cannot slide.
func TestGridCommands(t *testing.T) {
	file := "../burrtools/testdata/grids/Bermuda.xmpuzzle"
	code, out, errOut := runCLI(t, "", "solve", "--distinct", "all", file)
	if code != 0 || !strings.Contains(out+errOut, "Altogether 1 distinct solutions up to rotation and reflection (24 raw)") {
		t.Fatalf("solve: code %d, %q %q", code, out, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", file, "-o", t.TempDir() + "/x.png"}, "cannot draw BurrTools' triangular prisms grid"},
		{[]string{"stl", file, "-o", t.TempDir()}, "cannot draw BurrTools' triangular prisms grid"},
		{[]string{"disassemble", file}, "triangular prism grid is not implemented yet"},
		{[]string{"disassemble", "../burrtools/testdata/grids/BallRoom.xmpuzzle"}, "does not apply to BurrTools' spheres grid"},
	} {
		code, _, errOut := runCLI(t, "", tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: code %d, %q; want %q", tc.args, code, errOut, tc.want)
		}
	}
}
