package cli

import (
	"context"
	"fmt"
)

// runSolve is not written yet.
func runSolve(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}
