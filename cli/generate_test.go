package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/burrtools"
	"polyviz/puzzle"
)

func runGenerateArgs(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = runGenerate(context.Background(), IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, args)
	return out.String(), errb.String(), code
}

// The figures are BurrTools' (DemoPieceGenerator, its library's assembly
// import: 52 notchable pieces, 705 connected), its user guide's (59
// notchable six-piece burr pieces) and the free polycubes that fit a 2x2x2
// cube (13; 14 when the screw's mirror image counts).
func TestGenerate(t *testing.T) {
	demo := filepath.Join("testdata", "burrtools", "DemoPieceGenerator.xmpuzzle")
	spheres := filepath.Join(t.TempDir(), "spheres.xmpuzzle")
	if err := os.WriteFile(spheres, []byte(`<?xml version="1.0"?><puzzle version="2"><gridType type="2"/><colors/><shapes>
<voxel x="2" y="2" z="1" type="0">#__#</voxel><voxel x="2" y="2" z="2" type="0">#__#_++_</voxel></shapes>
<problems><problem><shapes><shape id="0" min="1" max="2"/></shapes><result id="1"/><bitmap/></problem></problems></puzzle>`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		code     int
		contains []string // in stdout, or in stderr when the exit is not 0
	}{
		{"demo notchable", []string{"--count", "--notchable", demo}, 0, []string{"52\n"}},
		{"demo connected", []string{"--count", demo}, 0, []string{"705\n"}},
		{"demo any", []string{"--count", "--connected", "any", demo}, 0, []string{"765\n"}},
		{"demo table", []string{"--notchable", "--unique", "mirror", demo}, 0, []string{
			"template of 24 cells on cubes (14 fixed, 10 optional; its box: filled cells fixed, optional cells optional): 1024 subsets tried, 33 pieces kept (connected face, notchable, unique mirror)",
			"NAME  CELLS  SUBSETS  SYMMETRY  CHIRAL  CONNECTED  HOLES  NOTCHABLE  MILLABLE  SHAPE",
			"14-1  14     1        2         -       face       0      yes        yes       000 001 010 020 030 040 050 051 100 101 110 140 150 151",
			"15-1  15     2        1         yes     face       0      yes        yes       000 001 010 020 021 030 040 050 051 100 101 110 140 150 151",
		}},
		{"burr", []string{"--count", "--notchable", "burr"}, 0, []string{"59\n"}},
		{"cube", []string{"--count", "--unique", "mirror", "2x2x2"}, 0, []string{"13\n"}},
		{"cube one-sided", []string{"--count", "2x2x2"}, 0, []string{"14\n"}},
		{"squares", []string{"--count", "--unique", "mirror", "--min", "7", "3x3"}, 0, []string{"11\n"}},
		{"squares without holes", []string{"--count", "--unique", "mirror", "--no-holes", "--min", "7", "3x3"}, 0, []string{"9\n"}},
		{"tetriamonds", []string{"--count", "--unique", "mirror", "--lattice", "triangles", "--min", "4", "--max", "4", "3x3"}, 0, []string{"3\n"}},
		{"too many", []string{"3x3x3"}, 1, []string{"27 optional cells make 2^27 subsets to try", "raise --max-subsets"}},
		{"far too many", []string{"4x4x4"}, 1, []string{"64 optional cells: more than 62 are too many to try each subset", "give --max"}},
		{"too many, --max", []string{"3x3x3"}, 1, []string{"or give --max"}},
		{"far too many, edges", []string{"--connected", "edge", "--max", "4", "4x4x4"}, 1, []string{"more than 62 are too many", "ask for pieces joined through faces (--connected face) with --max"}},
		// past the subsets tried one by one, the joined pieces are grown:
		// the 34 free polycubes of up to 5 cells less the I
		{"grown", []string{"--max", "5", "--unique", "mirror", "4x4x4"}, 0, []string{"4x4x4: template of 64 cells on cubes (0 fixed, 64 optional; every cell optional): 12532 joined subsets of at most 5 cells grown, 33 pieces kept"}},
		{"grown past the limit", []string{"--max", "8", "--max-subsets", "1000", "4x4x4"}, 1, []string{"more than 1000 pieces of at most 8 cells joined through faces", "lower --max"}},
		{"notchable squares", []string{"--notchable", "3x3"}, 2, []string{"--millable and --notchable test pieces made of cubes"}},
		{"bad unique", []string{"--unique", "sideways", "2x2"}, 2, []string{"unique \"sideways\""}},
		{"bad range", []string{"--min", "5", "--max", "3", "2x2"}, 2, []string{"--min 5 --max 3"}},
		{"no template", nil, 2, []string{"give one template"}},
		// bad box sizes and lattices are bad usage, and name only what generate takes
		{"empty box", []string{"0x0x0"}, 2, []string{"box size \"0x0x0\": each side is 1 to"}},
		{"sticks", []string{"--lattice", "sticks", "3x3"}, 2, []string{"polysticks are not generated", "generate takes squares, cubes, triangles or hexagons"}},
		{"bad lattice", []string{"--lattice", "foo", "3x3"}, 2, []string{"unknown lattice \"foo\" (want squares, cubes, triangles or hexagons)"}},
		{"burr on squares", []string{"--lattice", "squares", "burr"}, 2, []string{"--lattice goes with a box size template (2x2x2); burr is made of cubes"}},
		// the result shape's four spheres touch pairwise: the fixed pair, a
		// triangle either way (one up to rotation) and the tetrahedron
		{"spheres", []string{spheres}, 0, []string{"template of 4 cells on spheres (2 fixed, 2 optional; its result shape: filled cells fixed, variable ones optional): 4 subsets tried, 3 pieces kept",
			"3-1   3      2        12        -       touching   0      000 011 110"}},
		{"spheres by translation", []string{"--count", "--unique", "translation", spheres}, 0, []string{"4\n"}},
		{"spheres millable", []string{"--millable", spheres}, 2, []string{"--millable and --notchable test pieces made of cubes; the template is on spheres"}},
		{"spheres edge", []string{"--connected", "edge", spheres}, 2, []string{"joined through faces (face) or not tested (any)"}},
		{"spheres spec", []string{"--out", "-", spheres}, 2, []string{"give --out NAME.xmpuzzle"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runGenerateArgs(tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", code, tc.code, out, errs)
			}
			text := out
			if code != 0 {
				text = errs
			}
			for _, want := range tc.contains {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in\n%s", want, text)
				}
			}
		})
	}
}

