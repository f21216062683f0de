package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// browser is the solutions list: the solutions kept so far, the one shown,
// and the widgets to move between them. It lives on the UI goroutine.
type browser struct {
	sols  []Solution
	total int64 // found, which may exceed len(sols)
	cur   int   // index into sols, -1 for none

	// facts[i] tells sols[i] apart, once known[i]; order lists the indices
	// of sols the list shows, in its order (sorted by level, filtered to
	// those that come apart, when asked)
	facts       []SolutionFacts
	known       []bool
	order       []int
	byLevel     *widget.Check
	onlyApart   *widget.Check
	factsWanted bool // the backend works facts out: show them

	// listed is the sameness of the solutions listed; raw, once a distinct
	// run has ended, is the number of all solutions they stand for.
	listed Distinct
	raw    int64

	label      *widget.Label
	prev, next *widget.Button
	jump       *widget.Entry
	list       *widget.List
	kind       *widget.Select

	// onShow is called when solution i becomes the current one (-1: none).
	onShow func(i int)
	// describe names a solution in the list.
	describe func(s Solution) string
	// onMode is called when the user picks another sameness.
	onMode func(d Distinct)
}

// distinctNames are the choices of the sameness selector, by Distinct.
var distinctNames = []string{"Raw", "Up to rotation", "Up to rotation and reflection"}

func newBrowser() *browser {
	br := &browser{cur: -1}
	br.label = widget.NewLabel("No solutions")
	br.label.Truncation = fyne.TextTruncateEllipsis // a long line is cut, never widens the window
	br.prev = widget.NewButton("◀ Prev", func() { br.Step(-1) })
	br.next = widget.NewButton("Next ▶", func() { br.Step(1) })
	br.jump = widget.NewEntry()
	br.jump.SetPlaceHolder("#")
	br.jump.OnSubmitted = func(t string) {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err != nil || n < 1 || n > len(br.sols) {
			// said where the solution's number goes; the text stays to
			// be put right
			br.label.SetText(jumpRefusal(t, len(br.sols), br.total))
			return
		}
		br.Show(n - 1)
		br.jump.SetText("")
	}
	br.list = widget.NewList(
		func() int { return len(br.order) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("#000000 template")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < 0 || id >= len(br.order) {
				return
			}
			// SetText shapes and truncates the line again even when it
			// has not changed: during a long run the list is refreshed
			// several times a second for rows that mostly stay the same.
			if l, t := o.(*widget.Label), br.rowText(br.order[id]); l.Text != t {
				l.SetText(t)
			}
		})
	br.list.OnSelected = func(id widget.ListItemID) {
		if id >= 0 && id < len(br.order) && br.order[id] != br.cur {
			br.Show(br.order[id])
		}
	}
	br.byLevel = widget.NewCheck("Sort by level", func(bool) { br.reorder() })
	br.onlyApart = widget.NewCheck("Apart only", func(bool) { br.reorder() })
	br.kind = widget.NewSelect(distinctNames, nil)
	br.kind.SetSelectedIndex(int(DistinctRaw))
	br.kind.OnChanged = func(string) {
		if br.onMode != nil {
			br.onMode(br.Mode())
		}
	}
	br.kind.Disable()
	br.update()
	return br
}

