package ui

import (
	"context"
	"fmt"
	"image/color"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// AppID is the application's Fyne ID (preferences live under it).
const AppID = "io.github.polyviz"

// DefaultPuzzle is the library puzzle the window opens on.
const DefaultPuzzle = "soma"

// Run opens the window on args[0] (a file or a library puzzle name; the
// Soma cube when there is none) and returns when the app quits. ctx being
// cancelled (Ctrl+C in the terminal) quits the app.
func Run(ctx context.Context, a fyne.App, b *Backend, args []string) int {
	if len(args) > 1 {
		fmt.Fprintln(os.Stderr, "polyviz: the window opens one file at a time")
		return 2
	}
	w := newWindow(a, b)
	if b != nil && b.NewDrawer != nil {
		// the 3D view draws off the UI goroutine (View.RenderAhead)
		w.view.RenderAhead(b.NewDrawer())
	}
	// files are read in the background, once the window is up: it shows at
	// once, and the memory limit of the first file is measured after the
	// graphics libraries have taken their address space
	w.background = func(f func()) { go f() }
	a.Lifecycle().SetOnStarted(func() { w.openInitial(args) })
	stop := context.AfterFunc(ctx, func() { fyne.Do(a.Quit) })
	defer stop()
	if path := os.Getenv("POLYVIZ_FRAMESTATS"); path != "" {
		w.logFrames(ctx, path)
	}
	w.win.ShowAndRun()
	w.close()
	return 0
}

// window is the main window and the state it shows. All of it lives on the
// UI goroutine.
type window struct {
	app fyne.App
	win fyne.Window
	b   *Backend
	// do runs a function on the UI goroutine: fyne.Do, or a queue in tests.
	do func(func())
	// heat shows the heat map of the solutions listed (heatview.go)
	heat *widget.Button
	// heatView draws the heat map in the view (heatview.go)
	heatView heatView

	// dialogs are the dialogs open, the last shown last (dialogs.go)
	dialogs []openDialog

	puzzle *Puzzle
	colors []color.NRGBA
	// background runs a file's reading off the UI goroutine (nil: read in
	// place, as the tests do); loading names the file being read, reads
	// counts the reads begun (reading)
	background func(func())
	loading    string
	reads      int

	// the editor (editwindow.go): the mode shown, if any; the content it
	// replaced; the editor whose puzzle is being solved (Edit returns to it
	// while editedPuzzle is shown)
	editor       *editMode
	mainContent  fyne.CanvasObject
	edited       *editMode
	editedPuzzle *Puzzle
	// hideClues draws a board's clues like the solved cells (C toggles).
	hideClues bool

	view                *View
	explode, layer      *widget.Slider
	layerLabel          *widget.Label
	viewHint            *widget.Label   // why Explode and Layers are off
	viewCtl             *fyne.Container // Explode and Layers, in the hint's place
	explodeCtl          *fyne.Container // Explode's label and slider
	spin                *widget.Check
	spinAnim            *fyne.Animation
	lastSpin            time.Time
	pieces              *widget.List
	pieceBox            *fyne.Container
	orientLabel         *widget.Label
	selPiece, selOrient int
	// orienting shows the selected piece alone, in its orientations, even
	// when a solution is shown (◀ ▶ Orientation, Sheet)
	orienting bool
	// hidden says for each piece of the puzzle whether the view leaves it
	// out, so the inside of a packing shows
	hidden           []bool
	hideBtn, showAll *widget.Button
	// cellEdges draws the unit cubes' edges on the pieces (View menu)
	cellEdges    bool
	info         *widget.Label
	symNote      *widget.Label   // what the box's symmetries do
	restrictNote *widget.Label   // the file's own restrictions (Lepage's lock, constrain)
	left         *fyne.Container // the pieces panel

	solver  *solver
	browser *browser
	facts   *factsJob // the levels of the solutions listed
	player  *player
	plan    *AssemblyPlan // how Play assembles the current solution, or nil
	recent  *recent
	gallery *gallery

	exportSize    exportSize // of exported PNGs and GIFs (File > Export Size)
	stlPrint      stlPrint   // the settings of File > Export STL
	presenting    bool
	beforePresent fyne.Size // the window's size before the presentation
	normal        fyne.CanvasObject
	caption       *widget.Label

	frameCancel context.CancelFunc
	// logLine writes a line to POLYVIZ_FRAMESTATS's file (nil: not set)
	logLine func(string)

	// errShown is the text of the last error dialog, for tests.
	errShown string
}

// newWindow builds the window, empty.
func newWindow(a fyne.App, b *Backend) *window {
	if b == nil {
		b = &Backend{}
	}
	w := &window{app: a, b: b, selPiece: -1, do: fyne.Do, stlPrint: defaultSTLPrint}
	w.win = a.NewWindow("polyviz")
	keepFilesUntilWritten() // the app's driver has registered its files
	if b.Icon != nil {
		a.SetIcon(b.Icon)
		w.win.SetIcon(b.Icon)
	}
	w.recent = newRecent(a.Preferences())
	w.gallery = &gallery{w: w}
	w.build()
	w.win.SetMainMenu(w.menu())
	w.bindKeys()
	w.win.SetOnDropped(w.dropped)
	w.win.SetOnClosed(w.close)
	w.win.SetCloseIntercept(func() { w.guardUnsaved("quit", w.win.Close) })
	w.win.Resize(fyne.NewSize(1200, 760))
	return w
}

// build lays out the widgets: the pieces panel on the left (pieces.go),
// the view and its controls in the centre (viewpanel.go), solve, Play and
// the solutions on the right (solvepanel.go).
func (w *window) build() {
	draw := w.b.Draw
	if w.b.NewDrawer != nil {
		draw = w.b.NewDrawer()
	}
	w.view = NewView(draw)
	viewBar := w.buildViewBar()
	w.buildPiecesPanel()
	w.view.OnTap = w.pickAt
	right := w.buildSolvePanel()

	centre := container.NewBorder(nil, viewBar, nil, nil, w.view)
	split := container.NewHSplit(w.left, container.NewHSplit(centre, right))
	split.Offset = 0.24
	split.Trailing.(*container.Split).Offset = 0.6
	w.normal = split
	w.win.SetContent(split)
}

// close stops every background job; the window is going away.
func (w *window) close() {
	w.solver.guess.stop()
	w.solver.Stop()
	// the run's last state is being saved for Resume: let it finish
	// (the workers stop within a millisecond; the file takes a moment)
	w.solver.WaitSaved(5 * time.Second)
	w.facts.Stop()
	w.player.Pause()
	w.spinAnim.Stop()
	w.view.StopRenderAhead()
	w.gallery.cancel()
	if w.frameCancel != nil {
		w.frameCancel()
	}
}
