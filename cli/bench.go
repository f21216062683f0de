package cli

import (
	"context"
	"fmt"
)

// runBench is not written yet.
func runBench(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}
