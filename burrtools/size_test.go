package burrtools

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"polyviz/puzzle"
)

// TestLoadSized: a small file naming a large shape as a piece many times is
// refused under a memory limit before its placements are generated, and
// the example files load under a limit of a few MiB.
func TestLoadSized(t *testing.T) {
	side := 40
	full := strings.Repeat("#", side*side*side)
	parts := strings.Repeat(`<shape id="0" count="1"/>`, 50)
	xml := fmt.Sprintf(`<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><shapes>`+
		`<voxel x="%d" y="%d" z="%d" type="0">%s</voxel></shapes>`+
		`<problems><problem><shapes>%s</shapes><result id="0"/></problem></problems></puzzle>`, side, side, side, full, parts)
	_, err := Load("big.xmpuzzle", []byte(xml), puzzle.LoadOptions{MaxBytes: 64 << 20})
	var tb *puzzle.TooBigError
	if !errors.As(err, &tb) || tb.Need <= tb.Limit {
		t.Fatalf("got %v, want a *puzzle.TooBigError", err)
	}
	for _, file := range []string{"xmpuzzle/soma.xmpuzzle", "xmpuzzle/dominoes.xmpuzzle", "grids/BallRoom.xmpuzzle", "grids/HexSticks.xmpuzzle"} {
		data, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Load(file, data, puzzle.LoadOptions{MaxBytes: 8 << 20}); err != nil {
			t.Errorf("%s: %v", file, err)
		}
	}
}
