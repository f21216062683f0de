package cli

import (
	"os"
	"strings"
	"testing"
)

// TestGridCommands: on BurrTools' other grids, solve counts as BurrTools
// does, and the drawing and disassembly commands refuse in words rather
// than draw cubes or slide pieces that cannot slide.
func TestGridCommands(t *testing.T) {
	pureComputation(t)
	file := "../burrtools/testdata/grids/Bermuda.xmpuzzle"
	code, out, errOut := runCLI(t, "", "solve", "--distinct", "all", file)
	if code != 0 || !strings.Contains(out+errOut, "Altogether 1 distinct solution up to rotation and reflection (24 raw)") {
		t.Fatalf("solve: code %d, %q %q", code, out, errOut)
	}
	// render draws the board and the pieces as prisms (render/TestGrid* check the solids)
	png := t.TempDir() + "/b.png"
	if code, _, errOut := runCLI(t, "", "render", file, "-o", png, "--size", "160x120"); code != 0 {
		t.Fatalf("render: code %d, %s", code, errOut)
	}
	if fi, err := os.Stat(png); err != nil || fi.Size() < 1000 {
		t.Fatalf("render wrote %v, %v", fi, err)
	}
	// stl writes one file per prism piece (stl/TestGridPiece checks the meshes)
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "", "stl", file, "-o", dir); code != 0 {
		t.Fatalf("stl: code %d, %s", code, errOut)
	}
	if fs, _ := os.ReadDir(dir); len(fs) != 12 {
		t.Errorf("stl wrote %d files for Bermuda's 12 pieces", len(fs))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"render", file, "-o", t.TempDir() + "/x.svg"}, "SVG draws BurrTools' triangular prisms one layer thick"},
		{[]string{"render", "../burrtools/testdata/grids/HexSticks.xmpuzzle", "-o", t.TempDir() + "/x.svg"}, "SVG does not draw BurrTools' rhombic tetrahedra grid"},
		{[]string{"disassemble", file, "--open", "+z"}, "not fixed on the triangular prism grid"},
		{[]string{"disassemble", "../burrtools/testdata/grids/HexSticks.xmpuzzle"}, "does not apply to BurrTools' rhombic tetrahedra grid"},
		{[]string{"solve", "--disassemble", "../burrtools/testdata/grids/FourPieceTetrahedron.xmpuzzle"}, "does not apply to BurrTools'"},
		{[]string{"disassemble", "../burrtools/testdata/grids/BallRoom.xmpuzzle"}, "does not apply to BurrTools' spheres grid"},
	} {
		code, _, errOut := runCLI(t, "", tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: code %d, %q; want %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestPrismDisassembly: Bermuda, on the prism grid, comes apart at level 1,
// as BurrTools says (burrTxt -d: 1 assembly, 1 solution, level 1), both by
// disassemble and by solve --disassemble.
func TestPrismDisassembly(t *testing.T) {
	pureComputation(t)
	file := "../burrtools/testdata/grids/Bermuda.xmpuzzle"
	code, out, errOut := runCLI(t, "", "disassemble", file, "--solution", "1")
	if code != 0 || !strings.Contains(out, "can be taken apart, level 1,") {
		t.Fatalf("disassemble: code %d, %q %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "", "solve", "--distinct", "all", "--disassemble", file)
	if code != 0 || !strings.Contains(out+errOut, "level 1: 1") {
		t.Fatalf("solve --disassemble: code %d, %q %q", code, out, errOut)
	}
}

// TestGridSplit: split --distinct all, run-job and merge count a BurrTools
// file on the rhombic grid as solve does (the job carries the gzip file as
// its XML: JSON keeps text only). Pieces of Eight, problem 1: 6 (88 raw).
func TestGridSplit(t *testing.T) {
	dir := t.TempDir()
	file := "../burrtools/testdata/grids/PiecesOfEight.xmpuzzle"
	if code, _, errOut := runCLI(t, "", "split", "--job-files", "--distinct", "all", "--jobs", "2", "-o", dir, file); code != 0 {
		t.Fatalf("split: %d %s", code, errOut)
	}
	for _, j := range []string{"job-0001", "job-0002"} {
		if code, _, errOut := runCLI(t, "", "run-job", dir+"/"+j+".json", "-o", dir+"/"+j+".result.json"); code != 0 {
			t.Fatalf("run-job %s: %d %s", j, code, errOut)
		}
	}
	code, out, errOut := runCLI(t, "", "merge", dir)
	if code != 0 || !strings.Contains(out+errOut, "Altogether 6 distinct solutions up to rotation and reflection (88 raw)") {
		t.Fatalf("merge: %d %q %q", code, out, errOut)
	}
}
