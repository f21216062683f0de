package cli

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/stl"
)

// TestSTLCommand writes the Soma pieces and a plate and reads them back.
func TestSTLCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCLI(t, "", "stl", "soma", "-o", dir, "--cube", "2cm", "--clearance", "0.2mm")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.stl"))
	if len(files) != 7 || strings.Count(out, "\n") != 7 {
		t.Fatalf("%d files, output:\n%s", len(files), out)
	}
	total := 0.0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := stl.ReadBinary(fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		total += m.Volume()
	}
	// 27 cubes of 8000 mm3, less about the 6*(27)... faces' area times 0.2 mm: between 90% and 100%.
	if total > 27*8000 || total < 0.9*27*8000 {
		t.Errorf("total volume %.0f mm3", total)
	}
	if code, _, errs := runCLI(t, "", "stl", "soma", "-o", dir, "--plate"); code != 0 || !fileExists(filepath.Join(dir, "soma-plate.stl")) {
		t.Errorf("--plate: exit %d: %s", code, errs)
	}
	for _, bad := range [][]string{{"--cube", "-3"}, {"--clearance", "6mm"}, {"--cube", "abc"}, {"--unit", "0mm"}, {"--cube", "0"}} {
		if code, _, _ := runCLI(t, "", append([]string{"stl", "soma", "-o", dir}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	// bevelled pieces: closed and manifold, each less than its square-edged self
	bevelled := filepath.Join(dir, "bevel")
	if code, _, errs := runCLI(t, "", "stl", "soma", "-o", bevelled, "--unit", "2cm", "--clearance", "0.2mm", "--bevel", "1mm"); code != 0 {
		t.Fatalf("--bevel: exit %d: %s", code, errs)
	}
	for _, f := range files {
		square, round := readSTL(t, f), readSTL(t, filepath.Join(bevelled, filepath.Base(f)))
		r, err := round.Check()
		if err != nil || r.Shells != 1 || r.Volume >= square.Volume() || r.Volume < 0.95*square.Volume() {
			t.Errorf("%s bevelled: %+v, %v (square-edged %.0f mm3)", filepath.Base(f), r, err, square.Volume())
		}
	}
	if v, err := parseLength("2cm"); err != nil || math.Abs(v-20) > 1e-12 {
		t.Errorf("2cm = %g, %v", v, err)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestRenderSVG draws a 2D solution and a sheet as SVG and refuses a 3D puzzle.
func TestRenderSVG(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.svg")
	if code, _, errs := runCLI(t, "", "render", "pentomino-3x20", "--solution", "1", "--grid", "--labels", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.HasPrefix(string(data), "<?xml") || strings.Count(string(data), `class="piece"`) != 12 {
		t.Errorf("%s: %v\n%.300s", out, err, data)
	}
	if code, _, errs := runCLI(t, "", "orientations", "pentomino-3x20", "--piece", "F", "-o", filepath.Join(dir, "F.svg")); code != 0 {
		t.Errorf("orientations: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "", "render", "soma", "-o", filepath.Join(dir, "s.svg")); code != 1 || !strings.Contains(errs, "2D") {
		t.Errorf("3D to SVG: exit %d: %s", code, errs)
	}
}

// TestSTLAssembled writes a solution of the Soma cube as one file: seven
// closed shells, apart, that fill the box less the clearance; and refuses
// what cannot be written.
func TestSTLAssembled(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runCLI(t, "", "stl", "soma", "-o", dir, "--solution", "2", "--assembled", "--unit", "10mm", "--clearance", "0.2mm", "--gap", "0.6mm")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	path := filepath.Join(dir, "soma-solution-2.stl")
	if !strings.Contains(out, path) || !strings.Contains(out, "7 pieces, 1 mm apart") {
		t.Errorf("output %q", out)
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := stl.ReadBinary(fh)
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.Check()
	if err != nil || r.Shells != 7 {
		t.Fatalf("%+v: %v", r, err)
	}
	// Each shell is its cells shrunk by 0.5 mm a face: more than 27 cubes of 9 mm, less than 27 of 10.
	if r.Volume < 27*729 || r.Volume > 27*1000 {
		t.Errorf("volume %.0f mm3", r.Volume)
	}
	lo, hi := m.Bounds()
	if math.Abs(hi[0]-lo[0]-29) > 1e-4 {
		t.Errorf("%g mm wide, want 30 less two shrinks of 0.5", hi[0]-lo[0])
	}
	for _, bad := range [][]string{
		{"--assembled", "--plate"},
		{"--solution", "2"},
		{"--assembled", "--solution", "0"},
		{"--assembled", "--gap", "0"},
		{"--assembled", "--gap", "11mm"},
		{"--bevel", "6mm"},
	} {
		if code, _, errs := runCLI(t, "", append([]string{"stl", "soma", "-o", dir}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", bad, code, errs)
		}
	}
	if code, _, errs := runCLI(t, "", "stl", "soma", "-o", dir, "--assembled", "--solution", "20000"); code != 1 || !strings.Contains(errs, "11520") {
		t.Errorf("solution 20000 of 11520: exit %d: %s", code, errs)
	}
}

// TestSTLTriangles: the pieces of a triangle spec are printed as prisms of
// triangles (they came out as cubes, 48,000 mm3 a hexiamond), with a
// clearance, on a plate and assembled; a piece whose triangles touch at a
// corner alone is warned about without a clearance.
func TestSTLTriangles(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := runCLI(t, "", "stl", "hexiamond-6x6", "-o", dir, "--unit", "20mm", "--clearance", "0.2mm")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.stl"))
	if len(files) != 12 {
		t.Fatalf("%d files", len(files))
	}
	// a hexiamond: area A = 6·√3/4·u², at most 8 edges of u round it; a
	// clearance c takes at most 8u·c·u from the sides and A·2c from the
	// top and bottom
	area := 6 * math.Sqrt(3) / 4 * 400
	full := area * 20
	for _, f := range files {
		r, err := readSTL(t, f).Check()
		if err != nil || r.Shells != 1 || r.Volume > full || r.Volume < full-8*20*0.2*20-area*0.4 {
			t.Errorf("%s: %+v, %v; want one shell under %.0f mm3", filepath.Base(f), r, err, full)
		}
	}
	for _, args := range [][]string{{"--plate"}, {"--assembled", "--gap", "1mm"}} {
		out := filepath.Join(dir, args[0][2:])
		if code, _, errs := runCLI(t, "", append([]string{"stl", "hexiamond-6x6", "-o", out, "--clearance", "0.2mm"}, args...)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		files, _ := filepath.Glob(filepath.Join(out, "*.stl"))
		if len(files) != 1 {
			t.Fatalf("%v: %d files", args, len(files))
		}
		if r, err := readSTL(t, files[0]).Check(); err != nil || r.Shells != 12 || r.Volume > 12*full || r.Volume < 0.8*12*full {
			t.Errorf("%v: %+v, %v", args, r, err)
		}
	}
	spec := filepath.Join(dir, "corner.txt")
	if err := os.WriteFile(spec, []byte("| polyiamond\n[0-3][0-3] [0-3][0-3]'\nA 00 10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runCLI(t, "", "stl", spec, "-o", filepath.Join(dir, "corner"))
	if code != 0 || !strings.Contains(errs, "touching at a corner alone") {
		t.Errorf("triangles meeting at a corner: exit %d, %q", code, errs)
	}
}

// TestSTLOneStream: the one file of --plate or --assembled goes to
// standard output for -o - (its line to standard error) and in place to a
// device; one file a piece into "-" is refused, with no folder named "-".
func TestSTLOneStream(t *testing.T) {
	t.Chdir(t.TempDir())
	// a folder made for a solution there is not is not left behind
	if code, _, errs := runCLI(t, "", "stl", "soma", "--assembled", "--solution", "99999", "-o", "made"); code != 1 || !strings.Contains(errs, "not 99999") {
		t.Errorf("--solution 99999: exit %d, %q", code, errs)
	}
	if _, err := os.Stat("made"); !os.IsNotExist(err) {
		t.Errorf("the folder made for a failed write is still there: %v", err)
	}
	code, stdout, errs := runCLI(t, "", "stl", "soma", "--plate", "-o", "-")
	m, err := stl.ReadBinary(strings.NewReader(stdout))
	if code != 0 || err != nil || len(m.Triangles) == 0 || !strings.HasPrefix(errs, "standard output: ") {
		t.Errorf("--plate -o -: exit %d, %q, read %v", code, errs, err)
	}
	code, _, errs = runCLI(t, "", "stl", "soma", "--plate", "-o", "/dev/full")
	if code != 1 || !strings.Contains(errs, "no space left on device") {
		t.Errorf("--plate -o /dev/full: exit %d, %q; want 1 and the write error", code, errs)
	}
	code, _, errs = runCLI(t, "", "stl", "soma", "-o", "-")
	if code != 2 || !strings.Contains(errs, "one STL file a piece goes into a folder") {
		t.Errorf("-o -: exit %d, %q; want 2 and why", code, errs)
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error(`-o - made a folder named "-"`)
	}
}

// TestNotCells: a DLX file has no pieces nor box; the commands that need
// them say so, not that there is nothing to draw when they draw nothing.
func TestNotCells(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"xmpuzzle", "-o", filepath.Join(dir, "x.xmpuzzle")},
		{"stl", "-o", dir},
		{"disassemble"},
		{"render", "-o", filepath.Join(dir, "x.png")},
	} {
		code, _, errs := runCLI(t, "a b\na\nb\n", append(args, "--format", "dlx", "-")...)
		if code != 1 || !strings.Contains(errs, "not a puzzle of cells: an exact-cover problem has no box or pieces") || strings.Contains(errs, "nothing to draw") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}
