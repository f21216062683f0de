package fillomino

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// referenceInputs lists the .txt inputs of testdata/reference.
func referenceInputs(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob("testdata/reference/*.txt")
	if err != nil || len(names) < 42 {
		t.Fatalf("reference inputs: %v (found %d, want 42)", err, len(names))
	}
	return names
}

// readRef reads a reference file.
func readRef(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestReferenceDLX checks that every input FILLOMINO-DLX accepts gives its
// standard output and summary line byte for byte.
func TestReferenceDLX(t *testing.T) {
	for _, in := range referenceInputs(t) {
		base := strings.TrimSuffix(in, ".txt")
		if strings.TrimSpace(string(readRef(t, base+".rc"))) != "0" {
			continue
		}
		t.Run(filepath.Base(base), func(t *testing.T) {
			g, err := Parse(in, readRef(t, in))
			if err != nil {
				t.Fatal(err)
			}
			b, err := g.Build(context.Background(), BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := b.WriteDLX(&out); err != nil {
				t.Fatal(err)
			}
			want := readRef(t, base+".dlx")
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("DLX output differs from FILLOMINO-DLX's at byte %d (got %d bytes, want %d)", firstDiff(out.Bytes(), want), out.Len(), len(want))
			}
			if got, want := g.Summary()+"\n", string(readRef(t, base+".err")); got != want {
				t.Errorf("summary %q, want %q", got, want)
			}
		})
	}
}

// firstDiff is the offset of the first byte where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
