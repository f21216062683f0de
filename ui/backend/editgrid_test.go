package backend

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"polyviz/assets"
	"polyviz/editor"
	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
)

// gridByClicks builds a library puzzle on one of BurrTools' grids as a
// designer does in the window: the box a layer row at a time, each piece
// added as one cell and painted a cell a click in the frame the layer grid
// shows (the piece as the grid normalizes it). Only the edits make the
// document; the cells are the library's.
func gridByClicks(t *testing.T, l editor.Lattice, lib *puzzle.Puzzle) editor.Document {
	t.Helper()
	h := editor.NewHistory(editor.New(l))
	do := func(e editor.Edit) {
		t.Helper()
		if err := h.Do(e); err != nil {
			t.Fatalf("%s: %v", e.Label, err)
		}
	}
	rows := map[[2]int][]geometry.Cell{}
	var keys [][2]int
	for _, c := range lib.Box {
		k := [2]int{c.Z, c.Y}
		if rows[k] == nil {
			keys = append(keys, k)
		}
		rows[k] = append(rows[k], c)
	}
	for _, k := range keys {
		do(editor.PaintBox(true, rows[k]...))
	}
	g := l.Grid()
	for i, pc := range lib.Pieces {
		cells := pc.Orientations[0]
		// Add piece makes the grid's first cell: start from a cell of its
		// kind, or paint every cell and remove the first at the end
		first := l.FirstCell()
		start := g.Normalize(geometry.Shape{first})[0]
		j := slices.IndexFunc(cells, func(c geometry.Cell) bool { return g.Normalize(geometry.Shape{c})[0] == start })
		extra := j < 0
		if extra {
			cells = append(geometry.Shape{first}, cells...)
		} else {
			cells = append(geometry.Shape{cells[j]}, slices.Delete(slices.Clone(cells), j, j+1)...)
		}
		do(editor.AddPiece("", geometry.Shape{first}))
		// the layer grid shows the piece as the grid normalizes it
		at := func(c geometry.Cell, painted geometry.Shape) geometry.Cell {
			painted = geometry.NewShape(painted...)
			return c.Add(g.Normalize(painted)[0].Sub(painted[0]))
		}
		for k, c := range cells[1:] {
			do(editor.PaintPiece(i, true, at(c, cells[:k+1])))
		}
		if extra {
			do(editor.PaintPiece(i, false, at(first, cells)))
		}
		if pc.Min != 1 || pc.Max != 1 {
			do(editor.SetMultiplicity(i, pc.Min, pc.Max))
		}
	}
	return h.Doc()
}

// TestGridPuzzlesByClicks: the library's BurrTools puzzles on the four
// grids other than cubes, made by edits, saved as .xmpuzzle, read back
// through the format registry and solved: the counts of their files
// (counted by BurrTools, as their comments say) and the same placements.
func TestGridPuzzlesByClicks(t *testing.T) {
	for _, c := range []struct {
		name string
		l    editor.Lattice
		raw  int64
	}{
		{"ball-pyramid-20", editor.Spheres, 48},
		{"hexiamond-prisms-4x9", editor.Prisms, 148},
		{"rhombic-cube-wedges", editor.Rhombic, 8},
		{"tetra-octa-tetrahedron", editor.TetraOcta, 9},
	} {
		t.Run(c.name, func(t *testing.T) {
			if (raceEnabled || testing.Short()) && c.raw > 100 {
				t.Skip("three seconds of counting: the long pass runs it")
			}
			e, ok := assets.Lookup(c.name)
			if !ok {
				t.Fatalf("no library puzzle %s", c.name)
			}
			lib, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d := gridByClicks(t, c.l, lib.Puzzle)
			if f := editor.Check(d); len(f) != 0 {
				t.Errorf("findings: %v", f)
			}
			if _, err := d.Spec(); err == nil {
				t.Error("a grid's document was written as a spec")
			}
			data, err := saveXMPuzzle(nil, nil, d)
			if err != nil {
				t.Fatal(err)
			}
			back, err := formats.Load("made.xmpuzzle", data, "", puzzle.LoadOptions{})
			if err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			if g := back.Puzzle.Grid(); g != c.l.Grid() {
				t.Fatalf("read back on grid %v, want %v", g, c.l.Grid())
			}
			st, err := solver.Solve(context.Background(), back.Problem, solver.Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != c.raw {
				t.Errorf("%d solutions, want %d", st.Solutions, c.raw)
			}
			if n, m := len(back.Puzzle.Placements()), len(lib.Puzzle.Placements()); n != m {
				t.Errorf("%d placements, the library's file %d", n, m)
			}
			// it opens in the editor again as the same document
			src, err := editSource(&ui.Puzzle{Source: back})
			if err != nil {
				t.Fatal(err)
			}
			reopened, err := editor.FromSource(src)
			if err != nil || !reopened.Equal(d) {
				t.Errorf("reopened: %v\n%+v\nwant %+v", err, reopened, d)
			}
		})
	}
}

// TestGridTurns: a piece's button turns on a grid are the grid's own
// maps, and a turn the sphere grid cannot make of a solid piece is refused.
func TestGridTurns(t *testing.T) {
	for _, l := range []editor.Lattice{editor.Prisms, editor.Spheres, editor.Rhombic, editor.TetraOcta} {
		g := l.Grid()
		box := l.Block(1, 1, 1)
		h := editor.NewHistory(editor.New(l))
		if err := h.Do(editor.AddPiece("A", geometry.Shape{box[0], box[len(box)-1]})); err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		before := h.Doc().Pieces[0].Cells
		want, _ := g.Orientations(before)
		for k := range g.NumRotations() {
			if err := h.Do(editor.OrientPiece(0, k)); err != nil {
				continue
			}
			if got := h.Doc().Pieces[0].Cells; !slices.ContainsFunc(want, got.Equal) {
				t.Errorf("%v: map %d gives %v, not one of the piece's orientations", l, k, got)
			}
		}
	}
}

// TestGenerateOnBoards: Generate Pieces works on the document's own
// lattice: the 3 tetriamonds and the 7 tetrahexes (free) in a
// parallelogram of the board, and on a BurrTools grid.
func TestGenerateOnBoards(t *testing.T) {
	for _, c := range []struct {
		l    editor.Lattice
		a, b int
		want int
	}{
		{editor.Triangles, 4, 2, 3},
		{editor.Hexagons, 4, 4, 7},
	} {
		d := editor.New(c.l)
		d.Box = c.l.Block(c.a, c.b, 1)
		pieces, _, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: d, Connected: "face", Unique: "mirror", Min: 4, Max: 4}, nil)
		if err != nil {
			t.Fatalf("%v: %v", c.l, err)
		}
		if len(pieces) != c.want {
			t.Errorf("%v: %d pieces of 4 cells, want %d", c.l, len(pieces), c.want)
		}
		h := editor.NewHistory(d)
		for _, p := range pieces {
			if err := h.Do(editor.AddPiece("", p)); err != nil {
				t.Errorf("%v: a generated piece is refused: %v", c.l, err)
			}
		}
	}
	// on a BurrTools grid its pieces are placed as the editor places them
	d := editor.New(editor.Spheres)
	d.Box = editor.Spheres.Block(2, 2, 2)
	pieces, _, err := generatePieces(context.Background(), ui.GenerateRequest{Doc: d, Connected: "face", Unique: "mirror", Max: 3}, nil)
	if err != nil || len(pieces) == 0 {
		t.Fatalf("spheres: %d pieces, %v", len(pieces), err)
	}
	h := editor.NewHistory(d)
	for _, p := range pieces {
		if err := h.Do(editor.AddPiece("", p)); err != nil {
			t.Errorf("spheres: a generated piece is refused: %v", err)
		}
	}
}

