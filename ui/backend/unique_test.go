package backend

import (
	"context"
	"strings"
	"testing"

	"polyviz/burrtools"
	"polyviz/editor"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
)

// TestMakeUnique: the window's Make It Unique on the twelve pentominoes in
// 3x20 (8 raw solutions, 2 classes): ten proposals of one piece fixed,
// each a spec that the window loads and that has exactly one solution.
func TestMakeUnique(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	b := New()
	var said []string
	r, err := b.Unique(context.Background(), library(t, b, "pentomino-3x20"), func(s string) { said = append(said, s) })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Summary, "8 raw solutions (2 up to rotation and reflection)") || len(r.Proposals) != 10 {
		t.Fatalf("summary %q, %d proposals", r.Summary, len(r.Proposals))
	}
	if len(said) == 0 {
		t.Error("no progress told")
	}
	for _, pr := range r.Proposals {
		if !strings.HasPrefix(pr.Text, "fix ") || strings.Contains(pr.Text, ";") || pr.Spec == nil {
			t.Fatalf("proposal %+v: want one piece fixed and a spec", pr)
		}
		p, err := b.Load(pr.Name, pr.Spec)
		if err != nil {
			t.Fatalf("%s: %v\n%s", pr.Name, err, pr.Spec)
		}
		st, err := solver.Solve(context.Background(), p.Source.(*puzzle.Loaded).Problem, solver.Options{}, nil)
		if err != nil || st.Solutions != 1 {
			t.Errorf("%s (%s): %d solutions (%v), want 1", pr.Name, pr.Text, st.Solutions, err)
		}
	}
}

