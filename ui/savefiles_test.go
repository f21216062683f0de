package ui

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// TestSaveDialogKeepsFile: the writer a save dialog hands back empties
// nothing when closed unwritten (the window writes the file itself,
// atomically), and writes as before when written to; the rest of the
// file repository is the driver's.
func TestSaveDialogKeepsFile(t *testing.T) {
	newTestWindow(t, false)
	dir := t.TempDir()
	path := filepath.Join(dir, "kept.svg")
	if err := os.WriteFile(path, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := storage.NewFileURI(path)
	wc, err := storage.Writer(u)
	if err != nil {
		t.Fatal(err)
	}
	if wc.URI().Path() != path {
		t.Errorf("writer's path %q", wc.URI().Path())
	}
	if err := wc.Close(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "precious" {
		t.Errorf("closed unwritten, the file holds %q", b)
	}
	fresh := filepath.Join(dir, "fresh.txt")
	wc, _ = storage.Writer(storage.NewFileURI(fresh))
	wc.Close()
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Errorf("closed unwritten, a new file was made: %v", err)
	}
	wc, _ = storage.Writer(u)
	if _, err := wc.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	wc.Close()
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("written, the file holds %q", b)
	}
	list, err := storage.List(storage.NewFileURI(dir))
	if err != nil || len(list) != 1 {
		t.Errorf("listing the folder: %v, %v", list, err)
	}
	if ok, err := storage.Exists(u); !ok || err != nil {
		t.Errorf("exists: %v, %v", ok, err)
	}
}

// TestExportRefusedBeforeFile: an export that cannot be made (solutions
// or the animation of one before a solve) says so at once, before any file
// dialog, so no file is chosen, made or emptied.
func TestExportRefusedBeforeFile(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openData("four.txt", []byte(fourInARow))
	w.b.WriteGIF = func(*Scene, Camera, int, int, io.Writer) error { return nil }
	for _, c := range []struct {
		k    exportKind
		want string
	}{{exportSolutions, "solve first"}, {exportGIF, "solve first"}} {
		w.errShown = ""
		w.exportDialog(c.k)
		if !strings.Contains(w.errShown, c.want) {
			t.Errorf("export %d: error %q, want %q", c.k, w.errShown, c.want)
		}
		for _, d := range w.dialogs {
			if _, ok := d.(*dialog.FileDialog); ok {
				t.Errorf("export %d: a file dialog opened", c.k)
			}
		}
		for w.dismissDialog() {
		}
	}
}
