package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchSolveTable runs the table's machinery on one small row, with
// this test binary as polyviz and a stand-in for DLX1 (a script that
// answers with DLX1's closing line): the row has its count, its search and
// both ratios; a DLX1 that counts otherwise is reported and the status is
// 1; the rows are the reference puzzles, raw and distinct, with no target.
func TestBenchSolveTable(t *testing.T) {
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
	rows := []solveRow{{"pentomino-3x20", "raw", 1, []string{"solve", "--json", "-j", "1", "pentomino-3x20"}, "pentomino-3x20.dlx"}}
	var out, errs strings.Builder
	var targets benchTargets
	code := runSolveTable(context.Background(), IO{Stdout: &out, Stderr: &errs}, testDLXDir, fake("8"), self, rows, &targets)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs.String(), out.String())
	}
	lines := strings.Split(out.String(), "\n")
	if h := strings.TrimSpace(lines[3]); !strings.HasPrefix(h, "problem") || !strings.HasSuffix(h, "x DLX1 6x10") {
		t.Errorf("header %q: not the table's, or a column after the ratios", h)
	}
	var row string
	for _, l := range lines {
		if strings.HasPrefix(l, "pentomino-3x20") {
			row = l
		}
	}
	f := strings.Fields(row)
	// problem count -j search ("cell by symmetry") solutions classes nodes
	// CPU wall here x-here x-6x10
	if len(f) != 14 || f[1] != "raw" || f[2] != "1" || f[3] != "cell" || f[5] != "symmetry" || f[6] != "8" || f[7] != "2" ||
		!strings.HasSuffix(f[12], "x") || !strings.HasSuffix(f[13], "x") {
		t.Errorf("row %q", row)
	}
	// the row's ratio, as printed, is what the targets read
	if r, ok := targets.solve[solveKey{"pentomino-3x20", "raw", 1}]; !ok || len(f) != 14 || fmt.Sprintf("%.3fx", r) != f[13] {
		t.Errorf("targets hold %v (recorded %v) for the row %q", r, ok, row)
	}
	out.Reset()
	errs.Reset()
	if code := runSolveTable(context.Background(), IO{Stdout: &out, Stderr: &errs}, testDLXDir, fake("9"), self, rows, nil); code != 1 ||
		!strings.Contains(errs.String(), "DLX1 counts 9 solutions, polyviz 8") {
		t.Errorf("a DLX1 that counts 9: exit %d, %s", code, errs.String())
	}
	rows = solveRows(false, false)
	if len(rows) != 7*4+2 {
		t.Errorf("%d rows, want 30 (7 puzzles, raw and distinct, 1 and 2 workers, and 2 of DLX1's whole tree)", len(rows))
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