func (br *browser) content() fyne.CanvasObject {
	top := container.NewVBox(
		widget.NewLabelWithStyle("Solutions", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		br.kind,
		br.label,
		container.NewGridWithColumns(3, br.prev, br.next, br.jump),
		container.NewGridWithColumns(2, br.byLevel, br.onlyApart),
	)
	return container.NewBorder(top, nil, nil, nil, br.list)
}

// WantFacts shows the level controls when the backend works facts out.
// Hidden, they keep their ticks for the next puzzle that has levels, but
// neither sorts nor filters: a filter the user cannot see or untick would
// leave the list empty.
func (br *browser) WantFacts(on bool) {
	br.factsWanted = on
	if on {
		br.byLevel.Show()
		br.onlyApart.Show()
	} else {
		br.byLevel.Hide()
		br.onlyApart.Hide()
	}
}

// sorting and apartOnly say whether the level controls apply: ticked and
// shown.
func (br *browser) sorting() bool   { return br.factsWanted && br.byLevel.Checked }
func (br *browser) apartOnly() bool { return br.factsWanted && br.onlyApart.Checked }

// rowText is the line of solution i in the list: its number, then what
// tells it apart (its level, "…" while not known; the pieces at the corner
// and in the first layer; its class size), as describe and facts say.
func (br *browser) rowText(i int) string {
	text := fmt.Sprintf("#%d", i+1)
	if br.factsWanted && i < len(br.facts) {
		if !br.known[i] {
			text += "  L…"
		} else {
			if l := br.facts[i].levelText(); l != "" {
				text += "  " + l
			}
			if c := br.facts[i].Class; c > 0 {
				text += fmt.Sprintf(" ×%d", c)
			}
		}
	}
	if br.describe != nil && i < len(br.sols) {
		text += "  " + br.describe(br.sols[i])
	}
	return text
}

// SetFacts records what tells solutions idx apart.
func (br *browser) SetFacts(idx []int, fs []SolutionFacts) {
	for k, i := range idx {
		if i >= 0 && i < len(br.facts) && k < len(fs) {
			br.facts[i], br.known[i] = fs[k], true
		}
	}
	if br.sorting() || br.apartOnly() {
		br.reorder()
		return
	}
	br.list.Refresh()
}

// reorder lists the solutions again, sorted by level (BurrTools' level
// strings: 1, 1.2, 2, 4.9.3, …, then
// those that cannot come apart, then those not yet known; found order
// within each) and keeping only those that come apart, as the checks say.
// The solution shown stays shown.
func (br *browser) reorder() {
	br.order = br.order[:0]
	for i := range br.sols {
		if br.apartOnly() && !(br.known[i] && br.facts[i].Level > 0) {
			continue
		}
		br.order = append(br.order, i)
	}
	if br.sorting() {
		rank := func(i int) int {
			switch {
			case br.known[i] && (br.facts[i].Level == LevelLocked || br.facts[i].Level == LevelSingle):
				return 1<<30 - 1
			case !br.known[i] || br.facts[i].Level < 0:
				return 1 << 30
			}
			return br.facts[i].Level
		}
		slices.SortStableFunc(br.order, func(a, b int) int {
			if c := rank(a) - rank(b); c != 0 {
				return c
			}
			// the same first number: BurrTools' level strings in order
			return compareLevels(br.facts[a].Notation, br.facts[b].Notation)
		})
	}
	br.list.Refresh()
	br.selectCurrent()
	br.update()
}

// position is where solution i is in the list, or -1.
func (br *browser) position(i int) int { return slices.Index(br.order, i) }

// selectCurrent selects the current solution's row, if it is listed.
func (br *browser) selectCurrent() {
	if p := br.position(br.cur); p >= 0 {
		br.list.Select(p)
		br.list.ScrollTo(p)
	} else {
		br.list.UnselectAll()
	}
}

// Mode is the sameness selected.
func (br *browser) Mode() Distinct {
	if i := br.kind.SelectedIndex(); i > 0 {
		return Distinct(i)
	}
	return DistinctRaw
}

// AllowDistinct enables the sameness selector, or disables it and goes back
// to raw solutions, without calling onMode.
func (br *browser) AllowDistinct(on bool) {
	if on {
		br.kind.Enable()
		return
	}
	if br.Mode() != DistinctRaw {
		f := br.kind.OnChanged
		br.kind.OnChanged = nil
		br.kind.SetSelectedIndex(int(DistinctRaw))
		br.kind.OnChanged = f
	}
	br.kind.Disable()
}

// SetMode selects sameness d without calling onMode.
func (br *browser) SetMode(d Distinct) {
	f := br.kind.OnChanged
	br.kind.OnChanged = nil
	br.kind.SetSelectedIndex(int(d))
	br.kind.OnChanged = f
}

// Reset forgets every solution; the next ones listed are of sameness d.
func (br *browser) Reset(d Distinct) {
	br.sols, br.total, br.cur = nil, 0, -1
	br.facts, br.known, br.order = nil, nil, nil
	br.listed, br.raw = d, 0
	br.list.UnselectAll()
	br.list.Refresh()
	br.update()
}

// Add appends solutions found, with the running total; the first one found
// is shown at once.
func (br *browser) Add(batch []Solution, total int64) {
	if len(batch) == 0 { // past the solutions kept: only the count moves
		br.total = max(total, int64(len(br.sols)))
		br.update()
		return
	}
	first := len(br.sols)
	br.sols = append(growList(br.sols, len(batch)), batch...)
	br.facts = extendZero(br.facts, len(batch))
	br.known = extendZero(br.known, len(batch))
	br.total = max(total, int64(len(br.sols)))
	if br.sorting() || br.apartOnly() {
		br.reorder()
	} else {
		br.order = growList(br.order, len(batch))
		for i := first; i < len(br.sols); i++ {
			br.order = append(br.order, i)
		}
		br.list.Refresh()
	}
	if br.cur < 0 && len(br.sols) > 0 {
		br.Show(0)
		return
	}
	br.update()
}

// Finish records the figures of the run that listed the solutions: the
// number of raw solutions the distinct ones stand for.
func (br *browser) Finish(total, raw int64) {
	br.total = max(total, int64(len(br.sols)))
	br.raw = raw
	br.update()
}

// Len is the number of solutions kept.
func (br *browser) Len() int { return len(br.sols) }

// Current returns the solution shown, or nil.
func (br *browser) Current() Solution {
	if br.cur < 0 || br.cur >= len(br.sols) {
		return nil
	}
	return br.sols[br.cur]
}

// Step moves by d solutions in the list's order, wrapping around.
func (br *browser) Step(d int) {
	n := len(br.order)
	if n == 0 {
		return
	}
	p := br.position(br.cur)
	if p < 0 { // the current one is filtered out: start from an end
		if d > 0 {
			p = -1
		} else {
			p = 0
		}
	}
	br.Show(br.order[((p+d)%n+n)%n])
}

// Show makes solution i current.
func (br *browser) Show(i int) {
	if i < 0 || i >= len(br.sols) {
		return
	}
	br.cur = i
	br.selectCurrent()
	br.update()
	if br.onShow != nil {
		br.onShow(i)
	}
}

// update writes the label and enables the buttons.
func (br *browser) update() {
	of := ""
	if br.listed != DistinctRaw {
		of = " distinct"
		of += rawOf(br.raw)
	}
	switch {
	case len(br.sols) == 0 && br.listed != DistinctRaw:
		br.label.SetText("No distinct solutions")
	case len(br.sols) == 0:
		br.label.SetText("No solutions")
	case br.cur < 0:
		br.label.SetText(GroupDigits(br.total) + of + " solutions")
	default:
		text := fmt.Sprintf("Solution %s of %s%s", GroupDigits(int64(br.cur+1)), GroupDigits(br.total), of)
		if br.total > int64(len(br.sols)) {
			text += " (" + GroupDigits(int64(len(br.sols))) + " kept)"
		}
		if len(br.order) < len(br.sols) {
			text += ", " + GroupDigits(int64(len(br.order))) + " listed"
		}
		br.label.SetText(text)
	}
	if len(br.order) > 1 {
		br.prev.Enable()
		br.next.Enable()
	} else {
		br.prev.Disable()
		br.next.Disable()
	}
}

// jumpRefusal says why "#" cannot go to solution t, kept solutions 1 to
// kept of total.
func jumpRefusal(t string, kept int, total int64) string {
	t = strings.TrimSpace(t)
	switch {
	case kept == 0:
		return "No solutions to go to yet"
	case total > int64(kept):
		return fmt.Sprintf("No solution #%s: give 1 to %s (the ones kept)", t, GroupDigits(int64(kept)))
	}
	return fmt.Sprintf("No solution #%s: give 1 to %s", t, GroupDigits(int64(kept)))
}

// growList makes room for n more elements in s, at least doubling its
// capacity when it grows; and once s would hold more than listSmall
// elements, room for keptSolutions at once. A search lists its solutions
// in batches of tens of thousands, up to keptSolutions: append's own
// growth (a quarter at these sizes) copied each of the list's slices
// several times over on the UI goroutine (BenchmarkBrowserAdd), and each
// doubling past 30,000 solutions still held the UI goroutine 10-30 ms
// (Bedlam, Find: All: the frame after it came 50-70 ms after the one
// before). Room reserved and not yet used costs no memory of the machine's
// until the list grows into it.
func growList[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	if len(s)+n > listSmall {
		return slices.Grow(s, max(n, keptSolutions-len(s)))
	}
	return slices.Grow(s, max(n, len(s)))
}

// listSmall is the size of a list past which growList reserves room for
// keptSolutions.
const listSmall = 4096

// extendZero appends n zero elements to s (growList's growth).
func extendZero[T any](s []T, n int) []T {
	s = growList(s, n)
	s = s[:len(s)+n]
	clear(s[len(s)-n:])
	return s
}
