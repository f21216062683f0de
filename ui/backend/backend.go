// Package backend wires polyviz's own packages into the window: puzzle
// reads files, solver solves, render draws and assets holds the library.
// It is kept apart from package ui so that the widgets and their tests
// depend on none of them.
package backend

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"github.com/go-gl/mathgl/mgl64"

	"polyviz/antislide"
	"polyviz/assets"
	"polyviz/disassembly"
	"polyviz/fileout"
	"polyviz/fillomino"
	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
	"polyviz/stl"
	"polyviz/ui"
)

// New returns the Backend made of polyviz's own packages.
func New() *ui.Backend {
	return &ui.Backend{
		Load: loadPuzzle,
		LoadProblem: func(name string, data []byte, k int) (*ui.Puzzle, error) {
			return loadProblem(name, data, puzzle.LoadOptions{Problem: k})
		},
		Solve: solvePuzzle,
		Draw: func(s *ui.Scene, cam ui.Camera, w, h int) image.Image {
			if s != nil && s.Board != nil {
				return s.Board(w, h)
			}
			r := render.Renderer{Style: render.Style{CellEdges: s != nil && s.CellEdges}}
			return r.Render(renderScene(s), renderCamera(s, cam, w, h), w, h)
		},
		NewDrawer: func() func(s *ui.Scene, cam ui.Camera, w, h int) image.Image {
			r := render.NewRenderer()
			return func(s *ui.Scene, cam ui.Camera, w, h int) image.Image {
				if s != nil && s.Board != nil {
					return s.Board(w, h)
				}
				r.Style.CellEdges = s != nil && s.CellEdges
				return r.Render(renderScene(s), renderCamera(s, cam, w, h), w, h)
			}
		},
		Pick: func(s *ui.Scene, cam ui.Camera, w, h, x, y int) (int, bool) {
			if s == nil || s.Board != nil {
				return 0, false
			}
			return render.Pick(renderScene(s), renderCamera(s, cam, w, h), w, h, x, y)
		},
		PieceColor: render.PieceColor,
		Layout:     layout,
		SymmetryNote: func(p *ui.Puzzle) string {
			if l, ok := p.Source.(*puzzle.Loaded); ok && l.Puzzle != nil {
				return symmetryNote(l.Puzzle.Symmetry().Facts)
			}
			return ""
		},
		WriteDLX: writeDLX,
		WriteGIF: func(packing *ui.Scene, cam ui.Camera, width, height int, w io.Writer) error {
			if width <= 0 || height <= 0 {
				width, height = 480, 360
			}
			a := possibleAssembly(renderScene(packing), packing.Planar)
			return render.WriteGIF(context.Background(), w, a, renderCamera(packing, cam, width, height), render.GIFOptions{Width: width, Height: height})
		},
		Assemble:     assemble,
		Facts:        solutionFacts,
		OnFactsStart: lowestThreadPriority,
		WriteSTL:     writeSTL,
		WriteSVG: func(s *ui.Scene, w io.Writer) error {
			return render.WriteSVG(w, renderScene(s), render.SVGOptions{Grid: true, Labels: true})
		},
		OrientationSheet: orientationSheet,
		Catalog:          catalog,
		AddToGallery:     addToGallery,
		Icon:             fyne.NewStaticResource("polyviz.png", assets.Icon()),
		SavedRun:         savedRun,
	}
}

// loadPuzzle reads a spec, DLX file or BurrTools file with puzzle.Load.
func loadPuzzle(name string, data []byte) (*ui.Puzzle, error) {
	if fillomino.Detect(data) && !strings.HasSuffix(strings.ToLower(name), ".dlx") {
		return loadFillomino(name, data)
	}
	if antislide.Detect(data) {
		return loadAntislide(name, data)
	}
	return loadProblem(name, data, puzzle.LoadOptions{})
}