// --out writes a piece set that polyviz reads back: a spec, or a BurrTools
// file whose problem holds every piece once and the template as its result.
func TestGenerateOut(t *testing.T) {
	dir := t.TempDir()
	spec, xm := filepath.Join(dir, "set.txt"), filepath.Join(dir, "set.xmpuzzle")
	for _, out := range []string{spec, xm} {
		if _, errs, code := runGenerateArgs("--notchable", "--out", out, "burr"); code != 0 {
			t.Fatalf("%s: exit %d: %s", out, code, errs)
		}
	}
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.ParseSpec(spec, data, false)
	if err != nil {
		t.Fatalf("the spec does not read back: %v\n%s", err, data)
	}
	if len(p.Pieces) != 59 || len(p.Box) != 24 {
		t.Errorf("spec: %d pieces, box of %d cells; want 59 and 24", len(p.Pieces), len(p.Box))
	}
	data, err = os.ReadFile(xm)
	if err != nil {
		t.Fatal(err)
	}
	x, err := burrtools.Read(xm, data)
	if err != nil {
		t.Fatal(err)
	}
	pr := x.Problems[0]
	if len(x.Shapes) != 60 || len(pr.Parts) != 59 || pr.Result != 59 || len(x.Shapes[59].Variable) != 12 {
		t.Errorf("xmpuzzle: %d shapes, %d parts, result %d, %d variable voxels; want 60, 59, 59, 12",
			len(x.Shapes), len(pr.Parts), pr.Result, len(x.Shapes[59].Variable))
	}
	// the set written is the set listed: fixed pieces say | fixed (a box
	// of them then counts 8 packings, not those of turning trominoes), and
	// a BurrTools file, whose pieces all turn, takes neither fixed nor
	// one-sided flat pieces (refused before the generation)
	fixed := filepath.Join(dir, "fixed.txt")
	if _, errs, code := runGenerateArgs("--min", "3", "--max", "3", "--unique", "translation", "--out", fixed, "2x3"); code != 0 {
		t.Fatalf("--unique translation: exit %d: %s", code, errs)
	}
	data, err = os.ReadFile(fixed)
	if err != nil || !strings.HasSuffix(string(data), "\n| fixed\n") {
		t.Fatalf("--unique translation: %v\n%s", err, data)
	}
	box := "[0-2][0-4]\n"
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "3-") || line == "| fixed\n" {
			box += line
		}
	}
	if code, _, errs := runCLI(t, box, "solve", "--format", "polyomino", "-"); code != 0 || !strings.Contains(errs, "Altogether 8 solutions") {
		t.Errorf("the fixed trominoes in 3x5: exit %d, %s", code, errs)
	}
	for _, args := range [][]string{
		{"--min", "4", "--max", "4", "4x4"},
		{"--min", "3", "--max", "3", "--unique", "translation", "2x3"},
		{"--max", "2", "--unique", "none", "2x2x2"},
	} {
		bad := filepath.Join(dir, "bad.xmpuzzle")
		_, errs, code := runGenerateArgs(append(args, "--out", bad)...)
		if _, err := os.Stat(bad); code != 2 || !strings.Contains(errs, "BurrTools turns") || strings.Contains(errs, "subsets tried") || err == nil {
			t.Errorf("%v to a BurrTools file: exit %d, %v, %s", args, code, err, errs)
		}
	}
	if _, errs, code := runGenerateArgs("--min", "4", "--max", "4", "--unique", "mirror", "--out", xm, "4x4"); code != 0 {
		t.Errorf("free tetrominoes to a BurrTools file: exit %d: %s", code, errs)
	}
	// JSON for scripts
	out, errs, code := runGenerateArgs("--json", "--unique", "mirror", "2x2x2")
	var got struct {
		Count  int `json:"count"`
		Pieces []struct {
			Name   string `json:"name"`
			Chiral bool   `json:"chiral"`
		} `json:"pieces"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Count != 13 || len(got.Pieces) != 13 {
		t.Fatalf("--json: exit %d, %+v: %s", code, got, errs)
	}
	// grown: subsets counts the joined subsets grown, and says so
	out, errs, code = runGenerateArgs("--json", "--max", "5", "--unique", "mirror", "4x4x4")
	var grown struct {
		Subsets uint64 `json:"subsets"`
		Grown   bool   `json:"grown"`
		Count   int    `json:"count"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &grown) != nil || grown.Subsets != 12532 || !grown.Grown || grown.Count != 33 {
		t.Fatalf("--json grown: exit %d, %+v: %s", code, grown, errs)
	}
	if out, _, _ := runGenerateArgs("--json", "2x2x2"); strings.Contains(out, `"grown"`) {
		t.Errorf("--json says grown of subsets tried one by one")
	}
}
