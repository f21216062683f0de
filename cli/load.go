package cli

import (
	"context"
	"fmt"
	"io"
	"os"

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

// readInputFormat is readInput that also returns the format of a library
// puzzle ("" for anything else).
func readInputFormat(std IO, arg string) (string, []byte, string, error) {
	if arg == "-" {
		data, err := io.ReadAll(std.Stdin)
		if err != nil {
			return "", nil, "", fmt.Errorf("read standard input: %w", err)
		}
		return "<stdin>", data, "", nil
	}
	data, err := os.ReadFile(arg)
	if err == nil {
		return arg, data, "", nil
	}
	if name, lib, format, ok := libraryInput(arg); ok {
		return name, lib, format, nil
	}
	return "", nil, "", fmt.Errorf("%w (not a file, nor a puzzle in 'polyviz list')", err)
}

// loadProblem reads and parses an input in the given format ("" for
// automatic), turning it into an exact-cover problem, and a puzzle when it
// is one. Warnings go to standard error.
func loadProblem(ctx context.Context, std IO, arg, format string) (*loadedInput, error) {
	return loadProblemN(ctx, std, arg, format, 1)
}

// loadProblemN is loadProblem for problem number n (1-based) of a BurrTools
// file; other formats have one problem and ignore n.
func loadProblemN(ctx context.Context, std IO, arg, format string, n int) (*loadedInput, error) {
	if n < 1 {
		return nil, fmt.Errorf("--problem %d: problems are numbered from 1", n)
	}
	name, data, libFormat, err := readInputFormat(std, arg)
	if err != nil {
		return nil, err
	}
	if format == "" {
		format = libFormat
	}
	f, err := puzzle.ParseFormat(format)
	if err != nil {
		return nil, err
	}
	l, err := puzzle.LoadWith(name, data, f, puzzle.LoadOptions{Problem: n - 1})
	if err != nil {
		return nil, err
	}
	for _, w := range l.Warnings {
		fmt.Fprintln(std.Stderr, w)
	}
	return &loadedInput{l}, ctx.Err()
}
