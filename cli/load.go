package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"polyviz/formats"
	"polyviz/parse"
	"polyviz/puzzle"
)

// loadedInput is an input named on the command line, read and understood.
type loadedInput struct {
	*puzzle.Loaded
}

// readInput reads the input a command names: "-" for standard input, a file
// path, or the name of a built-in library puzzle. It returns the name to show
// in messages and the bytes.
func readInput(std IO, arg string) (string, []byte, error) {
	name, data, _, err := readInputFormat(std, arg)
	return name, data, err
}

// An inputRead is an input read once, kept for the later loads of one
// command (IO.read).
type inputRead struct {
	arg, name, libFormat string
	data                 []byte
}

// readInputFormat is readInput that also returns the format of a library
// puzzle ("" for anything else). A leading UTF-8 byte-order mark is taken
// off here, once for every command and format (parse.TrimBOM).
func readInputFormat(std IO, arg string) (string, []byte, string, error) {
	if r := std.read; r != nil && r.arg == arg {
		return r.name, r.data, r.libFormat, nil
	}
	if arg == "-" {
		data, err := io.ReadAll(std.Stdin)
		if err != nil {
			return "", nil, "", fmt.Errorf("read standard input: %w", err)
		}
		return "<stdin>", parse.TrimBOM(data), "", nil
	}
	data, err := readFile(arg)
	if err == nil {
		return arg, parse.TrimBOM(data), "", nil
	}
	if name, lib, format, ok := libraryInput(arg); ok {
		return name, lib, format, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", nil, "", err // the file is there but unreadable: the hint would mislead
	}
	return "", nil, "", fmt.Errorf("%w (not a file, nor a puzzle in 'polyviz list')", err)
}

// formatHelp is the help of a --format flag: the registry's formats of
// the given kinds (all when none is given).
func formatHelp(kinds ...formats.Kind) string {
	return "input format: " + formats.Names(kinds...) + " (default: detect)"
}

// loadProblem reads and parses an input in the given format ("" for
// automatic), turning it into an exact-cover problem, and a puzzle when it
// is one. Warnings go to standard error. It refuses a problem estimated to
// need more than the default --max-memory, saying the command has no such
// flag (the commands with one call loadProblemLimited).
func loadProblem(ctx context.Context, std IO, arg, format string) (*loadedInput, error) {
	return loadProblemN(ctx, std, arg, format, 1)
}

// loadProblemN is loadProblem for problem number n (1-based) of a BurrTools
// file; other formats have one problem and ignore n.
func loadProblemN(ctx context.Context, std IO, arg, format string, n int) (*loadedInput, error) {
	in, err := loadProblemLimited(ctx, std, arg, format, n, defaultMaxMemory())
	return in, withoutMemoryFlag(err)
}

// checkFormatFlag refuses, as bad usage, a --format that is no format or
// names one the packing commands do not read (they would blame the input).
func checkFormatFlag(format string) error {
	f, err := formats.Lookup(format)
	switch {
	case err != nil:
		return usageError{fmt.Errorf("--format: %w", err)}
	case f == nil || f.Kind == formats.Packing:
		return nil
	case f.Kind == formats.Antislide:
		return usageError{fmt.Errorf("--format %s: not read here; polyviz antislide FILE counts an antislide problem's packings", format)}
	}
	return usageError{fmt.Errorf("--format %s: not read here; polyviz solve, fillomino-dlx and fillomino-check read fillomino grids", format)}
}

// loadProblemLimited is loadProblemN with a memory limit in bytes (0:
// none): an input too big to be read within it is refused before it is
// read, and a spec whose problem would pass it before the problem is built.
func loadProblemLimited(ctx context.Context, std IO, arg, format string, n int, limit int64) (*loadedInput, error) {
	return loadInput(ctx, std, arg, format, n, limit, false)
}

// loadPiecesN is loadProblemN for a command that needs the pieces and the
// box alone (shapes, orientations, a drawing of the puzzle): a spec's
// problem is not built, nor its placements listed (see
// puzzle.LoadOptions.NoProblem); Problem is nil unless the input is one
// (a DLX file). buildProblem builds it when it is needed.
func loadPiecesN(ctx context.Context, std IO, arg, format string, n int) (*loadedInput, error) {
	in, err := loadInput(ctx, std, arg, format, n, defaultMaxMemory(), true)
	return in, withoutMemoryFlag(err)
}

// buildProblem builds the exact-cover problem of an input loaded without
// it, refusing as the load would one estimated to need more than limit
// bytes (0: none); the caller adds withoutMemoryFlag when it has no
// --max-memory.
func (in *loadedInput) buildProblem(ctx context.Context, limit int64) error {
	if in.Problem == nil && in.BuildProblem != nil {
		// the format's own problem (Lepage's, a polysticks spec's), sized at the load
		prob, err := in.BuildProblem(ctx)
		if err != nil {
			return err
		}
		in.Problem = prob
		return nil
	}
	if in.Problem != nil || in.Puzzle == nil {
		return nil
	}
	prob, err := in.Puzzle.SizedProblem(ctx, limit)
	if err != nil {
		return tooBigHint(err)
	}
	in.Problem = prob
	return nil
}

