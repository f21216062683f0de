//go:build !headless

package main

import (
	"context"
	"fmt"
	"os"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"polyviz/cli"
	"polyviz/internal/memlimit"
	"polyviz/solver"
	"polyviz/ui"
	"polyviz/ui/backend"
)

// window opens the window (a build without the headless tag). Without a
// display to open it on (no DISPLAY nor WAYLAND_DISPLAY where X11 or
// Wayland is the way), it says so and exits 2, as the headless build does;
// if the GL library still cannot start (a display that does not answer),
// it reports GLFW's error and exits 1, rather than Fyne's panic.
func window(ctx context.Context) cli.GUI {
	return func(args []string) (code int) {
		if noDisplay(os.Getenv) {
			fmt.Fprintln(os.Stderr, "polyviz: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set).")
			fmt.Fprintln(os.Stderr, "  Every command works without one: 'polyviz help' lists them.")
			return 2
		}
		if msg := tooLittleAddressSpace(memlimit.AddressSpaceLimit()); msg != "" {
			fmt.Fprintln(os.Stderr, msg)
			return 1
		}
		if err := loadGL(); err != nil {
			fmt.Fprintf(os.Stderr, "polyviz: the window needs OpenGL, and it cannot be loaded: %v\n", err)
			fmt.Fprintln(os.Stderr, "  Install the system's OpenGL library (Debian: libgl1), or use the command line: 'polyviz help' lists the commands.")
			return 1
		}
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(os.Stderr, "polyviz: could not open the window: %v\n", r)
				code = 1
			}
		}()
		uiProcs()
		if err := tuneMalloc(); err != nil {
			fmt.Fprintf(os.Stderr, "polyviz: %v (the window works, with more time in the kernel)\n", err)
		}
		return ui.Run(ctx, newApp(), backend.New(), args)
	}
}

// windowAddressSpace is the least ulimit -v under which the window
// starts: some 1.7 GiB is what Mesa's software GL and the first frames
// take (with one malloc arena, see threadStacks), and below it Go or
// llvmpipe die with a stack dump and no word of why. scripts/test.sh runs
// the window's smoke test under this limit.
const windowAddressSpace = 2 << 30

// tooLittleAddressSpace says why the window will not start under an
// address-space limit of limit bytes (0: none), or "" when it may.
func tooLittleAddressSpace(limit int64) string {
	if limit == 0 || limit >= windowAddressSpace {
		return ""
	}
	return fmt.Sprintf("polyviz: the window needs at least %s of address space for its graphics, and ulimit -v allows %s.\n"+
		"  Raise the limit (ulimit -v unlimited), or use the command line: 'polyviz help' lists the commands.",
		solver.FormatBytes(windowAddressSpace), solver.FormatBytes(limit))
}

// noDisplay reports whether the window has no display to open on: on the
// systems where it needs X11 or Wayland (not macOS or Windows), neither
// DISPLAY nor WAYLAND_DISPLAY is set.
func noDisplay(getenv func(string) string) bool {
	switch runtime.GOOS {
	case "darwin", "windows", "ios", "android":
		return false
	}
	return getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == ""
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
