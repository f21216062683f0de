package puzzle

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
)

func TestBracketedSets(t *testing.T) {
	tests := []struct {
		box  string
		want int // cells in the box
	}{
		{"[01]a[9b]", 4},
		{"[0-1][a-a][9-b]", 6},
		{"[1-3][1-4][1-5]", 60},
		{"[123]22 2[123]2 22[123]", 7},
		{"[7-z32-4A5-5]00", 34}, // the same as [2-57-A]: 2..5 and 7..36
		{"[2-57-A]00", 34},
		{"[]00", 0},
		{"000 000 000", 1},
	}
	for _, tc := range tests {
		t.Run(tc.box, func(t *testing.T) {
			pz, err := ParseSpec("t", []byte(tc.box+"\n"), false)
			if err != nil {
				t.Fatal(err)
			}
			if len(pz.Box) != tc.want {
				t.Errorf("%d cells, want %d", len(pz.Box), tc.want)
			}
		})
	}
	a, _ := ParseSpec("a", []byte("[7-z32-4A5-5]00\n"), false)
	b, _ := ParseSpec("b", []byte("[2-57-A]00\n"), false)
	if !a.Box.Equal(b.Box) {
		t.Errorf("[7-z32-4A5-5] and [2-57-A] differ")
	}
}

// TestErrors covers every rejection, Knuth's illegal examples among them,
// with the position each error names.
func TestErrors(t *testing.T) {
	tests := []struct {
		name   string
		planar bool
		spec   string
		want   error
		line   int
		col    int
	}{
		{"[-5]", false, "[-5]00\n", ErrIllegalRange, 1, 2},
		{"[1-]", false, "[1-]00\n", ErrIllegalRange, 1, 3},
		{"[3-2]", false, "[3-2]00\n", ErrDecreasingRange, 1, 4},
		{"[1-2-3]", false, "[1-2-3]00\n", ErrIllegalRange, 1, 5},
		{"[3--5]", false, "[3--5]00\n", ErrIllegalRange, 1, 4},
		{"no closing bracket", false, "00[01\n", ErrNoClosingBracket, 1, 3},
		{"bracketed digit", false, "0[0+]0\n", ErrIllegalBracketedDigit, 1, 4},
		{"illegal digit", false, "0-0\n", ErrIllegalDigit, 1, 2},
		{"incomplete", false, "00\n", ErrIncompleteCell, 1, 3},
		{"missing space", false, "| c\n000x 111\n", ErrMissingSpace, 2, 4},
		{"no box", false, "| only a comment\n", ErrNoBox, 2, 1},
		{"empty input", false, "", ErrNoBox, 1, 1},
		{"unknown multiplicity", false, "000\n-*A 000\n", ErrUnknownMultiplicity, 2, 1},
		{"star in 3D name", false, "000\nAB*C 000\n", ErrIllegalNameChar, 2, 3},
		{"multiplicity A", false, "000\nA*B*C 000\n", ErrIllegalNameChar, 2, 4},
		{"colon in name", false, "000\nA:B 000\n", ErrIllegalNameChar, 2, 2},
		{"long name", false, "000\nABCDEFGHI 000\n", ErrBadName, 2, 1},
		{"name is cell", false, "[01]00\n100 000\n", ErrNameIsCell, 2, 1},
		{"inconsistent", false, "000\n2*A 000\n3*A 000\n", ErrInconsistentMultiplicity, 3, 3},
		{"2D name bar", true, "00\nA|B:C 00\n", ErrIllegalNameChar, 2, 4},
		{"2D too long", true, "00\nABCDEFGHIJ 00\n", ErrBadName, 2, 1},
		{"2D suffix", true, "00abcdefg\n", ErrSuffixTooLong, 1, 3},
		{"2D name is cell", true, "[01]0\n10 00\n", ErrNameIsCell, 2, 1},
		{"2D inconsistent", true, "00\n2|MM 00\n3|MM 00\n", ErrInconsistentMultiplicity, 3, 3},
		{"2D bad range", true, "[4-6][65] [1-]0\n", ErrIllegalRange, 1, 13},
		{"column in runes", false, "000\n| é\nÀ 0é0\n", ErrIllegalDigit, 3, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSpec("x.txt", []byte(tc.spec), tc.planar)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a ParseError", err)
			}
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
			if pe.Line != tc.line || pe.Col != tc.col || pe.File != "x.txt" {
				t.Errorf("at %s:%d:%d, want x.txt:%d:%d", pe.File, pe.Line, pe.Col, tc.line, tc.col)
			}
			if !strings.HasPrefix(err.Error(), "x.txt:") {
				t.Errorf("message %q does not start with the file", err)
			}
		})
	}
}

