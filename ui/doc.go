// Package ui is polyviz's desktop window, written with Fyne: it opens a
// puzzle (file dialog, drag and drop, recent files, a gallery of the built-in
// library), shows its box and pieces in 3D, solves it on background
// goroutines, browses and animates the solutions, presents them full screen
// and exports pictures, animations, the DLX file and the solutions.
//
// The window talks to the rest of polyviz only through a Backend: a handful
// of functions that load a puzzle, solve it, draw a scene and write files.
// Package ui/backend wires in the puzzle, solver, render and assets packages;
// tests plug in small fakes, so the widgets are tested headlessly with
// fyne.io/fyne/v2/test and without cgo.
//
// The files hold one concern each (opening, menus, keyboard, the pieces
// panel, the view panel, solve controls, a run, its status, Resume, the
// solutions list, export, the gallery…); docs/ARCHITECTURE.md lists them.
//
// Threading follows Fyne's rules: widgets change only on the UI goroutine.
// Each background job (a solve, gallery thumbnails) is owned by one
// controller, which makes the context, starts the goroutine, applies every
// widget change through fyne.Do, throttled, and cancels the job on Stop, on
// loading another puzzle and when the window closes.
//
// Keyboard: arrows orbit, + and - zoom, Space plays or pauses, N and P step
// to the next and previous solution, Ctrl+O opens, Ctrl+G shows the gallery,
// F11 toggles full screen, Esc closes the dialog shown last or, with none
// open, stops the search and Play (and leaves the presentation or full
// screen), Ctrl+Q quits. Play goes along the reverse of
// the solution's disassembly when the backend's Assemble finds one.
//
// With POLYVIZ_FRAMESTATS set to a file name (or "-" for standard error),
// Run writes the 3D view's frame figures once a second while it draws: the
// renderer's time per frame and the time between frames; and a line for each
// solve that ends, with its time, solutions and nodes (scripts/measure-solve-window.sh
// reads it).
//
// A typical main, which alone imports Fyne's driver:
//
//	a := app.NewWithID(ui.AppID)
//	os.Exit(ui.Run(ctx, a, backend.New(), os.Args[1:]))
package ui
