package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPolyiamondDLXCommand runs `polyviz polyiamond-dlx` on every
// POLYIAMOND-DLX reference spec, from standard input as his program reads
// it: the same output byte for byte and his summary line last on standard
// error, or, where he rejects the spec, an error with a position and no
// output.
func TestPolyiamondDLXCommand(t *testing.T) {
	ref := filepath.Join("..", "puzzle", "testdata", "polyiamond")
	specs, _ := filepath.Glob(filepath.Join(ref, "*", "*.txt"))
	if len(specs) != 64 {
		t.Fatalf("%d specs, want 64", len(specs))
	}
	for _, spec := range specs {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			base := strings.TrimSuffix(spec, ".txt")
			outFile := base + ".out"
			if strings.Contains(spec, "classic") {
				outFile = base + ".dlx"
			}
			in, _ := os.ReadFile(spec)
			rc, _ := os.ReadFile(base + ".rc")
			code, stdout, stderr := run(t, string(in), "polyiamond-dlx")
			if strings.TrimSpace(string(rc)) != "0" {
				if code == 0 || stdout != "" || !strings.HasPrefix(stderr, "polyviz polyiamond-dlx: <stdin>:") {
					t.Fatalf("exit %d, %d bytes of output, stderr %q; POLYIAMOND-DLX rejected it", code, len(stdout), stderr)
				}
				return
			}
			want, _ := os.ReadFile(outFile)
			if code != 0 || stdout != string(want) {
				t.Fatalf("exit %d, output equal: %v; stderr %s", code, stdout == string(want), stderr)
			}
			wantErr, _ := os.ReadFile(base + ".err")
			lines := strings.Split(strings.TrimSpace(string(wantErr)), "\n")
			if !strings.HasSuffix(strings.TrimSpace(stderr), lines[len(lines)-1]) {
				t.Errorf("stderr %q does not end with %q", stderr, lines[len(lines)-1])
			}
		})
	}
}

// TestListPieceSet: `list --pieces hexiamonds` prints spec lines that,
// after a box line and the comment naming the lattice, solve the 6x6
// rhombus: 624 packings.
func TestListPieceSet(t *testing.T) {
	code, lines, stderr := run(t, "", "list", "--pieces", "hexiamonds")
	if code != 0 || strings.Count(lines, "\n") != 12 {
		t.Fatalf("exit %d, %q, %s", code, lines, stderr)
	}
	spec := "| polyiamond\n[0-5][0-5] [0-5][0-5]'\n" + lines
	code, out, stderr := run(t, spec, "solve", "--engine", "bits", "-")
	if code != 0 || !strings.Contains(out+stderr, "Altogether 624 solutions") {
		t.Errorf("exit %d: %s %s", code, out, stderr)
	}
	if code, _, stderr := run(t, "", "list", "--pieces", "nonagons"); code != 2 || !strings.Contains(stderr, "tetrahexes") {
		t.Errorf("unknown set: exit %d, %s", code, stderr)
	}
}

// TestRenderLatticeSVG: a hexiamond solution and a tetrahex orientation
// sheet are drawn as SVG, one path of triangles or hexagons per piece;
// the PNG projector and disassembly refuse triangles and hexagons and say
// what works instead.
func TestRenderLatticeSVG(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "h.svg")
	if code, _, stderr := run(t, "", "render", "hexiamond-6x6", "--solution", "1", "--labels", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	svg, _ := os.ReadFile(out)
	if n := strings.Count(string(svg), `class="piece"`); n != 12 {
		t.Errorf("%d pieces drawn, want 12", n)
	}
	sheet := filepath.Join(dir, "s.svg")
	if code, _, stderr := run(t, "", "orientations", "tetrahex-4x7", "--piece", "J4", "-o", sheet); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(sheet)
	if !strings.Contains(string(data), "J4: 12 of 12 orientations distinct") {
		t.Errorf("sheet title missing")
	}
	for _, args := range [][]string{
		{"render", "hexiamond-6x6", "-o", filepath.Join(dir, "h.png")},
		{"disassemble", "tetrahex-4x7", "--solution", "1"},
	} {
		if code, _, stderr := run(t, "", args...); code == 0 || !strings.Contains(stderr, "not done yet") {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
}