func TestPieces(t *testing.T) {
	spec := "| soma\n[0-2][0-2][0-2]\nV 000 100 010\n3*L 000 100 200 010\nV 000 100 010\n\nX\n"
	pz, err := ParseSpec("s", []byte(spec), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(pz.Pieces) != 2 || pz.Pieces[0].Name != "V" || pz.Pieces[1].Name != "L" {
		t.Fatalf("pieces %+v", pz.Pieces)
	}
	if p := pz.Pieces[1]; p.Min != 3 || p.Max != 3 || len(p.Orientations) != 24 || p.Cells != 4 {
		t.Errorf("L = %+v", p)
	}
	// The V line twice: its 12 base placements twice, in Knuth's fashion.
	if len(pz.Bases) != 12+24+12 {
		t.Errorf("%d bases", len(pz.Bases))
	}
	if len(pz.Warnings) != 2 {
		t.Errorf("warnings %q", pz.Warnings)
	}
}

func TestSuffixes(t *testing.T) {
	// Knuth's example: typical cells 00, 01, 00!, 01! give one option per
	// domino position, each with both secondary items.
	spec := "[3-4]4 [3-4]4!\nD 00 01 00! 01!\n"
	pz, err := ParseSpec("s", []byte(spec), true)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pz.WriteDLX(&out)
	if !strings.Contains(out.String(), "D 34 34! 44 44!\n") || !strings.Contains(out.String(), " 34 44 D | 34! 44!\n") {
		t.Errorf("output:\n%s", out.String())
	}
	if got := pz.Summary(); !strings.HasPrefix(got, "Altogether 2+2 cells, 1 pieces, 2 base placements") {
		t.Errorf("summary %q", got)
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name, data string
		want       Format
	}{
		{"a.dlx", "anything", FormatDLX},
		{"soma.txt", "| c\n[0-2][0-2][0-2]\nV 000\n", FormatPolycube},
		{"p.txt", "[0-5][0-9]\nF 10 20 01 11 12\n", FormatPolyomino},
		{"mixed.txt", "000 11\n", FormatPolyomino},
		{"<stdin>", "| Knuth's DLX1 example\na b c d e f g\nc e\n", FormatDLX},
		{"<stdin>", "| secondary\n00 01 V | 00x\n", FormatDLX},
		{"<stdin>", "| a DLX file from polycube-dlx\n 000 001 V\nV 000 001\n", FormatDLX},
	}
	for _, tc := range tests {
		if got := Detect(tc.name, []byte(tc.data)); got != tc.want {
			t.Errorf("Detect(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLoadAndProblem(t *testing.T) {
	ref := referenceDir(t)
	for _, name := range []string{"soma-3x3x3", "pentomino-6x10"} {
		l, err := Load(name+".txt", mustRead(t, ref+"/specs/"+name+".txt"), FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := l.Problem.WriteDLX(&out); err != nil {
			t.Fatal(err)
		}
		if l.Problem.NumOptions() != len(l.Puzzle.Placements()) {
			t.Errorf("%s: %d options, %d placements", name, l.Problem.NumOptions(), len(l.Puzzle.Placements()))
		}
		// The DLX file Knuth's program wrote, read back, is the same puzzle.
		d, err := Load(name+".dlx", mustRead(t, ref+"/dlx/"+name+".dlx"), FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		if d.Puzzle == nil || len(d.Puzzle.Pieces) != len(l.Puzzle.Pieces) || !d.Puzzle.Box.Equal(l.Puzzle.Box) {
			t.Fatalf("%s.dlx not recognised as the same packing puzzle", name)
		}
		for i, pl := range l.Puzzle.Placements() {
			dp := d.Puzzle.Placements()[i]
			if !geometry.NewShape(dp.Cells...).Equal(geometry.NewShape(pl.Cells...)) || d.Puzzle.Pieces[dp.Piece].Name != l.Puzzle.Pieces[pl.Piece].Name {
				t.Fatalf("%s: placement %d differs", name, i)
			}
		}
	}
}

// FuzzParseSpec: the parser never panics, every error has a position, and a
// spec that parses, written back as a DLX file, reads back as the same puzzle.
func FuzzParseSpec(f *testing.F) {
	f.Add([]byte("[0-2][0-2][0-2]\nV 000 100 010\n2*L 000 100 200 010\n"), false)
	f.Add([]byte("| c\n[0-5][0-9]\nF 10 20 01 11 12\n2:3|I 00 01 02 03 04\n"), true)
	f.Add([]byte("[3-4]4 [3-4]4!\nD 00 01 00! 01!\n"), true)
	f.Add([]byte("[7-z32-4A5-5]00\nK 000\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, planar bool) {
		// ParseSpec has no memory limit: read only what the command line
		// would read under one (see FuzzLoad for the limit itself)
		l := geometry.Cubes()
		if planar {
			l = geometry.Squares()
		}
		if need, _ := specReadBytes(data, l, 0); len(data) > fuzzMaxInput || need > fuzzMaxBytes {
			return
		}
		pz, err := ParseSpec("f", data, planar)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		if len(pz.Placements()) > 20000 {
			return
		}
		var out bytes.Buffer
		if err := pz.WriteDLX(&out); err != nil {
			t.Fatal(err)
		}
		again, err := ParseSpec("f", data, planar)
		if err != nil || again.Summary() != pz.Summary() {
			t.Fatalf("second parse differs: %v", err)
		}
		prob, err := pz.Problem()
		if err != nil {
			return // a multiplicity a solver cannot read, or an item twice
		}
		if prob.NumOptions() != len(pz.Placements()) {
			t.Fatalf("%d options for %d placements", prob.NumOptions(), len(pz.Placements()))
		}
		// The DLX file written back reads as the same problem. (A 2D piece
		// named like "3*X" is the one exception: polyviz's DLX reader takes
		// that for POLYCUBE-DLX's multiplicity, as documented.)
		for _, pc := range pz.Pieces {
			if len(pc.Name) > 2 && pc.Name[1] == '*' && pc.Mult == "1" {
				return
			}
		}
		back, err := Load("f.dlx", out.Bytes(), FormatDLX)
		if err != nil {
			t.Fatalf("our DLX output does not read back: %v\n%s", err, out.Bytes())
		}
		if back.Problem.NumOptions() != prob.NumOptions() || back.Problem.NumItems() != prob.NumItems() {
			t.Fatalf("read back: %d options, %d items; want %d, %d", back.Problem.NumOptions(), back.Problem.NumItems(), prob.NumOptions(), prob.NumItems())
		}
		for i := range prob.NumOptions() {
			if !slices.Equal(back.Problem.OptionItems(i), prob.OptionItems(i)) {
				t.Fatalf("option %d reads back as %v, want %v", i, back.Problem.OptionItems(i), prob.OptionItems(i))
			}
		}
	})
}
