package ui

import (
	"testing"

	"polyviz/geometry"
)

// TestPieceDetailMotion: a piece's row says its motion beside the number
// of orientations it may take; a free piece's row says only the number.
func TestPieceDetailMotion(t *testing.T) {
	for _, tc := range []struct {
		pc   Piece
		want string
	}{
		{Piece{Min: 1, Max: 1, Cells: 5, Orientations: make([]geometry.Shape, 8), Placements: 96}, "×1 · 5 cells · 8 orient. · 96 places"},
		{Piece{Min: 1, Max: 1, Cells: 5, Orientations: make([]geometry.Shape, 4), Placements: 48, Motion: "one-sided"}, "×1 · 5 cells · one-sided: 4 orient. · 48 places"},
		{Piece{Min: 1, Max: 2, Cells: 5, Orientations: make([]geometry.Shape, 1), Placements: 12, Motion: "fixed"}, "×1–2 · 5 cells · fixed: 1 orient. · 12 places"},
	} {
		if got := pieceDetail(tc.pc); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
