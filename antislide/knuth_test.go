package antislide

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"polyviz/geometry"
)

// referenceBoxes are the boxes of testdata, as n1 x n2 x n3.
var referenceBoxes = []struct {
	name string
	size geometry.Cell
}{
	{"4x4x4", geometry.Cell{X: 4, Y: 4, Z: 4}},
	{"2x6x6", geometry.Cell{X: 2, Y: 6, Z: 6}},
	{"4x4x5", geometry.Cell{X: 4, Y: 4, Z: 5}},
}

// TestKnuthOutput checks that KnuthOutput prints what ANTISLIDE, its
// no-corner change file and ANTISLIDE3 print, byte for byte.
func TestKnuthOutput(t *testing.T) {
	files := map[string]string{
		ProgramAntislide:  "antislide-%s.out",
		ProgramNoCorner:   "antislide-nocorner-%s.out",
		ProgramAntislide3: "antislide3-%s.out",
	}
	for _, box := range referenceBoxes {
		for _, prog := range Programs {
			if testing.Short() && prog == ProgramAntislide3 && box.name != "4x4x4" {
				continue
			}
			t.Run(prog+"-"+box.name, func(t *testing.T) {
				want, err := os.ReadFile(filepath.Join("testdata", strings.Replace(files[prog], "%s", box.name, 1)))
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				if err := KnuthOutput(context.Background(), &out, prog, box.size, 0); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out.Bytes(), want) {
					t.Errorf("got\n%s\nwant\n%s", out.Bytes(), want)
				}
			})
		}
	}
}

func TestKnuthOutputErrors(t *testing.T) {
	var out bytes.Buffer
	err := KnuthOutput(context.Background(), &out, "antislide2", geometry.Cell{X: 4, Y: 4, Z: 4}, 1)
	if !errors.Is(err, ErrUnknownProgram) {
		t.Errorf("unknown program: got %v", err)
	}
	for _, size := range []geometry.Cell{{X: 1, Y: 4, Z: 4}, {X: 2, Y: 2, Z: 2}, {X: 2, Y: 2, Z: 3}, {X: 0, Y: 4, Z: 4}} {
		if err := KnuthOutput(context.Background(), &out, ProgramAntislide, size, 1); !errors.Is(err, ErrBadBox) {
			t.Errorf("box %v: got %v, want ErrBadBox", size, err)
		}
	}
	if out.Len() != 0 {
		t.Errorf("output on error: %q", out.String())
	}
}

// readBlocks reads an ANTISLIDE3 .blocks file: "bricks count" lines.
func readBlocks(t *testing.T, name string) []int64 {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		k, err1 := strconv.Atoi(f[0])
		n, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad line %q", name, line)
		}
		for len(out) <= k {
			out = append(out, 0)
		}
		out[k] = n
	}
	return out
}
