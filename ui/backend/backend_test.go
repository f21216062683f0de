package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"math"
	"polyviz/solver"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/assets"
	"polyviz/geometry"
	"polyviz/render"
	"polyviz/ui"
)

func library(t *testing.T, b *ui.Backend, name string) *ui.Puzzle {
	t.Helper()
	for _, e := range b.Catalog() {
		if e.Name == name {
			data, err := e.Data()
			if err != nil {
				t.Fatal(err)
			}
			p, err := b.Load(name, data)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	t.Fatalf("no %s in the library", name)
	return nil
}

func TestLoadSoma(t *testing.T) {
	p := library(t, New(), "soma")
	if p.Planar || len(p.Box) != 27 || len(p.Pieces) != 7 {
		t.Fatalf("soma: planar %v, %d cells, %d pieces", p.Planar, len(p.Box), len(p.Pieces))
	}
	// Knuth's POLYCUBE-DLX: 688 options for the Soma cube
	if p.Options != 688 || len(p.Placements) != 688 {
		t.Errorf("%d options, %d placements, want 688", p.Options, len(p.Placements))
	}
	sum := 0
	for _, pc := range p.Pieces {
		sum += pc.Placements
	}
	if sum != 688 {
		t.Errorf("placements per piece add up to %d", sum)
	}
	if got := p.Pieces[1]; got.Name != "L" || len(got.Orientations) != 24 || got.Cells != 4 {
		t.Errorf("piece 1: %+v", got)
	}
}

func TestLoadErrorHasPosition(t *testing.T) {
	_, err := New().Load("bad.txt", []byte("000 001 002\nA 000 00[3-1]\n"))
	var le *ui.LoadError
	if !errors.As(err, &le) || le.File != "bad.txt" || le.Line != 2 || le.Col == 0 {
		t.Fatalf("error %v (%#v), want a position in bad.txt line 2", err, le)
	}
}

func TestSolveFirstSomaSolution(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	var sols []ui.Solution
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool {
		sols = append(sols, s)
		return true
	})
	if err != nil || st.Solutions != 1 || len(sols) != 1 {
		t.Fatalf("stats %+v, err %v, %d solutions", st, err, len(sols))
	}
	covered := map[geometry.Cell]int{}
	for _, o := range sols[0] {
		for _, c := range p.Placements[o].Cells {
			covered[c]++
		}
	}
	if len(covered) != 27 {
		t.Errorf("the first solution covers %d cells", len(covered))
	}
}

// TestSolveDistinctSoma checks the Soma cube's literature counts: 11520 raw
// solutions, 480 up to rotation, 240 up to rotation and reflection.
func TestSolveDistinctSoma(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	if !p.Distinct {
		t.Fatal("soma cannot count distinct solutions")
	}
	for _, tc := range []struct {
		d             ui.Distinct
		distinct, raw int64
	}{
		{ui.DistinctRotations, 480, 11520},
		{ui.DistinctAll, 240, 11520},
	} {
		if testing.Short() && tc.d == ui.DistinctRotations {
			continue // the slower count, outside the race pass
		}
		var n int64
		st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2, Distinct: tc.d}, func(s ui.Solution) bool {
			n++
			if len(s) != 7 || !slices.IsSorted(s) {
				t.Errorf("representative %v is not 7 sorted options", s)
			}
			return true
		})
		if err != nil || st.Solutions != tc.distinct || n != tc.distinct || st.Raw != tc.raw {
			t.Errorf("mode %v: stats %+v (%d visited), err %v; want %d distinct of %d", tc.d, st, n, err, tc.distinct, tc.raw)
		}
		if !strings.HasPrefix(st.Note, "The box has 48 symmetries") || strings.Contains(st.Note, "--") {
			t.Errorf("note %q", st.Note)
		}
	}
}

// TestSolveWhileAnimating: while the window's view animates, the search
// asks it before each task and still finds every solution, raw (by
// symmetry) and up to rotation and reflection, with two workers.
func TestSolveWhileAnimating(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	for _, tc := range []struct {
		d     ui.Distinct
		found int64
	}{{ui.DistinctRaw, 11520}, {ui.DistinctAll, 240}} {
		var asked atomic.Int64
		animating := func() bool { asked.Add(1); return true }
		st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2, Distinct: tc.d, Animating: animating, Progress: func(ui.Progress) {}},
			func(ui.Solution) bool { return true })
		if err != nil || st.Solutions != tc.found || asked.Load() == 0 {
			t.Errorf("mode %v while animating: %d solutions (want %d), asked %d times, err %v", tc.d, st.Solutions, tc.found, asked.Load(), err)
		}
	}
}

