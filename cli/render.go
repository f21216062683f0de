package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"polyviz/fileout"
	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
)

// viewFlags are the picture settings the drawing commands share.
type viewFlags struct {
	out      string
	size     string
	yaw      float64
	pitch    float64
	ortho    bool
	format   string
	solution int64
	problem  int
	// selectPiece picks out piece N of an antislide packing and what
	// blocks it (0: none)
	selectPiece int
	memory      byteSize
}

func (v *viewFlags) register(fs *pflag.FlagSet, defaultSize string) {
	fs.StringVarP(&v.out, "output", "o", "", "write the image to `FILE` (- for standard output)")
	fs.StringVar(&v.size, "size", defaultSize, "image size `WxH` in pixels")
	fs.Float64Var(&v.yaw, "yaw", render.DefaultYaw, "camera turn about the vertical, in `degrees`")
	fs.Float64Var(&v.pitch, "pitch", render.DefaultPitch, "camera height above the horizon, in `degrees` (90: from above)")
	fs.BoolVar(&v.ortho, "ortho", false, "orthographic projection (default for 2D puzzles)")
	fs.StringVar(&v.format, "format", "", formatHelp())
	fs.IntVar(&v.problem, "problem", 1, "problem number `N` of a BurrTools .xmpuzzle file")
	registerMaxMemory(fs, &v.memory)
}

// parseSize reads "WxH".
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(ws)
		if err == nil {
			h, err = strconv.Atoi(hs)
		}
	}
	if !ok || err != nil || w < 1 || h < 1 || w > 8192 || h > 8192 {
		return 0, 0, fmt.Errorf("bad size %q (want WxH, each 1..8192)", s)
	}
	return w, h, nil
}

// camera returns the camera the flags ask for, fitted to the scene: for a
// 2D puzzle orthographic from above unless --yaw or --pitch is given.
func (v *viewFlags) camera(fs *pflag.FlagSet, s *render.Scene, planar bool, w, h int) render.Camera {
	angled := fs.Changed("yaw") || fs.Changed("pitch")
	if planar && !angled {
		return render.FitCameraSize(s, true, w, h)
	}
	cam := render.Camera{Yaw: v.yaw, Pitch: v.pitch, Ortho: v.ortho}
	return cam.FitScene(s, w, h)
}

// parseViewArgs parses a drawing command's flags; it returns the exit status
// to stop with, or -1 to go on.
func parseViewArgs(fs *pflag.FlagSet, std IO, args []string, v *viewFlags) int {
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if msg := inputCountProblem(fs, puzzleInputs); msg != "" {
		return usageFailed(std, fs.Name(), "%s", msg)
	}
	if v.out == "" {
		return usageFailed(std, fs.Name(), "%s", noOutput)
	}
	if _, _, err := parseSize(v.size); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz %s: %v\n", fs.Name(), err)
		return 2
	}
	// NaN or an infinity would turn every point of the picture to NaN (all black)
	for _, a := range []struct {
		name string
		deg  float64
	}{{"yaw", v.yaw}, {"pitch", v.pitch}} {
		if math.IsNaN(a.deg) || math.IsInf(a.deg, 0) {
			fmt.Fprintf(std.Stderr, "polyviz %s: --%s must be a finite number of degrees, got %g\n", fs.Name(), a.name, a.deg)
			return 2
		}
	}
	if err := checkPictureName(fs.Name(), v.out); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz %s: %v\n", fs.Name(), err)
		return 2
	}
	return -1
}

// writeOutput writes an encoded image to the file named by --output, or to
// standard output for "-", with fileout.Write: a regular file atomically, a
// symbolic link's target, a device or FIFO in place.
func writeOutput(std IO, path string, write func(io.Writer) error) error {
	return fileout.Write(path, std.Stdout, write)
}

func writePNG(std IO, path string, img image.Image) error {
	return writeOutput(std, path, func(w io.Writer) error {
		return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
	})
}

