// Command polyviz packs polycubes and polyominoes: a window when started without
// a subcommand, and a command line for everything the window does.
//
// Built with -tags headless (CGO_ENABLED=0 go build -tags headless), it is a
// static binary with every command but the window, for machines with no
// display or OpenGL: cluster nodes and containers.
package main

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"

	"polyviz/cli"
	_ "polyviz/internal/hugeheap"
)

func main() {
	cli.LimitMemory()
	// the first SIGINT or SIGTERM cancels ctx, with the signal as its cause
	// (cli exits 130 or 143 and says the run was interrupted)
	ctx, stop := cli.SignalContext(context.Background())
	stopProfile := startProfile(os.Getenv("POLYVIZ_CPUPROFILE"))
	// a command that has not stopped a second after the signal is ended
	// here, with the signal's status
	late := cli.AfterInterrupt(ctx, cli.StopGrace, func(in *cli.Interrupted) {
		fmt.Fprintf(os.Stderr, "polyviz: %s: the command did not stop within %v; stopping it now (output and checkpoints left as they were)\n", in, cli.StopGrace)
		stopProfile()
		os.Exit(in.ExitCode())
	})
	code := cli.Main(ctx, os.Args[1:], cli.StdIO(), window(ctx))
	late()
	stop()
	stopProfile()
	os.Exit(code)
}

// startProfile writes a CPU profile of the whole run (the window or a
// command) to path, for `go tool pprof`, when path is not empty; the
// function it returns ends it.
func startProfile(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "polyviz: POLYVIZ_CPUPROFILE: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "polyviz: POLYVIZ_CPUPROFILE: %v\n", err)
		}
	}
}
