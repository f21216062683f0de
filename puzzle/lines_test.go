package puzzle

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestControlCharacters: a control character in a piece name or a suffix
// is refused where it stands, before it can reach a DLX file raw.
func TestControlCharacters(t *testing.T) {
	tests := []struct {
		name      string
		planar    bool
		spec      string
		want      error
		line, col int
	}{
		{"NUL in a 3D name", false, "000 001\nA\x00 000 001\n", ErrIllegalNameChar, 2, 2},
		{"NUL in a 2D name", true, "00 01\nAB\x00C 00 01\n", ErrIllegalNameChar, 2, 3},
		{"escape in a name", false, "000\n\x1b[31m 000\n", ErrIllegalNameChar, 2, 1},
		{"DEL after a multiplicity", false, "000\n2*\x7f 000\n", ErrIllegalNameChar, 2, 3},
		{"NUL in a suffix", true, "00 00x\x00\nA 00\n", ErrIllegalSuffixChar, 1, 7},
		{"bell in a piece's suffix", true, "00\nA 00\x07\n", ErrIllegalSuffixChar, 2, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSpec("spec.txt", []byte(tt.spec), tt.planar)
			var pe *ParseError
			if !errors.Is(err, tt.want) || !errors.As(err, &pe) || pe.Line != tt.line || pe.Col != tt.col {
				t.Fatalf("err = %v; want %v at spec.txt:%d:%d", err, tt.want, tt.line, tt.col)
			}
		})
	}
	// a name of printable characters other than the forbidden ones is fine
	if _, err := ParseSpec("spec.txt", []byte("000 001\nÄ~! 000 001\n"), false); err != nil {
		t.Fatal(err)
	}
}

// TestSpecLines: lines end at "\n", a "\r" before it is dropped, a last
// line without a newline counts, and Lines keeps every line as written.
func TestSpecLines(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"\n", []string{""}},
		{"a", []string{"a"}},
		{"a\r\nb\r\n\nc", []string{"a", "b", "", "c"}},
		{"a\rb\n\r", []string{"a\rb", ""}},
	} {
		var got []string
		for i, line := range splitLines([]byte(tt.in)) {
			if i != len(got) {
				t.Fatalf("%q: line number %d, want %d", tt.in, i, len(got))
			}
			got = append(got, string(line))
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("%q: lines %q, want %q", tt.in, got, tt.want)
		}
		if n := countLines([]byte(tt.in)); n != len(tt.want) {
			t.Errorf("%q: countLines %d, want %d", tt.in, n, len(tt.want))
		}
	}
	pz, err := ParseSpec("spec.txt", []byte("| soma\r\n000 001\r\n\r\nA 000 001"), false)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(pz.Lines, "|"); got != "| soma|000 001||A 000 001" {
		t.Errorf("Lines = %q", pz.Lines)
	}
}

// TestSpecMemoryPerByte: reading a spec of millions of short lines (blank
// lines, comments) allocates no more per byte of input than the memory
// check assumes of an input (BytesPerDLXByte), so that an input the check
// lets through can be read: the lines are never gathered in a slice of
// their own, and Puzzle.Lines holds slices of one copy of the text.
func TestSpecMemoryPerByte(t *testing.T) {
	n := 1 << 20
	if testing.Short() {
		n = 1 << 17
	}
	for _, tt := range []struct {
		name string
		line string
	}{
		{"blank lines", "\n"},
		{"comments", "| c\n"},
		{"CRLF blank lines", "\r\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte("000 001\nA 000 001\n" + strings.Repeat(tt.line, n))
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			pz, err := ParseSpecOn("spec.txt", data, geometry.Cubes())
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if len(pz.Lines) != n+2 {
				t.Fatalf("%d lines, want %d", len(pz.Lines), n+2)
			}
			if len(pz.Warnings) > maxWarnings+1 {
				t.Errorf("%d warnings, want at most %d and a count", len(pz.Warnings), maxWarnings+1)
			}
			if tt.line != "| c\n" {
				if want := fmt.Sprintf("spec.txt: %d more empty lines", n-maxWarnings); !strings.HasPrefix(pz.Warnings[len(pz.Warnings)-1], want) {
					t.Errorf("last warning %q, want it to start %q", pz.Warnings[len(pz.Warnings)-1], want)
				}
			}
			perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(data))
			if perByte > BytesPerDLXByte {
				t.Errorf("%.1f bytes allocated per byte of input, more than the %d the memory check assumes", perByte, BytesPerDLXByte)
			}
		})
	}
}

// TestSpecTooBig: an input longer than MaxSpecBytes is refused at once,
// with ErrSpecTooBig, and one just under it is read.
func TestSpecTooBig(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 64 MiB")
	}
	// the box, a piece, and a comment line to the end
	data := bytes.Repeat([]byte{'x'}, MaxSpecBytes+1)
	copy(data, "000 001\nA 000 001\n| ")
	if _, err := ParseSpec("big.txt", data, false); !errors.Is(err, ErrSpecTooBig) || !strings.HasPrefix(err.Error(), "big.txt: ") {
		t.Fatalf("err = %v, want %v", err, ErrSpecTooBig)
	}
	if _, err := ParseSpec("big.txt", data[:MaxSpecBytes], false); err != nil {
		t.Fatal(err)
	}
}

// TestLoadSpecTooBig: Load refuses a spec over MaxSpecBytes as
// ParseSpecOn does, under a memory limit too (where the spec is sized
// first).
func TestLoadSpecTooBig(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 64 MiB")
	}
	data := bytes.Repeat([]byte{'\n'}, MaxSpecBytes+1)
	copy(data, "000 001\nA 000 001\n")
	for _, limit := range []int64{0, 1 << 40} {
		if _, err := LoadWith("big.txt", data, FormatPolycube, LoadOptions{MaxBytes: limit}); !errors.Is(err, ErrSpecTooBig) {
			t.Errorf("limit %d: err = %v, want %v", limit, err, ErrSpecTooBig)
		}
	}
}
