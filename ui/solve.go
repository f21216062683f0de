package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// keptSolutions is how many solutions a run keeps for browsing; the rest are
// only counted.
const keptSolutions = 100000

// refreshEvery is the least time between two updates of the solve widgets.
const refreshEvery = 50 * time.Millisecond

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

	solve, stop *widget.Button
	// resume goes on with the saved run of the puzzle (Backend.SavedRun);
	// resumeRow (the button and what is saved) shows only when there is one
	resume     *widget.Button
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
	s.solve = widget.NewButton("Solve", func() { s.Start() })
	s.solve.Importance = widget.HighImportance
	s.stop = widget.NewButton("Stop", func() { s.Stop() })
	s.stop.Disable()
	s.resume = widget.NewButton("Resume", func() { s.Resume() })
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
		container.NewStack(s.bar, s.busy),
		s.status,
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
	s.lookForSavedRun()
}

// lookForSavedRun shows Resume, with what is saved, when the puzzle has a
// saved run in the sameness the next run counts, and hides it otherwise.
// The file is read on a goroutine of its own; the answer is dropped when
// the puzzle, the sameness or the run changed meanwhile. Runs on the UI
// goroutine.
func (s *solver) lookForSavedRun() {
	s.look++
	s.showResume("")
	p := s.puzzle
	if p == nil || s.b.SavedRun == nil || s.b.Solve == nil || s.Running() {
		return
	}
	d := s.nextCounts(p)
	look, ended := s.look, s.ended
	go func() {
		if ended != nil {
			<-ended // the last run's state is saved
		}
		run, ok := s.b.SavedRun(p, d)
		s.do(func() {
			if look != s.look || s.Running() {
				return
			}
			if !ok {
				s.showResume("")
				return
			}
			s.showResume(resumeText(run, d))
		})
	}()
}

// showResume shows the Resume button with what is saved, or hides it when
// note is "".
func (s *solver) showResume(note string) {
	if note == s.resumeNote.Text && (note != "") == s.resumeRow.Visible() {
		return
	}
	s.resumeNote.SetText(note)
	if note == "" {
		s.resumeRow.Hide()
	} else {
		s.resumeRow.Show()
	}
	if s.relayout != nil {
		s.relayout()
	}
}

// resumeText says what the saved run found, how far it went and when it
// was saved, beside the Resume button.
func resumeText(run SavedRun, d Distinct) string {
	found := "solutions"
	if d != DistinctRaw {
		found = "distinct"
	}
	if run.Solutions == 1 && d == DistinctRaw {
		found = "solution"
	}
	return fmt.Sprintf("%s %s, %.0f%% done, saved %s", groupDigits(run.Solutions), found,
		100*run.Fraction, run.Saved.Local().Format("2006-01-02 15:04"))
}

