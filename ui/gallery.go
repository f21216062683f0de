package ui

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// thumbW and thumbH are the size of a gallery thumbnail, in pixels.
const thumbW, thumbH = 200, 150

// gallery is the dialog of built-in puzzles. It owns the job that draws the
// thumbnails, cancelled when the dialog or the window closes.
type gallery struct {
	w    *window
	stop context.CancelFunc
	d    dialog.Dialog
	// thumbs keeps the thumbnails drawn, by entry name, so that opening the
	// gallery again draws nothing twice. Only the UI goroutine touches it.
	thumbs map[string]image.Image
	// claimed names the thumbnails a job of the open dialog has begun to
	// draw: a job cancelled by a new filter finishes the one it began, and
	// the next job leaves it alone. Guarded by mu (the jobs' goroutines).
	mu      sync.Mutex
	claimed map[string]bool
	// grid, family and search are the open dialog's cards and filters.
	grid   *fyne.Container
	family *widget.Select
	search *widget.Entry
}

// show opens the gallery and starts drawing its thumbnails. A family
// filter and a search field keep it usable with a few hundred entries:
// only the cards that match are shown, and only theirs are drawn.
func (g *gallery) show() {
	w := g.w
	if w.b.Catalog == nil {
		return
	}
	g.cancel()
	g.mu.Lock()
	g.claimed = map[string]bool{}
	g.mu.Unlock()
	entries := w.b.Catalog()
	images := make([]*canvas.Image, len(entries))
	cards := make([]fyne.CanvasObject, len(entries))
	families := []string{allFamilies}
	for i, e := range entries {
		pic, ok := g.thumbs[e.Name]
		if !ok {
			pic = image.NewNRGBA(image.Rect(0, 0, thumbW, thumbH))
		}
		img := canvas.NewImageFromImage(pic)
		img.FillMode = canvas.ImageFillContain
		img.SetMinSize(fyne.NewSize(thumbW, thumbH))
		images[i] = img
		title := e.Title
		if title == "" {
			title = e.Name
		}
		short := fitName(e.Name, cardTextWidth, measureButtonText)
		btn := widget.NewButton(short, func() {
			g.cancel()
			w.openLibrary(e.Name)
		})
		label := widget.NewLabel(title)
		label.Wrapping = fyne.TextWrapWord // the whole title, on two lines if need be
		summary := widget.NewLabel(e.Summary)
		summary.Wrapping = fyne.TextWrapWord // two lines when a source counts in another mode
		summary.TextStyle = fyne.TextStyle{Italic: true}
		var bottom fyne.CanvasObject = btn
		if short != e.Name {
			// the button's name is shortened: the whole name above it,
			// small and broken anywhere, as the command line wants it
			full := widget.NewLabel(e.Name)
			full.Wrapping = fyne.TextWrapBreak
			full.SizeName = theme.SizeNameCaptionText
			bottom = container.NewVBox(full, btn)
		}
		// the picture on top and the button at the foot, so that a row's
		// pictures, titles and buttons line up whatever their texts' lengths
		// on a panel of its own: the button at a card's foot read as the
		// label of the picture under it, the next row's
		panel := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
		panel.CornerRadius = theme.InputRadiusSize()
		cards[i] = container.NewStack(panel, container.NewPadded(container.NewBorder(img, bottom, nil, nil, container.NewVBox(label, summary))))
		if e.Family != "" && !slices.Contains(families, e.Family) {
			families = append(families, e.Family)
		}
	}
	grid := container.NewGridWrap(fyne.NewSize(thumbW+16, thumbH+cardText))
	g.grid = grid
	shown := widget.NewLabel("")
	family := widget.NewSelect(families, nil)
	search := widget.NewEntry()
	search.SetPlaceHolder("Search names and titles")
	g.family, g.search = family, search
	apply := func() {
		var objs []fyne.CanvasObject
		var todo []int
		for i, e := range entries {
			if galleryMatch(e, family.Selected, search.Text) {
				objs = append(objs, cards[i])
				if _, drawn := g.thumbs[e.Name]; !drawn {
					todo = append(todo, i)
				}
			}
		}
		grid.Objects = objs
		grid.Refresh()
		shown.SetText(fmt.Sprintf("%d of %d", len(objs), len(entries)))
		g.drawOnly(entries, images, todo)
	}
	family.OnChanged = func(string) { apply() }
	search.OnChanged = func(string) { apply() }
	scroll := container.NewVScroll(grid)
	scroll.SetMinSize(fyne.NewSize(900, 560))
	top := container.NewBorder(nil, nil, family, shown, search)
	g.d = dialog.NewCustom("Gallery: the built-in puzzles, then yours (File > Add to Gallery)", "Close", container.NewBorder(top, nil, nil, nil, scroll), w.win)
	g.d.SetOnClosed(g.cancel)
	family.SetSelected(allFamilies) // calls apply
	g.w.showDialog(g.d)
	w.win.Canvas().Focus(search)
}

// cardText is the height of a card below its thumbnail: a title and a
// summary of two or three lines each, a long name's lines and the button.
const cardText = 210

