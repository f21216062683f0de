package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"polyviz/disassembly"
	"polyviz/fileout"
	"polyviz/formats"
	"polyviz/instructions"
	"polyviz/puzzle"
	"polyviz/render"
)

// runInstructions is `polyviz instructions SPEC [--solution K] -o OUT`: the
// assembly instructions of a solution, as one PDF or as one PNG or SVG file
// a page: the piece list, then a step a page, the reverse of the
// solution's disassembly, or by layer where there is none.
func runInstructions(ctx context.Context, std IO, args []string) int {
	var (
		d        disassemblyFlags
		solution int64
		out, as  string
		size     string
		format   string
		problem  int
		layers   bool
	)
	fs := pflag.NewFlagSet("instructions", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.Int64Var(&solution, "solution", 1, "the instructions of solution number `K` (1 = the first found)")
	fs.StringVarP(&out, "output", "o", "", "write to `FILE` (a .pdf) or, for PNG and SVG pages, to a folder or a name like soma.png (soma-01.png, soma-02.png...)")
	fs.StringVar(&out, "out", "", "the same as --output")
	fs.StringVar(&as, "as", "", "what to write: pdf, png or svg (default: from --output's extension, else pdf)")
	fs.StringVar(&size, "size", "1024x768", "page size `WxH` in pixels (the PDF's pages keep its shape)")
	fs.StringVar(&format, "format", "", formatHelp(formats.Packing))
	fs.IntVar(&problem, "problem", 1, "problem number `N` of a BurrTools .xmpuzzle file")
	fs.BoolVar(&layers, "layers", false, "steps by layer (bottom first, each piece from above) even when the packing can be taken apart")
	engine := engineFlag(fs)
	d.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz instructions SPEC|PUZZLE -o OUT [--solution K] [--as pdf|png|svg] [flags]")
		fmt.Fprintln(std.Stderr, "Writes the assembly instructions of a solution: a page with the piece list (with the")
		fmt.Fprintln(std.Stderr, "number of copies), then a page a step, the moving piece in colour and the pieces in")
		fmt.Fprintln(std.Stderr, "place faint. The steps are the reverse of the disassembly (see 'polyviz disassemble');")
		fmt.Fprintln(std.Stderr, "for a board, or a packing that does not come apart, they go by layer, and the first")
		fmt.Fprintln(std.Stderr, "page says so.")
		fs.PrintDefaults()
	}
	_ = fs.MarkHidden("out")
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if msg := inputCountProblem(fs, puzzleInputs); msg != "" {
		return usageFailed(std, "instructions", "%s", msg)
	}
	if out == "" {
		return usageFailed(std, "instructions", "%s", noOutput)
	}
	w, h, err := parseSize(size)
	if err == nil && solution < 1 {
		err = fmt.Errorf("--solution must be at least 1 (solutions are numbered from 1), got %d", solution)
	}
	if err == nil && d.maxStates < 1 {
		err = fmt.Errorf("--max-states must be at least 1, got %d", d.maxStates)
	}
	kind := instructions.FormatOf(out)
	if err == nil && as != "" {
		kind, err = instructions.ParseFormat(as)
		if named := instructions.FormatOf(out); err == nil && named != "" && named != kind {
			// steps.svg --as png would be a folder named steps.svg
			err = fmt.Errorf("--output %s: its name says %s, --as says %s; name it .%s", out, strings.ToUpper(string(named)), strings.ToUpper(string(kind)), kind)
		}
	}
	if kind == "" {
		kind = instructions.PDF
	}
	if err == nil {
		err = checkInstructionsOut(out, kind)
	}
	eng, ok := parseEngineFlag(std, "instructions", *engine)
	if err != nil || !ok {
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz instructions: %v\n", err)
		}
		return 2
	}
	in, err := loadPuzzleN(ctx, std, fs.Arg(0), format, problem)
	if err != nil {
		return commandFailed(ctx, std, "instructions", err)
	}
	scene, err := solutionScene(ctx, in, solution, eng)
	if err != nil {
		return commandFailed(ctx, std, "instructions", err)
	}
	input, err := instructionsInput(ctx, in.Puzzle, scene, d, layers)
	if err != nil {
		return commandFailed(ctx, std, "instructions", err)
	}
	input.Title = fmt.Sprintf("%s, solution %d", filepath.Base(in.Name), solution)
	sheet, err := instructions.Build(input)
	if err != nil {
		return commandFailed(ctx, std, "instructions", err)
	}
	opt := instructions.Options{Width: w, Height: h}
	var files []string
	if kind == instructions.PDF {
		// one file: standard output for -, a device or FIFO written in place
		err = fileout.WriteContext(ctx, out, std.Stdout, func(w io.Writer) error { return sheet.WritePDF(ctx, w, opt, nil) })
		files = []string{out}
	} else {
		files, err = sheet.Write(ctx, kind, out, opt, nil)
	}
	if err != nil {
		return commandFailed(ctx, std, "instructions", err)
	}
	how := "by the reverse of the disassembly"
	if sheet.Mode == instructions.ByLayers {
		how = "by layer"
	}
	fmt.Fprintf(std.Stderr, "polyviz instructions: %s %s, %s\n", count(len(sheet.Steps), "step", "steps"), how, count(sheet.Pages(), "page", "pages"))
	if kind == instructions.PDF {
		if out != fileout.Stdout { // the PDF itself is on standard output
			fmt.Fprintf(std.Stdout, "%s\n", files[0])
		}
	} else {
		fmt.Fprintf(std.Stdout, "%s ... %s\n", files[0], files[len(files)-1])
	}
	return 0
}