// TestSymmetryNote: the Bedlam cube's pieces are not closed under
// reflection, so only rotations count.
func TestSymmetryNote(t *testing.T) {
	b := New()
	note := b.SymmetryNote(library(t, b, "bedlam"))
	for _, want := range []string{"The box has 48 symmetries (24 rotations)", "reflections do not apply", "counts as \u201cup to rotation\u201d."} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q lacks %q", note, want)
		}
	}
}

// TestSolveProgress runs whole searches with progress reports on: each
// returns with every solution and an estimate of the fraction done.
func TestSolveProgress(t *testing.T) {
	b := New()
	name, want := "soma", int64(11520)
	if testing.Short() {
		name, want = "soma-pyramid", 56
	}
	p := library(t, b, name)
	for _, workers := range []int{1, 2} {
		var last ui.Progress
		st, err := b.Solve(context.Background(), p, ui.SolveOptions{
			Workers: workers, Progress: func(pr ui.Progress) { last = pr },
		}, func(ui.Solution) bool { return true })
		if err != nil || st.Solutions != want {
			t.Errorf("%d workers: stats %+v, err %v", workers, st, err)
		}
		if last.Fraction <= 0 || last.Fraction > 1 {
			t.Errorf("%d workers: last progress %+v", workers, last)
		}
	}
}

func TestLayoutBesideTheBox(t *testing.T) {
	b := New()
	for _, name := range []string{"soma", "pentomino-6x10"} {
		p := library(t, b, name)
		var shapes []geometry.Shape
		for _, pc := range p.Pieces {
			shapes = append(shapes, pc.Orientations[0])
		}
		out := b.Layout(p.Box, shapes, p.Planar)
		if len(out) != len(shapes) {
			t.Fatalf("%s: %d shapes laid out of %d", name, len(out), len(shapes))
		}
		box := map[geometry.Cell]bool{}
		for _, c := range p.Box {
			box[c] = true
		}
		for i, cells := range out {
			if len(cells) != len(shapes[i]) {
				t.Errorf("%s: shape %d has %d cells, laid out %d", name, i, len(shapes[i]), len(cells))
			}
			for _, c := range cells {
				if box[c] {
					t.Errorf("%s: shape %d lies in the box at %v", name, i, c)
				}
			}
		}
	}
}

func TestDrawAndExports(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	var sol ui.Solution
	b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return true })
	scene := &ui.Scene{Box: p.Box, Frame: &[2][3]float64{{0, 0, 0}, {3, 3, 3}}}
	for _, o := range sol {
		pl := p.Placements[o]
		scene.Pieces = append(scene.Pieces, ui.ScenePiece{Cells: pl.Cells, Color: b.PieceColor(pl.Piece, 7), Opacity: 1})
	}
	img := b.Draw(scene, ui.Camera{Yaw: 32, Pitch: 28, Zoom: 1}, 160, 120)
	if distinct(img) < 10 {
		t.Errorf("the drawing has %d colours", distinct(img))
	}
	draw := b.NewDrawer()
	if distinct(draw(scene, ui.Camera{Yaw: 100, Pitch: -20, Zoom: 2}, 64, 48)) < 10 {
		t.Error("the view's drawer draws nothing")
	}
	var gif, dlx bytes.Buffer
	if err := b.WriteGIF(scene, ui.Camera{Yaw: 32, Pitch: 28, Zoom: 1}, 0, 0, &gif); err != nil || !strings.HasPrefix(gif.String(), "GIF89a") {
		t.Errorf("GIF: %v, %q", err, gif.Bytes()[:min(6, gif.Len())])
	}
	if err := b.WriteDLX(p, &dlx); err != nil || !strings.HasPrefix(dlx.String(), "| ") {
		t.Errorf("DLX: %v", err)
	}
	sheet, err := b.OrientationSheet(p, 1)
	if err != nil || sheet.Bounds().Dx() < 100 {
		t.Errorf("sheet: %v", err)
	}
}

func distinct(img image.Image) int {
	seen := map[[4]uint32]bool{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c0, c1, c2, c3 := img.At(x, y).RGBA()
			seen[[4]uint32{c0, c1, c2, c3}] = true
		}
	}
	return len(seen)
}

