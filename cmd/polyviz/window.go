//go:build !headless

package main

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"polyviz/cli"
	"polyviz/ui"
	"polyviz/ui/backend"
)

// window opens the window (a build without the headless tag).
func window(ctx context.Context) cli.GUI {
	return func(args []string) int {
		return ui.Run(ctx, newApp(), backend.New(), args)
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