// cardTextWidth is the width a card's button has for its text: the card
// (thumbW+16) less the button's inner padding each side, and a little slack.
const cardTextWidth = thumbW - 8

// measureButtonText is the width of s in a button's bold text.
func measureButtonText(s string) float32 {
	return fyne.MeasureText(s, theme.TextSize(), fyne.TextStyle{Bold: true}).Width
}

// fitName returns name, or when it is wider than width (as measure says)
// its head and tail about an ellipsis, as long as fits: library names that
// differ only at the end ("…-knobbed-hexagon-1", "-2") stay apart.
func fitName(name string, width float32, measure func(string) float32) string {
	if measure(name) <= width {
		return name
	}
	r := []rune(name)
	best := "…"
	// the longest head and tail, the tail a little longer, that fit
	for keep := len(r) - 1; keep > 0; keep-- {
		head := keep * 2 / 5
		s := string(r[:head]) + "…" + string(r[len(r)-(keep-head):])
		if measure(s) <= width {
			best = s
			break
		}
	}
	return best
}

// allFamilies is the family filter's first choice, which filters nothing.
const allFamilies = "All families"

// galleryMatch reports whether e is in family (or family is allFamilies or
// empty) and its name, title, family or summary contains every word of
// query, case aside.
func galleryMatch(e CatalogEntry, family, query string) bool {
	if family != "" && family != allFamilies && e.Family != family {
		return false
	}
	text := strings.ToLower(e.Name + " " + e.Title + " " + e.Family + " " + e.Summary)
	for _, word := range strings.Fields(strings.ToLower(query)) {
		if !strings.Contains(text, word) {
			return false
		}
	}
	return true
}

// claim reports whether name is not yet claimed, and claims it.
func (g *gallery) claim(name string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.claimed[name] {
		return false
	}
	g.claimed[name] = true
	return true
}

// drawOnly stops drawing thumbnails and starts drawing those of the
// entries todo, the cards the filter shows that have none yet.
func (g *gallery) drawOnly(entries []CatalogEntry, images []*canvas.Image, todo []int) {
	if g.stop != nil {
		g.stop()
	}
	ctx, cancel := context.WithCancel(context.Background())
	g.stop = cancel
	go g.drawThumbnails(ctx, entries, images, todo)
}

// drawThumbnails renders the pieces of each entry listed in todo off the
// UI goroutine and hands each picture to its card, and to the cache,
// through fyne.Do.
func (g *gallery) drawThumbnails(ctx context.Context, entries []CatalogEntry, images []*canvas.Image, todo []int) {
	b := g.w.b
	if b.Load == nil || b.Draw == nil {
		return
	}
	for _, i := range todo {
		e := entries[i]
		if ctx.Err() != nil {
			return
		}
		if !g.claim(e.Name) {
			continue // an earlier job of this dialog draws it
		}
		data, err := e.Data()
		if err != nil {
			continue
		}
		p, err := b.Load(e.Name, data)
		var le *LoadError
		if errors.As(err, &le) && len(le.Choices) > 0 && b.LoadAs != nil {
			// a spec that is triangles or squares: drawn the first way,
			// the one its question offers first
			p, err = b.LoadAs(e.Name, data, le.Choices[0].Format)
		}
		if err != nil {
			continue
		}
		var pic image.Image
		if p.DrawBoard != nil {
			// a board of its own drawing (polysticks, fillomino): the bare board
			pic = p.DrawBoard(nil, false, thumbW, thumbH)
		} else {
			cam := Camera{Yaw: 32, Pitch: 28, Zoom: 1}
			if p.Planar {
				cam = Camera{Pitch: 90, Zoom: 1}
			}
			pic = b.Draw(layoutScene(b, p, colors(b, p), fullLook), cam, thumbW, thumbH)
		}
		img := images[i]
		name := e.Name
		g.w.do(func() {
			if g.thumbs == nil {
				g.thumbs = map[string]image.Image{}
			}
			g.thumbs[name] = pic
			img.Image = pic
			img.Refresh()
		})
	}
}

// cancel stops drawing thumbnails and closes the dialog.
func (g *gallery) cancel() {
	if g.stop != nil {
		g.stop()
		g.stop = nil
	}
	if g.d != nil {
		d := g.d
		g.d = nil
		d.Hide()
	}
}

// addToGallery copies the open puzzle's file into the user's gallery folder,
// where the gallery lists it after the built-in puzzles.
func (w *window) addToGallery() {
	if w.b.AddToGallery == nil {
		return
	}
	if w.puzzle == nil {
		w.showError("Cannot add to the gallery", errors.New("no puzzle is open"))
		return
	}
	if fi, err := os.Stat(w.puzzle.Name); err != nil || !fi.Mode().IsRegular() {
		w.showError("Cannot add to the gallery", fmt.Errorf("%s is not a file (built-in puzzles are in the gallery already)", w.puzzle.Name))
		return
	}
	dir, err := w.b.AddToGallery(w.puzzle.Name)
	if err != nil {
		w.showError("Cannot add to the gallery", err)
		return
	}
	w.showInformation("Added to the gallery", filepath.Base(w.puzzle.Name)+" is now in "+dir)
}
