package puzzle

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"polyviz/parse"
)

// fuzzMaxInput is the largest input the fuzzers read: larger ones are
// skipped, so that a run spends its time on many small inputs; the readers
// must then keep even these from building anything unbounded.
const fuzzMaxInput = 64 << 10

// fuzzMaxBytes is the memory limit the fuzzers load with, as the command
// line loads with --max-memory.
const fuzzMaxBytes = 64 << 20

// fuzzFormats are Knuth's formats FuzzLoad reads an input in, by the
// fuzzer's format byte.
var fuzzFormats = []Format{FormatAuto, FormatPolycube, FormatPolyomino, FormatPolyiamond, FormatPolyhex, FormatDLX}

// addSeedFiles adds to f the files matching each pattern (under testdata),
// skipping those over fuzzMaxInput, with each of the given extra values.
func addSeedFiles(f *testing.F, patterns []string, add func(data []byte)) {
	f.Helper()
	n := 0
	for _, pat := range patterns {
		files, err := filepath.Glob(filepath.Join("testdata", pat))
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			if len(data) <= fuzzMaxInput {
				add(data)
				n++
			}
		}
	}
	if n == 0 {
		f.Fatalf("no seed files in %v", patterns)
	}
}

// FuzzLoad reads inputs as the command line does, in each of Knuth's
// formats (and detected), under a memory limit: no input makes it panic,
// hang or build past the limit; every error is a positioned parse error or
// the limit's *TooBigError; and a spec that loads, written back as its DLX
// file, loads as the same exact-cover problem.
func FuzzLoad(f *testing.F) {
	addSeedFiles(f, []string{"specs/*.txt", "knuth/random/00[0-9]-*.txt", "knuth/random/01[0-9]-*.txt"}, func(data []byte) {
		f.Add(data, byte(0))
		f.Add(data, byte(1))
		f.Add(data, byte(2))
	})
	addSeedFiles(f, []string{"polyiamond/classic/*.txt", "polyiamond/random/00[0-9]-*.txt"}, func(data []byte) { f.Add(data, byte(3)) })
	addSeedFiles(f, []string{"lattice/*.txt"}, func(data []byte) { f.Add(data, byte(0)) })
	addSeedFiles(f, []string{"knuth/dlx/soma-3x3x3.dlx"}, func(data []byte) { f.Add(data, byte(5)) })
	f.Add([]byte("| polyhex\n[0-3][0-3]\nA 00 10 01\nB 00 01 02\n"), byte(4))
	f.Add([]byte("[0-Z][0-Z][0-Z]\nA 000 001 002\n"), byte(1))
	f.Fuzz(func(t *testing.T, data []byte, format byte) {
		if len(data) > fuzzMaxInput {
			return
		}
		ft := fuzzFormats[int(format)%len(fuzzFormats)]
		l, err := LoadWith("f", data, ft, LoadOptions{Context: context.Background(), MaxBytes: fuzzMaxBytes})
		if err != nil {
			var pe *parse.Error
			var big *TooBigError
			if errors.As(err, &big) {
				if big.Need <= big.Limit {
					t.Fatalf("refused as too big with %d bytes needed, limit %d", big.Need, big.Limit)
				}
				return
			}
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		if l.Problem == nil {
			t.Fatal("loaded without a problem")
		}
		if l.Format == FormatDLX || l.Puzzle == nil {
			return
		}
		var out bytes.Buffer
		if err := l.Puzzle.WriteDLX(&out); err != nil {
			t.Fatalf("WriteDLX: %v", err)
		}
		back, err := LoadWith("f.dlx", out.Bytes(), FormatDLX, LoadOptions{MaxBytes: 4 * fuzzMaxBytes})
		if err != nil {
			// a 2D piece named like "3*X" reads as POLYCUBE-DLX's
			// multiplicity in a DLX file (documented)
			for _, pc := range l.Puzzle.Pieces {
				if len(pc.Name) > 2 && pc.Name[1] == '*' {
					return
				}
			}
			t.Fatalf("our DLX output does not read back: %v\n%s", err, out.Bytes())
		}
		if back.Problem.NumOptions() != l.Problem.NumOptions() || back.Problem.NumItems() != l.Problem.NumItems() {
			t.Fatalf("read back: %d options, %d items; want %d, %d", back.Problem.NumOptions(), back.Problem.NumItems(), l.Problem.NumOptions(), l.Problem.NumItems())
		}
	})
}

// TestNothingToCover: a spec with no box cell and no piece is refused at
// its box line, not with the solver's unpositioned "no primary item".
func TestNothingToCover(t *testing.T) {
	for _, tc := range []struct {
		in   string
		f    Format
		line int
	}{
		{" ", FormatAuto, 1},
		{"| c\n\n", FormatPolycube, 2},
		{"| polyhex\n\n| c\n", FormatAuto, 2},
	} {
		_, err := Load("f", []byte(tc.in), tc.f)
		var pe *parse.Error
		if !errors.Is(err, ErrNothingToCover) || !errors.As(err, &pe) || pe.Line != tc.line {
			t.Errorf("%q: %v, want ErrNothingToCover at line %d", tc.in, err, tc.line)
		}
	}
}