// loadProblem reads a file with puzzle.LoadWith; for a BurrTools file with
// several problems it names them all, so that the window can ask.
func loadProblem(name string, data []byte, opt puzzle.LoadOptions) (*ui.Puzzle, error) {
	l, err := puzzle.LoadWith(name, data, puzzle.FormatAuto, opt)
	if err != nil {
		return nil, loadError(name, err)
	}
	p := &ui.Puzzle{Name: name, Source: l}
	if l.XM != nil && len(l.XM.Problems) > 1 {
		for i, pr := range l.XM.Problems {
			p.Problems = append(p.Problems, fmt.Sprintf("%d: %s", i+1, pr.Name))
		}
	}
	if l.Problem != nil {
		p.Options = l.Problem.NumOptions()
		prob := l.Problem
		p.Option = func(i int) string { return strings.Join(prob.OptionItems(i), " ") }
	}
	if l.Puzzle == nil {
		return p, nil
	}
	p.Planar, p.Box = l.Puzzle.Planar, l.Puzzle.Box
	p.Distinct = true
	if p.Box == nil {
		p.Box = []geometry.Cell{}
	}
	pls := l.Puzzle.Placements()
	counts := make([]int, len(l.Puzzle.Pieces))
	p.Distinct = len(pls) == p.Options
	if len(pls) == p.Options {
		p.Placements = make([]ui.Placement, len(pls))
		for i, pl := range pls {
			p.Placements[i] = ui.Placement{Piece: pl.Piece, Orientation: pl.Orientation, Cells: pl.Cells}
			if pl.Piece >= 0 && pl.Piece < len(counts) {
				counts[pl.Piece]++
			}
		}
	}
	if l.Lepage != nil {
		// His lock and constraints already cut the symmetric solutions
		// away, so counting classes again would be wrong.
		p.Restrictions = l.Lepage.Notes()
		p.Distinct = p.Distinct && len(p.Restrictions) == 0
	}
	for i, pc := range l.Puzzle.Pieces {
		p.Pieces = append(p.Pieces, ui.Piece{
			Name: pc.Name, Min: pc.Min, Max: pc.Max, Cells: pc.Cells,
			Orientations: pc.Orientations, Placements: counts[i],
		})
	}
	return p, nil
}

// loadError gives a parse error of any reader the position the dialog shows.
func loadError(name string, err error) error {
	var pe *parse.Error
	if errors.As(err, &pe) {
		return &ui.LoadError{File: pe.File, Line: pe.Line, Col: pe.Col, Err: pe.Err}
	}
	return &ui.LoadError{File: name, Err: err}
}

// solvePuzzle runs solver.Solve on the puzzle's exact cover problem, or
// puzzle.SolveDistinct for one representative per class of solutions.
func solvePuzzle(ctx context.Context, p *ui.Puzzle, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	if f, ok := p.Source.(*fillomino.Build); ok {
		return solveFillomino(ctx, f, opt, visit)
	}
	if src, ok := p.Source.(*antislideSource); ok {
		return solveAntislide(ctx, src, opt, visit)
	}
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Problem == nil {
		return ui.SolveStats{}, errors.New("no exact cover problem")
	}
	so := solver.Options{Workers: opt.Workers, MaxSolutions: opt.Max, Engine: windowEngine()}
	if opt.Progress != nil {
		so.Progress = func(pr solver.Progress) {
			opt.Progress(ui.Progress{Solutions: pr.Solutions, Nodes: pr.Nodes, Fraction: pr.Fraction, Elapsed: pr.Elapsed})
		}
	}
	if opt.YieldToUI {
		so.OnWorkerStart = lowerThreadPriority
	}
	saver, err := setupRun(p, opt, &so)
	if err != nil {
		return ui.SolveStats{}, err
	}
	if opt.Distinct != ui.DistinctRaw {
		if l.Puzzle == nil || !p.Distinct {
			return ui.SolveStats{}, errors.New("distinct solutions need a packing puzzle")
		}
		mode := puzzle.DistinctRotations
		if opt.Distinct == ui.DistinctAll {
			mode = puzzle.DistinctAll
		}
		st, err := l.Puzzle.SolveDistinct(ctx, mode, so, func(s puzzle.DistinctSolution) bool { return visit(ui.Solution(s.Options)) })
		return ui.SolveStats{
			Solutions: st.Distinct, Nodes: st.Nodes, Elapsed: st.Elapsed,
			Raw: st.Raw, Note: symmetryNote(st.Facts),
		}, saver.finish(err)
	}
	st, err := solver.Solve(ctx, l.Problem, so, func(s solver.Solution) bool { return visit(ui.Solution(s.Options)) })
	return ui.SolveStats{Solutions: st.Solutions, Nodes: st.Nodes, Elapsed: st.Elapsed}, saver.finish(err)
}

