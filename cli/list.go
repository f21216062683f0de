package cli

import (
	"context"
	"fmt"
)

// runList is not written yet.
func runList(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}