// TestMakeUniqueApplied: a proposal's changes, in cells, applied to the
// editor's document of the puzzle (as the window's Apply does) save a spec
// that the window loads with exactly one solution, and that opens in the
// editor with the piece still in place; saved as a BurrTools file (the
// piece fixed said by colours) it has one solution too.
func TestMakeUniqueApplied(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	b := New()
	p := library(t, b, "pentomino-3x20")
	r, err := b.Unique(context.Background(), p, nil)
	if err != nil || len(r.Proposals) == 0 {
		t.Fatalf("%v, %d proposals", err, len(r.Proposals))
	}
	src, err := b.EditSource(p)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := editor.FromSource(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range r.Proposals[:3] {
		c := pr.Changes[0]
		if len(pr.Changes) != 1 || c.Piece == "" || len(c.Cells) != 5 {
			t.Fatalf("%s: changes %+v", pr.Text, pr.Changes)
		}
		d, err := editor.FixInPlace(doc.PieceIndex(c.Piece), c.Cells).Apply(doc)
		if err != nil {
			t.Fatalf("%s: %v", pr.Text, err)
		}
		spec, err := d.Spec()
		if err != nil {
			t.Fatal(err)
		}
		back, err := b.Load("edited.txt", spec)
		if err != nil {
			t.Fatal(err)
		}
		st, err := solver.Solve(context.Background(), back.Source.(*puzzle.Loaded).Problem, solver.Options{}, nil)
		if err != nil || st.Solutions != 1 {
			t.Errorf("%s: %d solutions (%v), want 1", pr.Text, st.Solutions, err)
		}
		src, err := b.EditSource(back)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := editor.FromSource(src); err != nil || !again.Equal(d) {
			t.Errorf("%s: the spec saved opens as another document (%v)", pr.Text, err)
		}
		xm, err := b.SaveXMPuzzle(nil, nil, d)
		if err != nil {
			t.Fatal(err)
		}
		if n := countLoaded(t, b, "edited.xmpuzzle", xm); n != 1 {
			t.Errorf("%s: saved as .xmpuzzle, %d solutions, want 1", pr.Text, n)
		}
	}
}

// countLoaded loads a file as the window does and counts its solutions.
func countLoaded(t *testing.T, b *ui.Backend, name string, data []byte) int64 {
	t.Helper()
	p, err := b.Load(name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	st, err := solver.Solve(context.Background(), p.Source.(*puzzle.Loaded).Problem, solver.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.Solutions
}

// TestMakeUniqueAppliedGrid: BurrTools' rhombic-cube-wedges (three copies
// of a wedge on rhombic tetrahedra, 8 solutions): the proposal of two
// wedges fixed, applied to the editor's document as Apply does, splits
// two copies off, and the document saved as .xmpuzzle (the pieces fixed
// said by colours) has one solution; the document as it was has 8.
func TestMakeUniqueAppliedGrid(t *testing.T) {
	b := New()
	p := library(t, b, "rhombic-cube-wedges")
	r, err := b.Unique(context.Background(), p, nil)
	if err != nil || len(r.Proposals) == 0 {
		t.Fatalf("%v, %d proposals", err, len(r.Proposals))
	}
	src, err := b.EditSource(p)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := editor.FromSource(src)
	if err != nil {
		t.Fatal(err)
	}
	pr := r.Proposals[0]
	d := doc
	for _, c := range pr.Changes {
		if d, err = editor.FixInPlace(d.PieceIndex(c.Piece), c.Cells).Apply(d); err != nil {
			t.Fatalf("%s: %v", pr.Text, err)
		}
	}
	if len(d.Pieces) != 3 || d.Pieces[0].Max != 1 {
		t.Errorf("pieces %+v; want the wedge of one copy and two in place", d.Pieces)
	}
	for _, c := range []struct {
		d    editor.Document
		want int64
	}{{doc, 8}, {d, 1}} {
		xm, err := b.SaveXMPuzzle(nil, nil, c.d)
		if err != nil {
			t.Fatal(err)
		}
		if n := countLoaded(t, b, "edited.xmpuzzle", xm); n != c.want {
			t.Errorf("%s: %d solutions, want %d", pr.Text, n, c.want)
		}
	}
}

// TestMakeUniqueOptionalCells: a BurrTools puzzle whose 2x2 box is all
// optional, holding an L tromino (4 solutions): removing a cell is
// proposed beside fixing the L, each with its cells for Apply and a
// BurrTools file for Open with one solution, and the document with the
// cell removed saves as a file with one solution.
func TestMakeUniqueOptionalCells(t *testing.T) {
	b := New()
	doc := editor.New(editor.Cubes)
	doc.Box = editor.Cuboid(2, 2, 1)
	doc.Optional = doc.Box
	doc.Pieces = []editor.Piece{{Name: "L", Min: 1, Max: 1, Cells: editor.Cells(0, 0, 0, 1, 0, 0, 0, 1, 0), Colour: -1}}
	data, err := b.SaveXMPuzzle(nil, nil, doc)
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.Load("l.xmpuzzle", data)
	if err != nil {
		t.Fatal(err)
	}
	r, err := b.Unique(context.Background(), p, nil)
	if err != nil || len(r.Proposals) != 8 || !strings.Contains(r.Summary, "4 raw solutions") {
		t.Fatalf("%v: %q, %d proposals", err, r.Summary, len(r.Proposals))
	}
	for _, pr := range r.Proposals {
		// Open's file: the problem alone, a piece fixed by colours
		back, err := b.Load(pr.Name, pr.Spec)
		if err != nil {
			t.Fatalf("%s: %v", pr.Name, err)
		}
		st, err := solver.Solve(context.Background(), back.Source.(*puzzle.Loaded).Problem, solver.Options{}, nil)
		if err != nil || st.Solutions != 1 {
			t.Errorf("%s (%s): %d solutions (%v), want 1", pr.Name, pr.Text, st.Solutions, err)
		}
	}
	pr := r.Proposals[1]
	if !strings.HasPrefix(pr.Text, "remove optional cell") || len(pr.Changes) != 1 || pr.Changes[0].Piece != "" || !strings.HasSuffix(pr.Name, ".xmpuzzle") {
		t.Fatalf("proposal 2: %+v", pr)
	}
	d, err := editor.PaintBox(false, pr.Changes[0].Cells[0]).Apply(doc)
	if err != nil {
		t.Fatal(err)
	}
	if data, err = b.SaveXMPuzzle(nil, nil, d); err != nil {
		t.Fatal(err)
	}
	back, err := b.Load("l.xmpuzzle", data)
	if err != nil {
		t.Fatal(err)
	}
	st, err := solver.Solve(context.Background(), back.Source.(*puzzle.Loaded).Problem, solver.Options{}, nil)
	if err != nil || st.Solutions != 1 {
		t.Errorf("%s: %d solutions (%v), want 1", pr.Text, st.Solutions, err)
	}
}

// A document with a piece fixed in place is not saved over a BurrTools
// file of several problems: the colours that fix it are written in a file
// of its problem alone.
func TestKeepsProblems(t *testing.T) {
	one := &puzzle.Loaded{Name: "a.xmpuzzle", Source: &burrtools.File{Problems: make([]burrtools.Problem, 1)}}
	two := &puzzle.Loaded{Name: "b.xmpuzzle", Source: &burrtools.File{Problems: make([]burrtools.Problem, 2)}}
	if err := keepsProblems(one); err != nil {
		t.Error(err)
	}
	if err := keepsProblems(two); err == nil || !strings.Contains(err.Error(), "2 problems") {
		t.Errorf("a file of two problems: %v", err)
	}
}
