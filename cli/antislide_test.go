package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/antislide"
	"polyviz/formats"
)

// TestAntislideKnuth checks `polyviz antislide --knuth` against the outputs
// of Knuth's programs (copied into antislide/testdata), byte for byte.
func TestAntislideKnuth(t *testing.T) {
	files := map[string]string{"antislide": "antislide-", "nocorner": "antislide-nocorner-", "antislide3": "antislide3-"}
	for _, box := range []string{"4x4x4", "2x6x6", "4x4x5"} {
		for prog, prefix := range files {
			if testing.Short() && box != "4x4x4" && prog == "antislide3" {
				continue
			}
			want, err := os.ReadFile(filepath.Join("..", "antislide", "testdata", prefix+box+".out"))
			if err != nil {
				t.Fatal(err)
			}
			code, out, errs := runCLI(t, "", "antislide", "--knuth", prog, "--box", box)
			if code != 0 || out != string(want) {
				t.Errorf("%s %s: exit %d, stderr %q\ngot\n%s\nwant\n%s", prog, box, code, errs, out, want)
			}
		}
	}
}

func TestAntislideJSON(t *testing.T) {
	code, out, errs := runCLI(t, "", "antislide", "--box", "4x4x4", "--brick", "2x2x1", "--distinct", "--json", "-j", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Box           string
		Piece         string
		Raw           map[string]int64
		Distinct      map[string]int64
		TotalRaw      int64 `json:"total_raw"`
		TotalDistinct int64 `json:"total_distinct"`
		Complete      bool
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if got.Box != "4x4x4" || got.Piece != "brick 2x2x1" || got.TotalDistinct != 1171 || got.TotalRaw != 48556 ||
		got.Distinct["12"] != 3 || got.Distinct["16"] != 1073 || got.Raw["12"] != 18 || got.Distinct["0"] != 1 || !got.Complete {
		t.Errorf("got %+v", got)
	}
}

// TestAntislideFile reads a problem file (and a piece from a spec).
func TestAntislideFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "l.txt")
	os.WriteFile(file, []byte("# the L tricube\nantislide box 2x3x3 piece 000 100 010\n"), 0o644)
	code, out, errs := runCLI(t, "", "antislide", "--distinct", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// brute force (antislide/TestBruteForce) gives 1, 16, 2208, 11840, 432 raw
	// and 1, 1, 155, 743, 35 distinct for 0, 3, 4, 5, 6 pieces
	want := "antislide box 2x3x3 piece 000 010 100: 16 symmetries\n" +
		"pieces            raw       distinct\n" +
		"     0              1              1\n" +
		"     3             16              1\n" +
		"     4           2208            155\n" +
		"     5          11840            743\n" +
		"     6            432             35\n" +
		" total          14497            935\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	spec := filepath.Join(dir, "spec.txt")
	os.WriteFile(spec, []byte("[0-1][0-2][0-2]\nL 000 100 010\n"), 0o644)
	code, out2, errs := runCLI(t, "", "antislide", "--distinct", "--box", "2x3x3", "--piece", "L", "--spec", spec)
	if code != 0 || out2 != want {
		t.Errorf("--piece: exit %d %s\n%s", code, errs, out2)
	}
}

func TestAntislidePrint(t *testing.T) {
	code, out, errs := runCLI(t, "", "antislide", "--box", "4x4x4", "--distinct", "--print", "--min-pieces", "12", "--max-pieces", "12")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(out, " 12 pieces\n"); n != 3 {
		t.Errorf("%d packings printed, want 3:\n%s", n, out)
	}
	if !strings.HasPrefix(out, "1: 12 pieces\nz=0   z=1   z=2   z=3\n") || strings.Count(out, "L") < 3*4 {
		t.Errorf("output:\n%s", out)
	}
}

func TestAntislideErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"antislide"}, 2, "--box is required"},
		{[]string{"antislide", "--box", "4x4"}, 2, "bad box size"},
		{[]string{"antislide", "--box", "0x4x4"}, 2, "bad box size"},
		{[]string{"antislide", "--box", "4x4x4", "--brick", "2x2"}, 2, "--brick"},
		{[]string{"antislide", "--box", "4x4x4", "--piece", "L"}, 2, "go together"},
		{[]string{"antislide", "--box", "4x4x4", "-j", "0"}, 2, "-j"},
		{[]string{"antislide", "--box", "4x4x4", "--max-pieces", "0"}, 2, "--max-pieces"},
		{[]string{"antislide", "--knuth", "dlx", "--box", "4x4x4"}, 2, "unknown program"},
		{[]string{"antislide", "--knuth", "antislide", "--box", "2x2x2"}, 2, "bad box size"},
		{[]string{"antislide", "--knuth", "antislide", "--box", "4x4x4", "--json"}, 2, "--knuth takes only"},
		{[]string{"antislide", "--box", "100x100x100"}, 1, "too large"},
		{[]string{"antislide", "/nonexistent/file"}, 1, "no such file"},
	}
	for _, tt := range tests {
		code, out, errs := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.msg) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d and %q", tt.args, code, out, errs, tt.code, tt.msg)
		}
	}
}

