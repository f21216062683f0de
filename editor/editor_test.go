package editor_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// somaFromScratch builds the Soma cube as a designer would: the box, then
// the seven pieces cell by cell (each piece started from one cell and
// painted, as the layer grid does), with a mistake undone on the way.
func somaFromScratch(t *testing.T) *editor.History {
	t.Helper()
	h := editor.NewHistory(editor.New(editor.Cubes))
	do := func(e editor.Edit) {
		t.Helper()
		if err := h.Do(e); err != nil {
			t.Fatalf("%s: %v", e.Label, err)
		}
	}
	do(editor.SetTitle("Soma cube"))
	for z := range 3 { // the box, one layer at a time, one drag per row
		for y := range 3 {
			do(editor.PaintBox(true, geometry.Cell{X: 0, Y: y, Z: z}, geometry.Cell{X: 1, Y: y, Z: z}, geometry.Cell{X: 2, Y: y, Z: z}))
		}
	}
	pieces := []struct {
		name  string
		cells geometry.Shape
	}{
		{"V", editor.Cells(0, 0, 0, 1, 0, 0, 0, 1, 0)},
		{"L", editor.Cells(0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0)},
		{"T", editor.Cells(0, 0, 0, 1, 0, 0, 2, 0, 0, 1, 1, 0)},
		{"Z", editor.Cells(0, 0, 0, 1, 0, 0, 1, 1, 0, 2, 1, 0)},
		{"A", editor.Cells(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1)},
		{"B", editor.Cells(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1)},
		{"P", editor.Cells(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1)},
	}
	for i, p := range pieces {
		do(editor.AddPiece(p.name, p.cells[:1]))
		for _, c := range p.cells[1:] {
			do(editor.PaintPiece(i, true, c))
		}
	}
	// A slip: a cell too many on Z, then undone.
	do(editor.PaintPiece(3, true, geometry.Cell{X: 3, Y: 1, Z: 0}))
	if !h.Undo() {
		t.Fatal("nothing to undo")
	}
	return h
}

