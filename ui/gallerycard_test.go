package ui

import (
	"errors"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// TestFitName: a name that fits is kept; a longer one keeps its head and
// tail about an ellipsis, fits, and names that differ only at the end
// stay apart.
func TestFitName(t *testing.T) {
	width := func(s string) float32 { return float32(10 * len([]rune(s))) }
	if got := fitName("soma", 100, width); got != "soma" {
		t.Errorf("short name %q", got)
	}
	seen := map[string]bool{}
	for _, name := range []string{"polyhex-1234-knobbed-hexagon-1", "polyhex-1234-knobbed-hexagon-2", "polyhex-1234-knobbed-hexagon-3"} {
		got := fitName(name, 200, width)
		if width(got) > 200 || !strings.Contains(got, "…") || !strings.HasPrefix(got, "polyhex") || !strings.HasSuffix(got, name[len(name)-8:]) {
			t.Errorf("%s: %q", name, got)
		}
		if seen[got] {
			t.Errorf("%s: %q names another too", name, got)
		}
		seen[got] = true
	}
}

// TestGalleryLongNames: a card's button fits its name in the card, and a
// name that had to be shortened is written in full above it; a short name
// is on its button alone.
func TestGalleryLongNames(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	one := w.b.Catalog()[0]
	long := "hexiamond-onesided-knobbed-hexagon-impossible-1"
	w.b.Catalog = func() []CatalogEntry {
		return []CatalogEntry{
			{Name: long, Title: "One-sided hexiamonds: knobbed hexagon (impossible 1)", Data: one.Data},
			{Name: "soma", Title: "Soma cube", Data: one.Data},
		}
	}
	w.gallery.show()
	defer w.gallery.cancel()
	texts := func(card fyne.CanvasObject) (button string, labels []string) {
		var walk func(o fyne.CanvasObject)
		walk = func(o fyne.CanvasObject) {
			switch o := o.(type) {
			case *fyne.Container:
				for _, c := range o.Objects {
					walk(c)
				}
			case *widget.Button:
				button = o.Text
			case *widget.Label:
				labels = append(labels, o.Text)
			}
		}
		walk(card)
		return
	}
	cards := w.gallery.grid.Objects
	if len(cards) != 2 {
		t.Fatalf("%d cards", len(cards))
	}
	btn, labels := texts(cards[0])
	if btn == long || !strings.Contains(btn, "…") || measureButtonText(btn) > cardTextWidth {
		t.Errorf("long name's button %q (%.0f wide, the card has %d)", btn, measureButtonText(btn), cardTextWidth)
	}
	if len(labels) != 3 || labels[2] != long {
		t.Errorf("long name's labels %q: want the title, the summary and the whole name", labels)
	}
	if btn, labels := texts(cards[1]); btn != "soma" || len(labels) != 2 {
		t.Errorf("soma's card: button %q, labels %q", btn, labels)
	}
	// every library name of the card's width or less is kept whole
	if measureButtonText("tetromino-onesided-4x14") > cardTextWidth {
		t.Error("tetromino-onesided-4x14 no longer fits a card")
	}
}

// TestGalleryCardsLineUp: the cards of a row have their pictures, titles
// and buttons at the same heights. The picture used to take the room the
// texts left and sat lower on a card whose summary was a line shorter, its
// title and button lower too.
func TestGalleryCardsLineUp(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	one := w.b.Catalog()[0]
	w.b.Catalog = func() []CatalogEntry {
		return []CatalogEntry{
			{Name: "bedlam", Title: "Bedlam cube", Summary: "19186 distinct", Data: one.Data},
			{Name: "lepage-bedlam", Title: "Lepage: Bedlam cube", Data: one.Data,
				Summary: "published 19186 raw (every rotation and reflection apart), and more words to wrap"},
		}
	}
	w.gallery.show()
	defer w.gallery.cancel()
	type place struct{ pic, title, button float32 }
	places := make([]place, 2)
	for i, card := range w.gallery.grid.Objects {
		card.Resize(fyne.NewSize(thumbW+16, thumbH+cardText))
		var walk func(o fyne.CanvasObject, y float32)
		walk = func(o fyne.CanvasObject, y float32) {
			y += o.Position().Y
			switch o := o.(type) {
			case *fyne.Container:
				for _, c := range o.Objects {
					walk(c, y)
				}
			case *canvas.Image: // where its picture's middle is drawn
				places[i].pic = y + o.Size().Height/2
			case *widget.Button:
				places[i].button = y
			case *widget.Label:
				if strings.Contains(o.Text, "Bedlam") {
					places[i].title = y
				}
			}
		}
		walk(card, -card.Position().Y)
	}
	if places[0] != places[1] {
		t.Errorf("picture, title and button at %+v on one card, %+v on the other", places[0], places[1])
	}
}

// TestGalleryBoardThumbnail: a puzzle that draws its own board (polysticks,
// fillomino) has that board, bare, as its thumbnail: the view's drawer
// would draw nothing of it.
func TestGalleryBoardThumbnail(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	one := w.b.Catalog()[0]
	load := w.b.Load
	var asked Solution = Solution{-1}
	board := image.NewRGBA(image.Rect(0, 0, thumbW, thumbH))
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		p, err := load(name, data)
		if err == nil && name == "sticks" {
			p.DrawBoard = func(s Solution, _ bool, wd, ht int) image.Image {
				asked = s
				return board
			}
		}
		return p, err
	}
	w.b.Catalog = func() []CatalogEntry { return []CatalogEntry{{Name: "sticks", Data: one.Data}} }
	w.gallery.show()
	defer w.gallery.cancel()
	q.drainUntil(t, "the thumbnail", func() bool { return len(w.gallery.thumbs) == 1 })
	if w.gallery.thumbs["sticks"] != image.Image(board) || asked != nil {
		t.Errorf("thumbnail not the bare board (drawn with %v)", asked)
	}
}

// TestGalleryAmbiguousThumbnail: a file of yours that reads as triangles
// and as squares alike (Knuth's own POLYIAMOND-DLX specs) is drawn the
// first way its question offers, not left blank.
func TestGalleryAmbiguousThumbnail(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	one := w.b.Catalog()[0]
	load := w.b.Load
	w.b.Load = func(name string, data []byte) (*Puzzle, error) {
		return nil, &LoadError{File: name, Err: errors.New("which?"), Choices: []FormatChoice{{"tri", "T"}, {"sq", "S"}}}
	}
	var as string
	w.b.LoadAs = func(name string, data []byte, format string) (*Puzzle, error) {
		as = format
		return load(name, data)
	}
	w.b.Catalog = func() []CatalogEntry { return []CatalogEntry{{Name: "mine.txt", Data: one.Data}} }
	w.gallery.show()
	defer w.gallery.cancel()
	q.drainUntil(t, "the thumbnail", func() bool { return len(w.gallery.thumbs) == 1 })
	if as != "tri" {
		t.Errorf("drawn as %q", as)
	}
}
