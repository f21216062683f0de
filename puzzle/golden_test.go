package puzzle

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// referenceDir holds Knuth's real outputs, copied from shared/reference
// (see testdata/knuth/README.md).
func referenceDir(t testing.TB) string {
	t.Helper()
	return filepath.Join("testdata", "knuth")
}

// TestKnuthReference checks every spec in testdata/knuth against what
// Knuth's programs wrote for it: standard output byte for byte, the summary
// line on standard error (cells, pieces, base placements and even his node
// count), and rejection exactly where his programs exit non-zero.
func TestKnuthReference(t *testing.T) {
	ref := referenceDir(t)
	type pair struct{ spec, out, err, rc string }
	var pairs []pair
	specs, _ := filepath.Glob(filepath.Join(ref, "specs", "*.txt"))
	for _, s := range specs {
		base := filepath.Join(ref, "dlx", strings.TrimSuffix(filepath.Base(s), ".txt"))
		pairs = append(pairs, pair{s, base + ".dlx", base + ".err", base + ".rc"})
	}
	random, _ := filepath.Glob(filepath.Join(ref, "random", "*.txt"))
	for _, s := range random {
		base := strings.TrimSuffix(s, ".txt")
		pairs = append(pairs, pair{s, base + ".out", base + ".err", base + ".rc"})
	}
	if len(pairs) < 40 {
		t.Fatalf("only %d reference specs found", len(pairs))
	}
	for _, p := range pairs {
		t.Run(filepath.Base(p.spec), func(t *testing.T) {
			data := mustRead(t, p.spec)
			planar := strings.Contains(filepath.Base(p.spec), "omino")
			rc := strings.TrimSpace(string(mustRead(t, p.rc)))
			pz, err := ParseSpec(filepath.Base(p.spec), data, planar)
			if rc != "0" {
				if err == nil {
					t.Fatalf("accepted; Knuth's program rejected it (exit %s): %s", rc, mustRead(t, p.err))
				}
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
					t.Errorf("error without a position: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("rejected: %v", err)
			}
			var out bytes.Buffer
			if err := pz.WriteDLX(&out); err != nil {
				t.Fatal(err)
			}
			want := mustRead(t, p.out)
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("DLX output differs at byte %d:\n got: %q\nwant: %q", firstDiff(out.Bytes(), want),
					excerpt(out.Bytes(), firstDiff(out.Bytes(), want)), excerpt(want, firstDiff(out.Bytes(), want)))
			}
			errLines := strings.Split(strings.TrimSpace(string(mustRead(t, p.err))), "\n")
			if got, want := pz.Summary(), errLines[len(errLines)-1]; got != want {
				t.Errorf("summary %q, want %q", got, want)
			}
		})
	}
}

func mustRead(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

func excerpt(b []byte, at int) string {
	lo, hi := max(0, at-40), min(len(b), at+40)
	return string(b[lo:hi])
}
