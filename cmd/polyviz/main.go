// Command polyviz packs polycubes and polyominoes: a window when started without
// a subcommand, and a command line for everything the window does.
package main

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"polyviz/cli"
	"polyviz/ui"
	"polyviz/ui/backend"
)

func main() {
	// the first SIGINT or SIGTERM cancels ctx, with the signal as its cause
	// (cli exits 130 or 143 and says the run was interrupted)
	ctx, stop := cli.SignalContext(context.Background())
	stopProfile := startProfile(os.Getenv("POLYVIZ_CPUPROFILE"))
	code := cli.Main(ctx, os.Args[1:], cli.StdIO(), func(args []string) int {
		return ui.Run(ctx, newApp(), backend.New(), args)
	})
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

// newApp creates the Fyne app. A binary packaged by the fyne tool carries
// its FyneApp.toml metadata; one from a plain `go build` gets the same here,
// so that it too runs with fyne.Do threading (the fyneDo migration).
func newApp() fyne.App {
	a := app.NewWithID(ui.AppID)
	if m := a.Metadata(); m.Name == "" {
		m.ID, m.Name = ui.AppID, "polyviz"
		if m.Migrations == nil {
			m.Migrations = map[string]bool{}
		}
		m.Migrations["fyneDo"] = true
		app.SetMetadata(m)
	}
	return a
}