// BenchmarkViewFrame is the renderer's share of one frame of the 3D view: a
// packed pentacube 2x5x6 box, at the size of the view in a 1200x760 window.
func BenchmarkViewFrame(b *testing.B) {
	be := New()
	var p *ui.Puzzle
	for _, e := range be.Catalog() {
		if e.Name == "pentacube-2x5x6" {
			data, _ := e.Data()
			p, _ = be.Load(e.Name, data)
		}
	}
	if p == nil {
		b.Skip("no pentacube-2x5x6 in the library")
	}
	var sol ui.Solution
	be.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return true })
	scene := &ui.Scene{Box: p.Box, Frame: &[2][3]float64{{0, 0, 0}, {2, 5, 6}}}
	for _, o := range sol {
		pl := p.Placements[o]
		scene.Pieces = append(scene.Pieces, ui.ScenePiece{Cells: pl.Cells, Color: be.PieceColor(pl.Piece, len(p.Pieces)), Opacity: 1})
	}
	draw := be.NewDrawer()
	b.ReportAllocs()
	yaw := 0.0
	for b.Loop() {
		yaw += 3
		draw(scene, ui.Camera{Yaw: yaw, Pitch: 28, Zoom: 1}, 598, 684)
	}
}

// TestGIFFollowsDisassembly: the window's GIF export plays the reverse of
// the packing's disassembly, as the animate command does.
func TestGIFFollowsDisassembly(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	var sol ui.Solution
	b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return true })
	scene := &ui.Scene{Box: p.Box}
	for _, o := range sol {
		scene.Pieces = append(scene.Pieces, ui.ScenePiece{Cells: p.Placements[o].Cells})
	}
	a := possibleAssembly(renderScene(scene), false)
	if len(a.Path) != 6 {
		t.Errorf("the assembly has %d steps, want the 6 of the Soma disassembly reversed", len(a.Path))
	}
	// the size asked for (File > Export Size)
	var buf bytes.Buffer
	if err := b.WriteGIF(scene, ui.Camera{Yaw: 32, Pitch: 28, Zoom: 1}, 64, 48, &buf); err != nil {
		t.Fatal(err)
	}
	if cfg, err := gif.DecodeConfig(&buf); err != nil || cfg.Width != 64 || cfg.Height != 48 {
		t.Errorf("GIF %dx%d (%v), want 64x48", cfg.Width, cfg.Height, err)
	}
}

// TestAssemblePlan: Play's plan for a Soma solution is the reverse of its
// disassembly: six steps, each a piece coming in, the first piece's place
// taken last.
func TestAssemblePlan(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	var sol ui.Solution
	b.Solve(context.Background(), p, ui.SolveOptions{Workers: 1, Max: 1}, func(s ui.Solution) bool { sol = s; return true })
	plan := b.Assemble(p, sol)
	if plan.Level != 1 || len(plan.Steps) != 6 || plan.Note != "" {
		t.Fatalf("plan: level %d, %d steps, note %q", plan.Level, len(plan.Steps), plan.Note)
	}
	for k, st := range plan.Steps {
		if !st.Enter || len(st.Pieces) != 1 || st.Shift == ([3]float64{}) {
			t.Errorf("step %d: %+v", k, st)
		}
	}
	bad := []int{len(p.Placements)}
	if plan := b.Assemble(p, bad); len(plan.Steps) != 0 || plan.Note == "" {
		t.Errorf("a solution that is not placements: %+v", plan)
	}
}

// TestLoadLepage: his problem files open like any other, with his pieces,
// his matrix, and his lock and constraints in words; no class counting on
// top of his lock.
func TestLoadLepage(t *testing.T) {
	src := "problem = {\n\tbox = { 6, 5, 2 },\n\tpieces = { \"F_\", \"I_\", \"L_\", \"N_\", \"P_\", \"T_\", \"U_\", \"V_\", \"W_\", \"X_\", \"Y_\", \"Z_\" },\n\tconstrain_z = \"F_\",\n\tlock = \"F_\",\n\tlockcount = 2\n}\n"
	b := New()
	p, err := b.Load("pentacube-2x5x6.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p.Planar || len(p.Box) != 60 || len(p.Pieces) != 12 || p.Pieces[0].Name != "F_" || p.Distinct {
		t.Fatalf("planar %v, %d cells, %d pieces, first %q, distinct %v", p.Planar, len(p.Box), len(p.Pieces), p.Pieces[0].Name, p.Distinct)
	}
	if want := []string{"F_ locked to 2 orientations", "F_ kept in the lower half along z"}; !slices.Equal(p.Restrictions, want) {
		t.Errorf("restrictions %q, want %q", p.Restrictions, want)
	}
	// His matrix for this file has 1916 rows (his published output says 1916x72).
	if p.Options != 1916 || len(p.Placements) != 1916 {
		t.Errorf("%d options, %d placements", p.Options, len(p.Placements))
	}
	var dlx bytes.Buffer
	if err := b.WriteDLX(p, &dlx); err != nil || !strings.HasPrefix(dlx.String(), "000 100 200") {
		t.Errorf("DLX export: %v, %.40q", err, dlx.String())
	}
	_, err = b.Load("bad.txt", []byte("problem = { box = {3,3,1}, pieces = {'1_','Q'} }"))
	var le *ui.LoadError
	if !errors.As(err, &le) || le.Line != 1 || le.Col != 43 {
		t.Errorf("error %v (%#v), want bad.txt:1:43", err, le)
	}
}

