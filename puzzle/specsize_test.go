package puzzle

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"polyviz/geometry"
)

// TestTokenCells: a cell token names the product of its coordinates' sets.
func TestTokenCells(t *testing.T) {
	for _, tc := range []struct {
		tok  string
		dims int
		want int64
	}{
		{"000", 3, 1},
		{"[0-2]0[3-5]", 3, 9},
		{"[0-z][0-z][0-z]", 3, 36 * 36 * 36},
		{"[0-Z][0-Z][0-Z]", 3, 62 * 62 * 62},
		{"[7-z32-4A5-5]00", 3, 34},
		{"[01]2x", 2, 2},
		{"[0-5][0-9]", 2, 60},
		{"[]00", 3, 0},
		{"[0-", 3, 1}, // malformed: left for the reader
		{"", 3, 0},
	} {
		if got := tokenCells([]byte(tc.tok), tc.dims); got != tc.want {
			t.Errorf("%q: %d cells, want %d", tc.tok, got, tc.want)
		}
	}
}

// TestSpecReadBounded: a spec whose few lines name millions of cells is
// refused under a memory limit before it is read, and every reference
// spec is read under a limit of a few MiB.
func TestSpecReadBounded(t *testing.T) {
	big := []byte("000 001\nA [0-z][0-z][0-y] z0z 1zz\nB 000\n")
	_, err := LoadWith("big.txt", big, FormatPolycube, LoadOptions{MaxBytes: 100 << 20})
	var tb *TooBigError
	if !errors.As(err, &tb) || tb.Need <= tb.Limit {
		t.Fatalf("got %v, want a *TooBigError", err)
	}
	if need, line := specReadBytes(big, geometry.Cubes(), 100<<20); line != 2 || need != (2+24*(36*36*35+2))*bytesPerSpecCell {
		t.Errorf("bound %d passed at line %d, want line 2", need, line)
	}
	files, _ := filepath.Glob("testdata/specs/*.txt")
	more, _ := filepath.Glob("testdata/lattice/*.txt")
	if len(files) == 0 || len(more) == 0 {
		t.Fatal("no specs in testdata")
	}
	for _, file := range append(files, more...) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := LoadWith(file, data, FormatAuto, LoadOptions{MaxBytes: 8 << 20}); err != nil {
			t.Errorf("%s: %v", file, err)
		}
	}
}