// windowEngine is the engine of the window's solves: auto (the bitset
// engine for packings), or POLYVIZ_ENGINE's (dlx, bits or auto), to
// compare them.
func windowEngine() solver.Engine {
	if e, err := solver.ParseEngine(os.Getenv("POLYVIZ_ENGINE")); err == nil {
		return e
	}
	return solver.EngineAuto
}

// symmetryNote says in the window's terms which symmetries of the box act
// on the solutions and so which counts apply.
func symmetryNote(f puzzle.SymmetryFacts) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The box has %s (%s)", count(f.BoxSymmetries, "symmetry", "symmetries"), count(f.BoxRotations, "rotation", "rotations"))
	switch {
	case f.Acting == f.BoxSymmetries:
		if f.MirrorsAct() && !f.Planar {
			b.WriteString("; the pieces are closed under reflection, so mirror images count as the same solution \u201cup to rotation and reflection\u201d")
		}
	case len(f.Unmirrored) > 0:
		fmt.Fprintf(&b, "; reflections do not apply: the mirror image of %s is not in the set, so \u201cup to rotation and reflection\u201d counts as \u201cup to rotation\u201d", strings.Join(f.Unmirrored, ", "))
	default:
		fmt.Fprintf(&b, "; only %d of them map solutions to solutions", f.Acting)
	}
	b.WriteString(".")
	return b.String()
}

// count writes n with the singular or plural noun.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// layout sets shapes out beside the box with render.LayoutScene.
func layout(box []geometry.Cell, shapes []geometry.Shape, planar bool) [][]geometry.Cell {
	in := make([][]geometry.Cell, len(shapes))
	for i, sh := range shapes {
		in[i] = sh
	}
	sc := render.LayoutScene(box, nil, in, planar)
	out := make([][]geometry.Cell, len(sc.Pieces))
	for i, pc := range sc.Pieces {
		out[i] = pc.Cells
	}
	return out
}

// orientationSheet draws every rotation (every symmetry, in 2D) of a piece's
// first orientation, the distinct ones marked.
func orientationSheet(p *ui.Puzzle, i int) (image.Image, error) {
	if i < 0 || i >= len(p.Pieces) || len(p.Pieces[i].Orientations) == 0 {
		return nil, errors.New("no such piece")
	}
	pc := p.Pieces[i]
	return render.SheetFromShape(pc.Orientations[0], p.Planar, render.SheetOptions{
		Name: pc.Name, Planar: p.Planar, Color: render.PieceColor(i, len(p.Pieces)),
	}), nil
}

// writeDLX writes Knuth's DLX file for a spec, or the problem for a DLX file.
func writeDLX(p *ui.Puzzle, w io.Writer) error {
	if f, ok := p.Source.(*fillomino.Build); ok {
		return f.WriteDLX(w)
	}
	l, ok := p.Source.(*puzzle.Loaded)
	switch {
	case !ok:
		return errors.New("no exact cover problem")
	case l.Puzzle != nil && l.Format != puzzle.FormatDLX && l.Format != puzzle.FormatLepage:
		return l.Puzzle.WriteDLX(w)
	case l.Problem != nil:
		return l.Problem.WriteDLX(w)
	}
	return errors.New("no exact cover problem")
}

// writeSTL lays every copy of every piece out on one plate, 20 mm cubes
// with 0.2 mm clearance, as polyviz stl --plate does by default with
// --clearance 0.2mm.
func writeSTL(p *ui.Puzzle, w io.Writer) error {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Puzzle == nil {
		return errors.New("not a puzzle of pieces")
	}
	var pieces [][]geometry.Cell
	for _, pc := range l.Puzzle.Pieces {
		if len(pc.Orientations) == 0 {
			continue
		}
		for range max(pc.Max, 1) {
			pieces = append(pieces, pc.Orientations[0])
		}
	}
	return stl.Plate(pieces, stl.Options{Cube: 20, Clearance: 0.2}, 0).WriteBinary(w, p.Name+" plate")
}

