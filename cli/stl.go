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
	"polyviz/stl"
)

// runSTL is `polyviz stl SPEC -o DIR [--cube 20mm] [--clearance 0.2mm]
// [--plate]`: it writes every piece of a puzzle as a binary STL file for
// 3D printing, or with --plate all of them (each copy) laid out on one plate.
func runSTL(ctx context.Context, std IO, args []string) int {
	var (
		out, format, cubeS, clearS, gapS string
		problem                          int
		plate                            bool
	)
	fs := pflag.NewFlagSet("stl", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.StringVarP(&out, "output", "o", "", "write the files into folder `DIR` (made if missing)")
	fs.StringVar(&cubeS, "cube", "20mm", "edge of one cell (`LENGTH` in mm or cm)")
	fs.StringVar(&clearS, "clearance", "0mm", "how far each face moves inward so printed pieces fit (`LENGTH`)")
	fs.BoolVar(&plate, "plate", false, "one file with every piece (and copy) laid out flat, instead of one file per piece")
	fs.StringVar(&gapS, "gap", "", "space between pieces on the plate (`LENGTH`; default one cube)")
	fs.StringVar(&format, "format", "", formatHelp(formats.Packing))
	fs.IntVar(&problem, "problem", 1, "problem number `N` of a BurrTools .xmpuzzle file")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz stl SPEC|PUZZLE -o DIR [--cube 20mm] [--clearance 0.2mm] [--plate]")
		fmt.Fprintln(std.Stderr, "Writes the pieces of a puzzle as binary STL files (millimetres) for 3D printing.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 || out == "" {
		fs.Usage()
		return 2
	}
	var opt stl.Options
	var gap float64
	var err error
	if opt.Cube, err = parseLength(cubeS); err == nil {
		if opt.Clearance, err = parseLength(clearS); err == nil && gapS != "" {
			gap, err = parseLength(gapS)
		}
	}
	if err == nil {
		err = opt.Check()
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz stl: %v\n", err)
		return 2
	}
	in, err := loadPuzzleN(ctx, std, fs.Arg(0), format, problem)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz stl: %v\n", err)
		return 1
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz stl: %v\n", err)
		return 1
	}
	p := in.Puzzle
	if g := p.Grid(); g != nil && plate {
		// BurrTools' other grids: GridPiece's meshes laid out in rows
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
		name := filepath.Join(out, fileName(puzzleBase(in.Name))+"-plate.stl")
		return writeSTL(std, name, m, p.Name+" plate", fmt.Sprintf("%d pieces", len(pieces)))
	}
	if plate {
		var pieces [][]geometry.Cell
		for _, pc := range p.Pieces {
			for range max(pc.Max, 1) {
				pieces = append(pieces, pc.Orientations[0])
			}
		}
		name := filepath.Join(out, fileName(puzzleBase(in.Name))+"-plate.stl")
		return writeSTL(std, name, stl.Plate(pieces, opt, gap), p.Name+" plate", fmt.Sprintf("%d pieces", len(pieces)))
	}
	if g := p.Grid(); g != nil {
		// BurrTools' prisms, spheres, rhombic and tetra-octa solids: one
		// file per piece, its first orientation, --cube the prism's edge,
		// a sphere's diameter or the edge of the cube the tetrahedra are
		// cut from.
		for i, pc := range p.Pieces {
			m, err := stl.GridPiece(g, pc.Orientations[0], opt)
			if err != nil {
				fmt.Fprintf(std.Stderr, "polyviz stl: %s: %v\n", in.Name, err)
				return 1
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

// writeSTL writes one mesh and says so on standard output.
func writeSTL(std IO, path string, m *stl.Mesh, name, note string) int {
	err := fileout.WriteFile(path, func(w io.Writer) error { return m.WriteBinary(w, name) })
	if err == nil {
		lo, hi := m.Bounds()
		_, err = fmt.Fprintf(std.Stdout, "%s: %d triangles, %.1f x %.1f x %.1f mm, %.0f mm3 (%s)\n",
			path, len(m.Triangles), hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2], m.Volume(), note)
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
