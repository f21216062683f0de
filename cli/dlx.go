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
		if lat.Name() == "hexagons" {
			// Knuth wrote no polyhex program: his POLYOMINO-DLX's rules, on hexagons
			fmt.Fprintln(std.Stderr, "Writes the DLX file for a polyhex spec: POLYOMINO-DLX's syntax, its cells hexagons in")
			fmt.Fprintln(std.Stderr, "axial coordinates (xy touches (x±1)y, x(y±1), (x+1)(y-1) and (x-1)(y+1)), the file in the")
			fmt.Fprintln(std.Stderr, "form of Knuth's programs.")
		} else {
			fmt.Fprintf(std.Stderr, "Writes the DLX file for a %s spec exactly as Knuth's %s does.\n",
				specKind[lat.Name()], name)
		}
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
		fmt.Fprintf(std.Stderr, "polyviz %s: %v%s\n", name, err, otherFormatHint(ctx, file, data))
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
func otherFormatHint(ctx context.Context, name string, data []byte) string {
	f := formats.Detect(name, data)
	switch f.Name {
	case puzzle.FormatPolycube, puzzle.FormatPolyomino, puzzle.FormatPolyiamond, puzzle.FormatPolyhex:
		return ""
	}
	// A guess from the first line alone (a spec whose first line is bad
	// looks like a DLX file) is named only when the input reads as that format.
	if f.Detect(name, data) == formats.Maybe && f.Load != nil {
		if _, err := f.Read(name, data, puzzle.LoadOptions{Context: ctx, MaxBytes: hintMaxBytes}); err != nil {
			return ""
		}
	}
	return fmt.Sprintf(" (not a spec: its format is %s)", f.Title)
}

// hintMaxBytes bounds the memory otherFormatHint's trial read may take.
const hintMaxBytes = 256 << 20
