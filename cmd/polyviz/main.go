// Command polyviz packs polycubes and polyominoes: a window when started without
// a subcommand, and a command line for everything the window does.
package main

import (
	"context"
	"os"

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
	code := cli.Main(ctx, os.Args[1:], cli.StdIO(), func(args []string) int {
		return ui.Run(ctx, newApp(), backend.New(), args)
	})
	stop()
	os.Exit(code)
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
