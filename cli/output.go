package cli

import (
	"context"
	"fmt"
	"io"
)

// checkedWriter passes writes on and remembers the first error, so that a
// command that prints with fmt.Fprint* (whose errors are easy to drop) can
// still fail when its output was lost.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.err = err
	return n, err
}

// withCheckedStdout runs a command with its standard output checked: a
// command that would exit 0 exits 1 when a write to it failed.
func withCheckedStdout(name string, run func(ctx context.Context, std IO, args []string) int) func(ctx context.Context, std IO, args []string) int {
	return func(ctx context.Context, std IO, args []string) int {
		out := &checkedWriter{w: std.Stdout}
		std.Stdout = out
		code := run(ctx, std, args)
		if out.err != nil && code == 0 {
			fmt.Fprintf(std.Stderr, "polyviz %s: write: %v\n", name, out.err)
			return 1
		}
		return code
	}
}
