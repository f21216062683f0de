package assets_test

import (
	"testing"

	"polyviz/assets"
	"polyviz/polystick"
)

// TestPolysticksEntries reads the library's polysticks puzzles with package
// polystick: the board's segments, the pieces placed. The counts are
// recounted by the polystick tests (TestTetrasticks5x5).
func TestPolysticksEntries(t *testing.T) {
	n := 0
	for _, e := range assets.Catalog() {
		if e.Format != assets.Polysticks {
			continue
		}
		n++
		p, err := polystick.Parse(e.File, e.Data())
		if err != nil {
			t.Fatal(err)
		}
		sticks := 0
		for _, pc := range p.Pieces {
			sticks += len(pc.Sticks) * pc.Max
		}
		// the pieces (tetrasticks) that fit the board's segments
		if len(p.Board) != e.Cells || sticks < e.Cells || e.Pieces*len(p.Pieces[0].Sticks) != e.Cells {
			t.Errorf("%s: %d segments (%d in the pieces), catalogue says %d cells and %d pieces", e.Name, len(p.Board), sticks, e.Cells, e.Pieces)
		}
		if len(p.Comments) == 0 || p.Comments[0] != e.Title {
			t.Errorf("%s: the first comment is not the title %q", e.Name, e.Title)
		}
	}
	if n == 0 {
		t.Error("no polysticks entry")
	}
}