// runRender is `polyviz render SPEC -o out.png [--solution K]`: it draws the
// K-th solution of a puzzle (in the order of a sequential search), or with
// no --solution the empty box with the pieces set out beside it.
func runRender(ctx context.Context, std IO, args []string) int {
	var v viewFlags
	fs := pflag.NewFlagSet("render", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	v.register(fs, "1024x768")
	fs.Int64Var(&v.solution, "solution", 0, "draw solution number `K` (1 = the first found); 0: the box and the pieces")
	var svg render.SVGOptions
	fs.BoolVar(&svg.Grid, "grid", false, "SVG: draw the cell grid")
	fs.BoolVar(&svg.Labels, "labels", false, "SVG: write the pieces' names")
	fs.IntVar(&v.selectPiece, "select", 0, "antislide packings: show piece `N` and the pieces that block it (the others faint)")
	engine := engineFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz render SPEC|PUZZLE -o out.png [flags]")
		fmt.Fprintln(std.Stderr, "Draws a puzzle (box and pieces) or one of its solutions to PNG, or for a 2D")
		fmt.Fprintln(std.Stderr, "puzzle to SVG when the output's name ends in .svg.")
		fs.PrintDefaults()
	}
	if st := parseViewArgs(fs, std, args, &v); st >= 0 {
		return st
	}
	if v.solution < 0 {
		fmt.Fprintf(std.Stderr, "polyviz render: --solution must be at least 1 (solutions are numbered from 1; 0 draws the box and the pieces), got %d\n", v.solution)
		return 2
	}
	eng, ok := parseEngineFlag(std, "render", *engine)
	if !ok {
		return 2
	}
	if code, ok := renderFillomino(ctx, &std, fs, v); ok {
		return code
	}
	if name, data, libFormat, err := readInputFormat(std, fs.Arg(0)); err == nil {
		if fs.Arg(0) == "-" { // standard input can be read once only
			std.Stdin = bytes.NewReader(data)
		}
		format := v.format
		if format == "" {
			format = libFormat
		}
		if f, err := formats.Choose(name, data, format); err == nil && f.Kind == formats.Antislide {
			return renderAntislide(ctx, std, fs, v, name, data)
		}
		if f, err := formats.Choose(name, data, format); err == nil && f.Name == formats.Polysticks {
			return renderPolysticks(ctx, std, fs, v, name, data)
		}
	}
	w, h, _ := parseSize(v.size)
	// the problem is built below only if a solution is drawn
	in, err := loadPuzzleInput(ctx, std, fs.Arg(0), v.format, v.problem, int64(v.memory), true)
	if err == nil && isSVG(v.out) {
		// on BurrTools' other grids SVG draws prisms one layer thick
		// only: refuse the others before solving
		_, err = render.PrismLayerScene(&render.Scene{Grid: in.Puzzle.Solids()})
		if err != nil {
			err = fmt.Errorf("%s: %w", in.Name, err)
		}
	}
	if err != nil {
		return commandFailed(ctx, std, "render", err)
	}
	p := in.Puzzle
	var scene *render.Scene
	layout := v.solution == 0
	if p.Grid() != nil && layout && isSVG(v.out) {
		// SVG draws BurrTools' prisms packed only: solution 1
		v.solution, layout = 1, false
	}
	if g := p.Solids(); g != nil && layout && !isSVG(v.out) {
		// triangles, hexagons and BurrTools' grids: the board and the
		// pieces' solids in rows (SVG lays triangles and hexagons out on
		// the lattice, below)
		names := make([]string, len(p.Pieces))
		shapes := make([][]geometry.Cell, len(p.Pieces))
		for i, pc := range p.Pieces {
			names[i] = pc.Name
			if len(pc.Orientations) > 0 {
				shapes[i] = pc.Orientations[0]
			}
		}
		scene = render.GridTray(g, p.Box, names, shapes)
	} else if layout {
		names := make([]string, len(p.Pieces))
		shapes := make([][]geometry.Cell, len(p.Pieces))
		for i, pc := range p.Pieces {
			names[i] = pc.Name
			if len(pc.Orientations) > 0 {
				shapes[i] = pc.Orientations[0]
			}
		}
		scene = render.LayoutScene(p.Box, names, shapes, p.Planar)
		scene.Wrap = p.Wrap().Axes() // a board that wraps: its joins marked
	} else if scene == nil {
		if err := in.buildProblem(ctx, int64(v.memory)); err != nil {
			return commandFailed(ctx, std, "render", err)
		}
		scene, err = solutionScene(ctx, in, v.solution, eng)
		if err != nil {
			return commandFailed(ctx, std, "render", err)
		}
	}
	if isSVG(v.out) && p.Grid() != nil {
		// triangular prisms one layer thick: their triangles
		flat, err := render.PrismLayerScene(scene)
		if err != nil {
			return commandFailed(ctx, std, "render", fmt.Errorf("%s: %w", in.Name, err))
		}
		svg.Lattice = geometry.Triangles()
		if err := writeOutput(std, v.out, func(w io.Writer) error { return render.WriteSVG(w, flat, svg) }); err != nil {
			return commandFailed(ctx, std, "render", err)
		}
		return 0
	}
	if isSVG(v.out) {
		svg.Lattice = p.Lattice
		return writeSVGScene(std, v.out, scene, p, svg)
	}
	if layout && !p.Planar && !fs.Changed("pitch") {
		v.pitch = 50 // see the pieces set out on the floor from higher up
	}
	img := render.Render(scene, v.camera(fs, scene, p.Planar, w, h), w, h)
	if err := writePNG(std, v.out, img); err != nil {
		return commandFailed(ctx, std, "render", err)
	}
	return 0
}

