package backend

import (
	"bytes"
	"context"
	"maps"
	"os"
	"slices"
	"testing"

	"polyviz/burrtools"
	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
)

// openEdit loads problem k of a BurrTools file and opens it in the editor.
func openEdit(t *testing.T, name string, data []byte, k int) (*ui.Puzzle, editor.Source, editor.Document) {
	t.Helper()
	p, err := loadInput(name, data, puzzle.LoadOptions{Problem: k})
	if err != nil {
		t.Fatal(err)
	}
	src, err := editSource(p)
	if err != nil {
		t.Fatalf("%s problem %d: %v", name, k+1, err)
	}
	d, err := editor.FromSource(src)
	if err != nil {
		t.Fatalf("%s problem %d: %v", name, k+1, err)
	}
	return p, src, d
}

// countOf counts the solutions of a loaded puzzle.
func countOf(t *testing.T, p *ui.Puzzle) int64 {
	t.Helper()
	st, err := solver.Solve(context.Background(), p.Source.(*puzzle.Loaded).Problem, solver.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.Solutions
}

// sameDocColours fails unless two documents have the same palette, rules
// and cell colours.
func sameDocColours(t *testing.T, what string, a, b editor.Document) {
	t.Helper()
	if !slices.Equal(a.Palette, b.Palette) || !slices.Equal(a.Rules, b.Rules) || !maps.Equal(a.BoxColours(), b.BoxColours()) {
		t.Errorf("%s: palette %v rules %v box %v, want %v %v %v", what, b.Palette, b.Rules, b.BoxColours(), a.Palette, a.Rules, a.BoxColours())
	}
	for i := range a.Pieces {
		if !maps.Equal(a.PieceColours(i), b.PieceColours(i)) {
			t.Errorf("%s: piece %s colours %v, want %v", what, a.Pieces[i].Name, b.PieceColours(i), a.PieceColours(i))
		}
	}
}

// TestEditColoursRoundTrip: the three problems of a file with coloured
// voxels (a 3-cell box red, blue, neutral; a domino red-blue and a
// monomino): open, save over the file and as a file of its own, reopen.
// The colours, the rules and the voxel strings' colours are kept, and the
// counts are the ones the rules give by hand: red on red and blue on blue,
// 2 (the domino as drawn on red-blue, or turned with blue on blue and red
// on neutral); red on blue only, 1; no pairs, 0.
func TestEditColoursRoundTrip(t *testing.T) {
	const path = "../../burrtools/testdata/xmpuzzle/colours.xmpuzzle"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	orig, _ := burrtools.Read(path, data)
	for k, want := range []int64{2, 1, 0} {
		p, _, d := openEdit(t, path, data, k)
		if !d.Coloured() || len(d.Palette) != 2 || !slices.Equal(d.Rules, orig.Problems[k].Allowed) {
			t.Fatalf("problem %d: coloured %v, palette %v, rules %v", k+1, d.Coloured(), d.Palette, d.Rules)
		}
		if n := countOf(t, p); n != want {
			t.Fatalf("problem %d as read: %d solutions, want %d", k+1, n, want)
		}
		over, err := saveXMPuzzle(p, data, d)
		if err != nil {
			t.Fatal(err)
		}
		own, err := saveXMPuzzle(nil, nil, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name string
			data []byte
			k    int
		}{{"over.xmpuzzle", over, k}, {"own.xmpuzzle", own, 0}} {
			x, err := burrtools.Read(c.name, c.data)
			if err != nil {
				t.Fatal(err)
			}
			pr := x.Problems[c.k]
			if !slices.Equal(pr.Allowed, orig.Problems[k].Allowed) || !slices.Equal(x.Colors, orig.Colors) {
				t.Errorf("problem %d, %s: rules %v palette %v", k+1, c.name, pr.Allowed, x.Colors)
			}
			if !maps.Equal(x.Shapes[pr.Result].Colors, orig.Shapes[orig.Problems[k].Result].Colors) ||
				!maps.Equal(x.Shapes[pr.Parts[0].Shape].Colors, orig.Shapes[0].Colors) {
				t.Errorf("problem %d, %s: voxel colours %v %v", k+1, c.name, x.Shapes[pr.Result].Colors, x.Shapes[pr.Parts[0].Shape].Colors)
			}
			q, _, back := openEdit(t, c.name, c.data, c.k)
			sameDocColours(t, c.name, d, back)
			if n := countOf(t, q); n != want {
				t.Errorf("problem %d, %s: %d solutions, want %d", k+1, c.name, n, want)
			}
		}
	}
}

// TestEditColoursInPlace: a file "make it unique" writes for
// rhombic-cube-wedges (two wedges fixed by colours, 1 solution) opens
// with those two pieces in place and no colours, and saves to the same
// voxel strings and rules. On the coloured file, a piece fixed in place
// beside the colours is written with both: in "red on blue only" (1
// solution: the domino red on blue, blue on neutral), the monomino fixed
// on the red end leaves it, on the neutral end none (without the colours
// either would leave 1).
func TestEditColoursInPlace(t *testing.T) {
	b := New()
	p := library(t, b, "rhombic-cube-wedges")
	r, err := b.Unique(context.Background(), p, nil)
	if err != nil || len(r.Proposals) == 0 || r.Proposals[0].Spec == nil {
		t.Fatalf("%v, %d proposals", err, len(r.Proposals))
	}
	data := r.Proposals[0].Spec
	q, _, d := openEdit(t, "unique.xmpuzzle", data, 0)
	var fixed int
	for _, pc := range d.Pieces {
		if len(pc.InPlace) > 0 {
			fixed++
		}
	}
	if fixed != 2 || d.Coloured() || countOf(t, q) != 1 {
		t.Fatalf("%d pieces in place, coloured %v; want 2 and no colours", fixed, d.Coloured())
	}
	again, err := saveXMPuzzle(q, data, d)
	if err != nil {
		t.Fatal(err)
	}
	x1, _ := burrtools.Read("unique.xmpuzzle", data)
	x2, err := burrtools.Read("again.xmpuzzle", again)
	if err != nil {
		t.Fatal(err)
	}
	p1, p2 := x1.Problems[0], x2.Problems[0]
	ids1, ids2 := []int{p1.Result}, []int{p2.Result} // the voxels of the result, then of each part
	for j := range p1.Parts {
		ids1, ids2 = append(ids1, p1.Parts[j].Shape), append(ids2, p2.Parts[min(j, len(p2.Parts)-1)].Shape)
	}
	for j := range ids1 {
		s1, s2 := x1.Shapes[ids1[j]], x2.Shapes[ids2[j]]
		if !s2.Filled.Equal(s1.Filled) || !maps.Equal(s2.Colors, s1.Colors) {
			t.Errorf("shape %d: %v %v, want %v %v", j, s2.Filled, s2.Colors, s1.Filled, s1.Colors)
		}
	}
	if x2.Comment != x1.Comment || x2.Problems[0].Name != x1.Problems[0].Name {
		t.Errorf("comment %q, problem %q; want %q, %q", x2.Comment, x2.Problems[0].Name, x1.Comment, x1.Problems[0].Name)
	}
	if !slices.Equal(x1.Colors, x2.Colors) || !slices.Equal(x1.Problems[0].Allowed, x2.Problems[0].Allowed) {
		t.Errorf("palette or rules changed: %v %v, want %v %v", x2.Colors, x2.Problems[0].Allowed, x1.Colors, x1.Problems[0].Allowed)
	}
	if n := countLoaded(t, b, "again.xmpuzzle", again); n != 1 {
		t.Errorf("saved again: %d solutions, want 1", n)
	}

	// the same file with one rule more, {2, 1} (the first wedge fixed may
	// also lie on the grey cells), is no longer only pieces fixed: it opens
	// coloured, and its count survives a save
	x1.Problems[0].Allowed = append(x1.Problems[0].Allowed, [2]int{2, 1})
	var more bytes.Buffer
	if err := x1.Write(&more); err != nil {
		t.Fatal(err)
	}
	mp, _, md := openEdit(t, "more.xmpuzzle", more.Bytes(), 0)
	if !md.Coloured() || slices.ContainsFunc(md.Pieces, func(pc editor.Piece) bool { return len(pc.InPlace) > 0 }) {
		t.Fatalf("with a rule more: coloured %v, pieces %+v", md.Coloured(), md.Pieces)
	}
	resaved, err := saveXMPuzzle(mp, more.Bytes(), md)
	if err != nil {
		t.Fatal(err)
	}
	rp, _, rd := openEdit(t, "resaved.xmpuzzle", resaved, 0)
	sameDocColours(t, "a rule more", md, rd)
	if a, b := countOf(t, mp), countOf(t, rp); a != b || a <= 1 {
		t.Errorf("a rule more: %d solutions, saved again %d (want the same, more than 1)", a, b)
	}

	const path = "../../burrtools/testdata/xmpuzzle/colours.xmpuzzle"
	cdata, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, _, cd := openEdit(t, path, cdata, 1)
	m := cd.PieceIndex("M")
	for at, want := range map[geometry.Cell]int64{{X: 0}: 1, {X: 2}: 0} {
		f, err := editor.FixInPlace(m, geometry.Shape{at}).Apply(cd)
		if err != nil {
			t.Fatal(err)
		}
		out, err := saveXMPuzzle(nil, nil, f) // the file has 3 problems: its problem alone
		if err != nil {
			t.Fatal(err)
		}
		if n := countLoaded(t, b, "fixed.xmpuzzle", out); n != want {
			t.Errorf("M fixed at %v: %d solutions, want %d", at, n, want)
		}
	}
}

// TestEditGridPalette: a rhombic file with a palette and no coloured voxel
// opens, and keeps its 24 solutions saved back.
func TestEditGridPalette(t *testing.T) {
	const path = "../../burrtools/testdata/grids/12PieceSeparation.xmpuzzle"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, _, d := openEdit(t, path, data, 0)
	out, err := saveXMPuzzle(p, data, d)
	if err != nil {
		t.Fatal(err)
	}
	q, _, _ := openEdit(t, "saved.xmpuzzle", out, 0)
	if a, b := countOf(t, p), countOf(t, q); a != 24 || b != 24 {
		t.Errorf("%d and %d solutions, want 24", a, b)
	}
}