// loadInput is loadProblemLimited that, with noProblem, leaves a puzzle's
// problem unbuilt (loadPiecesN).
func loadInput(ctx context.Context, std IO, arg, format string, n int, limit int64, noProblem bool) (*loadedInput, error) {
	if n < 1 {
		return nil, usageError{fmt.Errorf("--problem %d: problems are numbered from 1", n)}
	}
	if err := checkFormatFlag(format); err != nil {
		return nil, err
	}
	name, data, libFormat, err := readInputLimited(std, arg, limit)
	if err != nil {
		return nil, err
	}
	if format == "" {
		format = libFormat
	}
	l, err := formats.Load(name, data, format, puzzle.LoadOptions{Problem: n - 1, Context: ctx, MaxBytes: limit, NoProblem: noProblem})
	if err != nil {
		return nil, tooBigHint(err)
	}
	if n > 1 && len(l.Problems) == 0 {
		// only a file of several problems (BurrTools') has a problem n
		return nil, fmt.Errorf("--problem %d: %s holds one problem", n, name)
	}
	for _, w := range l.Warnings {
		fmt.Fprintln(std.Stderr, w)
	}
	return &loadedInput{l}, ctx.Err()
}

// readInputLimited is readInputFormat under a memory limit in bytes (0:
// none): an input that would need more once read (BytesPerDLXByte a byte)
// is refused with the flag that raises the limit, a file before it is
// read, standard input as soon as it passes the limit.
func readInputLimited(std IO, arg string, limit int64) (name string, data []byte, libFormat string, err error) {
	if r := std.read; r != nil && r.arg == arg {
		// read under this limit already; the size is checked below
	} else if limit > 0 && arg != "-" {
		if fi, err := os.Stat(arg); err == nil && fi.Mode().IsRegular() && fi.Size()*puzzle.BytesPerDLXByte > limit {
			return "", nil, "", tooBigHint(&puzzle.TooBigError{Name: arg, What: "reading this file", Need: fi.Size() * puzzle.BytesPerDLXByte, Limit: limit})
		}
	}
	maxInput := limit / puzzle.BytesPerDLXByte
	if limit > 0 && arg == "-" {
		std.Stdin = io.LimitReader(std.Stdin, maxInput+1) // one byte more tells it is too big
	}
	name, data, libFormat, err = readInputFormat(std, arg)
	if err != nil {
		return "", nil, "", err
	}
	if limit > 0 && int64(len(data)) > maxInput {
		return "", nil, "", tooBigHint(&puzzle.TooBigError{Name: name, What: "reading this input", Need: int64(len(data)) * puzzle.BytesPerDLXByte, Limit: limit})
	}
	return name, data, libFormat, nil
}

// loadPuzzle reads a spec (or a DLX file of cells) for drawing.
func loadPuzzle(ctx context.Context, std IO, arg, format string) (*loadedInput, error) {
	return loadPuzzleN(ctx, std, arg, format, 1)
}

// loadPuzzleN is loadPuzzle for problem n (1-based) of a BurrTools file.
func loadPuzzleN(ctx context.Context, std IO, arg, format string, n int) (*loadedInput, error) {
	in, err := loadPuzzleLimited(ctx, std, arg, format, n, defaultMaxMemory())
	return in, withoutMemoryFlag(err) // the commands with --max-memory call loadPuzzleLimited
}

// loadPuzzleLimited is loadPuzzleN with a memory limit (see loadProblemLimited).
func loadPuzzleLimited(ctx context.Context, std IO, arg, format string, n int, limit int64) (*loadedInput, error) {
	return loadPuzzleInput(ctx, std, arg, format, n, limit, false)
}

// loadPiecesPuzzle is loadPuzzleN without the problem (see loadPiecesN),
// for the commands that need the pieces and the box alone.
func loadPiecesPuzzle(ctx context.Context, std IO, arg, format string, n int) (*loadedInput, error) {
	in, err := loadPuzzleInput(ctx, std, arg, format, n, defaultMaxMemory(), true)
	return in, withoutMemoryFlag(err)
}

// loadPuzzleInput is loadPuzzleLimited that, with noProblem, leaves the
// problem unbuilt.
func loadPuzzleInput(ctx context.Context, std IO, arg, format string, n int, limit int64, noProblem bool) (*loadedInput, error) {
	in, err := loadInput(ctx, std, arg, format, n, limit, noProblem)
	if err != nil {
		return nil, err
	}
	if in.Puzzle == nil {
		// every command here (drawing, STL, BurrTools, disassembly) needs them
		return nil, fmt.Errorf("%s: not a puzzle of cells: an exact-cover problem has no box or pieces", in.Name)
	}
	return in, nil
}
