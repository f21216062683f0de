package editor_test

import (
	"context"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// byClicks builds a library puzzle on lattice l as a designer does in the
// window: the box painted one row of the layer grid at a time (a drag per
// row), then each piece added as one cell and painted a cell a click. The
// cells are the library's; only the edits make the document.
func byClicks(t *testing.T, l editor.Lattice, lib *puzzle.Puzzle) editor.Document {
	t.Helper()
	h := editor.NewHistory(editor.New(l))
	do := func(e editor.Edit) {
		t.Helper()
		if err := h.Do(e); err != nil {
			t.Fatalf("%s: %v", e.Label, err)
		}
	}
	rows := map[int][]geometry.Cell{}
	for _, c := range lib.Box {
		rows[c.Y] = append(rows[c.Y], c)
	}
	for y := range len(rows) + 1 {
		if len(rows[y]) > 0 {
			do(editor.PaintBox(true, rows[y]...))
		}
	}
	for i, pc := range lib.Pieces {
		// the default name: Knuth's names (I4, P0) read as cells, which
		// the editor refuses for a name
		cells := pc.Orientations[0]
		do(editor.AddPiece("", geometry.NewShape(cells[0])))
		for k, c := range cells[1:] {
			// the grid shows the piece moved to the origin: click there
			lo, _ := cells[:k+1].Bounds()
			do(editor.PaintPiece(i, true, c.Sub(geometry.Cell{X: lo.X, Y: lo.Y})))
		}
		if pc.Min != 1 || pc.Max != 1 {
			do(editor.SetMultiplicity(i, pc.Min, pc.Max))
		}
	}
	return h.Doc()
}

// solveSpec reads a spec as the window does (the format found from its
// content) and counts its solutions, raw and up to symmetry (the library
// file's comments give both).
func latticeCount(t *testing.T, name string, spec []byte) (f puzzle.Format, raw, distinct int64) {
	t.Helper()
	l, err := puzzle.Load(name, spec, puzzle.FormatAuto)
	if err != nil {
		t.Fatalf("%v\n%s", err, spec)
	}
	// by symmetry, as polyviz solve counts: a fraction of the raw search
	ds, ok, err := l.Puzzle.CountBySymmetry(context.Background(), solver.Options{}, nil)
	if err != nil || !ok {
		t.Fatalf("no count by symmetry: %v", err)
	}
	return l.Format, ds.Raw, ds.Distinct
}

// TestLatticePuzzlesByClicks: hexiamonds in the 4x9 parallelogram (148
// packings, 74 up to its half turn: Goodger's Polyform Puzzler) and the
// tetrahexes in the 4x7 one (18 and 9), made by edits, saved, read back as
// their own format and solved: the figures of the library's files, and the
// same placements.
func TestLatticePuzzlesByClicks(t *testing.T) {
	for _, c := range []struct {
		name           string
		l              editor.Lattice
		format         puzzle.Format
		raw, distinct  int64
		marker, sample string
	}{
		{"hexiamond-4x9", editor.Triangles, puzzle.FormatPolyiamond, 148, 74, "| polyiamond", "[0-8][0-3] [0-8][0-3]'"},
		{"tetrahex-4x7", editor.Hexagons, puzzle.FormatPolyhex, 18, 9, "| polyhex", "[0-6][0-3]"},
		{"pentiamond-2x5", editor.Triangles, puzzle.FormatPolyiamond, 0, 0, "| polyiamond", "D 00' 01 01' 10 10'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if raceEnabled && c.raw > 100 {
				t.Skip("a pure computation: the plain pass runs it")
			}
			lib := libraryOn(t, c.name)
			d := byClicks(t, c.l, lib)
			if f := editor.Check(d); len(f) != 0 {
				t.Errorf("findings: %v", f)
			}
			spec, err := d.Spec()
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{c.marker, c.sample} {
				if !strings.Contains(string(spec), want) {
					t.Errorf("spec lacks %q:\n%s", want, spec)
				}
			}
			f, raw, distinct := latticeCount(t, c.name+"-made.txt", spec)
			if f != c.format || raw != c.raw || distinct != c.distinct {
				t.Errorf("read as %s: %d solutions, %d up to symmetry; want %s, %d, %d", f, raw, distinct, c.format, c.raw, c.distinct)
			}
			back, err := puzzle.Load("made", spec, puzzle.FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			if !samePlacementsUnnamed(back.Puzzle, lib) {
				t.Error("the puzzle made by edits places its pieces differently from the library's")
			}
			// and it opens in the editor again as the same document
			reopened, err := editor.FromSource(sourceOn(back.Puzzle, c.l))
			if err != nil || !reopened.Equal(d) {
				t.Errorf("reopened: %v\n%+v\nwant %+v", err, reopened, d)
			}
		})
	}
}