// TestGridLibraryRoundTrip opens every library puzzle on BurrTools' grids
// other than cubes in the editor and saves it as a new .xmpuzzle: read
// back, it has the same placements.
func TestGridLibraryRoundTrip(t *testing.T) {
	n := 0
	for _, e := range assets.Catalog() {
		if e.Format != assets.BurrTools {
			continue
		}
		lib, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if g := lib.Puzzle.Grid(); g == nil || g.Lattice() != nil {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			n++
			src, err := editSource(&ui.Puzzle{Source: lib})
			if err != nil {
				t.Fatal(err)
			}
			d, err := editor.FromSource(src)
			if err != nil {
				t.Fatal(err)
			}
			data, err := saveXMPuzzle(nil, nil, d)
			if err != nil {
				t.Fatal(err)
			}
			back, err := formats.Load("made.xmpuzzle", data, "", puzzle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if a, b := placementSet(back.Puzzle), placementSet(lib.Puzzle); !slices.Equal(a, b) {
				t.Errorf("%d placements, the library's file %d, or other cells", len(a), len(b))
			}
		})
	}
	if n < 5 {
		t.Errorf("only %d library puzzles on BurrTools' other grids", n)
	}
}

// placementSet is a puzzle's placements as sorted "piece: cells" lines.
func placementSet(p *puzzle.Puzzle) []string {
	var out []string
	for _, pl := range p.Placements() {
		out = append(out, fmt.Sprint(pl.Piece, p.ItemNames(pl)[1:]))
	}
	slices.Sort(out)
	return out
}

// TestTrianglesSaveAsPrisms: a puzzle of triangles edited and saved as a
// BurrTools file goes on one layer of BurrTools' triangular prisms (it was
// refused): read back, it has as many placements and solutions.
func TestTrianglesSaveAsPrisms(t *testing.T) {
	e, ok := assets.Lookup("hexiamond-4x9")
	if !ok {
		t.Fatal("no hexiamond-4x9 in the library")
	}
	lib, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src, err := editSource(&ui.Puzzle{Source: lib})
	if err != nil {
		t.Fatal(err)
	}
	d, err := editor.FromSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if d.Lattice != editor.Triangles {
		t.Fatalf("edited on %v", d.Lattice)
	}
	data, err := saveXMPuzzle(nil, nil, d)
	if err != nil {
		t.Fatal(err)
	}
	back, err := formats.Load("made.xmpuzzle", data, "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if g := back.Puzzle.Grid(); g != geometry.Prisms() {
		t.Fatalf("read back on %v, want triangular prisms", g)
	}
	if n, m := len(back.Puzzle.Placements()), len(lib.Puzzle.Placements()); n != m {
		t.Errorf("%d placements, the spec %d", n, m)
	}
	if testing.Short() || raceEnabled {
		return
	}
	count := func(p *solver.Problem) int64 {
		st, err := solver.Solve(context.Background(), p, solver.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return st.Solutions
	}
	if n, m := count(back.Problem), count(lib.Problem); n != m || n == 0 {
		t.Errorf("%d solutions read back, the spec %d", n, m)
	}
}
