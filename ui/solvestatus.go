package ui

import (
	"fmt"
	"strconv"
	"time"
)

// showProgress writes a snapshot into the bar and the status line.
// raw, at the end of a distinct run, is the number of raw solutions.
func (s *solver) showProgress(pr Progress, final bool, raw int64, err error) {
	s.showBusy(!final && pr.Fraction == 0 && pr.Elapsed >= busyAfter)
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
	found := plural(int(pr.Solutions), "solution") // a unique puzzle's "1 solution"
	if s.counts != DistinctRaw {
		found = GroupDigits(pr.Solutions) + " distinct"
		if final {
			found += rawOf(raw)
		}
	}
	// the time the user waited: the setup too (the symmetry of a large
	// torus took minutes, and "Done" said only the search's seconds)
	took := (pr.Elapsed + pr.Setup).Round(100 * time.Millisecond).String()
	if final && pr.Setup >= time.Second {
		took += " (setup " + pr.Setup.Round(100*time.Millisecond).String() + ")"
	}
	text := fmt.Sprintf("%s · %s · %s%s", state, took, found, rate)
	if pr.Nodes > 0 {
		text += " · " + shortCount(pr.Nodes) + map[bool]string{true: " node", false: " nodes"}[pr.Nodes == 1]
	}
	s.status.SetText(text)
	if final && s.relayout != nil {
		s.relayout() // the status may take another line
	}
}

// busyAfter is how long a search runs with no estimate of the fraction
// done before the endless bar replaces the empty one. The endless bar
// animates at the frame rate, and with a software GL driver its frames
// took half a core on the UI thread and most of another in the driver's
// threads: shown from a run's start until the first estimate (which Bedlam's
// search in the window has not sent at its first update, 0.25 s in), it
// took a second of CPU from the search's first second.
const busyAfter = 2 * time.Second

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

// rawOf says how many raw solutions distinct ones stand for, " (of 480
// raw)", in the status line and the solutions list; "" while not known
// (raw 0).
func rawOf(raw int64) string {
	if raw <= 0 {
		return ""
	}
	return " (of " + GroupDigits(raw) + " raw)"
}
