package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// togglePresentation enters or leaves the presentation mode: the view alone,
// full screen, playing each solution in turn (a slideshow). Esc leaves it.
func (w *window) togglePresentation() {
	if w.presenting {
		w.presenting = false
		w.player.Stop() // back to the whole packing
		w.win.SetMainMenu(w.menu())
		w.win.SetContent(w.normal)
		w.win.SetFullScreen(false)
		if w.beforePresent.Width > 0 {
			w.win.Resize(w.beforePresent) // the size it had
		}
		w.refreshScene()
		return
	}
	w.presenting = true
	w.beforePresent = w.win.Canvas().Size()
	w.caption = widget.NewLabelWithStyle(w.presentCaption(), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	w.win.SetMainMenu(nil)
	w.win.SetContent(container.NewBorder(nil, w.caption, nil, nil, w.view))
	w.win.SetFullScreen(true)
	if w.browser.Current() == nil && w.browser.Len() > 0 {
		w.browser.Show(0)
	}
	w.player.Play()
}

// presentCaption names what the presentation shows.
func (w *window) presentCaption() string {
	if w.puzzle == nil {
		return ""
	}
	text := w.win.Title()
	if w.browser.Len() > 0 && w.browser.cur >= 0 {
		text += fmt.Sprintf(" — solution %d of %d", w.browser.cur+1, w.browser.total)
	}
	return text + "   (Esc to leave)"
}

func (w *window) toggleFullScreen() {
	if w.presenting {
		w.togglePresentation()
		return
	}
	w.win.SetFullScreen(!w.win.FullScreen())
}