// TestSymmetryNoteWording: the window words the puzzle's symmetry facts in
// its own terms; no command-line flag leaks into them.
func TestSymmetryNoteWording(t *testing.T) {
	b := New()
	for _, tc := range []struct{ name, want string }{
		{"soma", "The box has 48 symmetries (24 rotations); the pieces are closed under reflection, so mirror images count as the same solution \u201cup to rotation and reflection\u201d."},
		{"pentomino-6x10", "The box has 4 symmetries (2 rotations)."},
	} {
		if note := b.SymmetryNote(library(t, b, tc.name)); note != tc.want {
			t.Errorf("%s: note %q, want %q", tc.name, note, tc.want)
		}
	}
}

// The window solves with the auto engine unless POLYVIZ_ENGINE names
// another.
func TestWindowEngine(t *testing.T) {
	for _, tt := range []struct {
		env  string
		want solver.Engine
	}{{"", solver.EngineAuto}, {"dlx", solver.EngineDLX}, {"bits", solver.EngineBits}, {"fast", solver.EngineAuto}} {
		t.Setenv("POLYVIZ_ENGINE", tt.env)
		if got := windowEngine(); got != tt.want {
			t.Errorf("POLYVIZ_ENGINE=%q: %v, want %v", tt.env, got, tt.want)
		}
	}
}

