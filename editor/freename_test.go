package editor

import "testing"

// Many pieces added without names (the piece generator adds dozens) get
// free names that are never a cell's name: P10 is the cube cell x=P, y=1,
// z=0, so it is skipped.
func TestFreeNamesAreNoCells(t *testing.T) {
	for _, l := range []Lattice{Cubes, Squares} {
		h := NewHistory(New(l))
		edits := []Edit{SetBox(Cuboid(1, 1, 1))}
		for range 60 {
			edits = append(edits, AddPiece("", Cells(0, 0, 0)))
		}
		if err := h.Do(Batch("add 60 pieces", edits...)); err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		d := h.Doc()
		if l == Cubes && d.PieceIndex("P10") >= 0 {
			t.Error("a piece named P10, a cube cell's name")
		}
		if _, err := d.Spec(); err != nil {
			t.Errorf("%v: the spec of 60 named pieces: %v", l, err)
		}
	}
}
