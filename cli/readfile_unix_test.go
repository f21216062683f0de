//go:build unix

package cli

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadFile: readFile gives what os.ReadFile gives, bytes or error
// message, on files of every size around its buffer's, an empty one, a
// directory, a missing file, a device and a FIFO with a writer.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	var names []string
	for _, n := range []int{0, 1, 511, 512, 513, 4096, 100_000} {
		name := filepath.Join(dir, "f"+string(rune('a'+len(names))))
		data := bytes.Repeat([]byte("polyviz\n"), n/8+1)[:n]
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	names = append(names, dir, filepath.Join(dir, "missing"), os.DevNull)
	for _, name := range names {
		got, gerr := readFile(name)
		want, werr := os.ReadFile(name)
		if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Errorf("%s: %d bytes, %v; os.ReadFile %d bytes, %v", name, len(got), gerr, len(want), werr)
		}
	}
	if _, err := readFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, not fs.ErrNotExist", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	want := bytes.Repeat([]byte("x"), 200_000) // more than a pipe holds
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		f.Write(want)
		f.Close()
	}()
	if got, err := readFile(fifo); err != nil || !bytes.Equal(got, want) {
		t.Errorf("a FIFO: %d bytes, %v; want %d", len(got), err, len(want))
	}
}
