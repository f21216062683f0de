package cli

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tristicks3x3 is the five tristicks, each up to four times, on a 2x2
// square of unit squares (12 sticks): 51 solutions, 17 up to rotation, 10
// up to rotation and reflection (the polystick tests check these against
// Burnside's lemma).
const tristicks3x3 = `| polysticks
board 2x2
0-4|A H00 V00 H10
0-4|B H00 V00 V10
0-4|C H00 H10 V10
0-4|D H00 H10 H20
0-4|E H00 V10 H11
`

// TestPolysticksCommands runs the polysticks commands as a user would.
func TestPolysticksCommands(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "sticks.txt")
	if err := os.WriteFile(spec, []byte(tristicks3x3), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"solve", spec}, 0, "", "Altogether 51 solutions"},
		{[]string{"solve", "--distinct", "rotations", spec}, 0, "", "Altogether 17 distinct solutions up to rotation (51 raw)"},
		{[]string{"solve", "--distinct", "all", "--print", spec}, 0, "10:\n", "Altogether 10 distinct solutions up to rotation and reflection (51 raw)"},
		{[]string{"solve", "--max", "3", "--print", spec}, 0, "3:\n", "3 solutions"},
		{[]string{"solve", "--distinct", "all", "--json", spec}, 0, `"solutions":10,"raw":51,"mode":"all","group":8`, ""},
		{[]string{"polysticks-dlx", spec}, 0, "0:4|A 0:4|B 0:4|C 0:4|D 0:4|E H00 V00", ""},
		{[]string{"polysticks-dlx", "tetrastick-5x5"}, 0, "| H J L N Y I11", ""},
		{[]string{"solve", "--format", "sticks", "-"}, 1, "", "<stdin>:2:1: no pieces"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(t, "board 2x2\n", tc.args...)
			if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errs, tc.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", code, out, errs, tc.code, tc.stdout, tc.stderr)
			}
		})
	}
	// render: a PNG of the board as large as any other board's (1024x768
	// unless --size), the board fitted and centred; an SVG of a solution
	for _, tc := range []struct {
		size       []string
		w, h, unit int
	}{{nil, 1024, 768, 256}, {[]string{"--size", "300x200"}, 300, 200, 66}} {
		png1 := filepath.Join(dir, "board.png")
		if code, _, errs := runCLI(t, "", append([]string{"render", spec, "-o", png1}, tc.size...)...); code != 0 {
			t.Fatalf("render: %d %s", code, errs)
		}
		data, err := os.ReadFile(png1)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil || img.Bounds().Dx() != tc.w || img.Bounds().Dy() != tc.h {
			t.Fatalf("PNG %v, %v; want %dx%d", img.Bounds(), err, tc.w, tc.h)
		}
		// the board's bottom left point, a unit and a half left of the
		// centre and below it (two units and half a unit's margin), has
		// its dot; the corner of the picture is white paper
		x, y := tc.w/2-tc.unit, tc.h/2+tc.unit
		if r, _, _, _ := img.At(x, y).RGBA(); r>>8 > 0x80 {
			t.Errorf("size %v: no dot at the board's corner (%d,%d)", tc.size, x, y)
		}
		if r, g, b, _ := img.At(1, 1).RGBA(); r>>8 != 0xff || g>>8 != 0xff || b>>8 != 0xff {
			t.Errorf("size %v: the picture's corner is not white", tc.size)
		}
	}
	svg := filepath.Join(dir, "s.svg")
	if code, _, errs := runCLI(t, "", "render", spec, "--solution", "2", "-o", svg); code != 0 {
		t.Fatalf("render: %d %s", code, errs)
	}
	data, _ := os.ReadFile(svg)
	if n := strings.Count(string(data), "stroke-linecap=\"round\""); n != 4 {
		t.Errorf("%d pieces in the SVG, want 4", n)
	}
	if code, _, errs := runCLI(t, "", "render", spec, "--solution", "52", "-o", svg); code != 1 || !strings.Contains(errs, "has 51 solutions") {
		t.Errorf("render of solution 52: %d %s", code, errs)
	}
}
