package antislide

import (
	"errors"
	"testing"

	"polyviz/geometry"
	"polyviz/parse"
)

func TestParseFile(t *testing.T) {
	for _, tc := range []struct {
		text        string
		size, piece string
	}{
		{"antislide box 4x4x4 brick 2x2x1\n", "444", "000 010 100 110"},
		{"# Knuth\n\nantislide box 4x4x5   # his second box\n", "445", "000 010 100 110"},
		{"antislide box 3x3x3 piece 000 100 010", "333", "000 010 100"},
		{"antislide brick 3x1x1 box 2x3x4\r\n", "234", "000 100 200"},
	} {
		p, err := ParseFile("f.txt", []byte(tc.text))
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if p.Size.String() != tc.size || p.Piece.String() != tc.piece {
			t.Errorf("%q: box %v piece %v", tc.text, p.Size, p.Piece)
		}
	}
}

func TestParseFileErrors(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want      error
		line, col int
	}{
		{"", ErrNotAntislide, 0, 0},
		{"# only a comment\n", ErrNotAntislide, 0, 0},
		{"\n  polycube box 4x4x4\n", ErrNotAntislide, 2, 3},
		{"antislide brick 2x2x1\n", ErrMissingBox, 1, 1},
		{"antislide box 4x4\n", ErrBadBox, 1, 15},
		{"antislide box 4x0x4\n", ErrBadBox, 1, 15},
		{"antislide box\n", ErrSyntax, 1, 11},
		{"antislide box 4x4x4 brick\n", ErrSyntax, 1, 21},
		{"antislide box 4x4x4 piece\n", ErrSyntax, 1, 21},
		{"antislide box 4x4x4 piece 0001\n", ErrBadCell, 1, 27},
		{"antislide box 4x4x4 spin 2\n", ErrSyntax, 1, 21},
		{"antislide box 4x4x4\nantislide box 2x2x2\n", ErrSyntax, 2, 1},
		{"antislide box 99x99x99\n", ErrTooLarge, 0, 0},
	} {
		_, err := ParseFile("f.txt", []byte(tc.text))
		if !errors.Is(err, tc.want) {
			t.Errorf("%q: got %v, want %v", tc.text, err, tc.want)
			continue
		}
		var pe *parse.Error
		if tc.line > 0 && (!errors.As(err, &pe) || pe.File != "f.txt" || pe.Line != tc.line || pe.Col != tc.col) {
			t.Errorf("%q: error %v, want position %d:%d", tc.text, err, tc.line, tc.col)
		}
	}
}

func TestDetect(t *testing.T) {
	for text, want := range map[string]bool{
		"antislide box 4x4x4\n":            true,
		"# c\n\n  antislide box 4x4x4\n":   true,
		"000 001\nA 000\n":                 false,
		"":                                 false,
		"antislides box\n":                 false,
		"# antislide box 4x4x4\n000 010\n": false,
	} {
		if got := Detect([]byte(text)); got != want {
			t.Errorf("Detect(%q) = %v", text, got)
		}
	}
}

// FuzzParseFile: never panics, every error has a position (a line, unless
// the input has no problem line at all), and a parsed problem's
// description parses to the same.
func FuzzParseFile(f *testing.F) {
	f.Add("antislide box 4x4x4 brick 2x2x1\n")
	f.Add("antislide box 3x3x3 piece 000 100 010 # L\n")
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 64<<10 {
			return
		}
		p, err := ParseFile("f", []byte(text))
		if err != nil {
			var pe *parse.Error
			if !errors.As(err, &pe) || pe.Line < 1 && !errors.Is(err, ErrNotAntislide) {
				t.Fatalf("%q: error without position: %v", text, err)
			}
			return
		}
		q, err := ParseFile("g", []byte("antislide "+p.Description()))
		if err != nil || q.Size != p.Size || !q.Piece.Equal(p.Piece) {
			t.Fatalf("%q: round trip %v", text, err)
		}
	})
}

func TestFormatPacking(t *testing.T) {
	p, _ := NewProblem(geometry.Cell{X: 3, Y: 2, Z: 2}, Brick(2, 1, 1))
	a := p.MoveIndex(geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}))
	b := p.MoveIndex(geometry.NewShape(geometry.Cell{X: 2, Y: 0, Z: 1}, geometry.Cell{X: 2, Y: 1, Z: 1}))
	want := "z=0  z=1\n...  ..B\nAA.  ..B\n"
	if got := p.FormatPacking([]int{a, b}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestParseFileSizePositions: a box the problem cannot take is reported
// at the box's size, as the other errors are at their word.
func TestParseFileSizePositions(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want error
		col  int
	}{
		{"antislide box 100x100x100\n", ErrTooLarge, 15},
		{"# c\n  antislide brick 1x1x1 box 60x60x60\n", ErrTooLarge, 29},
	} {
		_, err := ParseFile("f", []byte(tc.in))
		var pe *parse.Error
		if !errors.Is(err, tc.want) || !errors.As(err, &pe) || pe.Col != tc.col || pe.Line < 1 {
			t.Errorf("%q: %v, want %v at column %d", tc.in, err, tc.want, tc.col)
		}
	}
}
