package ui

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"polyviz/geometry"
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

// figuresAbove puts the puzzle's figures above the pieces list.
func figuresAbove(figures, list fyne.CanvasObject) *container.Split {
	sp := container.NewVSplit(figures, list)
	sp.Offset = 0.22
	return sp
}

// pieceDetail is the line of figures of a piece in the panel.
func pieceDetail(pc Piece) string {
	mult := fmt.Sprintf("×%d", pc.Max)
	if pc.Min != pc.Max {
		mult = fmt.Sprintf("×%d–%d", pc.Min, pc.Max)
	}
	return fmt.Sprintf("%s · %d cells · %d orient. · %d places", mult, pc.Cells, len(pc.Orientations), pc.Placements)
}

// openInitial opens what the command line names, or the default puzzle.
func (w *window) openInitial(args []string) {
	if len(args) == 1 {
		name := args[0]
		if data, err := os.ReadFile(name); err == nil {
			if w.openData(name, data) {
				w.recent.Add(absPath(name))
				w.win.SetMainMenu(w.menu())
				return
			}
		} else if !w.openLibrary(name) {
			w.showError("Cannot open "+name, err)
		} else {
			return
		}
	}
	if w.puzzle == nil {
		w.openLibrary(DefaultPuzzle)
	}
}

// openLibrary loads a built-in puzzle; false if there is none by that name.
func (w *window) openLibrary(name string) bool {
	if w.b.Catalog == nil {
		return false
	}
	for _, e := range w.b.Catalog() {
		if e.Name == name {
			data, err := e.Data()
			if err != nil {
				w.showError("Cannot open "+name, err)
				return true
			}
			w.openData(name, data)
			return true
		}
	}
	return false
}

// dropped opens the first file dropped on the window.
func (w *window) dropped(_ fyne.Position, uris []fyne.URI) {
	if len(uris) > 0 {
		w.openURI(uris[0])
	}
}

// openURI loads a file chosen in a dialog, dropped, or recent.
func (w *window) openURI(u fyne.URI) {
	path := u.Path()
	data, err := os.ReadFile(path)
	if err != nil {
		w.showError("Cannot open "+filepath.Base(path), err)
		return
	}
	if w.openData(path, data) {
		w.recent.Add(path)
		w.win.SetMainMenu(w.menu())
	}
}

// openData parses and shows a puzzle. On failure the error dialog shows and
// the current puzzle stays.
func (w *window) openData(name string, data []byte) bool {
	if w.b.Load == nil {
		w.showError("Cannot open "+filepath.Base(name), errors.New("this build cannot read puzzles"))
		return false
	}
	p, err := w.b.Load(name, data)
	if err != nil {
		w.showError("Cannot open "+filepath.Base(name), err)
		return false
	}
	w.setPuzzle(p)
	if len(p.Problems) > 1 && w.b.LoadProblem != nil {
		w.askProblem(name, data, p.Problems)
	}
	return true
}

// setPuzzle shows p: stops whatever ran for the last one and resets the panels.
func (w *window) setPuzzle(p *Puzzle) {
	w.solver.setPuzzle(p)
	w.player.SetPieces(0)
	w.browser.Reset(DistinctRaw)
	w.browser.AllowDistinct(p.Distinct)
	w.facts.Reset(nil, DistinctRaw)
	w.setNote("")
	w.setRestrictions(p.Restrictions)
	w.puzzle = p
	w.browser.WantFacts(w.wantFacts())
	if p.Distinct && w.b.SymmetryNote != nil {
		go func() { // up to half a second for a 4x4x4 box
			note := w.b.SymmetryNote(p)
			w.do(func() {
				if w.puzzle == p {
					w.setNote(note)
				}
			})
		}()
	}
	w.colors = colors(w.b, p)
	w.hidden = make([]bool, len(p.Pieces))
	w.showAll.Hide()
	w.selPiece, w.orienting = -1, false
	w.pieces.UnselectAll()
	w.pieceBox.Hide()
	w.pieces.Refresh()
	w.win.SetTitle("polyviz — " + filepath.Base(p.Name))
	w.info.SetText(puzzleInfo(p))
	if h := height(p); h > 1 && !p.Planar {
		w.layer.Max = float64(h)
		w.layer.SetValue(float64(h))
		w.layer.Show()
		w.layerLabel.Show()
	} else {
		w.layer.Max = 1
		w.layer.SetValue(1)
		w.layer.Hide()
		w.layerLabel.Hide()
	}
	if p.Planar {
		w.view.SetHome(Camera{Yaw: 0, Pitch: 90, Zoom: 1})
	} else {
		w.view.SetHome(Camera{Yaw: 32, Pitch: 28, Zoom: 1})
	}
	w.refreshScene()
}

