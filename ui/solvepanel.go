package ui

import (
	"fmt"

	"fyne.io/fyne/v2/widget"
)

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

// wantFacts says whether the solutions list shows levels: for packings of
// placements (not boards, not antislide's partial packings) when the
// backend can work them out.
func (w *window) wantFacts() bool {
	p := w.puzzle
	return w.b.Facts != nil && p != nil && p.Placements != nil && p.DrawBoard == nil && p.Blocking == nil
}
