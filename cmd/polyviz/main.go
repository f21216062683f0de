// Command polyviz packs polycubes and polyominoes: a window when started without
// a subcommand, and a command line for everything the window does.
package main

import (
	"context"
	"os"
	"os/signal"

	"polyviz/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Main(ctx, os.Args[1:], cli.StdIO(), nil)
	stop()
	os.Exit(code)
}
