package backend

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"polyviz/burrtools"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/stl"
	"polyviz/ui"
)

// TestLoadXMPuzzle opens a BurrTools file through the window's Load: the
// Soma cube written by polyviz, read back with its 688 placements.
func TestLoadXMPuzzle(t *testing.T) {
	b := New()
	soma := library(t, b, "soma")
	x, err := burrtools.FromPuzzle(soma.Source.(*puzzle.Loaded).Puzzle)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := x.Write(&buf); err != nil {
		t.Fatal(err)
	}
	p, err := b.Load("soma.xmpuzzle", buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Pieces) != 7 || len(p.Box) != 27 || p.Options != 688 || len(p.Placements) != 688 {
		t.Errorf("%d pieces, %d cells, %d options, %d placements", len(p.Pieces), len(p.Box), p.Options, len(p.Placements))
	}
	// BurrTools counts up to rotation and reflection: its files start there
	if !p.Distinct || p.StartDistinct != ui.DistinctAll || soma.StartDistinct != ui.DistinctRaw {
		t.Errorf("start mode: xmpuzzle %v (distinct %v), library %v", p.StartDistinct, p.Distinct, soma.StartDistinct)
	}
	if _, err := b.Load("bad.xmpuzzle", []byte("<puzzle><gridType type=\"9\"/></puzzle>")); err == nil || !strings.Contains(err.Error(), "grid type 9 is none of BurrTools' grids") {
		t.Errorf("grid type 9: %v", err)
	}
}

// TestWriteSTLAndSVG checks the window's STL exports (the plate with the
// print settings, a solution assembled) and its SVG export.
func TestWriteSTLAndSVG(t *testing.T) {
	b := New()
	soma := library(t, b, "soma")
	var buf bytes.Buffer
	if err := b.WriteSTL(soma, ui.STLSettings{Unit: 20, Clearance: 0.2, Bevel: 1}, &buf); err != nil {
		t.Fatal(err)
	}
	m, err := stl.ReadBinary(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := m.Check(); err != nil || r.Shells != 7 || r.Volume > 27*8000 || r.Volume < 0.9*27*8000 {
		t.Errorf("plate: %+v, %v", r, err)
	}
	var sol ui.Solution
	b.Solve(context.Background(), soma, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return true })
	var cells [][]geometry.Cell
	for _, o := range sol {
		cells = append(cells, soma.Placements[o].Cells)
	}
	buf.Reset()
	if err := b.WriteSTL(soma, ui.STLSettings{Unit: 10, Clearance: 0.2, Gap: 0.6, Solution: cells}, &buf); err != nil {
		t.Fatal(err)
	}
	if m, err = stl.ReadBinary(&buf); err != nil {
		t.Fatal(err)
	}
	if r, err := m.Check(); err != nil || r.Shells != 7 || r.Volume > 27*1000 || r.Volume < 27*729 {
		t.Errorf("assembled: %+v, %v", r, err)
	}
	if lo, hi := m.Bounds(); math.Abs(hi[2]-lo[2]-29) > 1e-3 {
		t.Errorf("assembled: %g mm high, want 30 less two shrinks of 0.5", hi[2]-lo[2])
	}
	if err := b.WriteSTL(soma, ui.STLSettings{Unit: 10, Solution: cells}, &buf); err == nil {
		t.Error("an assembled solution with neither gap nor clearance was written")
	}
	pent := library(t, b, "pentomino-3x20")
	scene := &ui.Scene{Planar: true, Box: pent.Box}
	for i, pc := range pent.Pieces {
		scene.Pieces = append(scene.Pieces, ui.ScenePiece{Name: pc.Name, Cells: pc.Orientations[0], Color: b.PieceColor(i, 12)})
	}
	buf.Reset()
	if err := b.WriteSVG(scene, &buf); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&buf)
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("SVG is not XML: %v", err)
		}
	}
}

