package editor

import (
	"image/color"
	"maps"
	"testing"

	"polyviz/geometry"
)

// colouredDoc is a 3x1x1 box coloured red, blue, neutral and an L tromino
// with a red cell, as a BurrTools problem opens.
func colouredDoc(t *testing.T) Document {
	t.Helper()
	l := Cells(0, 0, 0, 1, 0, 0, 0, 1, 0)
	d, err := FromSource(Source{Box: Cuboid(3, 1, 1),
		Pieces: []SourcePiece{{Name: "L", Min: 1, Max: 1, Orientations: firstOrientations(l)}},
		Colours: SourceColours{
			Palette: []color.RGBA{{255, 0, 0, 255}, {0, 0, 255, 255}},
			Rules:   [][2]int{{1, 1}, {2, 2}},
			Box:     map[geometry.Cell]int{{X: 0}: 1, {X: 1}: 2},
			Pieces:  []map[geometry.Cell]int{{{X: 1}: 1}},
		}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// firstOrientations are the orientations of s on cubes, s itself first.
func firstOrientations(s geometry.Shape) []geometry.Shape {
	out := []geometry.Shape{s}
	for _, o := range orientations(s, Cubes) {
		if !o.Equal(s) {
			out = append(out, o)
		}
	}
	return out
}

// TestColoursThroughEdits: colours stay on the cells that stay, move with
// a shape moved whole, go with a cell removed or a shape turned, and Undo
// brings each back; a colour painted is one Undo step.
func TestColoursThroughEdits(t *testing.T) {
	d := colouredDoc(t)
	box := map[geometry.Cell]int{{X: 0}: 1, {X: 1}: 2}
	if !maps.Equal(d.BoxColours(), box) || d.PieceColours(0)[geometry.Cell{X: 1}] != 1 || !d.Coloured() {
		t.Fatalf("opened: box %v, piece %v", d.BoxColours(), d.PieceColours(0))
	}
	h := NewHistory(d)
	do := func(e Edit) {
		t.Helper()
		if err := h.Do(e); err != nil {
			t.Fatalf("%s: %v", e.Label, err)
		}
	}
	do(PaintBox(false, geometry.Cell{X: 0}))
	do(PaintBox(true, geometry.Cell{X: 3}))
	if got := h.Doc().BoxColours(); !maps.Equal(got, map[geometry.Cell]int{{X: 1}: 2}) {
		t.Errorf("a red cell removed, one added: %v", got)
	}
	do(Nudge(TargetBox, AxisY, 1))
	if got := h.Doc().BoxColours(); !maps.Equal(got, map[geometry.Cell]int{{X: 1, Y: 1}: 2}) {
		t.Errorf("box moved: %v", got)
	}
	do(Rotate(0, AxisZ))
	if got := h.Doc().PieceColours(0); got != nil {
		t.Errorf("piece turned keeps colours %v", got)
	}
	do(PaintColour(TargetBox, 1, geometry.Cell{X: 2, Y: 1}, geometry.Cell{X: 9}))
	if got := h.Doc().CellColour(TargetBox, geometry.Cell{X: 2, Y: 1}); got != 1 {
		t.Errorf("painted red: %d", got)
	}
	if err := h.Do(PaintColour(TargetBox, 3, geometry.Cell{X: 2, Y: 1})); err == nil {
		t.Error("a colour past the palette is painted")
	}
	for h.Undo() {
	}
	back := h.Doc()
	if !back.Equal(d) || !maps.Equal(back.BoxColours(), box) || back.PieceColours(0)[geometry.Cell{X: 1}] != 1 {
		t.Errorf("undone: box %v, piece %v", back.BoxColours(), back.PieceColours(0))
	}
	if _, err := d.Spec(); err == nil {
		t.Error("a coloured document is written as a spec, which drops its colours")
	}
	if e, _ := PaintColour(TargetBox, 0, geometry.Cell{X: 0}).Apply(d); e.Equal(d) {
		t.Error("a colour cleared leaves the document equal")
	}
}
