package editor_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/unique"
)

// inPlaceSource is sourceOf with the pieces a "| in-place" line fixes,
// as ui/backend hands them over: each its one placement's cells.
func inPlaceSource(p *puzzle.Puzzle) editor.Source {
	src := sourceOf(p)
	named := map[string]bool{}
	for _, l := range p.Lines {
		if f := strings.Fields(strings.TrimPrefix(l, "|")); strings.HasPrefix(l, "|") && len(f) > 0 && f[0] == "in-place" {
			for _, n := range f[1:] {
				named[n] = true
			}
		}
	}
	for _, pl := range p.Placements() {
		if named[p.Pieces[pl.Piece].Name] {
			src.Pieces[pl.Piece].InPlace = geometry.NewShape(pl.Cells...)
		}
	}
	return src
}

// countSpec reads a spec and counts its raw solutions.
func countSpec(t *testing.T, spec []byte, l *geometry.Lattice) (*puzzle.Puzzle, int64) {
	t.Helper()
	pz, err := puzzle.ParseSpecOn("edited", spec, l)
	if err != nil {
		t.Fatalf("%v\n%s", err, spec)
	}
	prob, err := pz.Problem()
	if err != nil {
		t.Fatal(err)
	}
	st, err := solver.Solve(context.Background(), prob, solver.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pz, st.Solutions
}

// fixProposal applies a proposal of package unique to the history as one
// edit, the pieces fixed from the last to the first (a copy fixed is
// inserted after its piece).
func fixProposal(t *testing.T, h *editor.History, pz *puzzle.Puzzle, p unique.Proposal) {
	t.Helper()
	var edits []editor.Edit
	for k := len(p.Changes) - 1; k >= 0; k-- {
		c := p.Changes[k]
		pl := pz.Placements()[c.Option]
		edits = append(edits, editor.FixInPlace(h.Doc().PieceIndex(c.Piece), geometry.NewShape(pl.Cells...)))
	}
	if err := h.Do(editor.Batch("make unique", edits...)); err != nil {
		t.Fatal(err)
	}
}

// The twelve pentominoes in 3x20 (8 raw solutions), and the hexiamonds
// in 4x9 (148; not with -short): each of unique's proposals applied as
// an edit saves a spec with exactly one solution, that opens in the
// editor again with the piece still in place; Undo gives back the puzzle
// as it was, Redo the changed one.
func TestFixInPlaceUnique(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	for _, c := range []struct {
		name  string
		lat   *geometry.Lattice
		cells int
	}{
		{"pentomino-3x20", geometry.Squares(), 5},
		{"hexiamond-4x9", geometry.Triangles(), 6},
	} {
		if testing.Short() && c.lat == geometry.Triangles() {
			continue // about a second more; the plain pass runs it
		}
		e, _ := assets.Lookup(c.name)
		pz, err := puzzle.ParseSpecOn(c.name, e.Data(), c.lat)
		if err != nil {
			t.Fatal(err)
		}
		prob, err := pz.Problem()
		if err != nil {
			t.Fatal(err)
		}
		res, err := unique.Find(context.Background(), prob, unique.Options{MaxProposals: 2})
		if err != nil || len(res.Proposals) != 2 {
			t.Fatalf("%s: %v, %d proposals", c.name, err, len(res.Proposals))
		}
		src := inPlaceSource(pz)
		if src.Lattice, _ = editor.LatticeOf(c.lat); c.lat == geometry.Squares() {
			src.Lattice = editor.Cubes // Planar says squares
		}
		doc, err := editor.FromSource(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Proposals {
			h := editor.NewHistory(doc)
			fixProposal(t, h, pz, p)
			spec, err := h.Doc().Spec()
			if err != nil {
				t.Fatal(err)
			}
			back, n := countSpec(t, spec, c.lat)
			if n != 1 || !bytes.Contains(spec, []byte("| in-place "+p.Changes[0].Piece+"\n")) {
				t.Errorf("%s: %v: the spec saved has %d solutions, want 1:\n%s", c.name, p.Changes, n, spec)
			}
			src := inPlaceSource(back)
			src.Lattice = doc.Lattice
			again, err := editor.FromSource(src)
			if err != nil || !again.Equal(h.Doc()) {
				t.Errorf("%s: %v: the spec does not read back as the document (%v)", c.name, p.Changes, err)
			}
			if !h.Undo() || !h.Doc().Equal(doc) {
				t.Error("Undo does not give back the puzzle as it was")
			}
			if !h.Redo() || len(h.Doc().Pieces[h.Doc().PieceIndex(p.Changes[0].Piece)].InPlace) != c.cells {
				t.Error("Redo does not fix the piece again")
			}
		}
	}
}

// A copy of a piece of several copies fixed becomes a piece of its own,
// D_1, in place, and D keeps one copy less; the spec solves to 1 as the
// proof did.
func TestFixInPlaceCopy(t *testing.T) {
	spec := "[01][01]0\n2*D 000 100\n"
	pz, err := puzzle.ParseSpec("dominoes", []byte(spec), false)
	if err != nil {
		t.Fatal(err)
	}
	prob, _ := pz.Problem()
	res, err := unique.Find(context.Background(), prob, unique.Options{})
	if err != nil || len(res.Proposals) == 0 {
		t.Fatalf("%v, %d proposals", err, len(res.Proposals))
	}
	doc, err := editor.FromSource(inPlaceSource(pz))
	if err != nil {
		t.Fatal(err)
	}
	h := editor.NewHistory(doc)
	fixProposal(t, h, pz, res.Proposals[0])
	d := h.Doc()
	if len(d.Pieces) != 2 || d.Pieces[0].Min != 1 || d.Pieces[0].Max != 1 || d.Pieces[1].Name != "D_1" || len(d.Pieces[1].InPlace) != 2 {
		t.Fatalf("pieces %+v; want D of one copy and D_1 in place", d.Pieces)
	}
	out, err := d.Spec()
	if err != nil {
		t.Fatal(err)
	}
	if _, n := countSpec(t, out, geometry.Cubes()); n != 1 || !bytes.Contains(out, []byte("| in-place D_1\n")) {
		t.Errorf("%d solutions, want 1:\n%s", n, out)
	}

	// two copies of three fixed, one after the other: M, M_1, M_2 in order
	h = editor.NewHistory(editor.Document{Box: editor.Cuboid(3, 1, 1), Pieces: []editor.Piece{{Name: "M", Min: 3, Max: 3, Cells: editor.Cells(0, 0, 0), Colour: -1}}})
	for x := range 2 {
		if err := h.Do(editor.FixInPlace(0, editor.Cells(x, 0, 0))); err != nil {
			t.Fatal(err)
		}
	}
	if d := h.Doc(); len(d.Pieces) != 3 || d.Pieces[0].Max != 1 || d.Pieces[1].Name != "M_1" || d.Pieces[2].Name != "M_2" || d.Pieces[2].InPlace[0].X != 1 {
		t.Errorf("pieces %+v; want M of one copy, M_1 at 000 and M_2 at 100", d.Pieces)
	}
	for _, f := range editor.Check(h.Doc()) {
		if f.Kind == "same" {
			t.Errorf("the checks say %q of copies fixed on purpose", f.Message)
		}
	}
}

// What cannot be fixed is refused, and a piece redrawn after it was fixed
// is not saved as if it were still in place.
func TestFixInPlaceRefused(t *testing.T) {
	h := editor.NewHistory(editor.New(editor.Squares))
	for _, e := range []editor.Edit{
		editor.SetBox(editor.Cuboid(3, 2, 1)),
		editor.AddPiece("L", editor.Cells(0, 0, 0, 1, 0, 0, 0, 1, 0)),
		editor.AddPiece("M", editor.Cells(0, 0, 0, 1, 0, 0, 0, 1, 0)),
	} {
		if err := h.Do(e); err != nil {
			t.Fatal(err)
		}
	}
	for _, cells := range []geometry.Shape{
		editor.Cells(0, 0, 0, 1, 0, 0, 2, 0, 0), // not an L
		editor.Cells(2, 0, 0, 3, 0, 0, 2, 1, 0), // off the board
		nil,
	} {
		if err := h.Do(editor.FixInPlace(0, cells)); err == nil {
			t.Errorf("fixing L on %v was accepted", cells)
		}
	}
	if err := h.Do(editor.FixInPlace(0, editor.Cells(2, 0, 0, 2, 1, 0, 1, 1, 0))); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Doc().Spec(); err != nil {
		t.Fatal(err)
	}
	if err := h.Do(editor.PaintPiece(0, true, geometry.Cell{X: 2})); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Doc().Spec(); err == nil || !strings.Contains(err.Error(), "make it unique again") {
		t.Errorf("a piece redrawn after it was fixed: %v", err)
	}
	if err := h.Do(editor.FreeInPlace(0)); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Doc().Spec(); err != nil {
		t.Errorf("freed: %v", err)
	}
}
