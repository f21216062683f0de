package puzzle

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestManySuffixes: a 2D spec may have any number of distinct suffixes; the
// 64th and later ones must not overflow a 64-bit mask and lose their cells.
func TestManySuffixes(t *testing.T) {
	for _, n := range []int{63, 64, 69, 200} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var box strings.Builder
			box.WriteString("[01]0")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&box, " 00s%d", i)
			}
			spec := box.String() + "\nX 00 10 00Q\n" // Q is suffix number n
			pz, err := ParseSpec("many", []byte(spec), true)
			if err != nil {
				t.Fatal(err)
			}
			if len(pz.Suffixes) != n {
				t.Errorf("%d suffixes, want %d", len(pz.Suffixes), n)
			}
			want := fmt.Sprintf("Altogether 2+%d cells,", n-1)
			if got := pz.Summary(); !strings.HasPrefix(got, want) {
				t.Errorf("summary %q, want %q...", got, want)
			}
			var out bytes.Buffer
			if err := pz.WriteDLX(&out); err != nil {
				t.Fatal(err)
			}
			// 00Q is not a cell of the box, so X fits nowhere; with the
			// box's 00s1 as the third cell it would.
			if strings.Contains(out.String(), "\nX ") {
				t.Errorf("an option for X, whose cell 00Q is not in the box:\n%s", out.String())
			}
			spec = box.String() + "\nX 00 00s1 10\n"
			pz, err = ParseSpec("many", []byte(spec), true)
			if err != nil {
				t.Fatal(err)
			}
			out.Reset()
			pz.WriteDLX(&out)
			if !strings.Contains(out.String(), "\nX 00 00s1 10\n") {
				t.Errorf("option X 00 00s1 10 missing:\n%s", out.String()[strings.LastIndexByte(out.String()[:out.Len()-1], '\n'):])
			}
			if n >= 64 {
				last := fmt.Sprintf("00s%d", n-1)
				if !strings.Contains(out.String(), " "+last+"\n") {
					t.Errorf("box cell %s missing from the item line", last)
				}
			}
		})
	}
}

// TestProblemErrorsHavePositions: what Knuth's generators let through but no
// solver can take is an error with file, line and column when a spec is
// turned into a problem: the multiplicity errors too, and CRLF input is
// never read as `item "00\r"`.
func TestProblemErrorsHavePositions(t *testing.T) {
	tests := []struct {
		name   string
		planar bool
		spec   string
		want   error
		line   int
		col    int
	}{
		{"2D multiplicity 0", true, "[01]0\n0|A 00\n", ErrBadMultiplicity, 2, 1},
		{"2D multiplicity too big", true, "[01]0\n| c\n9999999999|A 00\n", ErrBadMultiplicity, 3, 1},
		{"2D multiplicity abc", true, "[01]0\nB 00\nabc|A 00\n", ErrBadMultiplicity, 3, 1},
		{"2D multiplicity u>v", true, "[01]0\n3:2|A 00\n", ErrBadMultiplicity, 2, 1},
		{"3D multiplicity 0", false, "[01]00\n0*A 000\n", ErrBadMultiplicity, 2, 1},
		{"suffix with colon", true, "00 00:x\nA 00 00:x\n", ErrBadItemName, 1, 6},
		{"suffix with bar", true, "00 00|x\nA 00\n", ErrBadItemName, 1, 6},
		{"name with tab", true, "00\nA\tB 00\n", ErrIllegalNameChar, 2, 2},
		{"piece named as a suffixed cell", true, "00 00x\n00x 00\n", ErrNameClash, 2, 1},
		{"3D spec read as 2D", true, "| soma\n[0-2][0-2][0-2]\nA 000 001 010\n", ErrNoBoardCell, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := FormatPolycube
			if tt.planar {
				f = FormatPolyomino
			}
			_, err := Load("spec.txt", []byte(tt.spec), f)
			var pe *ParseError
			if !errors.Is(err, tt.want) || !errors.As(err, &pe) || pe.File != "spec.txt" || pe.Line != tt.line || pe.Col != tt.col {
				t.Fatalf("err = %v; want %v at spec.txt:%d:%d", err, tt.want, tt.line, tt.col)
			}
		})
	}
}

// TestCRLF: a spec with CRLF line ends reads as the same spec with LF.
func TestCRLF(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		planar bool
	}{
		{"| dominoes\n[0-3][0-1]\nD 00 01\n", true},
		{"| dominoes\n[0-3][0-1]0\nD 000 010\n", false},
		{"[0-1]0 [0-1]0!\nD 00 10 00! 10!\n", true},
	} {
		f := FormatPolycube
		if tc.planar {
			f = FormatPolyomino
		}
		lf, err := Load("lf", []byte(tc.spec), f)
		if err != nil {
			t.Fatal(err)
		}
		crlf, err := Load("crlf", []byte(strings.ReplaceAll(tc.spec, "\n", "\r\n")), f)
		if err != nil {
			t.Fatalf("CRLF: %v", err)
		}
		var a, b bytes.Buffer
		lf.Problem.WriteDLX(&a)
		crlf.Problem.WriteDLX(&b)
		if a.String() != b.String() || Detect("crlf", []byte(strings.ReplaceAll(tc.spec, "\n", "\r\n"))) != Detect("lf", []byte(tc.spec)) {
			t.Errorf("CRLF problem differs:\n%s\nLF:\n%s", b.String(), a.String())
		}
	}
}
