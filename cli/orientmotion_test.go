package cli

import (
	"bytes"
	"image/png"
	"path/filepath"
	"strings"
	"testing"
)

// TestOrientationsMotion: the sheet of a one-sided piece draws its four
// rotations (one row), that of the same piece free its eight images (two
// rows); an SVG sheet, which draws every symmetry, is refused for it.
func TestOrientationsMotion(t *testing.T) {
	const free = "[0-4][0-4]\nF 10 20 01 11 12\nX 10 01 11 21 12\n"
	height := func(spec string) int {
		code, out, errs := drawCmd(t, spec, "orientations", "SPEC", "--piece", "F", "--thumb", "32", "-o", "-")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		img, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		return img.Bounds().Dy()
	}
	one, all := height(free+"| one-sided F\n"), height(free)
	if one >= all {
		t.Errorf("the one-sided F's sheet is %d pixels high, the free F's %d: want fewer rows", one, all)
	}
	svg := filepath.Join(t.TempDir(), "f.svg")
	code, _, errs := drawCmd(t, free+"| one-sided F\n", "orientations", "SPEC", "--piece", "F", "-o", svg)
	if code != 1 || !strings.Contains(errs, "one-sided") {
		t.Errorf("SVG sheet of a one-sided piece: exit %d, %q", code, errs)
	}
}