// TestAntislideFileBadBox: a bad box in a problem file is an error in the
// input (exit 1, with its position), not bad usage.
func TestAntislideFileBadBox(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(file, []byte("antislide box 4x4x brick 2x2x1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "antislide", file)
	if code != 1 || out != "" || !strings.Contains(errs, "bad.txt:1:15: bad box size") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and bad.txt:1:15: bad box size", code, out, errs)
	}
}

// TestAntislideFullDisk: output lost to a full disk is an error.
func TestAntislideFullDisk(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer f.Close()
	for _, args := range [][]string{
		{"antislide", "--box", "4x4x4"},
		{"antislide", "--knuth", "antislide", "--box", "4x4x4"},
		{"antislide", "--box", "4x4x4", "--print", "--max-pieces", "12"},
	} {
		var errb strings.Builder
		code := Main(t.Context(), args, IO{Stdin: strings.NewReader(""), Stdout: f, Stderr: &errb}, nil)
		if code != 1 || !strings.Contains(errb.String(), "no space") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestRenderAntislide draws a 12-brick packing of the 4x4x4 box and the
// empty box from a problem file.
func TestRenderAntislide(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "box.txt")
	os.WriteFile(file, []byte("antislide box 4x4x4 brick 2x2x1\n"), 0o644)
	for _, sol := range []string{"0", "1", "3"} {
		png := filepath.Join(dir, "p"+sol+".png")
		code, _, errs := runCLI(t, "", "render", file, "--solution", sol, "--size", "160x120", "-o", png)
		if code != 0 {
			t.Fatalf("solution %s: exit %d: %s", sol, code, errs)
		}
		if st, err := os.Stat(png); err != nil || st.Size() < 500 {
			t.Errorf("solution %s: %v", sol, err)
		}
	}
	code, _, errs := runCLI(t, "", "render", file, "--solution", "1172", "-o", filepath.Join(dir, "x.png"))
	if code != 1 || !strings.Contains(errs, "1170 packings up to symmetry besides the empty box, not 1172") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestAntislideSceneEmptyCells: a packing's scene has a piece per brick and
// a translucent cube per empty cell.
func TestAntislideSceneEmptyCells(t *testing.T) {
	code, out, _ := runCLI(t, "", "antislide", "--box", "4x4x4", "--distinct", "--print", "--min-pieces", "12", "--max-pieces", "12")
	if code != 0 || !strings.Contains(out, "12 pieces") {
		t.Fatal("no packing")
	}
	p, err := antislideProblemForTest("antislide box 4x4x4 brick 2x2x1")
	if err != nil {
		t.Fatal(err)
	}
	moves, err := antislidePacking(t.Context(), p, 1)
	if err != nil || len(moves) != 12 {
		t.Fatalf("%v %v", moves, err)
	}
	s := antislideScene(p, moves)
	bricks, empty := 0, 0
	for _, pc := range s.Pieces {
		if pc.Name == "empty" {
			empty++
			if pc.Opacity <= 0 || pc.Opacity >= 1 {
				t.Errorf("empty cell opacity %v", pc.Opacity)
			}
		} else {
			bricks++
		}
	}
	if bricks != 12 || empty != 64-48 {
		t.Errorf("%d bricks, %d empty cells", bricks, empty)
	}
}

func antislideProblemForTest(text string) (*antislide.Problem, error) {
	return antislide.ParseFile("test", []byte(text))
}

// TestRenderAntislideSelect picks out a brick and says what blocks it.
func TestRenderAntislideSelect(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "box.txt")
	os.WriteFile(file, []byte("antislide box 4x4x4 brick 2x2x1\n"), 0o644)
	png := filepath.Join(dir, "sel.png")
	code, _, errs := runCLI(t, "", "render", file, "--solution", "3", "--select", "5", "--size", "160x120", "-o", png)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if n := strings.Count(errs, "piece 5, "); n != 6 || strings.Contains(errs, ": free") || !strings.Contains(errs, "the wall") {
		t.Errorf("blockers:\n%s", errs)
	}
	code, _, errs = runCLI(t, "", "render", file, "--solution", "3", "--select", "13", "-o", png)
	if code != 2 || !strings.Contains(errs, "has 12 pieces") {
		t.Errorf("--select 13: exit %d, %s", code, errs)
	}
}

// TestAntislideDetectAgrees checks that the format registry recognises an
// antislide problem exactly where package antislide's rule does (no format
// before it in the registry claims one), and that solve, given an
// antislide problem, says what to use instead.
func TestAntislideDetectAgrees(t *testing.T) {
	samples := []string{"", "antislide box 4x4x4 brick 2x2x1\n", "# a comment\n  antislide box 2x2x2 brick 2x1x1\n",
		"# antislide\nbox\n", "antislides box\n", "000 001\nA 000\n", "problem = { box = {1,1,1} }\n", "12.\n3..\n"}
	for _, s := range samples {
		want := antislide.Detect([]byte(s))
		if got := formats.Detect("x.txt", []byte(s)).Kind == formats.Antislide; got != want {
			t.Errorf("%.40q: formats.Detect says antislide %v, antislide.Detect %v", s, got, want)
		}
	}
	if f, err := formats.Lookup("antislide"); err != nil || f == nil || f.Kind != formats.Antislide || f.Name.String() != "antislide" {
		t.Errorf("Lookup(antislide) = %v, %v", f, err)
	}
	code, _, stderr := run(t, "", "solve", "antislide-4x4x4")
	if code != 1 || !strings.Contains(stderr, "polyviz antislide") {
		t.Errorf("solve on an antislide problem: exit %d, %q", code, stderr)
	}
}
