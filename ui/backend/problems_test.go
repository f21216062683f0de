package backend

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"regexp"
	"slices"
	"testing"

	"polyviz/puzzle"
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