// groupDigits writes n with commas between groups of three digits.
func groupDigits(n int64) string {
	t := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(t, "-")
	var b strings.Builder
	for i, c := range t {
		if i > 0 && (len(t)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// nextCounts is the sameness the next run of p counts.
func (s *solver) nextCounts(p *Puzzle) Distinct {
	if s.distinct != nil && p.Distinct {
		return s.distinct()
	}
	return DistinctRaw
}

// windowState is the window's part of a saved run (SolveOptions.State):
// the number of solutions found and the ones kept for browsing.
type windowState struct {
	Found     int64      `json:"found"`
	Solutions []Solution `json:"solutions"`
}

// StartPuzzle solves p.
func (s *solver) StartPuzzle(p *Puzzle) {
	s.startRun(p, false)
}

// startRun solves p, or with resume goes on with its saved run.
func (s *solver) startRun(p *Puzzle, resume bool) {
	s.abandon()
	if p == nil || s.b.Solve == nil {
		return
	}
	s.run++
	run := s.run
	s.look++
	s.showResume("")
	s.stopped = false
	s.counts = s.nextCounts(p)
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	s.solve.Disable()
	s.stop.Enable()
	s.bar.SetValue(0)
	s.showBusy(true)
	s.status.SetText("Solving…")
	if s.onStart != nil {
		s.onStart(s.counts)
	}

	// The search goroutine hands solutions and progress to the reporter
	// through this mutex-guarded mailbox; the reporter applies them to the
	// widgets at most every refreshEvery.
	var (
		mu      sync.Mutex
		batch   []Solution
		all     []Solution // the solutions kept, for a saved run's state
		found   int64      // solutions visited: the count shown
		prog    Progress
		started = time.Now()
	)
	opt := s.options()
	opt.YieldToUI = true
	opt.Distinct = s.counts
	if resume {
		opt.Max = 0 // a saved run counts all solutions
	}
	if s.b.SavedRun != nil && opt.Max == 0 {
		opt.Save, opt.Resume = true, resume
		opt.State = func() []byte {
			mu.Lock()
			defer mu.Unlock()
			data, _ := json.Marshal(windowState{Found: found, Solutions: all})
			return data
		}
		opt.Restore = func(data []byte) error {
			var st windowState
			if err := json.Unmarshal(data, &st); err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			found = st.Found
			all = st.Solutions[:min(len(st.Solutions), keptSolutions)]
			batch = append(batch, all...)
			return nil
		}
	}
	opt.Progress = func(pr Progress) {
		mu.Lock()
		prog = pr
		mu.Unlock()
	}
	visit := func(sol Solution) bool {
		mu.Lock()
		found++
		if len(all) < keptSolutions {
			sol = append(Solution(nil), sol...)
			batch = append(batch, sol)
			all = append(all, sol)
		}
		mu.Unlock()
		return true
	}
	flush := func(final bool, stats SolveStats, err error) {
		mu.Lock()
		b, pr := batch, prog
		pr.Solutions = found
		batch = nil
		mu.Unlock()
		if final {
			pr.Solutions, pr.Nodes = stats.Solutions, stats.Nodes
			if stats.Elapsed > 0 {
				pr.Elapsed = stats.Elapsed
			}
		}
		if pr.Elapsed == 0 {
			pr.Elapsed = time.Since(started)
		}
		s.do(func() {
			if run != s.run {
				return // a newer run owns the widgets
			}
			if final && (err != nil || s.stopped || (opt.Max > 0 && stats.Solutions >= opt.Max)) {
				stats.Raw = 0 // the raw count of a partial run means nothing
			}
			if len(b) > 0 && s.onSolutions != nil {
				s.onSolutions(b, pr.Solutions)
			}
			s.showProgress(pr, final, stats.Raw, err)
			if final {
				s.finish()
				if s.onDone != nil {
					s.onDone(stats, err)
				}
				s.lookForSavedRun()
			}
		})
	}

	// solve, on its own goroutine
	result := make(chan struct{})
	s.ended = result
	var stats SolveStats
	var err error
	go func() {
		defer close(result)
		stats, err = s.b.Solve(ctx, p, opt, visit)
	}()
	// report, throttled, until the search ends
	go func() {
		tick := time.NewTicker(refreshEvery)
		defer tick.Stop()
		for {
			select {
			case <-result:
				if errors.Is(err, context.Canceled) {
					err = nil // stopped by the user: not an error
				}
				flush(true, stats, err)
				return
			case <-tick.C:
				flush(false, SolveStats{}, nil)
			}
		}
	}()
}

// showProgress writes a snapshot into the bar and the status line.
// raw, at the end of a distinct run, is the number of raw solutions.
func (s *solver) showProgress(pr Progress, final bool, raw int64, err error) {
	s.showBusy(!final && pr.Fraction == 0)
	if final && err == nil && !s.stopped {
		s.bar.SetValue(1)
	} else if pr.Fraction > 0 {
		s.bar.SetValue(pr.Fraction)
	}
	rate := ""
	if sec := pr.Elapsed.Seconds(); sec > 0 {
		rate = fmt.Sprintf(" · %.0f/s", float64(pr.Solutions)/sec)
	}
	state := "Solving"
	switch {
	case err != nil:
		state = "Failed: " + err.Error()
	case final && s.stopped:
		state = "Stopped"
	case final:
		state = "Done"
	}
	found := fmt.Sprintf("%d solutions", pr.Solutions)
	if s.counts != DistinctRaw {
		found = fmt.Sprintf("%d distinct", pr.Solutions)
		if final && raw > 0 {
			found += fmt.Sprintf(" (of %d raw)", raw)
		}
	}
	text := fmt.Sprintf("%s · %s · %s%s", state, pr.Elapsed.Round(100*time.Millisecond), found, rate)
	if pr.Nodes > 0 {
		text += " · " + shortCount(pr.Nodes) + " nodes"
	}
	s.status.SetText(text)
	if final && s.relayout != nil {
		s.relayout() // the status may take another line
	}
}

// showBusy shows the endless bar instead of the fraction done, for a search
// that has not sent an estimate yet.
func (s *solver) showBusy(on bool) {
	if on == s.busy.Visible() {
		return
	}
	if on {
		s.bar.Hide()
		s.busy.Show()
		s.busy.Start()
	} else {
		s.busy.Stop()
		s.busy.Hide()
		s.bar.Show()
	}
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

// Stop cancels the run under way, if any; its last figures still arrive.
func (s *solver) Stop() {
	if s.cancel == nil {
		return
	}
	s.stopped = true
	s.cancel()
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

// shortCount writes a large count compactly: 1234 → 1.2k, 2500000 → 2.5M.
func shortCount(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1fG", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return strconv.FormatInt(n, 10)
}
