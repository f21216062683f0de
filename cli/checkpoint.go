package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"polyviz/fileout"
	"polyviz/solver"
)

// checkpointFormat names the format of checkpoint files.
const checkpointFormat = "polyviz checkpoint 1"

// checkpointFile is a checkpoint as `polyviz solve --checkpoint` writes it.
type checkpointFile struct {
	Format string `json:"format"`
	solver.Checkpoint
}

// readCheckpoint reads a checkpoint file.
func readCheckpoint(path string) (*solver.Checkpoint, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f checkpointFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, solver.ErrCheckpointBad, err)
	}
	if f.Format != checkpointFormat {
		return nil, fmt.Errorf("%s: %w: format %q, want %q", path, solver.ErrCheckpointBad, f.Format, checkpointFormat)
	}
	return &f.Checkpoint, nil
}

// writeJSON writes v as indented JSON to path, atomically.
func writeJSON(path string, v any) error {
	return fileout.WriteFile(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(v)
	})
}

// checkpointWriter returns the Options.Checkpoint callback that writes each
// checkpoint to path, and a function returning the first write error.
func checkpointWriter(path string, stderr io.Writer) (func(solver.Checkpoint), func() error) {
	var mu sync.Mutex
	var first error
	write := func(c solver.Checkpoint) {
		err := writeJSON(path, checkpointFile{checkpointFormat, c})
		mu.Lock()
		defer mu.Unlock()
		if err != nil && first == nil {
			first = err
			fmt.Fprintf(stderr, "polyviz solve: checkpoint: %v\n", err)
		}
	}
	return write, func() error {
		mu.Lock()
		defer mu.Unlock()
		return first
	}
}

// checkpointOptions sets up --checkpoint and --resume on opt; code is
// non-zero when they cannot be used.
func checkpointOptions(std IO, f solveFlags, opt *solver.Options) (writeErr func() error, code int) {
	path := f.checkpoint
	if path == "" {
		path = f.resume
	}
	if path == "" {
		return func() error { return nil }, 0
	}
	if f.print || f.max > 0 {
		fmt.Fprintln(std.Stderr, "polyviz solve: --checkpoint and --resume count every solution: they cannot be used with --print, --max or --first")
		return nil, 2
	}
	if f.engine == solver.EngineBits {
		fmt.Fprintln(std.Stderr, "polyviz solve: --checkpoint and --resume name subtrees of the dancing-links search: use --engine dlx or auto")
		return nil, 2
	}
	if f.resume != "" {
		c, err := readCheckpoint(f.resume)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --resume: %v\n", err)
			return nil, 1
		}
		opt.Resume = c
	}
	every := f.checkpointEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	opt.CheckpointEvery = every
	opt.Checkpoint, writeErr = checkpointWriter(path, std.Stderr)
	return writeErr, 0
}

// resumeHint says, when a checkpointed run stopped, how to go on.
func resumeHint(std IO, f solveFlags, err error) bool {
	path := f.checkpoint
	if path == "" {
		path = f.resume
	}
	if path == "" || err == nil || !(errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return false
	}
	fmt.Fprintf(std.Stderr, "polyviz solve: interrupted; the state is in %s: go on with\n  polyviz solve --resume %s %s\n", path, path, f.input)
	return true
}
