package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// modeChanged follows the sameness selector: the solutions listed are of
// the other kind, so a run under way, or one that listed solutions, starts
// again counting the new way; otherwise the next Solve will.
func (w *window) modeChanged(d Distinct) {
	if w.puzzle == nil || (!w.solver.Running() && w.browser.Len() == 0) ||
		(d == w.browser.listed && !w.solver.Running()) {
		w.solver.lookForSavedRun() // a saved run of the other kind?
		if w.puzzle != nil && !w.solver.Running() {
			w.solver.guess.start(w.puzzle, d) // estimate the other count
		}
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
	level := plan.Notation
	if level == "" {
		level = fmt.Sprint(plan.Level)
	}
	w.player.setInfo(fmt.Sprintf("Level %s: %d steps, no piece through another", level, len(plan.Steps)))
}

// wantFacts says whether the solutions list shows levels: for packings of
// placements (not boards, not antislide's partial packings) when the
// backend can work them out.
func (w *window) wantFacts() bool {
	p := w.puzzle
	return w.b.Facts != nil && p != nil && p.Placements != nil && p.DrawBoard == nil && p.Blocking == nil
}

// buildSolvePanel makes the right-hand side, solve controls and Play above
// the solutions list, and joins them to the pieces panel and the view.
func (w *window) buildSolvePanel() fyne.CanvasObject {
	w.solver = newSolver(w.b)
	w.solver.do = func(f func()) { w.do(f) }
	w.solver.animating = w.view.Animating
	w.browser = newBrowser()
	w.player = newPlayer()
	w.facts = &factsJob{b: w.b, do: func(f func()) { w.do(f) }, apply: w.browser.SetFacts}
	w.joinSolver()
	w.joinSolutions()
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
	// the controls scroll when the window is short, and the solutions list
	// below them can be given more room with the split's handle
	heat := w.newHeatControls()
	controls := container.NewVScroll(container.NewVBox(w.solver.content(), heat, widget.NewSeparator(), w.player.content()))
	w.solver.relayout = controls.Refresh
	right := container.NewVSplit(controls, w.browser.content())
	right.Offset = 0.55
	return right
}

// joinSolver feeds a run's solutions to the list and the facts job, and
// resets them when a run starts.
func (w *window) joinSolver() {
	w.solver.onSolutions = func(batch []Solution, total int64) {
		first := w.browser.Len()
		w.browser.Add(batch, total)
		w.facts.Add(first, batch)
	}
	w.solver.distinct = w.browser.Mode
	w.solver.onStart = func(d Distinct) {
		w.player.SetPieces(0)
		w.setHeatReady(false)
		w.browser.Reset(d)
		if w.wantFacts() {
			w.facts.Reset(w.puzzle, d)
		} else {
			w.facts.Reset(nil, d)
		}
		w.facts.SetSearching(true) // the levels come when the search is over
		w.refreshScene()
	}
	w.solver.onDone = func(st SolveStats, err error) {
		w.facts.SetSearching(false)
		if w.logLine != nil {
			w.logLine(solveLine(st, err))
		}
		if st.Note != "" {
			w.setNote(st.Note)
		}
		w.browser.Finish(st.Solutions, st.Raw)
		if w.browser.Len() > 0 && w.puzzle != nil && w.puzzle.Placements != nil {
			w.setHeatReady(true)
		}
		if err != nil {
			w.showError("Solving failed", err)
		}
	}
}

// joinSolutions follows the list and Play: the solution shown goes to the
// view, with its assembly plan; the presentation steps on at Play's end.
func (w *window) joinSolutions() {
	w.browser.onShow = func(int) {
		w.heatOff() // a solution chosen: the packing, not the heat map
		w.clearSelection()
		w.setPlan(w.browser.Current())
		if w.presenting {
			w.caption.SetText(w.presentCaption())
		}
		w.refreshScene()
	}
	w.browser.describe = w.describe
	w.player.onFrame = func(float64) {
		w.heatOff() // Play shows the packing
		w.refreshScene()
	}
	w.player.onEnd = func() bool {
		if w.presenting && w.browser.Len() > 1 {
			w.browser.Step(1)
			w.player.Play()
			return true
		}
		return false
	}
}