// modeChanged follows the sameness selector: the solutions listed are of
// the other kind, so a run under way, or one that listed solutions, starts
// again counting the new way; otherwise the next Solve will.
func (w *window) modeChanged(d Distinct) {
	if w.puzzle == nil || (!w.solver.Running() && w.browser.Len() == 0) ||
		(d == w.browser.listed && !w.solver.Running()) {
		w.solver.lookForSavedRun() // a saved run of the other kind?
		return
	}
	w.solver.Start()
}

// releaseFocus gives the keyboard back to the window once sel has chosen.
func (w *window) releaseFocus(sel *widget.Select) {
	f := sel.OnChanged
	sel.OnChanged = func(v string) {
		if f != nil {
			f(v)
		}
		w.win.Canvas().Unfocus()
	}
}

// setNote shows what the box's symmetries do, under the puzzle's figures
// (nothing for "").
func (w *window) setNote(text string) {
	w.symNote.SetText(text)
	if text == "" {
		w.symNote.Hide()
	} else {
		w.symNote.Show()
	}
	w.left.Refresh() // lay the panel out again
}

// setRestrictions shows the puzzle's own restrictions, one per line, under
// the symmetry note ("L2 locked to 1 orientation"); hidden when there are none.
func (w *window) setRestrictions(lines []string) {
	w.restrictNote.SetText(strings.Join(lines, "\n"))
	if len(lines) == 0 {
		w.restrictNote.Hide()
	} else {
		w.restrictNote.Show()
	}
	w.left.Refresh()
}

// puzzleInfo sums up a puzzle in a line.
func puzzleInfo(p *Puzzle) string {
	if p.Info != "" {
		return p.Info
	}
	kind := "3D"
	if p.Planar {
		kind = "2D"
	}
	if p.Box == nil {
		return fmt.Sprintf("DLX file · %d options", p.Options)
	}
	return fmt.Sprintf("%s · %d cells · %d pieces · %d placements", kind, len(p.Box), len(p.Pieces), p.Options)
}

// setViewControls turns Explode and Layers on when a solution is shown,
// and off, with a hint saying why, when not.
func (w *window) setViewControls(on bool) {
	if on == !w.explode.Disabled() {
		return
	}
	if on {
		w.explode.Enable()
		w.layer.Enable()
		w.viewHint.Hide()
	} else {
		w.explode.Disable()
		w.layer.Disable()
		w.viewHint.Show()
	}
}

// setPlan readies Play for solution sol: along the reverse of its
// disassembly when the backend finds one, each piece flying in otherwise;
// the player's line says which.
func (w *window) setPlan(sol Solution) {
	w.plan = nil
	if sol == nil || w.b.Assemble == nil || w.puzzle == nil {
		w.player.SetPieces(len(sol))
		w.player.setInfo("")
		return
	}
	plan := w.b.Assemble(w.puzzle, sol)
	if len(plan.Steps) == 0 {
		w.player.SetPieces(len(sol))
		w.player.setInfo(plan.Note)
		return
	}
	w.plan = &plan
	w.player.SetPieces(len(plan.Steps))
	w.player.setInfo(fmt.Sprintf("Level %d: %d steps, no piece through another", plan.Level, len(plan.Steps)))
}

