package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchTargets runs the targets table's machinery on one small row,
// with this test binary as polyviz and a stand-in for DLX1 (a script that
// answers with DLX1's closing line): the row has its count, its search,
// both ratios and a verdict; a DLX1 that counts otherwise is reported and
// the status is 1; the rows name their targets.
func TestBenchTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("runs polyviz as a child process")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("POLYVIZ_CLI_CHILD", "1") // the children are polyviz
	dir := t.TempDir()
	fake := func(n string) string {
		f := filepath.Join(dir, "dlx1-"+n)
		script := "#!/bin/sh\ncat >/dev/null\necho 'Altogether " + n + " solutions, 1+2 mems, 3 updates, 4 bytes, 5 nodes.' >&2\n"
		if err := os.WriteFile(f, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return f
	}
	rows := []targetRow{{"pentomino-3x20", "raw", 1, []string{"solve", "--json", "-j", "1", "pentomino-3x20"}, "pentomino-3x20.dlx", 1000}}
	var out, errs strings.Builder
	code := runTargets(context.Background(), IO{Stdout: &out, Stderr: &errs}, testDLXDir, fake("8"), self, rows)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs.String(), out.String())
	}
	lines := strings.Split(out.String(), "\n")
	var row string
	for _, l := range lines {
		if strings.HasPrefix(l, "pentomino-3x20") {
			row = l
		}
	}
	f := strings.Fields(row)
	// problem count -j search ("cell by symmetry") solutions classes nodes
	// CPU wall here x-here x-6x10 target verdict
	if len(f) != 16 || f[1] != "raw" || f[2] != "1" || f[3] != "cell" || f[5] != "symmetry" || f[6] != "8" || f[7] != "2" ||
		!strings.HasSuffix(f[12], "x") || !strings.HasSuffix(f[13], "x") || f[14] != "1e+03x" || f[15] != "met" {
		t.Errorf("row %q", row)
	}
	out.Reset()
	errs.Reset()
	if code := runTargets(context.Background(), IO{Stdout: &out, Stderr: &errs}, testDLXDir, fake("9"), self, rows); code != 1 ||
		!strings.Contains(errs.String(), "DLX1 counts 9 solutions, polyviz 8") {
		t.Errorf("a DLX1 that counts 9: exit %d, %s", code, errs.String())
	}
	for _, c := range []struct {
		ratio, target float64
		want          string
	}{{0.023, 0.015, "missed by 1.5x"}, {0.502, 0.5, "missed by 0.4%"}, {0.5, 0.5, "met"}, {0.2, 0.3, "met"}} {
		if v := targetVerdict(c.ratio, c.target); v != c.want {
			t.Errorf("verdict of %v against %v: %q, want %q", c.ratio, c.target, v, c.want)
		}
	}
	want := map[string]float64{"pentomino-6x10 raw 1": 0.1, "pentomino-6x10 distinct all 1": 0.015,
		"pentacube-2x5x6 raw 1": 0.1, "pentacube-3x4x5 distinct all 1": 0.3, "bedlam distinct rotations 2": 0.5}
	got := map[string]float64{}
	for _, r := range targetRows(false, false) {
		if r.target > 0 {
			got[r.name+" "+r.count+" "+string(rune('0'+r.workers))] = r.target
		}
	}
	if len(got) != len(want) {
		t.Errorf("targets %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("target of %s: %v, want %v", k, got[k], v)
		}
	}
}

// TestWithStderr: a child's error carries what it said on stderr, and
// nothing dangles when it said nothing (a DLX1 path that does not exist).
func TestWithStderr(t *testing.T) {
	base := errors.New("exit status 2")
	if got := withStderr(base, bytes.NewBufferString("  bad line 3\n")).Error(); got != "exit status 2: bad line 3" {
		t.Errorf("with stderr: %q", got)
	}
	if got := withStderr(base, new(bytes.Buffer)); got.Error() != "exit status 2" || !errors.Is(got, base) {
		t.Errorf("without stderr: %q", got)
	}
}