// TestUserGallery adds a puzzle file to the gallery folder (in a temporary
// configuration folder) and finds it listed after the library.
func TestUserGallery(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	b := New()
	n := len(b.Catalog())
	src := filepath.Join(t.TempDir(), "mine.txt")
	if err := os.WriteFile(src, []byte("[0-1]00\nD 000 100\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir, err := b.AddToGallery(src)
	if err != nil {
		t.Fatal(err)
	}
	cat := b.Catalog()
	if len(cat) != n+1 || cat[n].Name != "mine.txt" {
		t.Fatalf("catalog after adding: %d entries (was %d), last %+v", len(cat), n, cat[len(cat)-1])
	}
	data, err := cat[n].Data()
	if err != nil || !strings.HasPrefix(string(data), "[0-1]00") {
		t.Errorf("data %q, %v", data, err)
	}
	if !strings.HasSuffix(dir, filepath.Join("polyviz", "gallery")) {
		t.Errorf("folder %s", dir)
	}
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("000\nA 00[3-1]\n"), 0o644)
	if _, err := b.AddToGallery(bad); err == nil {
		t.Error("a broken spec was added")
	}
}

// TestLoadGrid: a BurrTools file on another grid opens in the window on
// its grid with its orientation sheets; what the window cannot do there yet
// (disassembly) says so, naming the grid.
func TestLoadGrid(t *testing.T) {
	data, err := os.ReadFile("../../burrtools/testdata/grids/BallRoom.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	p, err := loadPuzzle("BallRoom.xmpuzzle", data)
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid == nil || p.Grid.Name() != "spheres" || len(p.Placements) == 0 {
		t.Fatalf("grid %v, %d placements", p.Grid, len(p.Placements))
	}
	if img, err := orientationSheet(p, 0); err != nil || img.Bounds().Dx() < 100 {
		t.Errorf("orientation sheet: %v", err)
	}
	// the STL plate: every sphere of every piece an icosphere of 320
	// triangles, 20 mm across, closed and facing out (its volume is the
	// inscribed polyhedron's, 0.966 of the ball's)
	var buf bytes.Buffer
	if err := writeSTL(p, ui.STLSettings{}, &buf); err != nil {
		t.Fatalf("STL: %v", err)
	}
	m, err := stl.ReadBinary(&buf)
	if err != nil {
		t.Fatal(err)
	}
	spheres := 0
	for _, pc := range p.Source.(*puzzle.Loaded).Puzzle.Pieces {
		spheres += len(pc.Orientations[0]) * max(pc.Max, 1)
	}
	if len(m.Triangles) != 320*spheres {
		t.Errorf("STL plate of %d triangles for %d spheres", len(m.Triangles), spheres)
	}
	if v, ball := m.Volume(), 4*math.Pi/3*1000; v < 0.95*ball*float64(spheres) || v > ball*float64(spheres) {
		t.Errorf("STL plate's volume %.0f mm³ for %d balls of %.0f", v, spheres, ball)
	}
	if plan := assemble(p, ui.Solution{0}); !strings.Contains(plan.Note, "does not apply to spheres") || len(plan.Steps) != 0 {
		t.Errorf("assembly plan %+v", plan)
	}
}

// TestPrismAssembly: on BurrTools' prism grid the window's Play and level
// column take the packing apart as BurrTools does: Bermuda's solution comes
// apart at level 1 (burrTxt -d), Play's steps shifting the pieces in world
// units (a step along z is one prism high, as tall as a triangle's edge).
func TestPrismAssembly(t *testing.T) {
	data, err := os.ReadFile("../../burrtools/testdata/grids/Bermuda.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	p, err := loadPuzzle("Bermuda.xmpuzzle", data)
	if err != nil {
		t.Fatal(err)
	}
	var sol ui.Solution
	_, err = solvePuzzle(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1, Distinct: ui.DistinctAll}, func(s ui.Solution) bool {
		sol = slices.Clone(s)
		return false
	})
	if err != nil || sol == nil {
		t.Fatalf("solve: %v, %v", sol, err)
	}
	plan := assemble(p, sol)
	if plan.Note != "" || plan.Level != 1 || plan.Notation != "1" || len(plan.Steps) != len(sol)-1 {
		t.Fatalf("plan: level %d %q, %d steps for %d pieces, note %q", plan.Level, plan.Notation, len(plan.Steps), len(sol), plan.Note)
	}
	for _, st := range plan.Steps {
		if !st.Enter {
			t.Errorf("step %+v: not a piece coming in", st)
		}
	}
	f, err := solutionFacts(p, ui.DistinctAll)(context.Background(), sol)
	if err != nil || f.Level != 1 || f.Notation != "1" {
		t.Errorf("facts %+v, %v", f, err)
	}
}

// TestNoDisassemblyOnOtherGrids: on spheres, rhombic tetrahedra and
// tetrahedra-octahedra (where BurrTools has no disassembler either) Play
// says that disassembly does not apply, naming the grid, and plays no
// moves; the level column shows no level rather than a wrong one.
func TestNoDisassemblyOnOtherGrids(t *testing.T) {
	for _, c := range []struct{ file, grid string }{
		{"BallRoom.xmpuzzle", "spheres"},
		{"HexSticks.xmpuzzle", "rhombic tetrahedra"},
		{"FourPieceTetrahedron.xmpuzzle", "tetrahedra-octahedra"},
	} {
		data, err := os.ReadFile(filepath.Join("../../burrtools/testdata/grids", c.file))
		if err != nil {
			t.Fatal(err)
		}
		p, err := loadPuzzle(c.file, data)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		var sol ui.Solution
		_, err = solvePuzzle(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool {
			sol = slices.Clone(s)
			return false
		})
		if err != nil || sol == nil {
			t.Fatalf("%s: solve: %v, %v", c.file, sol, err)
		}
		plan := assemble(p, sol)
		if want := "Disassembly does not apply to " + c.grid; !strings.Contains(plan.Note, want) || len(plan.Steps) != 0 || plan.Level != 0 {
			t.Errorf("%s: plan %+v, want a note %q and no steps", c.file, plan, want)
		}
		f, err := solutionFacts(p, ui.DistinctAll)(context.Background(), sol)
		if err != nil || f.Level != ui.LevelNone || f.Notation != "" {
			t.Errorf("%s: facts %+v, %v", c.file, f, err)
		}
	}
}

// TestWriteSTLTriangles: the window's STL exports of a triangle puzzle are
// prisms of triangles, the plate and a solution assembled, with the dialog's
// default clearance (it used to say "not written yet").
func TestWriteSTLTriangles(t *testing.T) {
	b := New()
	p := library(t, b, "hexiamond-6x6")
	full := 12 * 6 * math.Sqrt(3) / 4 * 400 * 20 // twelve hexiamonds, unit 20 mm
	var buf bytes.Buffer
	if err := b.WriteSTL(p, ui.STLSettings{Unit: 20, Clearance: 0.2}, &buf); err != nil {
		t.Fatal(err)
	}
	m, err := stl.ReadBinary(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := m.Check(); err != nil || r.Shells != 12 || r.Volume > full || r.Volume < 0.9*full {
		t.Errorf("plate: %+v, %v (the full prisms %.0f mm3)", r, err, full)
	}
	var sol ui.Solution
	b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return true })
	var cells [][]geometry.Cell
	for _, o := range sol {
		cells = append(cells, p.Placements[o].Cells)
	}
	buf.Reset()
	if err := b.WriteSTL(p, ui.STLSettings{Unit: 20, Clearance: 0.2, Gap: 0.6, Solution: cells}, &buf); err != nil {
		t.Fatal(err)
	}
	if m, err = stl.ReadBinary(&buf); err != nil {
		t.Fatal(err)
	}
	r, err := m.Check()
	if err != nil || r.Shells != 12 || r.Volume > full || r.Volume < 0.85*full {
		t.Errorf("assembled: %+v, %v", r, err)
	}
	// the 6x6 rhombus of edge 120 mm, less a shrink of 0.5 mm each side
	if lo, hi := m.Bounds(); math.Abs(hi[1]-lo[1]-(6*20*math.Sqrt(3)/2-1)) > 1e-3 {
		t.Errorf("assembled: %.3f mm deep, want %.3f", hi[1]-lo[1], 6*20*math.Sqrt(3)/2-1)
	}
}
