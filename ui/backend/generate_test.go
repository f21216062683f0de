package backend

import (
	"context"
	"strings"
	"testing"

	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/ui"
)

// The window's generator is polyviz generate's: a 2x2x2 box without
// optional cells is all optional (13 free polycubes fit it); with optional
// cells the others are in every piece.
func TestGeneratePieces(t *testing.T) {
	doc := editor.New(editor.Cubes)
	doc.Box = editor.Cuboid(2, 2, 2)
	calls := 0
	pieces, summary, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: "face", Unique: "mirror"},
		func(done, total uint64) { calls++ })
	if err != nil || len(pieces) != 13 || calls == 0 || !strings.Contains(summary, "13 pieces from 255 subsets") {
		t.Fatalf("%d pieces, %d progress calls, %q, %v", len(pieces), calls, summary, err)
	}
	// a bar of three whose middle cell is optional: the bar and two
	// single cubes apart, or the bar alone when connected
	doc.Box = editor.Cuboid(3, 1, 1)
	doc.Optional = editor.Cells(1, 0, 0)
	for _, c := range []struct {
		connected string
		want      int
	}{{"face", 1}, {"any", 2}} {
		pieces, _, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: c.connected, Unique: "rotation"}, func(uint64, uint64) {})
		if err != nil || len(pieces) != c.want {
			t.Errorf("connected %s: %d pieces, want %d (%v)", c.connected, len(pieces), c.want, err)
		}
	}
	if _, _, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: "sideways", Unique: "rotation"}, nil); err == nil {
		t.Error("a bad connectivity was taken")
	}
	// a 4x4x4 box is 2^64 subsets: refused as it is, grown with a largest
	// size (the 33 free polycubes of up to 5 cells that fit), its progress
	// without a total
	doc = editor.New(editor.Cubes)
	doc.Box = editor.Cuboid(4, 4, 4)
	if _, _, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: "face", Unique: "mirror"}, nil); err == nil || !strings.Contains(err.Error(), "give a largest size") {
		t.Errorf("2^64 subsets: %v, want a refusal that says to give a largest size", err)
	}
	totals := map[uint64]bool{}
	pieces, summary, err = generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: "face", Unique: "mirror", Max: 5},
		func(done, total uint64) { totals[total] = true })
	if err != nil || len(pieces) != 33 || !strings.Contains(summary, "33 pieces from 12532 joined subsets of at most 5 cells") || !totals[0] {
		t.Errorf("4x4x4 up to 5 cells: %d pieces, %q, progress totals %v, %v", len(pieces), summary, totals, err)
	}
}

// On BurrTools' grids the generator takes the grid's rotations: four
// spheres touching pairwise make one sphere, a pair, a triangle and the
// tetrahedron; a layer of twelve prisms holds the three tetriamonds.
func TestGeneratePiecesOnGrids(t *testing.T) {
	doc := editor.New(editor.Spheres)
	doc.Box = editor.Cells(0, 0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1)
	pieces, summary, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: "face", Unique: "rotation"}, nil)
	if err != nil || len(pieces) != 4 || !strings.Contains(summary, "4 pieces from 15 subsets") {
		t.Fatalf("spheres: %d pieces, %q, %v", len(pieces), summary, err)
	}
	doc = editor.New(editor.Prisms)
	doc.Box = editor.Cuboid(6, 2, 1)
	pieces, _, err = generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: "face", Unique: "mirror", Min: 4, Max: 4}, nil)
	if err != nil || len(pieces) != 3 {
		t.Fatalf("prisms: %d tetriamonds, want 3 (%v)", len(pieces), err)
	}
	for _, p := range pieces {
		if !p.Equal(geometry.Prisms().Normalize(p)) {
			t.Errorf("piece %v is not at the grid's normalized place", p)
		}
	}
	if _, _, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: doc, Connected: "face", Unique: "rotation", Notchable: true}, nil); err == nil {
		t.Error("notchable prisms taken")
	}
}
