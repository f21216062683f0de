package doccheck

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Rooms of a readable size (docs/ARCHITECTURE.md): no non-test Go file
// over maxLines lines, and none of the window's (package ui) over
// maxUILines.
const (
	maxLines   = 600
	maxUILines = 450
)

// TestFileSizes fails on a non-test Go file longer than its limit.
func TestFileSizes(t *testing.T) {
	top := root(t)
	checked := 0
	err := filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != top && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !isSource(d.Name()) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(top, path)
		limit := maxLines
		if filepath.Dir(rel) == "ui" {
			limit = maxUILines
		}
		if n := bytes.Count(data, []byte("\n")); n > limit {
			t.Errorf("%s: %d lines, more than %d: split it into rooms of a readable size", rel, n, limit)
		}
		checked++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d Go files found under %s", checked, top)
	}
}