func TestSomaFromScratch(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	h := somaFromScratch(t)
	d := h.Doc()
	if f := editor.Check(d); len(f) != 0 {
		t.Errorf("the Soma cube has findings: %v", f)
	}
	spec, err := d.Spec()
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.ParseSpec("soma-made.txt", spec, false)
	if err != nil {
		t.Fatalf("the saved spec does not read back: %v\n%s", err, spec)
	}
	prob, err := p.Problem()
	if err != nil {
		t.Fatal(err)
	}
	st, err := solver.Solve(context.Background(), prob, solver.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions != 11520 {
		t.Errorf("raw solutions = %d, want 11520", st.Solutions)
	}
	ds, err := p.SolveDistinct(context.Background(), puzzle.DistinctAll, solver.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Distinct != 240 {
		t.Errorf("distinct up to rotation and reflection = %d, want 240", ds.Distinct)
	}
	// The same DLX options as the library's Soma cube.
	lib := libraryPuzzle(t, "soma")
	if !samePlacements(p, lib) {
		t.Error("the Soma cube made in the editor places its pieces differently from the library's")
	}
}

func libraryPuzzle(t *testing.T, name string) *puzzle.Puzzle {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no library puzzle %s", name)
	}
	p, err := puzzle.ParseSpec(e.File, e.Data(), e.Format == assets.Polyomino)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// samePlacements reports whether two puzzles have the same options: the
// same pieces, each with the same cell sets.
func samePlacements(a, b *puzzle.Puzzle) bool {
	pa, pb := a.Placements(), b.Placements()
	if len(pa) != len(pb) {
		return false
	}
	for i := range pa {
		if a.Pieces[pa[i].Piece].Name != b.Pieces[pb[i].Piece].Name || strings.Join(pa[i].Items, " ") != strings.Join(pb[i].Items, " ") {
			return false
		}
	}
	return true
}

// TestRoundTripLibrary opens every spec of the library in the editor, saves
// it and reads it back: the same options, in the same order, as the
// original (hence the same DLX file through Knuth's programs as ours).
func TestRoundTripLibrary(t *testing.T) {
	n := 0
	for _, e := range assets.Catalog() {
		if e.Format != assets.Polycube && e.Format != assets.Polyomino {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			p := libraryPuzzle(t, e.Name)
			d, err := editor.FromSource(sourceOf(p))
			if err != nil {
				t.Skipf("not editable: %v", err) // counted below: most must be
			}
			n++
			spec, err := d.Spec()
			if err != nil {
				t.Fatal(err)
			}
			q, err := puzzle.ParseSpec(e.Name, spec, e.Format == assets.Polyomino)
			if err != nil {
				t.Fatalf("%v\n%s", err, spec)
			}
			if !samePlacements(p, q) {
				t.Errorf("saved spec gives other placements:\n%s", spec)
			}
			back, err := editor.FromSource(sourceOf(q))
			if err != nil || !back.Equal(d) {
				t.Errorf("reading the saved spec into the editor gives another document (%v)", err)
			}
		})
	}
	if n < 20 {
		t.Errorf("only %d library specs could be edited", n)
	}
}

// TestUndoRestoresExactly makes random edits (some refused) and checks that
// undoing them one by one passes through every earlier document exactly,
// and that redoing them all gives the last one again.
func TestUndoRestoresExactly(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		lat := editor.Cubes
		if seed%2 == 1 {
			lat = editor.Squares
		}
		h := editor.NewHistory(editor.New(lat))
		past := []editor.Document{h.Doc()}
		for range 200 {
			if err := h.Do(randomEdit(rng, h.Doc())); err != nil {
				continue
			}
			if !h.Doc().Equal(past[len(past)-1]) {
				past = append(past, h.Doc())
			}
		}
		if len(past) < 50 {
			t.Fatalf("seed %d: only %d edits were taken", seed, len(past))
		}
		for i := len(past) - 1; i > 0; i-- {
			if !h.Doc().Equal(past[i]) {
				t.Fatalf("seed %d: undo step %d: not the document it was", seed, i)
			}
			if !h.Undo() {
				t.Fatalf("seed %d: undo refused at %d", seed, i)
			}
		}
		if !h.Doc().Equal(past[0]) || h.Undo() {
			t.Fatalf("seed %d: undoing everything does not give the empty document", seed)
		}
		for h.Redo() {
		}
		if !h.Doc().Equal(past[len(past)-1]) {
			t.Fatalf("seed %d: redoing everything does not give the last document", seed)
		}
	}
}

func randomEdit(rng *rand.Rand, d editor.Document) editor.Edit {
	cell := func() geometry.Cell {
		c := geometry.Cell{X: rng.IntN(5), Y: rng.IntN(5), Z: rng.IntN(4)}
		if d.Lattice == editor.Squares {
			c.Z = 0
		}
		return c
	}
	piece := func() int { return rng.IntN(len(d.Pieces) + 1) } // sometimes out of range
	syms := geometry.Symmetries()
	if d.Lattice == editor.Squares {
		syms = geometry.PlaneSymmetries()
	}
	switch rng.IntN(12) {
	case 0, 1:
		return editor.PaintBox(rng.IntN(3) > 0, cell(), cell())
	case 2:
		return editor.AddPiece("", geometry.NewShape(cell(), cell()))
	case 3:
		return editor.PaintPiece(piece(), rng.IntN(2) == 0, cell())
	case 4:
		return editor.TransformPiece(piece(), syms[rng.IntN(len(syms))])
	case 5:
		return editor.DuplicatePiece(piece())
	case 6:
		return editor.DeletePiece(piece())
	case 7:
		a := rng.IntN(3)
		return editor.SetMultiplicity(piece(), a, a+rng.IntN(2))
	case 8:
		return editor.RenamePiece(piece(), string(rune('a'+rng.IntN(26))))
	case 9:
		return editor.SetOptional(rng.IntN(2) == 0, cell())
	case 10:
		return editor.SetMotion(piece(), editor.Motion(rng.IntN(3)))
	default:
		return editor.MovePiece(piece(), piece())
	}
}

