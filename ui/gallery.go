package ui

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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
}

// show opens the gallery and starts drawing its thumbnails.
func (g *gallery) show() {
	w := g.w
	if w.b.Catalog == nil {
		return
	}
	g.cancel()
	entries := w.b.Catalog()
	images := make([]*canvas.Image, len(entries))
	todo := make([]bool, len(entries))
	cards := container.NewGridWrap(fyne.NewSize(thumbW+16, thumbH+96))
	for i, e := range entries {
		pic, ok := g.thumbs[e.Name]
		if !ok {
			pic, todo[i] = image.NewNRGBA(image.Rect(0, 0, thumbW, thumbH)), true
		}
		img := canvas.NewImageFromImage(pic)
		img.FillMode = canvas.ImageFillContain
		img.SetMinSize(fyne.NewSize(thumbW, thumbH))
		images[i] = img
		title := e.Title
		if title == "" {
			title = e.Name
		}
		btn := widget.NewButton(e.Name, func() {
			g.cancel()
			w.openLibrary(e.Name)
		})
		label := widget.NewLabel(title)
		label.Truncation = fyne.TextTruncateEllipsis
		card := container.NewBorder(nil, container.NewVBox(label, btn), nil, nil, img)
		cards.Add(card)
	}
	scroll := container.NewVScroll(cards)
	scroll.SetMinSize(fyne.NewSize(900, 560))
	g.d = dialog.NewCustom("Gallery: the built-in puzzles, then yours (File > Add to Gallery)", "Close", scroll, w.win)
	g.d.SetOnClosed(g.cancel)
	ctx, cancel := context.WithCancel(context.Background())
	g.stop = cancel
	g.d.Show()
	go g.drawThumbnails(ctx, entries, images, todo)
}

// drawThumbnails renders the pieces of each entry marked in todo off the
// UI goroutine and hands each picture to its card, and to the cache,
// through fyne.Do.
func (g *gallery) drawThumbnails(ctx context.Context, entries []CatalogEntry, images []*canvas.Image, todo []bool) {
	b := g.w.b
	if b.Load == nil || b.Draw == nil {
		return
	}
	for i, e := range entries {
		if ctx.Err() != nil {
			return
		}
		if !todo[i] {
			continue
		}
		data, err := e.Data()
		if err != nil {
			continue
		}
		p, err := b.Load(e.Name, data)
		if err != nil {
			continue
		}
		cam := Camera{Yaw: 32, Pitch: 28, Zoom: 1}
		if p.Planar {
			cam = Camera{Pitch: 90, Zoom: 1}
		}
		pic := b.Draw(layoutScene(b, p, colors(b, p), fullLook), cam, thumbW, thumbH)
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
	dialog.ShowInformation("Added to the gallery", filepath.Base(w.puzzle.Name)+" is now in "+dir, w.win)
}