// catalog lists the assets library, then the files of the user's gallery
// folder (by name, in order; a name the library has is left out).
func catalog() []ui.CatalogEntry {
	var out []ui.CatalogEntry
	names := map[string]bool{}
	for _, e := range assets.Catalog() {
		names[e.Name] = true
		out = append(out, ui.CatalogEntry{Name: e.Name, Title: e.Title, Data: func() ([]byte, error) {
			if d := e.Data(); d != nil {
				return d, nil
			}
			return nil, fmt.Errorf("%s is not in the library", e.Name)
		}})
	}
	dir, err := galleryDir()
	if err != nil {
		return out
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	for _, ent := range ents {
		name := ent.Name()
		if !ent.Type().IsRegular() || strings.HasPrefix(name, ".") || names[name] || len(out) >= 1000 {
			continue
		}
		path := filepath.Join(dir, name)
		out = append(out, ui.CatalogEntry{Name: name, Title: "Yours: " + name, Data: func() ([]byte, error) {
			return os.ReadFile(path)
		}})
	}
	return out
}

// galleryDir is the user's gallery folder: polyviz/gallery in the user's
// configuration folder ($XDG_CONFIG_HOME or ~/.config on Linux).
func galleryDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "polyviz", "gallery"), nil
}

// addToGallery copies a puzzle file into the gallery folder, made if missing.
func addToGallery(path string) (string, error) {
	dir, err := galleryDir()
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	if _, err := loadPuzzle(path, data); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	dst := filepath.Join(dir, filepath.Base(path))
	return dir, fileout.WriteFile(dst, func(w io.Writer) error { _, err := w.Write(data); return err })
}

// renderScene converts a scene for the renderer.
func renderScene(s *ui.Scene) *render.Scene {
	if s == nil {
		return nil
	}
	rs := &render.Scene{Box: s.Box}
	if len(s.Box) == 0 {
		rs.BoxStyle = render.BoxHidden
	}
	for _, p := range s.Pieces {
		rs.Pieces = append(rs.Pieces, render.Piece{
			Name: p.Name, Cells: p.Cells, Color: p.Color,
			Offset: mgl64.Vec3{p.Offset[0], p.Offset[1], p.Offset[2]}, Opacity: p.Opacity,
		})
	}
	for _, l := range s.Labels {
		rs.Labels = append(rs.Labels, render.Label{
			Cell: l.Cell, Text: l.Text, Bold: l.Bold,
			Offset: mgl64.Vec3{l.Offset[0], l.Offset[1], l.Offset[2]},
		})
	}
	return rs
}

// renderCamera turns the view's camera into the renderer's. A planar scene,
// or one without a frame (the pieces tray, a lone piece), is fitted at the
// current angles; a framed 3D scene (a packing) by its frame's bounding
// sphere, so that the distance stays put while the view orbits.
func renderCamera(s *ui.Scene, c ui.Camera, w, h int) render.Camera {
	lo, hi := frameBounds(s)
	cam := render.Camera{Yaw: c.Yaw, Pitch: c.Pitch}
	switch {
	case s != nil && s.Planar:
		cam.Ortho = true
		cam = cam.FitSize(lo, hi, max(w, 1), max(h, 1))
	case s == nil || s.Frame == nil:
		cam = cam.FitSize(lo, hi, max(w, 1), max(h, 1))
	default:
		cam.Target = lo.Add(hi).Mul(0.5)
		r := hi.Sub(lo).Len() / 2
		half := 15.0 * math.Pi / 180 // half the default field of view
		cam.Distance = r / math.Sin(half) * 1.02
	}
	if c.Zoom > 0 {
		cam.Distance /= c.Zoom
	}
	return cam
}

// frameBounds is the region the camera frames: the scene's frame if it has
// one, else everything it draws.
func frameBounds(s *ui.Scene) (lo, hi mgl64.Vec3) {
	if s != nil && s.Frame != nil {
		f := s.Frame
		return mgl64.Vec3{f[0][0], f[0][1], f[0][2]}, mgl64.Vec3{f[1][0], f[1][1], f[1][2]}
	}
	if s != nil {
		if lo, hi, ok := renderScene(s).Bounds(); ok {
			return lo, hi
		}
	}
	return mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}
}

// possibleAssembly returns the assembly of a packing along the reverse of
// its disassembly (boxless, as the CLI's default), so that no piece passes
// through another; when it cannot be taken apart, the fly-in.
func possibleAssembly(rs *render.Scene, planar bool) *render.Assembly {
	shapes := make([]geometry.Shape, len(rs.Pieces))
	for i, p := range rs.Pieces {
		shapes[i] = geometry.NewShape(p.Cells...)
	}
	r, err := disassembly.Disassemble(context.Background(), shapes, disassembly.Options{Planar: planar})
	if err != nil || r.Status != disassembly.Apart {
		return render.NewAssembly(rs, planar)
	}
	path := make([]render.Step, 0, len(r.Moves))
	for k := len(r.Moves) - 1; k >= 0; k-- {
		m := r.Moves[k]
		path = append(path, render.Step{
			Pieces: m.Pieces,
			Dir:    mgl64.Vec3{float64(-m.Dir.X), float64(-m.Dir.Y), float64(-m.Dir.Z)},
			Dist:   float64(m.Dist),
			Enter:  m.Removal,
		})
	}
	return render.NewPathAssembly(rs, planar, path)
}

