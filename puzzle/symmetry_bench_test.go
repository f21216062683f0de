package puzzle_test

import (
	"os"
	"testing"

	"polyviz/burrtools"
	"polyviz/puzzle"
)

// hexSticks returns BurrTools' HexSticks as a fresh puzzle, its placements
// listed.
func hexSticks(b *testing.B, x *burrtools.File) *puzzle.Puzzle {
	pz, err := x.Puzzle("HexSticks.xmpuzzle", 0)
	if err != nil {
		b.Fatal(err)
	}
	pz.Placements()
	return pz
}

func readHexSticks(b *testing.B) *burrtools.File {
	name := "../burrtools/testdata/grids/HexSticks.xmpuzzle"
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	x, err := burrtools.Read(name, data)
	if err != nil {
		b.Fatal(err)
	}
	return x
}

// BenchmarkSymmetryHexSticks works out the symmetry of BurrTools' HexSticks
// (2,256 cells, 24 rotations), the load outside the timing.
func BenchmarkSymmetryHexSticks(b *testing.B) {
	x := readHexSticks(b)
	for b.Loop() {
		b.StopTimer()
		pz := hexSticks(b, x)
		b.StartTimer()
		pz.Symmetry()
	}
}

// BenchmarkProblemHexSticks builds the exact-cover problem of HexSticks, the
// load outside the timing.
func BenchmarkProblemHexSticks(b *testing.B) {
	x := readHexSticks(b)
	for b.Loop() {
		b.StopTimer()
		pz := hexSticks(b, x)
		b.StartTimer()
		if _, err := pz.Problem(); err != nil {
			b.Fatal(err)
		}
	}
}
