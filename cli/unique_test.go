package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/burrtools"
	"polyviz/geometry"
)

// polyviz unique on the Soma cube: 11,520 raw solutions (240 classes); no
// single piece fixed leaves one, two do; the spec written with -o solves
// to exactly one solution, raw and up to symmetry.
func TestUniqueCLI(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	out := filepath.Join(t.TempDir(), "soma-unique.txt")
	code, stdout, stderr := runCLI(t, "", "unique", "--json", "--proposals", "3", "--pick", "2", "-o", out, "soma")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Solutions, Distinct int64
		Changes             int
		Proposals           []struct {
			Changes []struct{ Piece string }
			Proved  int64
		}
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if res.Solutions != 11520 || res.Distinct != 240 || res.Changes != 2 || len(res.Proposals) != 3 {
		t.Fatalf("got %+v; want 11520 solutions, 240 classes, 2 changes, 3 proposals", res)
	}
	for _, p := range res.Proposals {
		if len(p.Changes) != 2 || p.Proved != 1 {
			t.Errorf("proposal %+v: want 2 changes proved to 1 solution", p)
		}
	}
	for _, mode := range []string{"none", "all"} {
		code, _, stderr = runCLI(t, "", "solve", "--distinct", mode, out)
		if code != 0 || !strings.HasPrefix(stderr, "Altogether 1 ") {
			t.Errorf("solve --distinct %s of the spec written: exit %d, %s", mode, code, stderr)
		}
	}
}

// A puzzle with one solution is left alone; one that no change within
// --max-changes makes unique exits 1 and says so.
func TestUniqueCLINothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fixed.txt")
	code, stdout, stderr := runCLI(t, "[0-1]00 001\nL 000 100 001\n", "unique", "--format", "polycube", "-o", out, "-")
	if code != 0 || !strings.Contains(stdout, "1 solution") || !strings.Contains(stdout, "already unique") {
		t.Errorf("exit %d: %s%s", code, stdout, stderr)
	}
	// -o with nothing to write says so, and writes nothing
	if _, err := os.Stat(out); !os.IsNotExist(err) || !strings.Contains(stderr, "Nothing written to "+out) {
		t.Errorf("-o with no proposal: %v, %q", err, stderr)
	}
	code, stdout, stderr = runCLI(t, "[0-2]00\nA 000\nB 000\nC 000\n", "unique", "--max-changes", "1", "--format", "polycube", "-")
	if code != 1 || !strings.Contains(stdout, "6 solutions") || !strings.Contains(stdout, "1 change never leaves exactly one") {
		t.Errorf("exit %d: %s%s", code, stdout, stderr)
	}
	code, _, stderr = runCLI(t, "[0-2]00\nA 000\nB 000\nC 000\n", "unique", "--max-solutions", "5", "--format", "polycube", "-")
	if code != 1 || !strings.Contains(stderr, "more than 5") || !strings.Contains(stderr, "--max-solutions") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// --problem picks the problem of a BurrTools file (DemoMirrorParadox's
// second has 48 solutions, its first 2), and -o of a puzzle that cannot be
// written with its changes (polysticks) is refused before any count.
func TestUniqueCLIProblemAndOutput(t *testing.T) {
	file := filepath.Join("testdata", "burrtools", "DemoMirrorParadox.xmpuzzle")
	code, stdout, stderr := runCLI(t, "", "unique", "--problem", "2", "--max-changes", "1", "--proposals", "1", file)
	if code != 0 || !strings.Contains(stdout, ": 48 solutions") {
		t.Errorf("--problem 2: exit %d: %s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, "", "unique", "-o", filepath.Join(t.TempDir(), "un.txt"), "tetrastick-5x5")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "read as polysticks, is not written with its changes") {
		t.Errorf("-o of polysticks: exit %d: %s%s", code, stdout, stderr)
	}
}

// A BurrTools file whose box is a 2x2 square of variable voxels holding
// an L tromino: 4 solutions, one a corner left empty. Removing one cell,
// or fixing the L, leaves one; each proposal is proved, and -o writes a
// BurrTools file (the L fixed by colour constraints) that solves to 1.
func TestUniqueCLIOptionalCells(t *testing.T) {
	x := &burrtools.File{
		Shapes: []burrtools.Shape{
			{Name: "L", Size: geometry.Cell{X: 2, Y: 2, Z: 1}, Filled: geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1})},
			{Size: geometry.Cell{X: 2, Y: 2, Z: 1}, Variable: geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1})},
		},
		Problems: []burrtools.Problem{{Name: "L", Parts: []burrtools.Part{{Shape: 0, Min: 1, Max: 1}}, Result: 1, MaxHoles: -1}},
	}
	in := filepath.Join(t.TempDir(), "l.xmpuzzle")
	var buf bytes.Buffer
	if err := x.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "", "unique", in)
	if code != 0 || !strings.Contains(stdout, "4 solutions") || !strings.Contains(stdout, "1 change leaves exactly one") ||
		!strings.Contains(stdout, "2. remove optional cell") || !strings.Contains(stdout, "1. fix L at") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	for pick, want := range []string{"1", "2"} {
		out := filepath.Join(t.TempDir(), "out.xmpuzzle")
		code, _, stderr = runCLI(t, "", "unique", "--pick", want, "-o", out, in)
		if code != 0 || !strings.Contains(stderr, "BurrTools file with proposal") {
			t.Fatalf("-o of proposal %d: exit %d, %s", pick+1, code, stderr)
		}
		code, _, stderr = runCLI(t, "", "solve", out)
		if code != 0 || !strings.HasPrefix(stderr, "Altogether 1 ") {
			t.Errorf("solve of proposal %d written: exit %d, %s", pick+1, code, stderr)
		}
	}
}
