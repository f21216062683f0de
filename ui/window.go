package ui

import (
	"context"
	"fmt"
	"image/color"
	"os"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
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
	w.openInitial(args)
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

	puzzle *Puzzle
	colors []color.NRGBA
	// hideClues draws a board's clues like the solved cells (C toggles).
	hideClues bool

	view                *View
	explode, layer      *widget.Slider
	layerLabel          *widget.Label
	viewHint            *widget.Label // why Explode and Layers are off
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
	presenting    bool
	beforePresent fyne.Size // the window's size before the presentation
	normal        fyne.CanvasObject
	caption       *widget.Label

	frameCancel context.CancelFunc

	// errShown is the text of the last error dialog, for tests.
	errShown string
}

// newWindow builds the window, empty.
func newWindow(a fyne.App, b *Backend) *window {
	if b == nil {
		b = &Backend{}
	}
	w := &window{app: a, b: b, selPiece: -1, do: fyne.Do}
	w.win = a.NewWindow("polyviz")
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
	w.win.Resize(fyne.NewSize(1200, 760))
	return w
}

// build lays out the widgets.
func (w *window) build() {
	draw := w.b.Draw
	if w.b.NewDrawer != nil {
		draw = w.b.NewDrawer()
	}
	w.view = NewView(draw)
	w.info = widget.NewLabel("")
	w.info.Wrapping = fyne.TextWrapWord
	w.symNote = widget.NewLabel("")
	w.symNote.Wrapping = fyne.TextWrapWord
	w.symNote.Importance = widget.MediumImportance // readable: low importance was too faint
	w.symNote.Hide()
	w.restrictNote = widget.NewLabel("")
	w.restrictNote.Wrapping = fyne.TextWrapWord
	w.restrictNote.Hide()

	// view controls, below the view
	w.explode = widget.NewSlider(0, 1)
	w.explode.Step = 0.05
	w.explode.OnChanged = func(float64) { w.refreshScene() }
	w.layer = widget.NewSlider(1, 1)
	w.layer.Step = 1
	w.layerLabel = widget.NewLabel("Layers")
	w.layer.OnChanged = func(float64) { w.refreshScene() }
	w.spinAnim = fyne.NewAnimation(time.Second, w.spinTick)
	w.spinAnim.RepeatCount = fyne.AnimationRepeatForever
	w.spin = widget.NewCheck("Spin", func(on bool) {
		if on {
			w.lastSpin = time.Now()
			w.spinAnim.Start()
		} else {
			w.spinAnim.Stop()
		}
	})
	// the hint takes the room left and is cut short rather than widen
	// the window
	w.viewHint = widget.NewLabel("Explode and Layers work on a solution: solve first")
	w.viewHint.Importance = widget.LowImportance
	w.viewHint.Truncation = fyne.TextTruncateEllipsis
	viewBar := container.NewBorder(nil, nil, container.NewHBox(
		widget.NewButton("Reset view", func() { w.view.ResetCamera() }),
		w.spin,
		widget.NewLabel("Explode"),
		container.NewGridWrap(fyne.NewSize(110, 36), w.explode),
		w.layerLabel,
		container.NewGridWrap(fyne.NewSize(110, 36), w.layer),
	), nil, w.viewHint)

	// pieces panel, on the left
	w.pieces = widget.NewList(
		func() int {
			if w.puzzle == nil {
				return 0
			}
			return len(w.puzzle.Pieces)
		},
		func() fyne.CanvasObject {
			sw := canvas.NewRectangle(color.Gray{0x80})
			sw.SetMinSize(fyne.NewSize(18, 18))
			sw.StrokeColor = color.NRGBA{0x1c, 0x1e, 0x26, 0xff}
			sw.StrokeWidth = 1
			name := widget.NewLabelWithStyle("name", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			detail := widget.NewLabel("×1 · 5 cells · 24 orient. · 9999 places")
			detail.Truncation = fyne.TextTruncateEllipsis
			shown := widget.NewCheck("", nil)
			return container.NewBorder(nil, nil, container.NewHBox(shown, container.NewCenter(sw), name), nil, detail)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if w.puzzle == nil || id >= len(w.puzzle.Pieces) {
				return
			}
			outer := o.(*fyne.Container).Objects // detail, then the left part
			row := outer[1].(*fyne.Container).Objects
			shown := row[0].(*widget.Check)
			shown.OnChanged = nil
			shown.SetChecked(!w.isHidden(id))
			shown.OnChanged = func(on bool) { w.setHidden(id, !on) }
			sw := row[1].(*fyne.Container).Objects[0].(*canvas.Rectangle)
			sw.FillColor = w.colors[id]
			sw.Refresh()
			pc := w.puzzle.Pieces[id]
			row[2].(*widget.Label).SetText(pc.Name)
			outer[0].(*widget.Label).SetText(pieceDetail(pc))
		})
	w.pieces.OnSelected = func(id widget.ListItemID) { w.selectPiece(id) }
	w.pieces.OnUnselected = func(widget.ListItemID) {}
	w.orientLabel = widget.NewLabel("")
	w.orientLabel.Wrapping = fyne.TextWrapWord
	w.hideBtn = widget.NewButton("Hide", func() { w.toggleSelectedHidden() })
	w.pieceBox = container.NewVBox(
		w.orientLabel,
		container.NewGridWithColumns(2,
			w.hideBtn,
			widget.NewButton("Show only this", func() { w.showOnly(w.selPiece) })),
		container.NewGridWithColumns(2,
			widget.NewButton("◀ Orientation", func() { w.stepOrientation(-1) }),
			widget.NewButton("Orientation ▶", func() { w.stepOrientation(1) })),
		container.NewGridWithColumns(2,
			widget.NewButton("Sheet…", func() { w.showSheet() }),
			widget.NewButton("Back to box", func() { w.deselectPiece() })),
	)
	w.pieceBox.Hide()
	w.showAll = widget.NewButton("Show all pieces", func() { w.showOnly(-1) })
	w.showAll.Hide()
	// the puzzle's figures and note scroll when long, above the pieces
	// (the split's handle shares the height), so a long note never makes
	// the window taller
	w.left = container.NewBorder(
		widget.NewLabelWithStyle("Pieces", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewVBox(w.showAll, w.pieceBox), nil, nil,
		figuresAbove(container.NewVScroll(container.NewVBox(w.info, w.symNote, w.restrictNote)), w.pieces))
	w.view.OnTap = w.pickAt

	// solve, solutions and play, on the right
	w.solver = newSolver(w.b)
	w.solver.do = func(f func()) { w.do(f) }
	w.browser = newBrowser()
	w.player = newPlayer()
	w.facts = &factsJob{b: w.b, do: func(f func()) { w.do(f) }, apply: w.browser.SetFacts}
	w.solver.onSolutions = func(batch []Solution, total int64) {
		first := w.browser.Len()
		w.browser.Add(batch, total)
		w.facts.Add(first, batch)
	}
	w.solver.distinct = w.browser.Mode
	w.solver.onStart = func(d Distinct) {
		w.player.SetPieces(0)
		w.browser.Reset(d)
		if w.wantFacts() {
			w.facts.Reset(w.puzzle, d)
		} else {
			w.facts.Reset(nil, d)
		}
		w.refreshScene()
	}
	w.solver.onDone = func(st SolveStats, err error) {
		if st.Note != "" {
			w.setNote(st.Note)
		}
		w.browser.Finish(st.Solutions, st.Raw)
		if err != nil {
			w.showError("Solving failed", err)
		}
	}
	w.browser.onMode = w.modeChanged
	// A select keeps the keyboard focus after a choice, and a focused
	// widget takes every key: the window's keys (Esc, space, N, P, arrows)
	// would stop working until the next click on the view.
	for _, sel := range []*widget.Select{w.solver.workers, w.solver.mode, w.browser.kind} {
		w.releaseFocus(sel)
	}
	jump := w.browser.jump.OnSubmitted
	w.browser.jump.OnSubmitted = func(t string) {
		jump(t)
		w.win.Canvas().Unfocus()
	}
	w.browser.onShow = func(int) {
		w.selPiece, w.orienting = -1, false
		w.pieces.UnselectAll()
		w.pieceBox.Hide()
		w.setPlan(w.browser.Current())
		if w.presenting {
			w.caption.SetText(w.presentCaption())
		}
		w.refreshScene()
	}
	w.browser.describe = w.describe
	w.player.onFrame = func(float64) { w.refreshScene() }
	w.player.onEnd = func() bool {
		if w.presenting && w.browser.Len() > 1 {
			w.browser.Step(1)
			w.player.Play()
			return true
		}
		return false
	}
	// the controls scroll when the window is short, and the solutions list
	// below them can be given more room with the split's handle
	controls := container.NewVScroll(container.NewVBox(w.solver.content(), widget.NewSeparator(), w.player.content()))
	w.solver.relayout = controls.Refresh
	right := container.NewVSplit(controls, w.browser.content())
	right.Offset = 0.55

	centre := container.NewBorder(nil, viewBar, nil, nil, w.view)
	split := container.NewHSplit(w.left, container.NewHSplit(centre, right))
	split.Offset = 0.24
	split.Trailing.(*container.Split).Offset = 0.6
	w.normal = split
	w.win.SetContent(split)
}

// close stops every background job; the window is going away.
func (w *window) close() {
	w.solver.Stop()
	// the run's last state is being saved for Resume: let it finish
	// (the workers stop within a millisecond; the file takes a moment)
	w.solver.WaitSaved(5 * time.Second)
	w.facts.Stop()
	w.player.Pause()
	w.spinAnim.Stop()
	w.gallery.cancel()
	if w.frameCancel != nil {
		w.frameCancel()
	}
}
