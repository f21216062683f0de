package backend

import (
	"os"
	"testing"

	"polyviz/burrtools"
	"polyviz/editor"
	"polyviz/puzzle"
)

// TestEditBurrToolsProblem opens the second problem of a BurrTools example
// in the editor, changes a piece's copies and saves it back: the first
// problem and the comment are kept, the second is the edited one, and it
// solves.
func TestEditBurrToolsProblem(t *testing.T) {
	const path = "../../burrtools/testdata/xmpuzzle/DemoMirrorParadox.xmpuzzle"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := loadInput(path, data, puzzle.LoadOptions{Problem: 1})
	if err != nil {
		t.Fatal(err)
	}
	src, err := editSource(p)
	if err != nil || src.Foreign {
		t.Fatalf("edit source: %v, foreign %v", err, src.Foreign)
	}
	d, err := editor.FromSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pieces) != 3 || len(d.Box) != 27 || d.Pieces[2].Min != 3 {
		t.Fatalf("document: %d pieces, box %d, %+v", len(d.Pieces), len(d.Box), d.Pieces)
	}
	d, err = editor.SetMultiplicity(0, 1, 1).Apply(d)
	if err != nil {
		t.Fatal(err)
	}
	out, err := saveXMPuzzle(p, data, d)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := burrtools.Read(path, data)
	after, err := burrtools.Read("edited.xmpuzzle", out)
	if err != nil {
		t.Fatal(err)
	}
	if after.Comment != before.Comment || after.Problems[0].Name != before.Problems[0].Name ||
		after.Problems[0].Result != before.Problems[0].Result || len(after.Problems) != 2 {
		t.Error("the first problem or the comment was not kept")
	}
	if pr := after.Problems[1]; pr.Parts[0].Min != 1 || pr.Parts[0].Max != 1 || pr.Parts[2].Min != 3 || pr.Name != "Another Example" {
		t.Errorf("edited problem reads back as %+v", pr)
	}
	l, err := burrtools.Load("edited.xmpuzzle", out, puzzle.LoadOptions{Problem: 1})
	if err != nil {
		t.Fatal(err)
	}
	if l.Puzzle.Pieces[0].Min != 1 || len(l.Puzzle.Box) != 27 {
		t.Errorf("edited puzzle: %+v", l.Puzzle.Pieces[0])
	}
	// a file of its own for a puzzle that did not come from BurrTools
	soma := library(t, New(), "soma")
	src, err = editSource(soma)
	if err != nil {
		t.Fatal(err)
	}
	sd, _ := editor.FromSource(src)
	own, err := saveXMPuzzle(soma, nil, sd)
	if err != nil {
		t.Fatal(err)
	}
	x, err := burrtools.Read("soma.xmpuzzle", own)
	if err != nil || len(x.Problems) != 1 || len(x.Shapes) != 8 {
		t.Fatalf("soma as BurrTools: %v", err)
	}
}

func TestEditSourceRefusals(t *testing.T) {
	b := New()
	for _, name := range []string{"fillomino-6x6", "antislide-4x4x4"} {
		if _, err := editSource(library(t, b, name)); err == nil {
			t.Errorf("%s opens in the editor", name)
		}
	}
	src, err := editSource(library(t, b, "lepage-soma"))
	if err != nil || !src.Foreign {
		t.Errorf("a Lepage file: %v, foreign %v (Save must ask for a name)", err, src.Foreign)
	}
}