// TestLatticePuzzlesDrawn: every gallery puzzle of triangles or hexagons
// opens in the window with its lattice's prisms as its grid, solves, and
// its first solution draws (each cell's top centre is picked as the piece
// on it), exports as PNG, SVG (one polygon a piece) and GIF, and each
// piece's orientation sheet draws; Play says the pieces fly in.
func TestLatticePuzzlesDrawn(t *testing.T) {
	b := New()
	seen := 0
	for _, e := range b.Catalog() {
		if !strings.HasPrefix(e.Name, "hexiamond-") && !strings.HasPrefix(e.Name, "tetrahex-") {
			continue
		}
		a, ok := assets.Lookup(e.Name)
		if !ok || (a.Format != assets.Polyiamond && a.Format != assets.Polyhex) {
			continue // hexiamond-prisms-*: BurrTools' prism grid, a 3D puzzle (TestBurrToolsGalleryDrawn)
		}
		if strings.Contains(a.Counts.All.Checked, "TestLiteratureCounts") {
			continue // the literature's hundred more: the classic ones stand for them here
		}
		seen++
		data, err := e.Data()
		if err != nil {
			t.Fatal(err)
		}
		p, err := b.Load(e.Name, data)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if p.Grid == nil || p.Grid.Lattice() == nil || !p.Planar {
			t.Fatalf("%s: grid %v, planar %v", e.Name, p.Grid, p.Planar)
		}
		var sol ui.Solution
		if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Max: 1, Workers: 1}, func(s ui.Solution) bool {
			sol = append(ui.Solution(nil), s...)
			return false
		}); err != nil || sol == nil {
			t.Fatalf("%s: solve: %v", e.Name, err)
		}
		sc := &ui.Scene{Planar: true, Grid: p.Grid}
		for _, o := range sol {
			pl := p.Placements[o]
			sc.Pieces = append(sc.Pieces, ui.ScenePiece{Piece: pl.Piece, Name: p.Pieces[pl.Piece].Name, Cells: pl.Cells, Color: render.PieceColor(pl.Piece, len(p.Pieces))})
		}
		const w, h = 320, 240
		if img := b.Draw(sc, ui.Camera{Pitch: 90, Zoom: 1}, w, h); img.Bounds().Dx() != w {
			t.Fatalf("%s: drawn %v", e.Name, img.Bounds())
		}
		cam := renderCamera(sc, ui.Camera{Pitch: 90, Zoom: 1}, w, h)
		for k, sp := range sc.Pieces {
			for _, c := range sp.Cells {
				ctr := p.Grid.WorldCentre(c)
				x, y, _, _ := cam.Project(mgl64.Vec3{ctr[0], ctr[1], geometry.LatticeThickness}, w, h)
				if got, ok := b.Pick(sc, ui.Camera{Pitch: 90, Zoom: 1}, w, h, int(x), int(y)); !ok || got != k {
					t.Errorf("%s: the centre of cell %v of piece %s picks %d, %v; want %d", e.Name, c, sp.Name, got, ok, k)
				}
			}
		}
		var svg bytes.Buffer
		if err := b.WriteSVG(sc, &svg); err != nil || strings.Count(svg.String(), `class="piece"`) != len(sol) {
			t.Errorf("%s: SVG: %v, %d pieces", e.Name, err, strings.Count(svg.String(), `class="piece"`))
		}
		var anim bytes.Buffer
		if err := b.WriteGIF(sc, ui.Camera{Pitch: 90, Zoom: 1}, 120, 90, &anim); err != nil {
			t.Errorf("%s: GIF: %v", e.Name, err)
		} else if g, err := gif.DecodeAll(&anim); err != nil || len(g.Image) < 2 {
			t.Errorf("%s: GIF decodes: %v", e.Name, err)
		}
		// with its box, as the export passes it: the board under the
		// arriving pieces, about as much of the picture as the packing
		boarded := *sc
		boarded.Box = p.Box
		anim.Reset()
		if err := b.WriteGIF(&boarded, ui.Camera{Pitch: 90, Zoom: 1}, 120, 90, &anim); err != nil {
			t.Errorf("%s: GIF with the board: %v", e.Name, err)
		} else if g, err := gif.DecodeAll(&anim); err != nil {
			t.Errorf("%s: GIF with the board decodes: %v", e.Name, err)
		} else if first, last := gifDrawn(g, 1), gifDrawn(g, len(g.Image)); 10*first < 7*last {
			t.Errorf("%s: GIF: the first frame draws %d pixels, the packing %d: no board", e.Name, first, last)
		}
		for i := range p.Pieces {
			if img, err := b.OrientationSheet(p, i); err != nil || img.Bounds().Dx() < 400 {
				t.Errorf("%s: sheet of %s: %v", e.Name, p.Pieces[i].Name, err)
			}
		}
		// triangles and hexagons are taken apart in their plane (level 1
		// here: a board has no walls), each step a slide along the lattice
		plan := b.Assemble(p, sol)
		if plan.Note != "" || plan.Level != 1 || len(plan.Steps) != len(sol)-1 {
			t.Errorf("%s: Play: note %q, level %d, %d steps for %d pieces", e.Name, plan.Note, plan.Level, len(plan.Steps), len(sol))
		}
		for _, st := range plan.Steps {
			if d := math.Hypot(st.Shift[0], st.Shift[1]); st.Shift[2] != 0 || d < 0.99 {
				t.Errorf("%s: step %+v is no slide in the plane", e.Name, st)
			}
		}
	}
	if seen < 4 {
		t.Errorf("%d lattice puzzles in the gallery, want hexiamond-6x6, hexiamond-4x9, tetrahex-4x7, tetrahex-coin", seen)
	}
}

