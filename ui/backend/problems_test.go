package backend

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"regexp"
	"slices"
	"testing"

	"polyviz/puzzle"
	"polyviz/ui"
)

// TestProblemNames: the window's question lists a file's problems by
// number and name, and an unnamed problem (BallRoom's three) as
// "Problem k"; it used to read "1:" with nothing after it.
func TestProblemNames(t *testing.T) {
	const path = "../../burrtools/testdata/xmpuzzle/DemoMirrorParadox.xmpuzzle"
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	named, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	unnamed := regexp.MustCompile(`(<problem) name="[^"]*"`).ReplaceAll(named, []byte("$1"))
	if bytes.Equal(unnamed, named) {
		t.Fatal("no problem names to take out")
	}
	for _, c := range []struct {
		data []byte
		want []string
	}{
		{named, []string{"1: Example From Text", "2: Another Example"}},
		{unnamed, []string{"Problem 1", "Problem 2"}},
	} {
		p, err := loadInput("mirror.xmpuzzle", c.data, puzzle.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(p.Problems, c.want) {
			t.Errorf("problems %q, want %q", p.Problems, c.want)
		}
	}
}

// TestLoadAsLattice: Knuth's own POLYIAMOND-DLX spec of the hexiamonds,
// without a comment naming its lattice, is refused by Load with the two
// readings for the window to ask between, and LoadAs reads it either way:
// as triangles, the 12 hexiamonds on a rhombus of 72 cells; as squares,
// 36 squares with secondary twins.
func TestLoadAsLattice(t *testing.T) {
	data, err := os.ReadFile("../../puzzle/testdata/polyiamond/classic/hexiamond-6x6.txt")
	if err != nil {
		t.Fatal(err)
	}
	b := New()
	_, err = b.Load("hexiamond-6x6.txt", data)
	var le *ui.LoadError
	if !errors.As(err, &le) || le.Line != 2 || len(le.Choices) != 2 {
		t.Fatalf("Load: %v (%#v)", err, le)
	}
	if le.Choices[0].Format != "polyiamond" || le.Choices[1].Format != "polyomino" {
		t.Errorf("choices %+v", le.Choices)
	}
	tri, err := b.LoadAs("hexiamond-6x6.txt", data, le.Choices[0].Format)
	if err != nil {
		t.Fatal(err)
	}
	if len(tri.Pieces) != 12 || len(tri.Box) != 72 || tri.Grid == nil || !tri.Planar {
		t.Errorf("as triangles: %d pieces, %d cells, grid %v", len(tri.Pieces), len(tri.Box), tri.Grid)
	}
	sq, err := b.LoadAs("hexiamond-6x6.txt", data, le.Choices[1].Format)
	if err != nil {
		t.Fatal(err)
	}
	if len(sq.Pieces) != 12 || len(sq.Box) != 36 || sq.Grid != nil {
		t.Errorf("as squares: %d pieces, %d cells, grid %v", len(sq.Pieces), len(sq.Box), sq.Grid)
	}
	if _, err := b.LoadAs("hexiamond-6x6.txt", data, "nosuch"); err == nil {
		t.Error("an unknown format read")
	}
}