// cellEdgesItem is the View menu's toggle of the unit cubes' edges.
func (w *window) cellEdgesItem() *fyne.MenuItem {
	it := fyne.NewMenuItem("Unit Cube Edges", nil)
	it.Checked = w.cellEdges
	it.Action = func() {
		w.cellEdges = !w.cellEdges
		it.Checked = w.cellEdges
		w.refreshScene()
	}
	return it
}

// refreshScene redraws the view from the current state.
func (w *window) refreshScene() {
	w.refreshSceneLook()
	if sc := w.view.Scene(); sc != nil && sc.CellEdges != w.cellEdges {
		sc.CellEdges = w.cellEdges
		w.view.SetScene(sc)
	}
}

// refreshSceneLook sets the view's scene from the current state.
func (w *window) refreshSceneLook() {
	p := w.puzzle
	w.setViewControls(p != nil && w.browser.Current() != nil)
	if p == nil {
		w.view.SetScene(nil)
		return
	}
	if p.DrawBoard != nil { // a flat board: the view shows its picture
		w.view.SetScene(boardScene(p, w.browser.Current(), w.hideClues))
		return
	}
	switch sol := w.browser.Current(); {
	case w.selPiece >= 0 && w.selPiece < len(p.Pieces) && sol != nil && p.Blocking != nil:
		// what holds the selected piece of the packing in place
		l := look{layer: -1, play: -1}
		opacity, text, ok := p.Blocking(sol, w.selPiece)
		if ok {
			l.opacity = opacity
			w.orientLabel.SetText(text)
		} else {
			w.orientLabel.SetText(p.Pieces[w.selPiece].Name + " is not in this packing")
		}
		w.view.SetScene(solutionScene(p, w.colors, sol, l))
	case w.selPiece >= 0 && w.selPiece < len(p.Pieces) && (sol == nil || w.orienting):
		w.view.SetScene(orientationScene(p, w.colors, w.selPiece, w.selOrient))
	case sol != nil:
		l := look{layer: -1, play: -1, explode: w.explode.Value, hidden: w.hidden}
		if w.selPiece >= 0 && w.selPiece < len(p.Pieces) && !w.isHidden(w.selPiece) {
			l.focus = w.selPiece + 1 // a hidden piece leaves the rest as is
		}
		if w.layer.Visible() && w.layer.Value < w.layer.Max {
			l.layer = int(w.layer.Value) - 1
		}
		if w.player.Playing() || w.player.Position() < float64(w.player.n) {
			l.play = w.player.Position()
			l.plan = w.plan
		}
		w.view.SetScene(solutionScene(p, w.colors, sol, l))
	default:
		w.view.SetScene(layoutScene(w.b, p, w.colors, look{hidden: w.hidden}))
	}
}

// spinTick turns the view at 30° a second while Spin is on.
func (w *window) spinTick(float32) {
	now := time.Now()
	w.view.Orbit(30*now.Sub(w.lastSpin).Seconds(), 0)
	w.lastSpin = now
}

// selectPiece selects piece i: with a solution shown, the packing stays
// and the other pieces turn faint; before there is one, the piece is shown
// alone, in its first orientation.
func (w *window) selectPiece(i int) {
	if w.puzzle == nil || i < 0 || i >= len(w.puzzle.Pieces) {
		return
	}
	w.player.Pause()
	w.selPiece, w.selOrient, w.orienting = i, 0, false
	w.pieceBox.Show()
	w.left.Refresh() // lay the panel out now, so the list can scroll to the row
	w.updateOrientLabel()
	w.updateHideButton()
	w.refreshScene()
}

func (w *window) deselectPiece() {
	w.selPiece, w.orienting = -1, false
	w.pieces.UnselectAll()
	w.pieceBox.Hide()
	w.refreshScene()
}

