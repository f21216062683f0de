//go:build !linux

package backend

import "context"

// yieldToUI does nothing outside Linux: the window shares the CPU with the
// solver as the operating system sees fit.
func yieldToUI(ctx context.Context) {}