// engineFlag adds --engine to a command that takes solution number K, so
// that K means what it means in `solve --print` with the same engine.
func engineFlag(fs *pflag.FlagSet) *string {
	return fs.String("engine", "auto", "the `engine` whose order numbers the solutions, as in solve --print: auto (the default: DLX1's order), dlx (the same) or bits (the bitset engine's order)")
}

// parseEngineFlag reads --engine; it reports false (exit 2) after saying
// why when the name is unknown.
func parseEngineFlag(std IO, cmd, name string) (solver.Engine, bool) {
	e, err := solver.ParseEngine(name)
	if err != nil {
		// the solver's own prefix means nothing to the user
		fmt.Fprintf(std.Stderr, "polyviz %s: --engine: %s\n", cmd, strings.TrimPrefix(err.Error(), "solver: "))
		return 0, false
	}
	return e, true
}

// solutionScene finds the k-th solution of the loaded puzzle, in the order
// `solve --print` lists them with the same engine (for any number of
// workers), and returns it as a packing scene.
func solutionScene(ctx context.Context, in *loadedInput, k int64, eng solver.Engine) (*render.Scene, error) {
	var sol solver.Solution
	n := int64(0)
	_, err := solver.Solve(ctx, in.Problem, solver.Options{MaxSolutions: k, Ordered: true, Engine: eng}, func(s solver.Solution) bool {
		n++
		if n == k {
			sol = solver.Solution{Options: append([]int(nil), s.Options...)}
			return false
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	if n < k {
		return nil, fmt.Errorf("%s has %d solution%s, not %d", in.Name, n, plural(n), k)
	}
	return packingScene(in.Puzzle, in.Problem, sol)
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// packingScene turns a solution's options into placed pieces. Each option
// names its piece and lists its cells, as Knuth's programs write them.
func packingScene(p *puzzle.Puzzle, prob *solver.Problem, sol solver.Solution) (*render.Scene, error) {
	s := &render.Scene{Box: p.Box, Grid: p.Solids(), Wrap: p.Wrap().Axes()}
	for _, o := range sol.Options {
		if o < 0 || o >= prob.NumOptions() {
			return nil, fmt.Errorf("solution option %d out of range", o)
		}
		if squareOrCube(p, "") != nil {
			// triangles and hexagons: the placement's cells keep their
			// kind (Δ or ∇), which a cell item's name does not say to
			// decodeCell; option o is placement o of a spec
			pl := p.Placements()[o]
			s.Pieces = append(s.Pieces, render.Piece{
				Name:  p.Pieces[pl.Piece].Name,
				Cells: pl.Cells,
				Color: render.PieceColor(pl.Piece, len(p.Pieces)),
			})
			continue
		}
		piece := -1
		var cells []geometry.Cell
		for _, item := range prob.OptionItems(o) {
			item, _, _ = strings.Cut(item, ":")
			if i := p.PieceIndex(item); i >= 0 && piece < 0 {
				piece = i
				continue
			}
			if c, ok := decodeCell(item, p.Planar); ok {
				cells = append(cells, c)
			}
		}
		if piece < 0 {
			return nil, errors.New("a solution option names no piece")
		}
		s.Pieces = append(s.Pieces, render.Piece{
			Name:  p.Pieces[piece].Name,
			Cells: cells,
			Color: render.PieceColor(piece, len(p.Pieces)),
		})
	}
	return s, nil
}

// decodeCell reads a cell item: three radix-62 digits in 3D, two in 2D (a
// longer 2D name is a suffixed cell, which is not drawn).
func decodeCell(s string, planar bool) (geometry.Cell, bool) {
	want := 3
	if planar {
		want = 2
	}
	if len(s) != want {
		return geometry.Cell{}, false
	}
	var v [3]int
	for i := range want {
		v[i] = geometry.DecodeDigit(s[i])
		if v[i] < 0 {
			return geometry.Cell{}, false
		}
	}
	return geometry.Cell{X: v[0], Y: v[1], Z: v[2]}, true
}

// runOrientations is `polyviz orientations SPEC --piece NAME -o sheet.png`:
// it draws every rotation of a piece (and reflection, for a 2D one) in a
// grid, the distinct ones in colour.
func runOrientations(ctx context.Context, std IO, args []string) int {
	var (
		out, name, format string
		thumb             int
	)
	fs := pflag.NewFlagSet("orientations", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.StringVarP(&out, "output", "o", "", "write the sheet to `FILE` (- for standard output)")
	fs.StringVar(&name, "piece", "", "the piece's `NAME` as the spec gives it")
	fs.IntVar(&thumb, "thumb", 150, "side of each thumbnail in `pixels`")
	fs.StringVar(&format, "format", "", formatHelp(formats.Packing))
	problem := fs.Int("problem", 1, "the problem of a BurrTools file that holds several, from 1")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz orientations SPEC|PUZZLE --piece NAME -o sheet.png [flags]")
		fmt.Fprintln(std.Stderr, "Draws the orientation sheet of a piece to PNG (or, for a free 2D piece, to SVG when the")
		fmt.Fprintln(std.Stderr, "output's name ends in .svg): its images under the 24 rotations (8 symmetries of the")
		fmt.Fprintln(std.Stderr, "plane for a 2D puzzle), repeats faded; for a one-sided or fixed piece, the orientations")
		fmt.Fprintln(std.Stderr, "it may take.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	switch {
	case fs.NArg() != 1:
		return usageFailed(std, "orientations", "%s", inputCountProblem(fs, puzzleInputs))
	case name == "":
		return usageFailed(std, "orientations", "no piece: say which with --piece NAME")
	case thumb < 16 || thumb > 1024:
		return usageFailed(std, "orientations", "--thumb %d: a thumbnail's side must be 16 to 1024 pixels", thumb)
	case out == "":
		return usageFailed(std, "orientations", "%s", noOutput)
	}
	if err := checkPictureName("orientations", out); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz orientations: %v\n", err)
		return 2
	}
	in, err := loadPiecesPuzzle(ctx, std, fs.Arg(0), format, *problem)
	if err != nil {
		return commandFailed(ctx, std, "orientations", err)
	}
	p := in.Puzzle
	i := p.PieceIndex(name)
	if i < 0 {
		names := make([]string, len(p.Pieces))
		for k, pc := range p.Pieces {
			names[k] = pc.Name
		}
		fmt.Fprintf(std.Stderr, "polyviz orientations: %s has no piece %q (it has %s)\n", in.Name, name, strings.Join(names, " "))
		return 1
	}
	if len(p.Pieces[i].Orientations) == 0 {
		fmt.Fprintf(std.Stderr, "polyviz orientations: piece %q has no cells\n", name)
		return 1
	}
	motion := p.Pieces[i].Motion
	if isSVG(out) {
		if !p.Planar {
			fmt.Fprintf(std.Stderr, "polyviz orientations: SVG sheets are for 2D pieces; write a .png for a 3D one\n")
			return 1
		}
		if motion != puzzle.MotionFree {
			fmt.Fprintf(std.Stderr, "polyviz orientations: SVG sheets draw every symmetry of the plane, and piece %s is %v; write a .png\n", name, motion)
			return 1
		}
		err := writeOutput(std, out, func(w io.Writer) error {
			return render.WriteSheetSVG(w, p.Pieces[i].Orientations[0], render.SheetOptions{Name: name, Color: render.PieceColor(i, len(p.Pieces)), Thumb: thumb, Lattice: p.Lattice})
		})
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz orientations: %v\n", err)
			return 1
		}
		return 0
	}
	opt := render.SheetOptions{
		Name:  name,
		Color: render.PieceColor(i, len(p.Pieces)),
		Thumb: thumb,
	}
	var sheet *image.NRGBA
	if motion != puzzle.MotionFree {
		// a one-sided or fixed piece: only the orientations it may take
		opt.Planar = p.Planar
		if g := p.Solids(); g != nil {
			opt.Grid, opt.Planar = g, g.Lattice() != nil
		}
		sheet = render.OrientationSheet(p.Pieces[i].Orientations, opt)
	} else if g := p.Solids(); g != nil {
		sheet = render.GridSheet(g, p.Pieces[i].Orientations[0], opt)
	} else {
		sheet = render.SheetFromShape(p.Pieces[i].Orientations[0], p.Planar, opt)
	}
	if err := writePNG(std, out, sheet); err != nil {
		return commandFailed(ctx, std, "orientations", err)
	}
	return 0
}

// runAnimate is `polyviz animate SPEC --solution K -o packing.gif`: it draws
// the K-th solution assembling itself piece by piece, as an animated GIF.
func runAnimate(ctx context.Context, std IO, args []string) int {
	var (
		v   viewFlags
		fps float64
		d   disassemblyFlags
	)
	fs := pflag.NewFlagSet("animate", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	v.register(fs, "480x360")
	d.register(fs)
	fs.Int64Var(&v.solution, "solution", 1, "animate solution number `K` (1 = the first found)")
	fs.Float64Var(&fps, "fps", 20, "`N` frames per second")
	engine := engineFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz animate SPEC|PUZZLE -o packing.gif [flags]")
		fmt.Fprintln(std.Stderr, "Draws a solution assembling itself, as an animated GIF: the reverse of its disassembly")
		fmt.Fprintln(std.Stderr, "(see 'polyviz disassemble'), so no piece passes through another; when the packing")
		fmt.Fprintln(std.Stderr, "cannot be taken apart, each piece flies in from above instead, and a note says so.")
		fs.PrintDefaults()
	}
	if st := parseViewArgs(fs, std, args, &v); st >= 0 {
		return st
	}
	switch {
	case v.solution < 1:
		fmt.Fprintf(std.Stderr, "polyviz animate: --solution must be at least 1 (solutions are numbered from 1), got %d\n", v.solution)
		return 2
	case !(fps > 0 && fps <= 50):
		fmt.Fprintf(std.Stderr, "polyviz animate: --fps must be above 0 and at most 50, got %g\n", fps)
		return 2
	case d.maxStates < 1:
		// as disassemble and instructions refuse it
		fmt.Fprintf(std.Stderr, "polyviz animate: --max-states must be at least 1, got %d\n", d.maxStates)
		return 2
	}
	eng, ok := parseEngineFlag(std, "animate", *engine)
	if !ok {
		return 2
	}
	w, h, _ := parseSize(v.size)
	w, h = min(w, 4096), min(h, 4096)
	in, err := loadPuzzleLimited(ctx, std, fs.Arg(0), v.format, v.problem, int64(v.memory))
	if err != nil {
		return commandFailed(ctx, std, "animate", err)
	}
	scene, err := solutionScene(ctx, in, v.solution, eng)
	if err != nil {
		return commandFailed(ctx, std, "animate", err)
	}
	if p := in.Puzzle; p.Solids().FlatBoard(p.Box, p.Planar) {
		// triangles, hexagons, a layer of prisms: their board under the
		// arriving pieces, as squares have theirs
		scene.BoxStyle, scene.BoxBelow = render.BoxBoard, true
	}
	a, err := possibleAssembly(ctx, std, in.Puzzle, scene, d)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz animate: %v\n", err)
		return 1
	}
	cam := v.camera(fs, scene, in.Puzzle.Planar, w, h)
	err = writeOutput(std, v.out, func(out io.Writer) error {
		return render.WriteGIF(ctx, out, a, cam, render.GIFOptions{Width: w, Height: h, FPS: fps})
	})
	if err != nil {
		return commandFailed(ctx, std, "animate", err)
	}
	return 0
}

// isSVG reports whether an output file name asks for SVG.
func isSVG(path string) bool { return strings.HasSuffix(strings.ToLower(path), ".svg") }

// writeSVGScene writes a 2D puzzle's scene as SVG.
func writeSVGScene(std IO, path string, scene *render.Scene, p *puzzle.Puzzle, opt render.SVGOptions) int {
	if !p.Planar && !flatScene(scene) {
		fmt.Fprintln(std.Stderr, "polyviz render: SVG draws 2D puzzles (one layer); write a .png for a 3D one")
		return 1
	}
	if err := writeOutput(std, path, func(w io.Writer) error { return render.WriteSVG(w, scene, opt) }); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz render: %v\n", err)
		return 1
	}
	return 0
}

// flatScene reports whether every cell of the scene is on the z = 0 layer
// (a BurrTools puzzle one voxel thick, say).
func flatScene(s *render.Scene) bool {
	for _, c := range s.Box {
		if c.Z != 0 {
			return false
		}
	}
	for _, pc := range s.Pieces {
		for _, c := range pc.Cells {
			if c.Z != 0 {
				return false
			}
		}
	}
	return true
}
