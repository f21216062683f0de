package lepage

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"polyviz/parse"
)

// allPieces is a pieces list of his 41 pieces, each once.
func allPieces() string {
	var names []string
	for _, g := range lepageGroups {
		for _, p := range g.pieces {
			names = append(names, fmt.Sprintf("%q", p.Name))
		}
	}
	return strings.Join(names, ", ")
}

// TestLepageTooLarge: a box of 20x20x20 with all 41 pieces is refused
// before its rows are built, at the pieces list, with the total number of
// placements and the limit (not blaming the piece the count passed the
// limit at).
func TestLepageTooLarge(t *testing.T) {
	src := "problem = {\n\tbox = { 20, 20, 20 },\n\tpieces = { " + allPieces() + " }\n}\n"
	lp := &File{W: 20, H: 20, D: 20}
	for _, g := range lepageGroups {
		for _, p := range g.pieces {
			lp.Pieces = append(lp.Pieces, p.Name)
		}
	}
	total := lp.placementCount()
	if lp.Rows != nil {
		t.Fatal("placementCount built rows")
	}
	_, err := Parse("big20.txt", []byte(src))
	var pe *parse.Error
	if !errors.Is(err, ErrTooLarge) || !errors.As(err, &pe) {
		t.Fatalf("error %v, want %v with a position", err, ErrTooLarge)
	}
	if pe.Line != 3 || pe.Col != 11 {
		t.Errorf("at %d:%d, want 3:11 (the pieces list)", pe.Line, pe.Col)
	}
	want := fmt.Sprintf("%d placements in all, more than the limit of %d", total, lepageMaxRows)
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "this piece") {
		t.Errorf("message %q, want it to say %q", err, want)
	}
}

// TestLepagePlacementCount: the count made before the rows agrees with
// the rows built, symmetric pieces (duplicate orientations dropped),
// locks and constraints included.
func TestLepagePlacementCount(t *testing.T) {
	for _, src := range []string{
		"problem = { box = {4,4,4}, pieces = {'L2'} }",
		"problem = { box = {4,4,4}, pieces = {'X_'}, constrain_z = 'X_' }",
		"problem = { box = {5,3,2}, pieces = {'1_', '2_', '4O', 'I_', 'T1'}, lock = 'T1', lockcount = 5, constrain = '4O' }",
		"problem = { box = {6,5,4}, pieces = {" + allPieces() + "}, lock = 'V2', constrain_y = 'Q_' }",
		"problem = { box = {4,3,3}, pieces = {'1_', 'L_', 'L_'}, constrain_x = 'L_' }",
	} {
		lp, err := Parse("t.txt", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if n := lp.placementCount(); n != int64(len(lp.Rows)) {
			t.Errorf("%s: placementCount %d, %d rows built", src, n, len(lp.Rows))
		}
	}
}