// pickAt selects the piece drawn at pixel (x, y) of the view's w×h image,
// and shows its row in the pieces panel; a click on no piece deselects.
// Boards have no pieces to pick; a piece shown alone stays.
func (w *window) pickAt(x, y, width, height int) {
	p := w.puzzle
	if p == nil || p.DrawBoard != nil || w.b.Pick == nil || w.orienting {
		return
	}
	sc := w.view.Scene()
	if sc == nil || sc.Board != nil {
		return
	}
	if w.selPiece >= 0 && w.browser.Current() == nil {
		return // the piece alone, in its orientations
	}
	k, ok := w.b.Pick(sc, w.view.Camera(), width, height, x, y)
	if !ok || k < 0 || k >= len(sc.Pieces) {
		if w.selPiece >= 0 {
			w.deselectPiece()
		}
		return
	}
	i := sc.Pieces[k].Piece
	if i < 0 || i >= len(p.Pieces) || i == w.selPiece {
		return
	}
	w.pieces.Select(i) // selectPiece, through OnSelected
	w.pieces.ScrollTo(i)
}

// isHidden says whether piece i is hidden from the view.
func (w *window) isHidden(i int) bool { return i >= 0 && i < len(w.hidden) && w.hidden[i] }

// setHidden hides or shows piece i.
func (w *window) setHidden(i int, hide bool) {
	if i < 0 || i >= len(w.hidden) || w.hidden[i] == hide {
		return
	}
	w.hidden[i] = hide
	w.hiddenChanged()
}

// toggleSelectedHidden hides the selected piece, or shows it again.
func (w *window) toggleSelectedHidden() {
	w.setHidden(w.selPiece, !w.isHidden(w.selPiece))
}

// showOnly hides every piece but i; -1 shows them all.
func (w *window) showOnly(i int) {
	for k := range w.hidden {
		w.hidden[k] = i >= 0 && k != i
	}
	w.hiddenChanged()
}

// hiddenChanged follows a change of the hidden pieces: the rows' checks,
// the Hide button, Show all, and the view.
func (w *window) hiddenChanged() {
	w.pieces.Refresh()
	w.updateHideButton()
	if slices.Contains(w.hidden, true) {
		w.showAll.Show()
	} else {
		w.showAll.Hide()
	}
	w.refreshScene()
}

// updateHideButton names what the Hide button does for the selected piece.
func (w *window) updateHideButton() {
	if w.isHidden(w.selPiece) {
		w.hideBtn.SetText("Show")
	} else {
		w.hideBtn.SetText("Hide")
	}
}

// stepOrientation moves through the orientations of the selected piece.
func (w *window) stepOrientation(d int) {
	if w.selPiece < 0 {
		return
	}
	n := len(w.puzzle.Pieces[w.selPiece].Orientations)
	if n == 0 {
		return
	}
	if w.orienting || w.browser.Current() == nil {
		w.selOrient = ((w.selOrient+d)%n + n) % n
	}
	w.orienting = true // from the packing: the piece alone, as it lies first
	w.updateOrientLabel()
	w.refreshScene()
}

func (w *window) updateOrientLabel() {
	pc := w.puzzle.Pieces[w.selPiece]
	if w.browser.Current() != nil && !w.orienting && w.puzzle.Blocking == nil {
		w.orientLabel.SetText(fmt.Sprintf("%s selected (%d cells): the others are faint", pc.Name, pc.Cells))
		return
	}
	w.orientLabel.SetText(fmt.Sprintf("%s: orientation %d of %d", pc.Name, w.selOrient+1, len(pc.Orientations)))
}