// TestBurrToolsGalleryDrawn: every gallery puzzle that is a BurrTools file
// on another grid (spheres, prisms, rhombic, tetra-octa) opens in the window
// on that grid as a 3D puzzle, solves, and its first solution draws: the
// picture is not blank and a click at its middle picks a piece.
func TestBurrToolsGalleryDrawn(t *testing.T) {
	b := New()
	grids := map[string]bool{}
	for _, e := range b.Catalog() {
		if a, ok := assets.Lookup(e.Name); !ok || a.Format != assets.BurrTools {
			continue
		}
		data, err := e.Data()
		if err != nil {
			t.Fatal(err)
		}
		p, err := b.Load(e.Name, data)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if p.Grid == nil || p.Planar {
			t.Fatalf("%s: grid %v, planar %v", e.Name, p.Grid, p.Planar)
		}
		grids[p.Grid.Name()] = true
		var sol ui.Solution
		if _, err := b.Solve(context.Background(), p, ui.SolveOptions{Max: 1, Workers: 1}, func(s ui.Solution) bool {
			sol = append(ui.Solution(nil), s...)
			return false
		}); err != nil || sol == nil {
			t.Fatalf("%s: solve: %v", e.Name, err)
		}
		sc := &ui.Scene{Grid: p.Grid}
		for _, o := range sol {
			pl := p.Placements[o]
			sc.Pieces = append(sc.Pieces, ui.ScenePiece{Piece: pl.Piece, Name: p.Pieces[pl.Piece].Name, Cells: pl.Cells, Color: render.PieceColor(pl.Piece, len(p.Pieces))})
		}
		const w, h = 160, 120
		cam := ui.Camera{Yaw: 30, Pitch: 25, Zoom: 1}
		img := b.Draw(sc, cam, w, h)
		bg := img.At(0, 0)
		drawn := 0
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if img.At(x, y) != bg {
					drawn++
				}
			}
		}
		t.Logf("%s: %d of %d pixels drawn", e.Name, drawn, w*h)
		if drawn < w*h/10 {
			t.Errorf("%s: %d of %d pixels drawn", e.Name, drawn, w*h)
		}
		if _, ok := b.Pick(sc, cam, w, h, w/2, h/2); !ok {
			t.Errorf("%s: nothing picked at the middle of the picture", e.Name)
		}
	}
	for _, g := range []string{"spheres", "triangular prisms", "rhombic tetrahedra", "tetrahedra-octahedra"} {
		if !grids[g] {
			t.Errorf("no gallery puzzle on the %s grid", g)
		}
	}
}

// TestSolveRawBySymmetry: the window's "all solutions" of a symmetric box
// are counted by symmetry, as solve counts them: every solution is visited
// once (each class's images), in fewer nodes than DLX1's tree, and the
// note says so; a limited run ("first N") and POLYVIZ_ENGINE=bits search
// DLX1's tree.
func TestSolveRawBySymmetry(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	seen := map[string]bool{}
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2}, func(s ui.Solution) bool {
		seen[fmt.Sprint(s)] = true
		return true
	})
	if err != nil || st.Solutions != 11520 || len(seen) != 11520 || st.Nodes >= 256917 || st.Raw != 0 ||
		!strings.Contains(st.Note, "Counted by symmetry: 240 classes") {
		t.Errorf("soma, all solutions: %+v, %d different visited, %v", st, len(seen), err)
	}
	st, err = b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2, Max: 20000}, func(ui.Solution) bool { return true })
	if err != nil || st.Solutions != 11520 || st.Nodes != 256917 || st.Note != "" {
		t.Errorf("soma, first 20000: %+v, %v", st, err)
	}
	t.Setenv("POLYVIZ_ENGINE", "bits")
	st, err = b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2}, func(ui.Solution) bool { return true })
	if err != nil || st.Solutions != 11520 || st.Nodes != 256917 || st.Note != "" {
		t.Errorf("soma, POLYVIZ_ENGINE=bits: %+v, %v", st, err)
	}
}

// gifDrawn counts the pixels of a GIF's picture after its first n frames
// that differ from the top left corner's, the background.
func gifDrawn(g *gif.GIF, n int) int {
	pic := image.NewRGBA(g.Image[0].Bounds())
	for _, f := range g.Image[:n] {
		draw.Draw(pic, f.Bounds(), f, f.Bounds().Min, draw.Over)
	}
	count := 0
	for i := 0; i < len(pic.Pix); i += 4 {
		if [3]uint8(pic.Pix[i:i+3]) != [3]uint8(pic.Pix[:3]) {
			count++
		}
	}
	return count
}

// TestLoadByteOrderMark: the window reads a file that begins with a UTF-8
// byte-order mark (as Notepad writes) as the command line does: a
// fillomino grid and a spec, each detected and read as without the mark.
func TestLoadByteOrderMark(t *testing.T) {
	b := New()
	for name, text := range map[string]string{
		"grid.txt": "3..\n...\n",
		"spec.txt": "[0-1][0-1]\nA 00 01\nB 10 11\n",
	} {
		plain, err := b.Load(name, []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		marked, err := b.Load(name, []byte("\xef\xbb\xbf"+text))
		if err != nil {
			t.Fatalf("%s with a byte-order mark: %v", name, err)
		}
		if len(marked.Pieces) != len(plain.Pieces) || len(marked.Box) != len(plain.Box) {
			t.Errorf("%s: with the mark %d pieces, %d cells; without %d, %d", name, len(marked.Pieces), len(marked.Box), len(plain.Pieces), len(plain.Box))
		}
	}
}
