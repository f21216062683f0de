package ui

import (
	"fmt"
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
	br.prev = widget.NewButton("◀ Prev", func() { br.Step(-1) })
	br.next = widget.NewButton("Next ▶", func() { br.Step(1) })
	br.jump = widget.NewEntry()
	br.jump.SetPlaceHolder("Go to #")
	br.jump.OnSubmitted = func(t string) {
		n, err := strconv.Atoi(strings.TrimSpace(t))
		if err == nil {
			br.Show(n - 1)
		}
		br.jump.SetText("")
	}
	br.list = widget.NewList(
		func() int { return len(br.sols) },
		func() fyne.CanvasObject { return widget.NewLabel("#000000 template") },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			text := fmt.Sprintf("#%d", id+1)
			if br.describe != nil && id < len(br.sols) {
				text += "  " + br.describe(br.sols[id])
			}
			o.(*widget.Label).SetText(text)
		})
	br.list.OnSelected = func(id widget.ListItemID) {
		if id != br.cur {
			br.Show(id)
		}
	}
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
		container.NewGridWithColumns(2, br.prev, br.next),
		br.jump,
	)
	return container.NewBorder(top, nil, nil, nil, br.list)
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

// Reset forgets every solution; the next ones listed are of sameness d.
func (br *browser) Reset(d Distinct) {
	br.sols, br.total, br.cur = nil, 0, -1
	br.listed, br.raw = d, 0
	br.list.UnselectAll()
	br.list.Refresh()
	br.update()
}

// Add appends solutions found, with the running total; the first one found
// is shown at once.
func (br *browser) Add(batch []Solution, total int64) {
	br.sols = append(br.sols, batch...)
	br.total = max(total, int64(len(br.sols)))
	br.list.Refresh()
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

// Step moves by d solutions, wrapping around.
func (br *browser) Step(d int) {
	n := len(br.sols)
	if n == 0 {
		return
	}
	br.Show(((br.cur+d)%n + n) % n)
}

// Show makes solution i current.
func (br *browser) Show(i int) {
	if i < 0 || i >= len(br.sols) {
		return
	}
	br.cur = i
	br.list.Select(i)
	br.list.ScrollTo(i)
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
		if br.raw > 0 {
			of += fmt.Sprintf(" (of %d raw)", br.raw)
		}
	}
	switch {
	case len(br.sols) == 0 && br.listed != DistinctRaw:
		br.label.SetText("No distinct solutions")
	case len(br.sols) == 0:
		br.label.SetText("No solutions")
	case br.cur < 0:
		br.label.SetText(fmt.Sprintf("%d%s solutions", br.total, of))
	default:
		text := fmt.Sprintf("Solution %d of %d%s", br.cur+1, br.total, of)
		if br.total > int64(len(br.sols)) {
			text += fmt.Sprintf(" (%d kept)", len(br.sols))
		}
		br.label.SetText(text)
	}
	if len(br.sols) > 1 {
		br.prev.Enable()
		br.next.Enable()
	} else {
		br.prev.Disable()
		br.next.Disable()
	}
}