// showSheet opens the orientation sheet of the selected piece.
func (w *window) showSheet() {
	if w.selPiece < 0 || w.b.OrientationSheet == nil {
		return
	}
	img, err := w.b.OrientationSheet(w.puzzle, w.selPiece)
	if err != nil {
		w.showError("Cannot draw the orientations", err)
		return
	}
	ci := canvas.NewImageFromImage(img)
	ci.FillMode = canvas.ImageFillContain
	ci.SetMinSize(fyne.NewSize(720, 480))
	name := w.puzzle.Pieces[w.selPiece].Name
	dialog.ShowCustom("Orientations of "+name, "Close", ci, w.win)
}

// wantFacts says whether the solutions list shows levels: for packings of
// placements (not boards, not antislide's partial packings) when the
// backend can work them out.
func (w *window) wantFacts() bool {
	p := w.puzzle
	return w.b.Facts != nil && p != nil && p.Placements != nil && p.DrawBoard == nil && p.Blocking == nil
}

// describe says what is where in a solution, for the list: the piece at
// the box's first corner (its least cell, bottom layer first) and the
// pieces that touch the first layer (for a board, the first row), so that
// solutions read apart at a glance.
func (w *window) describe(s Solution) string {
	p := w.puzzle
	if p == nil || p.Placements == nil || len(p.Box) == 0 {
		return fmt.Sprintf("%d options", len(s))
	}
	corner := p.Box[0]
	for _, c := range p.Box {
		if cellLess(c, corner) {
			corner = c
		}
	}
	var at string
	var layer []string
	for _, o := range s {
		if o < 0 || o >= len(p.Placements) {
			continue
		}
		pl := p.Placements[o]
		if pl.Piece < 0 || pl.Piece >= len(p.Pieces) {
			continue
		}
		name := p.Pieces[pl.Piece].Name
		touches := false
		for _, c := range pl.Cells {
			if c == corner {
				at = name
			}
			if (!p.Planar && c.Z == corner.Z) || (p.Planar && c.Y == corner.Y) {
				touches = true
			}
		}
		if touches {
			layer = append(layer, name)
		}
	}
	slices.Sort(layer)
	first := "layer 1"
	if p.Planar {
		first = "row 1"
	}
	return fmt.Sprintf("corner %s · %s: %s", at, first, strings.Join(layer, " "))
}

// cellLess orders cells bottom layer first, then by row, then by column.
func cellLess(a, b geometry.Cell) bool {
	if a.Z != b.Z {
		return a.Z < b.Z
	}
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.X < b.X
}

// showError shows a dialog with the file, line, column and message of err.
func (w *window) showError(title string, err error) {
	w.errShown = title + "\n" + errorText(err)
	msg := widget.NewLabel(errorText(err))
	msg.Wrapping = fyne.TextWrapWord
	box := container.NewVBox(msg, layout.NewSpacer())
	d := dialog.NewCustom(title, "OK", container.NewGridWrap(fyne.NewSize(460, 100), box), w.win)
	d.Show()
}

// errorText spells out a load error's position.
func errorText(err error) string {
	var le *LoadError
	if errors.As(err, &le) && le.Line > 0 {
		return fmt.Sprintf("File %s, line %d, column %d:\n%v", le.File, le.Line, le.Col, le.Err)
	}
	return err.Error()
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

// logFrames writes the view's frame figures to path (or stderr for "-")
// every second while frames are drawn, until ctx ends or the window closes.
func (w *window) logFrames(ctx context.Context, path string) {
	var out io.Writer = os.Stderr
	if path != "-" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "polyviz:", err)
			return
		}
		out = f
	}
	ctx, cancel := context.WithCancel(ctx)
	w.frameCancel = cancel
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				st := w.view.FrameStats()
				if st.Frames > 1 {
					fmt.Fprintf(out, "frames %d draw mean %.1fms max %.1fms interval mean %.1fms p95 %.1fms max %.1fms\n",
						st.Frames, ms(st.DrawMean), ms(st.DrawMax), ms(st.IntervalMean), ms(st.IntervalP95), ms(st.IntervalMax))
				}
			}
		}
	}()
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// absPath is path made absolute when possible.
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}
