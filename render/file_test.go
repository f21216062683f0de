package render

import (
	"errors"
	"image"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := WriteFileAtomic(path, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFileAtomic(path, func(w io.Writer) error { io.WriteString(w, "partial"); return boom })
	if !errors.Is(err, boom) {
		t.Errorf("err = %v, want boom", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "first" {
		t.Errorf("after a failed write the file holds %q", data)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
	if err := WriteFileAtomic(filepath.Join(dir, "no", "such", "dir"), func(io.Writer) error { return nil }); err == nil {
		t.Error("writing into a missing directory succeeded")
	}
	if err := WritePNG(filepath.Join(dir, "a.png"), image.NewNRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Error(err)
	}
}
