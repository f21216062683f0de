//go:build headless

package main

import (
	"context"
	"fmt"
	"os"

	"polyviz/cli"
)

// window says that this build has none, and how to get one: the headless
// build leaves out Fyne, OpenGL and X11, so that it links statically.
func window(context.Context) cli.GUI {
	return func(args []string) int {
		fmt.Fprintln(os.Stderr, "polyviz: this is the headless build: every command, but no window.")
		fmt.Fprintln(os.Stderr, "  For the window, build without -tags headless (needs cgo, OpenGL and X11 headers):")
		fmt.Fprintln(os.Stderr, "    go build -o polyviz ./cmd/polyviz")
		fmt.Fprintln(os.Stderr, "  or install the desktop bundle (see the README). 'polyviz help' lists the commands.")
		return 2
	}
}
