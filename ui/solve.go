package ui

import (
	"context"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// keptSolutions is how many solutions a run keeps for browsing; the rest are
// only counted.
const keptSolutions = 100000

// refreshFirst is when a run's widgets are first updated, and again every
// refreshFirst until the search has sent an estimate of the fraction done
// (its setup and first progress report take a few tenths of a second on
// Bedlam) or busyAfter has passed, and refreshEvery the time between two updates after that; a
// run's counts show at its end in any case. Every update repaints the whole window (Fyne draws every
// visible object again, about 240 draw calls in Bedlam's window), and with
// a software GL driver that costs tens of milliseconds of CPU whatever the
// window's size, CPU the search loses: five updates a second cost it a
// tenth of the machine, one a second about 3%. The endless bar is shown
// only from the first update, for a search that has no estimate yet: it
// animates at the frame rate.
const (
	refreshFirst = 250 * time.Millisecond
	refreshEvery = time.Second
)

// Solve modes.
const (
	modeFirst  = "First"
	modeFirstN = "First N"
	modeAll    = "All"
)

// solver owns the background search: the one goroutine that solves, its
// context, and every widget that shows its progress.
type solver struct {
	b *Backend
	// do runs a function on the UI goroutine: fyne.Do, or a queue in tests.
	do func(func())

	solve, stop *quietButton
	// resume goes on with the saved run of the puzzle (Backend.SavedRun);
	// resumeRow (the button and what is saved) shows only when there is one
	resume     *quietButton
	resumeNote *widget.Label
	resumeRow  *fyne.Container
	// relayout lays the panel out again after a row showed or hid (the
	// window sets it: the scroll around the panel must follow)
	relayout func()
	workers  *widget.Select
	mode     *widget.Select
	count    *widget.Entry
	bar      *widget.ProgressBar
	busy     *widget.ProgressBarInfinite // while no estimate has come
	status   *widget.Label
	// guess shows the estimate of the search and why none was found
	guess *guesser

	// onSolutions is called on the UI goroutine with the solutions found
	// since the last call, and the total count so far.
	onSolutions func(batch []Solution, total int64)
	// onStart is called on the UI goroutine when a run starts, with the
	// sameness it counts.
	onStart func(d Distinct)
	// onDone is called on the UI goroutine when a run ends, with its
	// figures.
	onDone func(stats SolveStats, err error)
	// distinct says which sameness the next run counts; nil means raw.
	distinct func() Distinct
	// animating reports whether the window's view is animating (see
	// SolveOptions.Animating); nil when there is no view.
	animating func() bool
	// searching counts the backend's Solve calls under way (the frame
	// log says which seconds were drawn while one ran)
	searching atomic.Int32

	puzzle  *Puzzle
	cancel  context.CancelFunc
	stopped bool     // the user stopped the current run
	counts  Distinct // what the current (or last) run counts
	run     int      // number of the current run, to drop stale updates
	// ended is closed when the backend's Solve of the current (or last)
	// run returns, its last state saved
	ended chan struct{}
	// look is the number of the last look for a saved run, to drop stale
	// answers
	look int
}

func newSolver(b *Backend) *solver {
	s := &solver{b: b, do: fyne.Do}
	s.solve = newQuietButton("Solve", func() { s.Start() })
	s.solve.Importance = widget.HighImportance
	s.stop = newQuietButton("Stop", func() { s.Stop() })
	s.stop.Disable()
	s.resume = newQuietButton("Resume", func() { s.Resume() })
	s.resumeNote = widget.NewLabel("")
	s.resumeNote.Wrapping = fyne.TextWrapWord
	s.resumeRow = container.NewBorder(nil, nil, s.resume, nil, s.resumeNote)
	s.resumeRow.Hide()
	var ws []string
	for i := 1; i <= max(runtime.NumCPU(), 1); i++ {
		ws = append(ws, strconv.Itoa(i))
	}
	s.workers = widget.NewSelect(ws, nil)
	s.workers.SetSelected(ws[len(ws)-1])
	s.count = widget.NewEntry()
	s.count.SetText("10")
	s.count.Disable()
	s.mode = widget.NewSelect([]string{modeFirst, modeFirstN, modeAll}, func(m string) {
		if m == modeFirstN {
			s.count.Enable()
		} else {
			s.count.Disable()
		}
	})
	s.mode.SetSelected(modeAll)
	s.bar = widget.NewProgressBar()
	s.busy = widget.NewProgressBarInfinite()
	s.busy.Stop()
	s.busy.Hide()
	s.status = widget.NewLabel("Not solved yet")
	s.status.Wrapping = fyne.TextWrapWord
	s.guess = newGuesser(b, func(f func()) { s.do(f) })
	if b.Solve == nil {
		s.solve.Disable()
	}
	return s
}

// content lays out the solve controls.
func (s *solver) content() fyne.CanvasObject {
	return container.NewVBox(
		widget.NewLabelWithStyle("Solve", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, s.solve, s.stop),
		s.resumeRow,
		widget.NewForm(
			widget.NewFormItem("Workers", s.workers),
			widget.NewFormItem("Find", s.mode),
			widget.NewFormItem("N", s.count),
		),
		s.guess.estimate,
		container.NewStack(s.bar, s.busy),
		s.status,
		s.guess.why,
	)
}

// options reads the settings from the widgets.
func (s *solver) options() SolveOptions {
	var o SolveOptions
	o.Workers, _ = strconv.Atoi(s.workers.Selected)
	switch s.mode.Selected {
	case modeFirst:
		o.Max = 1
	case modeFirstN:
		n, err := strconv.ParseInt(s.count.Text, 10, 64)
		if err != nil || n < 1 {
			n = 1
		}
		o.Max = n
	}
	return o
}

// Running reports whether a search is under way.
func (s *solver) Running() bool { return s.cancel != nil }

// Start solves the current puzzle in the background with the settings of the
// widgets. Runs on the UI goroutine. It cancels any run under way first.
func (s *solver) Start() {
	s.StartPuzzle(s.puzzle)
}

// StartPuzzle solves p.
func (s *solver) StartPuzzle(p *Puzzle) {
	s.startRun(p, false)
}

// Resume goes on with the saved run of the current puzzle in the current
// sameness, counting all solutions: the solutions it had found come back
// first. Runs on the UI goroutine.
func (s *solver) Resume() {
	s.startRun(s.puzzle, true)
}

// setPuzzle makes p the puzzle the next Start solves, stopping any run.
func (s *solver) setPuzzle(p *Puzzle) {
	s.abandon()
	s.puzzle = p
	s.bar.SetValue(0)
	s.status.SetText("Not solved yet")
	if s.b.Solve == nil || p == nil {
		s.solve.Disable()
	} else {
		s.solve.Enable()
	}
	s.guess.start(p, s.nextCounts0(p))
	s.lookForSavedRun()
}

// nextCounts0 is nextCounts for a puzzle that may be nil.
func (s *solver) nextCounts0(p *Puzzle) Distinct {
	if p == nil {
		return DistinctRaw
	}
	return s.nextCounts(p)
}

// nextCounts is the sameness the next run of p counts.
func (s *solver) nextCounts(p *Puzzle) Distinct {
	if s.distinct != nil && p.Distinct {
		return s.distinct()
	}
	return DistinctRaw
}

// Stop cancels the run under way, if any; its last figures still arrive.
func (s *solver) Stop() {
	if s.cancel == nil {
		return
	}
	s.stopped = true
	s.cancel()
}

// finish resets the buttons after a run.
func (s *solver) finish() {
	if s.cancel != nil {
		s.cancel()
	}
	s.cancel = nil
	s.stopped = false
	s.stop.Disable()
	if s.puzzle != nil && s.b.Solve != nil {
		s.solve.Enable()
	}
}

// abandon cancels the run under way and drops its remaining updates: the
// puzzle it solves is going away.
func (s *solver) abandon() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	s.cancel = nil
	s.run++
	s.stopped = false
	s.stop.Disable()
	s.showBusy(false)
}

// WaitSaved waits, at most d, until the backend's Solve of the last run
// has returned, its state saved: the window calls it, after Stop, as it
// closes. It reports whether it did.
func (s *solver) WaitSaved(d time.Duration) bool {
	if s.ended == nil {
		return true
	}
	select {
	case <-s.ended:
		return true
	case <-time.After(d):
		return false
	}
}
