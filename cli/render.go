package cli

import (
	"context"
	"fmt"
)

// runRender is not written yet.
func runRender(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}

// runOrientations is not written yet.
func runOrientations(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}

// runAnimate is not written yet.
func runAnimate(ctx context.Context, std IO, args []string) int {
	fmt.Fprintln(std.Stderr, "polyviz: not implemented yet")
	return 2
}
