package burrtools

import (
	"os"
	"testing"

	"polyviz/puzzle"
)

// The reading side of solving a grid puzzle, in parts: Read (the XML),
// Puzzle (placements on the grid) and all of Load (with the exact-cover
// problem), on BurrTools' HexSticks. Run them with GOGC=off, as the
// command runs.

func hexSticks(b *testing.B) []byte {
	data, err := os.ReadFile("testdata/grids/HexSticks.xmpuzzle")
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func BenchmarkReadHexSticks(b *testing.B) {
	data := hexSticks(b)
	for b.Loop() {
		if _, err := Read("h", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPuzzleHexSticks(b *testing.B) {
	data := hexSticks(b)
	for b.Loop() {
		x, err := Read("h", data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := x.Puzzle("h", 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadHexSticks(b *testing.B) {
	data := hexSticks(b)
	for b.Loop() {
		if _, err := Load("h", data, puzzle.LoadOptions{MaxBytes: 1 << 30}); err != nil {
			b.Fatal(err)
		}
	}
}
