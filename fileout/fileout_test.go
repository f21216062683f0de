package fileout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// TestRegularFile: a regular file is replaced atomically; a failed write
// leaves the old content and no temporary file behind.
func TestRegularFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := WriteFile(path, writeString("first")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFile(path, func(w io.Writer) error { io.WriteString(w, "partial"); return boom })
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), path) {
		t.Errorf("err = %v, want boom naming the path", err)
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
	os.Chmod(path, 0o600)
	if err := WriteFile(path, writeString("second")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the mode of the replaced file was not kept: %v", fi.Mode())
	}
	missing := filepath.Join(dir, "no", "such", "dir")
	if err := WriteFile(missing, writeString("")); !errors.Is(err, fs.ErrNotExist) ||
		!strings.Contains(err.Error(), "cannot create a file in "+filepath.Dir(missing)+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("writing into a missing directory: %v, want an error naming the folder, not the temporary file", err)
	}
	if err := WriteFile(dir, writeString("x")); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("writing over a directory: %v", err)
	}
}

// TestSymlink: a link is followed and its target replaced; the link stays a
// link, never replaced by a regular file.
func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.txt")
	os.WriteFile(target, []byte("old"), 0o640)
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("real.txt", link); err != nil {
		t.Skip(err)
	}
	chain := filepath.Join(dir, "chain.txt")
	os.Symlink(link, chain)
	if err := WriteFile(chain, writeString("new")); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link, chain} {
		if fi, err := os.Lstat(l); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link", l)
		}
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Errorf("target holds %q", data)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v", fi.Mode())
	}
	// a dangling link's target is created
	dangling := filepath.Join(dir, "dangling")
	os.Symlink("made.txt", dangling)
	if err := WriteFile(dangling, writeString("made")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "made.txt")); string(data) != "made" {
		t.Errorf("dangling target holds %q", data)
	}
	// a loop is an error, not a hang
	os.Symlink("loop2", filepath.Join(dir, "loop1"))
	os.Symlink("loop1", filepath.Join(dir, "loop2"))
	if err := WriteFile(filepath.Join(dir, "loop1"), writeString("x")); !errors.Is(err, ErrTooManyLinks) {
		t.Errorf("loop: %v", err)
	}
}

// TestFIFO: a FIFO is written in place, not replaced by a regular file.
func TestFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			got <- nil
			return
		}
		data, _ := io.ReadAll(f)
		f.Close()
		got <- data
	}()
	if err := WriteFile(path, writeString("through the pipe")); err != nil {
		t.Fatal(err)
	}
	if data := <-got; string(data) != "through the pipe" {
		t.Errorf("the reader got %q", data)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", fi.Mode())
	}
}

// TestFIFOCancel: a FIFO that nobody opens for reading, or whose reader
// stops reading, holds the writer only until its context is cancelled.
func TestFIFOCancel(t *testing.T) {
	for _, reader := range []bool{false, true} {
		t.Run(fmt.Sprintf("reader=%v", reader), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Skip(err)
			}
			opened := make(chan *os.File, 1)
			if reader {
				// a reader that never reads: the writer fills the pipe
				go func() {
					f, _ := os.Open(path)
					opened <- f
				}()
				defer func() {
					if f := <-opened; f != nil {
						f.Close()
					}
				}()
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- WriteFileContext(ctx, path, func(w io.Writer) error {
					_, err := w.Write(make([]byte, 4<<20)) // more than a pipe holds
					return err
				})
			}()
			time.Sleep(100 * time.Millisecond)
			cancel()
			select {
			case err := <-done:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("err = %v, want context.Canceled", err)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the write did not return after its context was cancelled")
			}
		})
	}
}

// deviceNode makes a character device node like /dev/null (1, 3) or
// /dev/full (1, 7) in a temporary folder, so that a regression replaces it
// rather than the machine's own; it needs root (mknod), and returns "" when
// it cannot.
func deviceNode(t *testing.T, minor int) string {
	path := filepath.Join(t.TempDir(), "dev")
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|minor); err != nil {
		return ""
	}
	return path
}

// TestDevice: a device node is written in place, never replaced by a
// regular file (as root, -o /dev/null must not replace /dev/null).
func TestDevice(t *testing.T) {
	null := deviceNode(t, 3)
	if null == "" {
		// not root: /dev/null itself, only once resolve has said it is a
		// device, so that this test never replaces it
		if _, fi, err := resolve("/dev/null"); err != nil || fi == nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Skip("no null device")
		}
		null = "/dev/null"
	}
	if err := WriteFile(null, writeString("discarded")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a character device: %v", null, fi.Mode())
	}
	if full := deviceNode(t, 7); full != "" {
		if err := WriteFile(full, writeString("x")); err == nil || !errors.Is(err, syscall.ENOSPC) {
			t.Errorf("writing a full device: %v", err)
		} else if strings.Count(err.Error(), full) != 1 {
			t.Errorf("the path said more than once: %v", err)
		}
		if fi, err := os.Stat(full); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("the full device was replaced: %v", fi.Mode())
		}
	}
}

// TestStdout: "-" is standard output; a failing writer's error comes back.
func TestStdout(t *testing.T) {
	var out bytes.Buffer
	if err := Write("-", &out, writeString("to stdout")); err != nil || out.String() != "to stdout" {
		t.Errorf("err %v, stdout %q", err, out.String())
	}
	if err := Write("-", failing{}, writeString("x")); err == nil || !strings.Contains(err.Error(), "standard output") {
		t.Errorf("failing stdout: %v", err)
	}
	// with no stdout, "-" is a file named -
	dir := t.TempDir()
	wd, _ := os.Getwd()
	os.Chdir(dir)
	defer os.Chdir(wd)
	if err := Write("-", nil, writeString("file")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "-")); string(data) != "file" {
		t.Errorf("file - holds %q", data)
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }
