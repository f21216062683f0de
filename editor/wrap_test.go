package editor

import (
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestWrapKept: a board that wraps keeps its "| wrap" line through the
// editor, written after the box line; a comment that merely starts with
// the word is not taken for one, nor a title before the box.
func TestWrapKept(t *testing.T) {
	src := Source{
		Planar: true,
		Lines:  []string{"| wrap up: a torus", "[0-1][0-1]", "| wrap x y", "A 00 10 01 11"},
		Box:    geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1}),
		Pieces: []SourcePiece{{Name: "A", Min: 1, Max: 1, Orientations: []geometry.Shape{geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1})}}},
	}
	d, err := FromSource(src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "[0-1][0-1]\n| wrap x y\nA ") {
		t.Errorf("spec:\n%s", b)
	}
	src.Lines = []string{"[0-1][0-1]", "| wrapping paper", "A 00 10 01 11"}
	if d, _ := FromSource(src); d.Wrap != "" {
		t.Errorf("a comment taken for a wrap line: %q", d.Wrap)
	}
}
