package formats

import (
	"errors"
	"testing"

	"polyviz/parse"
	"polyviz/puzzle"
)

// TestLatticeDetection: triangles and hexagons are read when a comment line
// or --format names them; a 2D spec with a primed box cell and no such
// comment is refused with the cell's position, by the registry's Detect as
// by Load, and reads when a format is named.
func TestLatticeDetection(t *testing.T) {
	hexiamonds := "| the 6x6 rhombus\n[0-5][0-5] [0-5][0-5]'\nA 00 00' 01 01' 02 02'\n"
	tests := []struct {
		name, spec, format string
		want               puzzle.Format
		err                error
	}{
		{"comment names triangles", "| polyiamond: a diamond\n00 00'\nA 00 00'\n", "", puzzle.FormatPolyiamond, nil},
		{"comment names hexagons", "| polyhex\n00 10\nA 00 10\n", "", puzzle.FormatPolyhex, nil},
		{"primed cell, no comment", hexiamonds, "", puzzle.FormatPolyomino, puzzle.ErrWhichLattice},
		{"primed cell, --format polyiamond", hexiamonds, "polyiamond", puzzle.FormatPolyiamond, nil},
		{"primed cell, --format triangles", hexiamonds, "triangles", puzzle.FormatPolyiamond, nil},
		{"primed cell, --format polyomino", hexiamonds, "polyomino", puzzle.FormatPolyomino, nil},
		{"squares", "00 10\nA 00 10\n", "", puzzle.FormatPolyomino, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Choose("t.txt", []byte(tc.spec), tc.format)
			if err != nil || f.Name != tc.want {
				t.Fatalf("format %v (%v), want %v", f.Name, err, tc.want)
			}
			l, err := Load("t.txt", []byte(tc.spec), tc.format, puzzle.LoadOptions{})
			if tc.err != nil {
				var pe *parse.Error
				if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != 2 || pe.Col != 12 {
					t.Fatalf("got %v, want %v at 2:12", err, tc.err)
				}
				return
			}
			if err != nil || l.Format != tc.want {
				t.Fatalf("loaded as %v: %v", l.Format, err)
			}
		})
	}
}
