package puzzle

import (
	"math/rand/v2"
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestParseSpecUnplaced holds the count of orientations made without
// images to Orientations' on random shapes (symmetric ones included), and
// ParseSpecUnplaced to ParseSpec: the same pieces, cells, multiplicities
// and Knuth's node count (Summary's), but no base placements.
func TestParseSpecUnplaced(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 3))
	for range 300 {
		var s geometry.Shape
		n := 1 + rng.IntN(7)
		for range n {
			s = append(s, geometry.Cell{X: rng.IntN(3), Y: rng.IntN(2 + rng.IntN(2)), Z: rng.IntN(2)})
		}
		s = geometry.NewShape(s...)
		if got, want := cubeOrientationCount(s), len(geometry.Cubes().Orientations(s)); got != want {
			t.Fatalf("%v: %d orientations, Orientations has %d", s, got, want)
		}
	}
	spec := "| a test\n[0-2][0-2][0-2]\n2*L 000 100 200 010\nI 000 100 200\nC 000 100 010 110 001 101 011 111\n2*L 001 002\n"
	want, err := ParseSpec("t", []byte(spec), false)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseSpecUnplaced("t", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	if got.nodes != want.nodes || len(got.Pieces) != len(want.Pieces) || strings.Join(got.Lines, "\n") != strings.Join(want.Lines, "\n") {
		t.Fatalf("unplaced %d nodes, %d pieces; ParseSpec %d nodes, %d pieces", got.nodes, len(got.Pieces), want.nodes, len(want.Pieces))
	}
	for i, pc := range got.Pieces {
		w := want.Pieces[i]
		if pc.Name != w.Name || pc.Cells != w.Cells || pc.Mult != w.Mult || pc.Min != w.Min || pc.Max != w.Max || len(pc.Orientations) != 0 {
			t.Errorf("piece %d: %+v, want %+v", i, pc, w)
		}
	}
	if len(got.Bases) != 0 {
		t.Errorf("%d bases", len(got.Bases))
	}
}
