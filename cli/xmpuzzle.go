package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"polyviz/burrtools"
	"polyviz/fileout"
	"polyviz/formats"
)

// runXMPuzzle is `polyviz xmpuzzle SPEC -o out.xmpuzzle`: it writes a
// packing puzzle as a BurrTools file (gzip-compressed XML, or plain XML with
// --xml), which BurrTools opens and polyviz reads back as the same problem.
func runXMPuzzle(ctx context.Context, std IO, args []string) int {
	var (
		out, format string
		problem     int
		plain       bool
	)
	fs := pflag.NewFlagSet("xmpuzzle", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.StringVarP(&out, "output", "o", "", "write the puzzle to `FILE` (- for standard output)")
	fs.StringVar(&format, "format", "", formatHelp(formats.Packing))
	fs.IntVar(&problem, "problem", 1, "problem number `N` of a BurrTools .xmpuzzle input")
	fs.BoolVar(&plain, "xml", false, "write plain XML instead of gzip-compressed XML")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz xmpuzzle SPEC|PUZZLE -o out.xmpuzzle [flags]")
		fmt.Fprintln(std.Stderr, "Writes a packing puzzle as a BurrTools .xmpuzzle file.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if msg := inputCountProblem(fs, puzzleInputs); msg != "" {
		return usageFailed(std, "xmpuzzle", "%s", msg)
	}
	if out == "" {
		return usageFailed(std, "xmpuzzle", "%s", noOutput)
	}
	// the file holds the pieces and the box; BurrTools places them
	in, err := loadPiecesPuzzle(ctx, std, fs.Arg(0), format, problem)
	if err != nil {
		return commandFailed(ctx, std, "xmpuzzle", err)
	}
	x, err := burrtools.FromPuzzle(in.Puzzle)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz xmpuzzle: %v\n", err)
		return 1
	}
	write := x.Write
	if plain {
		write = x.WriteXML
	}
	if out == "-" {
		err = write(std.Stdout)
	} else {
		err = fileout.WriteFileContext(ctx, out, func(w io.Writer) error { return write(w) })
	}
	if err != nil {
		return commandFailed(ctx, std, "xmpuzzle", err)
	}
	return 0
}
