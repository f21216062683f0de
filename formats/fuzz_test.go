package formats

import (
	"context"
	"errors"
	"os"
	"testing"

	"polyviz/parse"
	"polyviz/puzzle"
)

// fuzzNames are the file names FuzzDetect gives an input, by the fuzzer's
// name byte: the name takes part in recognising it.
var fuzzNames = []string{"f", "f.txt", "f.dlx", "f.xmpuzzle", "F.DLX"}

// FuzzDetect recognises fuzzed inputs and reads them in the format
// recognised, as the command line does (a memory limit, problem 1): no
// input makes Detect or a reader panic or hang; Detect always answers, the
// same answer each time; Load's error for a format of another kind is its
// Refusal; and every other error is a parse error naming the file (with a
// line when the format is a text format) or the limit's.
func FuzzDetect(f *testing.F) {
	for _, file := range []string{
		"../puzzle/testdata/specs/soma-3x3x3.txt",
		"../puzzle/testdata/specs/pentomino-3x20.txt",
		"../puzzle/testdata/lattice/hexiamond-6x6.txt",
		"../puzzle/testdata/lattice/tetrahex-4x7.txt",
		"../solver/testdata/dlx1/knuth-example.dlx",
		"../burrtools/testdata/xmpuzzle/soma.xmpuzzle",
		"../cli/testdata/lepage/problems/soma-cube.txt",
		"../fillomino/testdata/reference/fill-000.txt",
	} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, byte(0))
	}
	f.Add([]byte("antislide box 4x4x4 brick 2x2x1\n"), byte(0))
	f.Add([]byte("| polyiamond\n[0-2][0-1] [0-2][0-1]'\nA 00 00' 10\n"), byte(1))
	f.Fuzz(func(t *testing.T, data []byte, nameByte byte) {
		if len(data) > 64<<10 {
			return
		}
		name := fuzzNames[int(nameByte)%len(fuzzNames)]
		format := Detect(name, data)
		if format == nil {
			t.Fatal("Detect gave no format")
		}
		if again := Detect(name, data); again.Name != format.Name {
			t.Fatalf("Detect said %s, then %s", format.Name, again.Name)
		}
		_, err := format.Read(name, data, puzzle.LoadOptions{Context: context.Background(), MaxBytes: 64 << 20})
		if err == nil {
			return
		}
		if format.Kind != Packing {
			if !errors.Is(err, format.Refusal) {
				t.Fatalf("%s: refused with %v, want its Refusal", format.Name, err)
			}
			return
		}
		var big *puzzle.TooBigError
		if errors.As(err, &big) {
			return
		}
		var pe *parse.Error
		if !errors.As(err, &pe) || pe.File != name {
			t.Fatalf("%s: error without a position: %v", format.Name, err)
		}
		if format.Name != "xmpuzzle" && pe.Line < 1 {
			t.Fatalf("%s: error without a line: %v", format.Name, err)
		}
	})
}
