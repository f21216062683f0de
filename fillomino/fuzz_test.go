package fillomino

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"polyviz/parse"
)

// FuzzParse checks that Parse never panics, that every error has a
// position and a sentinel, that a grid read is written back (String) as a
// grid that reads the same, and that building its options never fails on
// a small board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "\n", ".31\n134\n", "f.\r\n..", "2x\n", "1.6. ..\n", "..\n\n\n"} {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("testdata/reference/*.txt")
	if len(files) == 0 {
		f.Fatal("no seed files in testdata/reference")
	}
	for _, file := range files[:min(len(files), 24)] {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64<<10 {
			return
		}
		g, err := Parse("fuzz", data)
		if err != nil {
			var pe *parse.Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			if !errors.Is(err, ErrIllegalEntry) && !errors.Is(err, ErrLineTooLong) && !errors.Is(err, ErrTooManyRows) {
				t.Fatalf("error without a sentinel: %v", err)
			}
			return
		}
		h, err := Parse("again", []byte(g.String()))
		if err != nil || h.String() != g.String() || h.Rows != g.Rows || (g.Rows > 0 && h.Cols != g.Cols && g.Cols > 0) {
			t.Fatalf("%q read back as %q (%v)", g.String(), h, err)
		}
		if g.Rows*g.Cols <= 36 {
			if _, err := g.Build(context.Background(), BuildOptions{MaxOptions: 100000}); err != nil && !errors.Is(err, ErrTooManyOptions) {
				t.Fatalf("build: %v", err)
			}
		}
	})
}
