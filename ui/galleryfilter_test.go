package ui

import (
	"testing"
	"time"
)

// TestGalleryFilters: the family menu and the search field keep the cards
// that match, and only theirs are drawn.
func TestGalleryFilters(t *testing.T) {
	w, q, fd := newTestWindow(t, false)
	one := w.b.Catalog()[0]
	entry := func(name, title, family, summary string) CatalogEntry {
		return CatalogEntry{Name: name, Title: title, Family: family, Summary: summary, Data: one.Data}
	}
	w.b.Catalog = func() []CatalogEntry {
		return []CatalogEntry{
			entry("pentomino-6x10", "Pentominoes: 6x10 rectangle", "Pentominoes", "2339 distinct, as published"),
			entry("pentomino-arch-1", "Pentominoes: arch 1", "Pentominoes", "602 distinct"),
			entry("soma", "Soma cube", "Soma cube", "240 distinct"),
			entry("soma-clip", "Soma figure: clip", "Soma cube", "10 distinct; published 20 up to rotation"),
			entry("mine.txt", "Yours: mine.txt", "", ""),
		}
	}
	before := fd.calls.Load()
	w.gallery.show()
	g := w.gallery
	shown := func() int { return len(g.grid.Objects) }
	if shown() != 5 || g.family.Selected != allFamilies {
		t.Fatalf("%d cards under %q, want all 5", shown(), g.family.Selected)
	}
	if want := []string{allFamilies, "Pentominoes", "Soma cube"}; len(g.family.Options) != 3 || g.family.Options[2] != want[2] {
		t.Errorf("families %q, want %q", g.family.Options, want)
	}
	g.family.SetSelected("Soma cube")
	if shown() != 2 {
		t.Errorf("%d Soma cards, want 2", shown())
	}
	g.search.SetText("ROTATION")
	if shown() != 1 {
		t.Errorf("%d Soma cards whose summary says rotation, want 1", shown())
	}
	g.family.SetSelected(allFamilies)
	g.search.SetText("arch pentominoes")
	if shown() != 1 {
		t.Errorf("%d cards for two words, want 1", shown())
	}
	g.search.SetText("")
	q.drainUntil(t, "the thumbnails", func() bool { return len(g.thumbs) == 5 })
	time.Sleep(100 * time.Millisecond)
	q.drainUntil(t, "nothing", func() bool { return true })
	if drawn := fd.calls.Load() - before; drawn != 5 {
		t.Errorf("%d thumbnails drawn for 5 entries", drawn)
	}
	w.gallery.cancel()
}
