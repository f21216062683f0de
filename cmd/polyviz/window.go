//go:build !headless

package main

import (
	"context"
	"os"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"polyviz/cli"
	"polyviz/ui"
	"polyviz/ui/backend"
)

// window opens the window (a build without the headless tag).
func window(ctx context.Context) cli.GUI {
	return func(args []string) int {
		uiProcs()
		return ui.Run(ctx, newApp(), backend.New(), args)
	}
}

// uiProcs gives the window's process one more Go P than it has cores: the
// UI goroutine is locked to the main thread and holds a P while it lays out
// and paints, so with one P a core a search on every core lost a worker's
// P each time the window drew. With the extra P the kernel shares the
// cores instead, and it favours the UI (the search threads run at nice 10),
// as intended. A GOMAXPROCS set in the environment is kept.
func uiProcs() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(runtime.NumCPU() + 1)
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
