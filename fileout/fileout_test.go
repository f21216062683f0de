package fileout

import (
	"io"
	"os"
	"testing"
)

// TestWriteFileSpecial checks that a device is written in place, not
// replaced by a regular file, and that a full device is an error.
func TestWriteFileSpecial(t *testing.T) {
	for _, dev := range []string{"/dev/null", "/dev/full"} {
		before, err := os.Stat(dev)
		if err != nil || before.Mode().IsRegular() {
			t.Skipf("%s: not a device here", dev)
		}
		err = WriteFile(dev, func(w io.Writer) error {
			_, err := w.Write(make([]byte, 1<<17))
			return err
		})
		if (err != nil) != (dev == "/dev/full") {
			t.Errorf("%s: error %v", dev, err)
		}
		after, err := os.Stat(dev)
		if err != nil || after.Mode() != before.Mode() {
			t.Fatalf("%s: mode %v became %v (%v)", dev, before.Mode(), after.Mode(), err)
		}
	}
}

// TestWriteFileRegular checks the atomic path: the content arrives whole.
func TestWriteFileRegular(t *testing.T) {
	path := t.TempDir() + "/out.txt"
	if err := WriteFile(path, func(w io.Writer) error { _, err := io.WriteString(w, "hello"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "hello" {
		t.Errorf("read %q, %v", b, err)
	}
}
