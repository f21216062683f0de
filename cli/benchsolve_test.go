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
		// each run writes a line to the log: the size of its input
		script := "#!/bin/sh\nwc -c >> " + filepath.Join(dir, "log") + "\necho 'Altogether " + n + " solutions, 1+2 mems, 3 updates, 4 bytes, 5 nodes.' >&2\n"
		if err := os.WriteFile(f, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return f
	}
	// a row no target reads, and one a target reads (run in every round)
	rows := []solveRow{{"pentomino-3x20", "raw", 1, []string{"solve", "--json", "-j", "1", "pentomino-3x20"}, "pentomino-3x20.dlx"},
		{"pentomino-6x10", "distinct all", 1, []string{"solve", "--json", "-j", "1", "pentomino-6x10", "--distinct", "all"}, ""}}
	var out, errs strings.Builder
	var targets benchTargets
	code := runSolveTable(context.Background(), IO{Stdout: &out, Stderr: &errs}, testDLXDir, fake("8"), self, rows, &targets)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs.String(), out.String())
	}
	// DLX1 ran on 6x10 once a round and on 3x20 in the first (each
	// shortRuns times there, a stand-in's run being short)
	log, err := os.ReadFile(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[string]int{}
	for _, l := range strings.Fields(string(log)) {
		sizes[l]++
	}
	size := func(name string) string {
		fi, err := os.Stat(filepath.Join(testDLXDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(fi.Size())
	}
	if sizes[size("pentomino-6x10.dlx")] != shortRuns+targetRuns-1 || sizes[size("pentomino-3x20.dlx")] != shortRuns ||
		!strings.Contains(errs.String(), fmt.Sprintf("round %d of %d", targetRuns, targetRuns)) {
		t.Errorf("DLX1's runs by input size %v, want 6x10's %d times and 3x20's %d; stderr %q", sizes, shortRuns+targetRuns-1, shortRuns, errs.String())
	}
	if r, ok := targets.solve[solveKey{"pentomino-6x10", "distinct all", 1}]; !ok || r <= 0 {
		t.Errorf("the target row's ratio: %v (recorded %v)", r, ok)
	}
	lines := strings.Split(out.String(), "\n")
	if !strings.HasPrefix(lines[1], "CPU ") || !strings.Contains(lines[1], " kernels") {
		t.Errorf("second line %q: not the CPU and the kernels", lines[1])
	}
	if h := strings.TrimSpace(lines[4]); !strings.HasPrefix(h, "problem") || !strings.HasSuffix(h, "x DLX1 6x10") {
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

// TestLeastTimes: a long run is made least times and a short one up to
// five times, the least CPU and wall times kept with the first result;
// which rows the targets read (runSolveTable runs them in every round).
func TestLeastTimes(t *testing.T) {
	for _, c := range []struct {
		wall        float64
		least, runs int
	}{{2, 1, 1}, {2, 2, 2}, {2, 3, 3}, {0.1, 1, 5}, {0.1, 2, 5}} {
		calls := 0
		got, err := leastTimes(c.least, func() (selfRun, error) {
			calls++
			// the second run is the fastest
			f := 1.0
			if calls == 2 {
				f = 0.5
			}
			return selfRun{Solutions: int64(calls), runTimes: runTimes{cpu: 3 * f, wall: c.wall * f}}, nil
		}, func(r *selfRun) *runTimes { return &r.runTimes })
		wantCPU, wantWall := 3.0, c.wall
		if c.runs >= 2 {
			wantCPU, wantWall = 1.5, c.wall/2
		}
		if err != nil || calls != c.runs || got.Solutions != 1 || got.cpu != wantCPU || got.wall != wantWall {
			t.Errorf("wall %v, least %d: %d runs, result %+v (%v); want %d runs, the first's result, CPU %v, wall %v",
				c.wall, c.least, calls, got, err, c.runs, wantCPU, wantWall)
		}
	}
	for _, r := range solveRows(false, false) {
		want := (r.name == "bedlam" && r.count == "distinct rotations" && r.workers == 2) ||
			(r.name == "pentacube-3x4x5" && r.count == "distinct all" && r.workers == 1) ||
			(r.name == "pentomino-6x10" && (r.count == "distinct all" || r.count == "raw") && r.workers == 1) ||
			(r.name == "pentacube-2x5x6" && r.count == "raw" && r.workers == 1)
		if isSolveTarget(r) != want {
			t.Errorf("%s %s -j %d: a target row %v, want %v", r.name, r.count, r.workers, isSolveTarget(r), want)
		}
	}
}
