package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"polyviz/fileout"
	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/solver"
	"polyviz/stl"
)

// runSTL is `polyviz stl SPEC -o DIR [--unit 20mm] [--clearance 0.2mm]
// [--bevel 1mm] [--plate | --solution K --assembled]`: it writes every piece
// of a puzzle as a binary STL file for 3D printing, or with --plate all of
// them (each copy) laid out on one plate, or with --assembled one file of
// solution K, each piece in its place, apart by --gap plus twice the
// clearance.
func runSTL(ctx context.Context, std IO, args []string) int {
	var (
		out, format, cubeS, clearS, bevelS, gapS string
		problem                                  int
		solution                                 int64
		plate, assembled                         bool
	)
	fs := pflag.NewFlagSet("stl", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.StringVarP(&out, "output", "o", "", "write the files into folder `DIR` (made if missing); the one file of --plate or --assembled may also go to a file (an existing one, or a new name ending in .stl), - (standard output) or a device; a trailing slash always means a folder")
	fs.StringVar(&cubeS, "unit", "20mm", "edge of one cell, the unit of the puzzle (`LENGTH` in mm or cm; on hexagons the distance between two centres)")
	fs.StringVar(&cubeS, "cube", "20mm", "the same as --unit (its older name)")
	fs.MarkHidden("cube")
	fs.StringVar(&clearS, "clearance", "0mm", "how far each face moves inward so printed pieces fit: half the gap between two pieces that touch (`LENGTH`)")
	fs.StringVar(&bevelS, "bevel", "0mm", "cut every outer edge back this far along both faces, a 45° chamfer (`LENGTH`)")
	fs.BoolVar(&plate, "plate", false, "one file with every piece (and copy) laid out flat, instead of one file per piece")
	fs.BoolVar(&assembled, "assembled", false, "one file of solution --solution K, every piece in its place, shrunk by the clearance and half of --gap so that no two touch")
	fs.Int64Var(&solution, "solution", 1, "the solution `K` that --assembled writes (1 = the first found, as solve --print numbers them)")
	fs.StringVar(&gapS, "gap", "", "space between pieces on the plate (`LENGTH`; default one unit), or with --assembled the space between pieces beyond twice the clearance (default 0 with a clearance, else a 50th of the unit)")
	engine := engineFlag(fs)
	fs.StringVar(&format, "format", "", formatHelp(formats.Packing))
	fs.IntVar(&problem, "problem", 1, "problem number `N` of a BurrTools .xmpuzzle file")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz stl SPEC|PUZZLE -o DIR|FILE.stl [--unit 20mm] [--clearance 0.2mm] [--bevel 1mm] [--plate | --solution K --assembled [--gap 2mm]]")
		fmt.Fprintln(std.Stderr, "Writes the pieces of a puzzle as binary STL files (millimetres) for 3D printing.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	// a wrong flag is said in one line that points at the help, as the
	// other commands do
	usage := func(format string, a ...any) int {
		return usageFailed(std, "stl", format, a...)
	}
	if msg := inputCountProblem(fs, puzzleInputs); msg != "" {
		return usage("%s", msg)
	}
	if out == "" {
		return usage("needs -o FILE or folder: -o DIR for a file a piece; -o NAME.stl or - for the one file of --plate or --assembled")
	}
	if plate && assembled {
		return usage("--plate and --assembled write different files; choose one")
	}
	if oneStream(out) && !plate && !assembled {
		return usage("-o %s: one STL file a piece goes into a folder; -o - and devices take the one file of --plate or --assembled", out)
	}
	if gapS != "" && !plate && !assembled {
		return usage("--gap is the space between pieces of --plate or --assembled; a file a piece has none")
	}
	// the one file of --plate or --assembled is -o itself, unless -o is a folder
	direct := (plate || assembled) && namesOneFile(out)
	if fs.Changed("solution") && !assembled {
		return usage("--solution K goes with --assembled")
	}
	if solution < 1 {
		return usage("--solution must be at least 1 (solutions are numbered from 1), got %d", solution)
	}
	eng, ok := parseEngineFlag(std, "stl", *engine)
	if !ok {
		return 2
	}
	var opt stl.Options
	gap := -1.0
	var err error
	if opt.Cube, err = parseLength(cubeS); err == nil && opt.Cube < minUnit {
		// stl reads 0 as its default, 20 mm; a tinier unit rounds every
		// vertex of the file's 32-bit floats to one point
		err = fmt.Errorf("--unit %s: a cell's edge must be at least %g mm", cubeS, minUnit)
	}
	if err == nil {
		if opt.Clearance, err = parseLength(clearS); err == nil {
			if opt.Bevel, err = parseLength(bevelS); err == nil && gapS != "" {
				if gap, err = parseLength(gapS); err == nil && gap > maxGap {
					// beyond it the plate's coordinates overflow (stl.Assembled's bound)
					err = fmt.Errorf("--gap %s: the space between pieces must be at most %g mm", gapS, float64(maxGap))
				}
			}
		}
	}
	if err == nil {
		err = opt.Check()
	}
	if err != nil {
		return usage("%v", err)
	}
	if assembled && gap < 0 {
		gap = 0
		if opt.Clearance == 0 {
			gap = opt.Cube / 50 // pieces that touch would make one shell
		}
	}
	load := loadPiecesPuzzle // the pieces are printed as they are
	if assembled {
		load = loadPuzzleN // a solution's pieces where it puts them
	}
	in, err := load(ctx, std, fs.Arg(0), format, problem)
	if err != nil {
		return commandFailed(ctx, std, "stl", err)
	}
	if !direct {
		if _, err := os.Stat(out); os.IsNotExist(err) {
			// a folder made here and left empty by a failure goes again
			defer func() {
				if entries, err := os.ReadDir(out); err == nil && len(entries) == 0 {
					os.Remove(out)
				}
			}()
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz stl: %v\n", err)
			return 1
		}
	}
	if assembled {
		return writeAssembled(ctx, std, in, solution, eng, opt, gap, out, direct)
	}
	p := in.Puzzle
	if g := p.Solids(); g != nil && plate {
		// BurrTools' other grids, triangles and hexagons: GridPiece's
		// meshes laid out in rows
		var pieces [][]geometry.Cell
		for _, pc := range p.Pieces {
			for range max(pc.Max, 1) {
				pieces = append(pieces, pc.Orientations[0])
			}
		}
		m, err := stl.GridPlate(g, pieces, opt, gap)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz stl: %s: %v\n", in.Name, err)
			return 1
		}
		name := stlPath(out, fileName(puzzleBase(in.Name))+"-plate.stl", direct)
		return writeSTL(std, name, m, p.Name+" plate", count(len(pieces), "piece", "pieces"))
	}
	if plate {
		var pieces [][]geometry.Cell
		for _, pc := range p.Pieces {
			for range max(pc.Max, 1) {
				pieces = append(pieces, pc.Orientations[0])
			}
		}
		name := stlPath(out, fileName(puzzleBase(in.Name))+"-plate.stl", direct)
		return writeSTL(std, name, stl.Plate(pieces, opt, gap), p.Name+" plate", count(len(pieces), "piece", "pieces"))
	}
	if g := p.Solids(); g != nil {
		// BurrTools' prisms, spheres, rhombic and tetra-octa solids, and
		// the prisms of triangles and hexagons: one file per piece, its
		// first orientation, --unit the prism's edge (between hexagons'
		// centres), a sphere's diameter or the edge of the cube the
		// tetrahedra are cut from. (Read as cubes, a triangle spec's
		// cells came out as cubes.)
		for i, pc := range p.Pieces {
			m, err := stl.GridPiece(g, pc.Orientations[0], opt)
			if err != nil {
				fmt.Fprintf(std.Stderr, "polyviz stl: %s: %v\n", in.Name, err)
				return 1
			}
			if _, err := m.Check(); err != nil && g.Lattice() != nil && opt.Clearance == 0 {
				fmt.Fprintf(std.Stderr, "polyviz stl: piece %s has cells touching at a corner alone; without --clearance their prisms share an edge of four triangles, which strict mesh checkers reject\n", pc.Name)
			}
			name := filepath.Join(out, fmt.Sprintf("%02d-%s.stl", i+1, fileName(pc.Name)))
			if code := writeSTL(std, name, m, pc.Name, fmt.Sprintf("print %d", max(pc.Max, 1))); code != 0 {
				return code
			}
		}
		return 0
	}
	for i, pc := range p.Pieces {
		if err := ctx.Err(); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz stl: %s\n", interruptMessage(ctx))
			return signalStatus(ctx)
		}
		if opt.Clearance == 0 && stl.NonManifoldEdges(pc.Orientations[0]) > 0 {
			fmt.Fprintf(std.Stderr, "polyviz stl: piece %s has cells touching along an edge alone; without --clearance that edge belongs to four triangles, which strict mesh checkers reject\n", pc.Name)
		}
		name := filepath.Join(out, fmt.Sprintf("%02d-%s.stl", i+1, fileName(pc.Name)))
		copies := fmt.Sprintf("print %d", max(pc.Max, 1))
		if code := writeSTL(std, name, stl.Piece(stl.Flat(pc.Orientations[0]), opt), pc.Name, copies); code != 0 {
			return code
		}
	}
	return 0
}

