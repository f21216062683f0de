package cli

import (
	"context"
	"fmt"

	"github.com/spf13/pflag"

	"polyviz/formats"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// runPolycubeDLX is `polyviz polycube-dlx [FILE]`: Knuth's POLYCUBE-DLX.
func runPolycubeDLX(ctx context.Context, std IO, args []string) int {
	return runSpecDLX(ctx, std, args, geometry.Cubes())
}

// runPolyominoDLX is `polyviz polyomino-dlx [FILE]`: Knuth's POLYOMINO-DLX.
func runPolyominoDLX(ctx context.Context, std IO, args []string) int {
	return runSpecDLX(ctx, std, args, geometry.Squares())
}

// runPolyiamondDLX is `polyviz polyiamond-dlx [FILE]`: Knuth's POLYIAMOND-DLX.
func runPolyiamondDLX(ctx context.Context, std IO, args []string) int {
	return runSpecDLX(ctx, std, args, geometry.Triangles())
}

// runPolyhexDLX is `polyviz polyhex-dlx [FILE]`: POLYOMINO-DLX's rules on
// hexagons (see the README's "Triangles and hexagons").
func runPolyhexDLX(ctx context.Context, std IO, args []string) int {
	return runSpecDLX(ctx, std, args, geometry.Hexagons())
}

// specKind says in words which spec a lattice's DLX writer reads.
var specKind = map[string]string{
	"cubes":     "3D (POLYCUBE-DLX)",
	"squares":   "2D (POLYOMINO-DLX)",
	"triangles": "triangle (POLYIAMOND-DLX)",
	"hexagons":  "hexagon (polyhex)",
}

// runSpecDLX reads a spec from FILE or standard input and writes its DLX
// file on standard output, byte for byte as Knuth's program does, with his
// summary line on standard error. Nothing is written on standard output
// unless the whole spec is good; the options are then streamed, so that a
// big output is not held in memory, and a signal stops them (exit 130 or
// 143, with no summary line).
func runSpecDLX(ctx context.Context, std IO, args []string, lat *geometry.Lattice) int {
	name := puzzle.ProgramFor(lat)
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(std.Stderr, "usage: polyviz %s [FILE|PUZZLE] < spec > out.dlx\n", name)
		fmt.Fprintf(std.Stderr, "Writes the DLX file for a %s spec exactly as Knuth's %s does.\n",
			specKind[lat.Name()], name)
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return 2
	}
	arg := "-"
	if fs.NArg() == 1 {
		arg = fs.Arg(0)
	}
	file, data, err := readInput(std, arg)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz %s: %v\n", name, err)
		return 1
	}
	pz, err := puzzle.ParseSpecOn(file, data, lat)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz %s: %v%s\n", name, err, otherFormatHint(file, data))
		return 1
	}
	for _, w := range pz.Warnings {
		fmt.Fprintln(std.Stderr, w)
	}
	if err := pz.WriteDLXContext(ctx, std.Stdout); err != nil {
		if code, stopped := interrupted(ctx, err); stopped {
			fmt.Fprintf(std.Stderr, "polyviz %s: %s: the output is incomplete\n", name, interruptMessage(ctx))
			return code
		}
		fmt.Fprintf(std.Stderr, "polyviz %s: write: %v\n", name, err)
		return 1
	}
	if _, err := fmt.Fprintln(std.Stderr, pz.Summary()); err != nil {
		return 1
	}
	return 0
}

// otherFormatHint names the format of an input that is not a spec (a
// BurrTools file, a DLX file, a fillomino grid, ...), so that the spec
// reader's complaint about its first bytes comes with the reason.
func otherFormatHint(name string, data []byte) string {
	switch f := formats.Detect(name, data); f.Name {
	case puzzle.FormatPolycube, puzzle.FormatPolyomino, puzzle.FormatPolyiamond, puzzle.FormatPolyhex:
		return ""
	default:
		return fmt.Sprintf(" (not a spec: its format is %s)", f.Title)
	}
}
