package ui

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestExportSize: File > Export Size sets the size of an exported PNG, and
// is ticked in the menu.
func TestExportSize(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.solver.Start()
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	item := w.exportSizeItem()
	item.ChildMenu.Items[1].Action() // 640×480
	if w.exportSize != (exportSize{640, 480}) || !w.exportSizeItem().ChildMenu.Items[1].Checked {
		t.Fatalf("export size %v", w.exportSize)
	}
	path := filepath.Join(t.TempDir(), "four.png")
	var done bool
	w.exportTo(exportPNG, path, func(error) { done = true })
	q.drainUntil(t, "the export", func() bool { return done })
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != 640 || cfg.Height != 480 {
		t.Errorf("the PNG is %dx%d (%v), want 640x480", cfg.Width, cfg.Height, err)
	}
}