// TestLatticeRoundTripLibrary opens every triangle and hexagon spec of the
// library in the editor, saves it and reads it back: the same placements.
func TestLatticeRoundTripLibrary(t *testing.T) {
	n := 0
	for _, e := range assets.Catalog() {
		l := editor.Triangles
		switch {
		case e.Format == assets.Polyhex:
			l = editor.Hexagons
		case e.Format != assets.Polyiamond:
			continue
		}
		if testing.Short() && n%5 != 0 {
			n++
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			p := libraryOn(t, e.Name)
			d, err := editor.FromSource(sourceOn(p, l))
			if err != nil {
				t.Skipf("not editable: %v", err)
			}
			n++
			spec, err := d.Spec()
			if err != nil {
				t.Fatal(err)
			}
			q, err := puzzle.Load(e.Name, spec, puzzle.FormatAuto)
			if err != nil {
				t.Fatalf("%v\n%s", err, spec)
			}
			if !samePlacements(p, q.Puzzle) {
				t.Errorf("saved spec gives other placements:\n%s", spec)
			}
		})
	}
	if n < 20 {
		t.Errorf("only %d library specs on triangles and hexagons could be edited", n)
	}
}

// TestLatticeTurns: a piece turns by the lattice's own symmetries (a
// triangle's 60° turn swaps Δ and ∇), and a square's quarter turn is
// refused on triangles and hexagons.
func TestLatticeTurns(t *testing.T) {
	for _, l := range []editor.Lattice{editor.Triangles, editor.Hexagons} {
		gens := l.Geometry().Generators()
		h := editor.NewHistory(editor.New(l))
		bar := geometry.NewShape(geometry.Cell{}, geometry.Cell{Z: 1 % max(l.Geometry().Kinds(), 1)}, geometry.Cell{X: 1})
		if err := h.Do(editor.AddPiece("A", bar)); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for range 6 {
			if err := h.Do(editor.TransformPiece(0, gens[0])); err != nil {
				t.Fatalf("%v: %v", l, err)
			}
			seen[h.Doc().Pieces[0].Cells.String()] = true
		}
		want := len(l.Geometry().Orientations(bar))
		if got := len(seen); got*2 != want && got != want {
			t.Errorf("%v: six 60° turns give %d shapes; the piece has %d orientations", l, got, want)
		}
		if !h.Doc().Pieces[0].Cells.Equal(l.Geometry().Normalize(bar)) {
			t.Errorf("%v: six 60° turns do not bring the piece back: %v", l, h.Doc().Pieces[0].Cells)
		}
		quarter := geometry.Transform{M: [3][3]int{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}}
		if err := h.Do(editor.TransformPiece(0, quarter)); err == nil {
			t.Errorf("%v: a quarter turn was accepted", l)
		}
	}
}

// samePlacementsUnnamed is samePlacements with the pieces told by their
// place in the list, not their names.
func samePlacementsUnnamed(a, b *puzzle.Puzzle) bool {
	pa, pb := a.Placements(), b.Placements()
	if len(pa) != len(pb) {
		return false
	}
	for i := range pa {
		if pa[i].Piece != pb[i].Piece || strings.Join(pa[i].Items[1:], " ") != strings.Join(pb[i].Items[1:], " ") {
			return false
		}
	}
	return true
}

func libraryData(t *testing.T, name string) []byte {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no library puzzle %s", name)
	}
	return e.Data()
}

// libraryOn reads a library puzzle in its own format.
func libraryOn(t *testing.T, name string) *puzzle.Puzzle {
	t.Helper()
	e, _ := assets.Lookup(name)
	l, err := puzzle.Load(e.File, libraryData(t, name), puzzle.Format(e.Format))
	if err != nil {
		t.Fatal(err)
	}
	return l.Puzzle
}

// sourceOn is sourceOf on lattice l, as ui/backend fills it.
func sourceOn(p *puzzle.Puzzle, l editor.Lattice) editor.Source {
	src := sourceOf(p)
	src.Lattice = l
	return src
}