// writeAssembled finds solution k of the puzzle and writes it as one STL
// file, each piece a shell of its own in its place (stl.Assembled).
func writeAssembled(ctx context.Context, std IO, in *loadedInput, k int64, eng solver.Engine, opt stl.Options, gap float64, dir string, direct bool) int {
	p := in.Puzzle
	if p.Grid() != nil {
		fmt.Fprintf(std.Stderr, "polyviz stl: %s: --assembled is done for cubes, squares, triangles and hexagons, not BurrTools' %s\n", in.Name, p.Grid().Name())
		return 1
	}
	scene, err := solutionScene(ctx, in, k, eng)
	if err != nil {
		return commandFailed(ctx, std, "stl", err)
	}
	pieces := make([][]geometry.Cell, len(scene.Pieces))
	for i, pc := range scene.Pieces {
		pieces[i] = pc.Cells
	}
	var m *stl.Mesh
	if g := p.Solids(); g != nil { // triangles, hexagons
		m, err = stl.GridAssembled(g, pieces, opt, gap)
	} else {
		m, err = stl.Assembled(pieces, opt, gap)
	}
	if err != nil { // the flags: --gap 0 without a clearance
		return usageFailed(std, "stl", "%v", err)
	}
	name := stlPath(dir, fmt.Sprintf("%s-solution-%d.stl", fileName(puzzleBase(in.Name)), k), direct)
	return writeSTL(std, name, m, fmt.Sprintf("%s solution %d", p.Name, k), fmt.Sprintf("%s, %g mm apart", count(len(pieces), "piece", "pieces"), gap+2*opt.Clearance))
}