func TestDirtyFollowsSavedState(t *testing.T) {
	h := editor.NewHistory(editor.New(editor.Squares))
	if h.Dirty() {
		t.Error("a new document is dirty")
	}
	_ = h.Do(editor.PaintBox(true, geometry.Cell{}))
	if !h.Dirty() {
		t.Error("an edit does not make the document dirty")
	}
	h.MarkSaved()
	_ = h.Do(editor.AddPiece("X", editor.Cells(0, 0, 0)))
	if !h.Dirty() || h.UndoLabel() != "add piece" {
		t.Errorf("dirty %v, undo label %q", h.Dirty(), h.UndoLabel())
	}
	h.Undo()
	if h.Dirty() {
		t.Error("undoing back to the saved document leaves it dirty")
	}
	if h.RedoLabel() != "add piece" {
		t.Errorf("redo label %q", h.RedoLabel())
	}
	// A new edit after the undo drops the redo; the saved state remains.
	_ = h.Do(editor.SetTitle("t"))
	if h.CanRedo() || !h.Dirty() {
		t.Error("a new edit must drop the redo and make the document dirty")
	}
	if err := h.Do(editor.SetTitle("t")); err != nil || h.UndoLabel() != "set title" {
		t.Error("an edit that changes nothing must not be recorded")
	}
}

func TestRefusedEdits(t *testing.T) {
	d := editor.New(editor.Squares)
	d, _ = editor.AddPiece("F", editor.Cells(1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 1, 2, 0)).Apply(d)
	cases := []struct {
		name string
		e    editor.Edit
	}{
		{"bad name", editor.RenamePiece(0, "a|b")},
		{"long name", editor.RenamePiece(0, "ABCDEFGHI")},
		{"cell name", editor.RenamePiece(0, "12")},
		{"taken name", editor.AddPiece("F", editor.Cells(0, 0, 0))},
		{"off board", editor.PaintBox(true, geometry.Cell{Z: 1})},
		{"too far", editor.PaintBox(true, geometry.Cell{X: 62})},
		{"last cell", editor.PaintPiece(0, false, editor.Cells(1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 1, 2, 0)...)},
		{"no piece", editor.DeletePiece(3)},
		{"bad multiplicity", editor.SetMultiplicity(0, 2, 1)},
		{"optional outside", editor.SetOptional(true, geometry.Cell{X: 9})},
		{"turn off plane", editor.TransformPiece(0, offPlane())},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.e.Apply(d)
			if err == nil {
				t.Fatal("accepted")
			}
			if !got.Equal(d) {
				t.Error("a refused edit changed the document")
			}
		})
	}
}

func TestChecks(t *testing.T) {
	base := editor.Document{Lattice: editor.Squares, Box: editor.Cuboid(2, 3, 1)}
	piece := func(name string, xyz ...int) editor.Piece {
		return editor.Piece{Name: name, Min: 1, Max: 1, Cells: editor.Cells(xyz...), Colour: -1}
	}
	cases := []struct {
		name   string
		pieces []editor.Piece
		want   []string // the kinds of the findings, in order
		words  string   // a phrase the first finding says
	}{
		{"fine", []editor.Piece{piece("L", 0, 0, 0, 0, 1, 0, 0, 2, 0), piece("J", 0, 0, 0, 1, 0, 0, 1, 1, 0)}, nil, ""},
		{"too few", []editor.Piece{piece("L", 0, 0, 0, 0, 1, 0, 0, 2, 0)}, []string{"count"}, "3 too few"},
		{"too many", []editor.Piece{piece("I", 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0), piece("J", 0, 0, 0, 1, 0, 0, 1, 1, 0)}, []string{"count", "fits"}, "1 too many"},
		{"parts", []editor.Piece{piece("D", 0, 0, 0, 0, 1, 0, 1, 2, 0), piece("J", 0, 0, 0, 1, 0, 0, 1, 1, 0)}, []string{"connected"}, "2 parts"},
		{"same", []editor.Piece{piece("L", 0, 0, 0, 1, 0, 0, 0, 1, 0), piece("J", 0, 0, 0, 1, 0, 0, 1, 1, 0)}, []string{"same"}, "same shape"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := base
			d.Pieces = c.pieces
			got := editor.Check(d)
			var kinds []string
			for _, f := range got {
				kinds = append(kinds, f.Kind)
			}
			if strings.Join(kinds, ",") != strings.Join(c.want, ",") {
				t.Fatalf("findings %v, want kinds %v", got, c.want)
			}
			if c.words != "" && !strings.Contains(got[0].Message, c.words) {
				t.Errorf("%q does not say %q", got[0].Message, c.words)
			}
		})
	}
	// On cubes a piece and its mirror image are different pieces.
	cubes := editor.Document{Lattice: editor.Cubes, Box: editor.Cuboid(2, 2, 2), Pieces: []editor.Piece{
		piece("A", 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1), piece("B", 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1)}}
	if f := editor.Check(cubes); len(f) != 0 {
		t.Errorf("the two screw tetracubes: %v", f)
	}
}