// checkInstructionsOut says what is wrong with -o for format kind: a PDF
// is one file (a .pdf, - for standard output, or a device or FIFO); PNG
// and SVG pages are many files, in a folder or named after a .png or .svg.
func checkInstructionsOut(out string, kind instructions.Format) error {
	switch {
	case kind == instructions.PDF:
		if !oneStream(out) && instructions.FormatOf(out) != instructions.PDF {
			return fmt.Errorf("--output %s: a PDF goes to a file named .pdf, to - (standard output) or to a device", out)
		}
	case oneStream(out):
		return fmt.Errorf("--output %s: %s instructions are a file a page, which go to a folder or to names like soma.%s (soma-01.%s...); a PDF (--as pdf) is one file", out, strings.ToUpper(string(kind)), kind, kind)
	}
	return nil
}

// instructionsInput takes a solution's packing apart where that applies
// (not on a board, nor on a grid the disassembler does not move on) and
// returns what package instructions needs; when it does not come apart the
// steps go by layer, and the note says why. The scene's pieces are put in
// BurrTools' order, as disassemble does.
func instructionsInput(ctx context.Context, p *puzzle.Puzzle, scene *render.Scene, d disassemblyFlags, layers bool) (instructions.Input, error) {
	in := instructions.Input{Packing: scene, Planar: p.Planar}
	fill := func() {
		in.Kinds = make([]int, len(scene.Pieces))
		for i, pc := range scene.Pieces {
			in.Kinds[i] = p.PieceIndex(pc.Name)
		}
	}
	switch {
	case p.Planar:
		in.Note = "A board: lay the pieces one by one, from the left."
	case layers:
		in.Note = "Steps by layer, as asked: bottom layer first, each piece put in from above."
	case noDisassembly("", p) != nil:
		in.Note = "Steps by layer, bottom first: the pieces of this grid are not taken apart by sliding."
	}
	if in.Note != "" {
		fill()
		return in, nil
	}
	opt, err := d.options(p)
	if err != nil {
		return in, err
	}
	shapes, groups := disassemblyPieces(p, scene)
	fill()
	opt.Groups = groups
	r, err := disassembly.Disassemble(ctx, shapes, opt)
	if err != nil {
		return in, err
	}
	if !r.Separates() {
		in.Note = fmt.Sprintf("Steps by layer, bottom first: this packing %s, so each piece goes straight in (it may need a little wiggle).", verdict(r))
		return in, nil
	}
	in.Disassembly, in.FixedBox = &r, opt.Box != nil
	return in, nil
}