// The bounds of --unit and --gap, in mm.
const (
	minUnit = 0.01
	maxGap  = 1000
)

// stlPath is where file name goes for -o out: into the folder out, or out
// itself when direct (namesOneFile).
func stlPath(out, name string, direct bool) string {
	if direct {
		return out
	}
	return filepath.Join(out, name)
}

// namesOneFile reports whether -o out is the one file of --plate or
// --assembled itself: standard output, a device, an existing file or a new
// name ending in .stl. A trailing slash, an existing folder or another new
// name is a folder to write it into, as for a file a piece.
func namesOneFile(out string) bool {
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return false
	}
	if fi, err := os.Stat(out); err == nil {
		return !fi.IsDir()
	}
	return oneStream(out) || strings.EqualFold(filepath.Ext(out), ".stl")
}

// writeSTL writes one mesh and says so on standard output (on standard
// error when the mesh itself went there).
func writeSTL(std IO, path string, m *stl.Mesh, name, note string) int {
	err := fileout.Write(path, std.Stdout, func(w io.Writer) error { return m.WriteBinary(w, name) })
	if err == nil {
		lo, hi := m.Bounds()
		said, shown := std.Stdout, path
		if path == fileout.Stdout {
			said, shown = std.Stderr, "standard output"
		}
		_, err = fmt.Fprintf(said, "%s: %d triangles, %.1f x %.1f x %.1f mm, %.0f mm3 (%s)\n",
			shown, len(m.Triangles), hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2], m.Volume(), note)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz stl: %v\n", err)
		return 1
	}
	return 0
}

// parseLength reads a length in millimetres: "20", "20mm", "2cm", "0.2 mm".
func parseLength(s string) (float64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	scale := 1.0
	switch {
	case strings.HasSuffix(t, "mm"):
		t = t[:len(t)-2]
	case strings.HasSuffix(t, "cm"):
		t, scale = t[:len(t)-2], 10
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v < 0 || v != v {
		return 0, fmt.Errorf("bad length %q (want a number of mm or cm, such as 20mm)", s)
	}
	return v * scale, nil
}

// fileName turns a piece or puzzle name into a safe file name.
func fileName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "piece"
	}
	return b.String()
}

// puzzleBase is an input's name without folders and extension.
func puzzleBase(name string) string {
	name = filepath.Base(name)
	if ext := filepath.Ext(name); ext != "" && ext != name {
		name = strings.TrimSuffix(name, ext)
	}
	return name
}