// assembleStates bounds the disassembly search behind Play: it runs on the
// UI goroutine when a solution is shown, so it must be quick (about 22 µs
// a state: 5000 states is a tenth of a second, BenchmarkLockedSearch); a packing
// that needs more falls back to the fly-in.
const assembleStates = 5000

// assemble finds how solution s of p comes apart (boxless, as the CLI's
// default) and returns the reverse, for Play.
func assemble(p *ui.Puzzle, s ui.Solution) ui.AssemblyPlan {
	shapes := make([]geometry.Shape, 0, len(s))
	for _, o := range s {
		if o < 0 || o >= len(p.Placements) {
			return ui.AssemblyPlan{Note: "This solution is not a packing of placements: each piece flies in."}
		}
		shapes = append(shapes, geometry.NewShape(p.Placements[o].Cells...))
	}
	r, err := disassembly.Disassemble(context.Background(), shapes, disassembly.Options{Planar: p.Planar, MaxStates: assembleStates})
	switch {
	case err != nil:
		return ui.AssemblyPlan{Note: fmt.Sprintf("No disassembly (%v): each piece flies in, possibly through another.", err)}
	case r.Status == disassembly.Locked:
		return ui.AssemblyPlan{Note: "This packing cannot be taken apart by sliding pieces: each piece flies in, possibly through another."}
	case r.Status != disassembly.Apart:
		return ui.AssemblyPlan{Note: fmt.Sprintf("No disassembly found within %d states: each piece flies in, possibly through another.", r.MaxStates)}
	}
	plan := ui.AssemblyPlan{Level: r.Level}
	for k := len(r.Moves) - 1; k >= 0; k-- {
		m := r.Moves[k]
		d := float64(m.Dist)
		plan.Steps = append(plan.Steps, ui.AssemblyStep{
			Pieces: m.Pieces,
			Shift:  [3]float64{-d * float64(m.Dir.X), -d * float64(m.Dir.Y), -d * float64(m.Dir.Z)},
			Enter:  m.Removal,
		})
	}
	return plan
}

// factsStates bounds the disassembly search behind each row of the
// solutions list: it runs in the background, so it may search longer than
// Play's (about a second at 22 µs a state), and a packing that needs more
// is listed with an unknown level.
const factsStates = 50000

// solutionFacts returns the function that finds, for a solution of p
// listed in mode d, its disassembly level (boxless, as assemble) and, in a
// distinct mode, its class size. The box's symmetries are worked out once,
// here.
func solutionFacts(p *ui.Puzzle, d ui.Distinct) func(ctx context.Context, s ui.Solution) (ui.SolutionFacts, error) {
	var sym *puzzle.Symmetry
	mode := puzzle.DistinctNone
	switch d {
	case ui.DistinctRotations:
		mode = puzzle.DistinctRotations
	case ui.DistinctAll:
		mode = puzzle.DistinctAll
	}
	if l, ok := p.Source.(*puzzle.Loaded); ok && l.Puzzle != nil && mode != puzzle.DistinctNone {
		sym = l.Puzzle.Symmetry()
	}
	return func(ctx context.Context, s ui.Solution) (ui.SolutionFacts, error) {
		f := ui.SolutionFacts{Level: ui.LevelUnknown}
		if sym != nil {
			f.Class = sym.ClassSize(mode, s)
		}
		shapes := make([]geometry.Shape, 0, len(s))
		for _, o := range s {
			if o < 0 || o >= len(p.Placements) {
				return f, nil
			}
			shapes = append(shapes, geometry.NewShape(p.Placements[o].Cells...))
		}
		r, err := disassembly.Disassemble(ctx, shapes, disassembly.Options{Planar: p.Planar, MaxStates: factsStates})
		switch {
		case err != nil:
			return f, err
		case r.Status == disassembly.Locked:
			f.Level = ui.LevelLocked
		case r.Status == disassembly.Apart:
			f.Level = r.Level
		}
		return f, nil
	}
}
