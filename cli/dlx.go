package cli

import (
	"context"
	"fmt"
)

// runPolycubeDLX is not written yet.
func runPolycubeDLX(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}

// runPolyominoDLX is not written yet.
func runPolyominoDLX(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}