func TestSpecRefusesWhatItCannotSay(t *testing.T) {
	d := editor.Document{Lattice: editor.Cubes, Box: editor.Cuboid(2, 2, 2), Optional: editor.Cells(0, 0, 0)}
	if _, err := d.Spec(); !errors.Is(err, editor.ErrNotSpec) {
		t.Errorf("optional cells: %v", err)
	}
	d.Optional = nil
	d.Pieces = []editor.Piece{{Name: "C", Min: 1, Max: 2, Cells: editor.Cells(0, 0, 0)}}
	if _, err := d.Spec(); !errors.Is(err, editor.ErrNotSpec) {
		t.Errorf("a range on cubes: %v", err)
	}
	d.Lattice = editor.Squares
	d.Box = editor.Cuboid(3, 1, 1)
	spec, err := d.Spec()
	if err != nil || !strings.Contains(string(spec), "1:2|C 00") {
		t.Errorf("a range on a board: %q, %v", spec, err)
	}
}

func TestSpecOfOddBox(t *testing.T) {
	// The 8x8 board without its centre, drawn by removing four cells.
	h := editor.NewHistory(editor.New(editor.Squares))
	_ = h.Do(editor.SetBox(editor.Cuboid(8, 8, 1)))
	_ = h.Do(editor.PaintBox(false, editor.Cells(3, 3, 0, 3, 4, 0, 4, 3, 0, 4, 4, 0)...))
	spec, err := h.Doc().Spec()
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.ParseSpec("hole", spec, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Box) != 60 || p.Box.Contains(geometry.Cell{X: 3, Y: 4}) {
		t.Errorf("board of %d cells: %s", len(p.Box), spec)
	}
}

// offPlane returns a rotation that does not keep the xy plane.
func offPlane() geometry.Transform {
	for _, r := range geometry.Rotations() {
		if !r.Planar() {
			return r
		}
	}
	panic("every rotation keeps the plane")
}

// sourceOf is what ui/backend hands the editor for an opened puzzle.
func sourceOf(p *puzzle.Puzzle) editor.Source {
	src := editor.Source{Planar: p.Planar, Lines: p.Lines, Box: p.Box, Optional: p.Optional, Suffixes: p.Suffixes}
	for _, pc := range p.Pieces {
		src.Pieces = append(src.Pieces, editor.SourcePiece{Name: pc.Name, Min: pc.Min, Max: pc.Max, Orientations: pc.Orientations, Motion: motionOf(pc.Motion)})
	}
	return src
}

func TestBatchIsOneStep(t *testing.T) {
	h := editor.NewHistory(editor.New(editor.Cubes))
	c := geometry.Cell{X: 1}
	if err := h.Do(editor.Batch("add optional cell", editor.PaintBox(true, c), editor.SetOptional(true, c))); err != nil {
		t.Fatal(err)
	}
	if d := h.Doc(); !d.Box.Contains(c) || !d.Optional.Contains(c) {
		t.Fatalf("batch not applied: %+v", d)
	}
	h.Undo()
	if d := h.Doc(); len(d.Box) != 0 || h.CanUndo() {
		t.Error("one undo does not undo the whole batch")
	}
	// A refused part refuses the whole batch.
	if err := h.Do(editor.Batch("x", editor.PaintBox(true, c), editor.DeletePiece(4))); err == nil {
		t.Error("a batch with a refused edit was accepted")
	}
	if len(h.Doc().Box) != 0 {
		t.Error("a refused batch changed the document")
	}
}
