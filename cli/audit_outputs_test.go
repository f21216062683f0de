package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runCLIWith runs polyviz in-process with the given standard output and
// error, for writers that fail.
func runCLIWith(stdout, stderr interface{ Write([]byte) (int, error) }, args ...string) int {
	return Main(context.Background(), args, IO{Stdin: strings.NewReader(""), Stdout: stdout, Stderr: stderr}, nil)
}

// TestAuditSolveRefusesIgnoredFlags: a flag solve --heatmap or
// --disassemble could not honour is refused with exit 2 naming both flags,
// before any search (no closing line, no file written), never ignored.
func TestAuditSolveRefusesIgnoredFlags(t *testing.T) {
	dir := t.TempDir()
	grid := filepath.Join(dir, "grid.txt")
	if err := os.WriteFile(grid, []byte("3..\n...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	heat := filepath.Join(dir, "h.csv")
	ck := filepath.Join(dir, "c.ckpt")
	for _, c := range []struct {
		args  []string
		words []string
	}{
		{[]string{"--heatmap", heat, "--checkpoint", ck, "soma"}, []string{"--heatmap", "--checkpoint"}},
		{[]string{"--heatmap", heat, "--resume", ck, "soma"}, []string{"--heatmap", "--resume"}},
		{[]string{"--heatmap", heat, "--print", "soma"}, []string{"--heatmap", "--print"}},
		{[]string{"--heatmap", heat, "--first", "soma"}, []string{"--heatmap", "--first"}},
		{[]string{"--heatmap", heat, "--max", "1", "soma"}, []string{"--heatmap", "counts every solution", "--max"}},
		{[]string{"--heatmap", heat, "--profile", "--distinct", "all", "soma"}, []string{"--profile", "--distinct"}},
		{[]string{"--heatmap", heat, "--disassemble", "soma"}, []string{"--heatmap", "--disassemble"}},
		{[]string{"--disassemble", "--checkpoint", ck, "soma"}, []string{"--disassemble", "--checkpoint"}},
		{[]string{"--disassemble", "--resume", ck, "soma"}, []string{"--disassemble", "--resume"}},
		{[]string{"--heatmap", heat, grid}, []string{"--heatmap", "fillomino"}},
		{[]string{"--disassemble", grid}, []string{"--disassemble", "fillomino"}},
		{[]string{"--checkpoint", ck, grid}, []string{"--checkpoint", "fillomino"}},
		{[]string{"--first", "--max", "5", "soma"}, []string{"--first", "--max 5"}},
		{[]string{"--heatmap", filepath.Join(dir, "h.txt"), "soma"}, []string{"--heatmap", ".csv or .png"}},
	} {
		code, out, errs := runCLI(t, "", append([]string{"solve"}, c.args...)...)
		if code != 2 || out != "" || strings.Contains(errs, "Altogether") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 before any search", c.args, code, out, errs)
		}
		for _, w := range c.words {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: %q does not say %q", c.args, errs, w)
			}
		}
		for _, f := range []string{heat, ck} {
			if _, err := os.Stat(f); err == nil {
				t.Errorf("%v: %s was written", c.args, f)
				os.Remove(f)
			}
		}
	}
	// --first and --max 1 agree
	if code, _, errs := runCLI(t, "", "solve", "--first", "--max", "1", "soma"); code != 0 {
		t.Errorf("--first --max 1: exit %d: %s", code, errs)
	}
}

// TestAuditSolveHeatmapHonours: --heatmap honours --json (the summary on
// standard output), --profile and --progress.
func TestAuditSolveHeatmapHonours(t *testing.T) {
	heat := filepath.Join(t.TempDir(), "h.csv")
	code, out, errs := runCLI(t, "", "solve", "--heatmap", heat, "--json", "--profile", "--progress", "soma")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j struct {
		Solutions int64 `json:"solutions"`
		Complete  bool  `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || j.Solutions != 11520 || !j.Complete {
		t.Errorf("stdout %q: %v, %+v", out, err, j)
	}
	if !strings.Contains(errs, "Profile:\n  0: 1\n") || !strings.Contains(errs, "Heat map of 11520 solutions") {
		t.Errorf("stderr:\n%s", errs)
	}
	if _, err := os.Stat(heat); err != nil {
		t.Error(err)
	}
	code, out, errs = runCLI(t, "", "solve", "--heatmap", heat, "--json", "--distinct", "all", "soma")
	if code != 0 || !strings.Contains(out, `"distinct":240`) {
		t.Errorf("--distinct all: exit %d, stdout %q, stderr %s", code, out, errs)
	}
}

// TestAuditSolveDisassemblePrint: solve --disassemble --print lists each
// solution's options (as solve --print does), --print slices its slices,
// and --profile prints the profile.
func TestAuditSolveDisassemblePrint(t *testing.T) {
	code, out, errs := runCLI(t, "", "solve", "--disassemble", "--print", "--max", "1", "-j1", "soma")
	if code != 0 || !regexp.MustCompile(`(?m)^1:\n [0-9A-Z ]+ \(\d+ of \d+\)\n`).MatchString(out) || !strings.Contains(out, " can be taken apart") {
		t.Errorf("--print: exit %d, stdout\n%s\nstderr %s", code, out, errs)
	}
	code, out, errs = runCLI(t, "", "solve", "--disassemble", "--print", "--distinct", "all", "--max", "1", "-j1", "soma")
	if code != 0 || !strings.Contains(out, "1: (class of 48)\n V ") {
		t.Errorf("--distinct --print: exit %d, stdout\n%s\nstderr %s", code, out, errs)
	}
	code, out, errs = runCLI(t, "", "solve", "--disassemble", "--print", "slices", "--max", "1", "-j1", "soma")
	if code != 0 || !strings.Contains(out, "Solution 1\n+--+") {
		t.Errorf("--print slices: exit %d, stdout\n%s\nstderr %s", code, out, errs)
	}
	code, _, errs = runCLI(t, "", "solve", "--disassemble", "--profile", "--max", "2", "soma")
	if code != 0 || !strings.Contains(errs, "Profile:\n  0: 1\n") {
		t.Errorf("--profile: exit %d, stderr %s", code, errs)
	}
}

// auditSplit splits soma into two jobs, runs them, and returns the folder.
func auditSplit(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	if code, _, errs := runCLI(t, "", "split", "soma", "--jobs", "2", "--job-files", "-o", dir); code != 0 {
		t.Fatalf("split: exit %d: %s", code, errs)
	}
	for _, j := range []string{"job-0001", "job-0002"} {
		if code, _, errs := runCLI(t, "", "run-job", filepath.Join(dir, j+".json"), "-o", filepath.Join(dir, j+".result.json")); code != 0 {
			t.Fatalf("run-job %s: exit %d: %s", j, code, errs)
		}
	}
	return dir
}

// TestAuditMerge: merge fails when its total is lost (2>/dev/full), as
// solve does; a result named twice (once through its folder) counts once.
func TestAuditMerge(t *testing.T) {
	dir := auditSplit(t)
	if code := runCLIWith(&bytes.Buffer{}, failWriter{}, "merge", dir); code != 1 {
		t.Errorf("merge with stderr full: exit %d, want 1", code)
	}
	for _, again := range []string{filepath.Join(dir, "job-0001.result.json"), dir + "/./job-0001.result.json"} {
		code, _, errs := runCLI(t, "", "merge", dir, again)
		if code != 0 || !strings.Contains(errs, "Altogether 11520 solutions") {
			t.Errorf("merge %s %s: exit %d: %s", dir, again, code, errs)
		}
	}
}

// TestAuditListLongWriteError: list -l whose output is lost fails.
func TestAuditListLongWriteError(t *testing.T) {
	var errb bytes.Buffer
	if code := runCLIWith(failWriter{}, &errb, "list", "-l"); code != 1 || !strings.Contains(errb.String(), "no space left") {
		t.Errorf("list -l > full: exit %d, %q", code, errb.String())
	}
}

// TestAuditOutputDash: -o - is standard output for unique (its report then
// on standard error) and run-job (one result); run-job --index, which
// writes a file per job, refuses it; no file named - is made.
func TestAuditOutputDash(t *testing.T) {
	t.Chdir(t.TempDir())
	code, out, errs := runCLI(t, "", "unique", "--proposals", "1", "soma", "-o", "-")
	if code != 0 || !strings.HasPrefix(out, "| Soma cube") || !strings.Contains(errs, "written to standard output") || !strings.Contains(errs, "1 solution") {
		t.Errorf("unique -o -: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := runCLI(t, "", "unique", "--json", "soma", "-o", "-"); code != 2 || !strings.Contains(errs, "--json") {
		t.Errorf("unique --json -o -: exit %d, %q", code, errs)
	}
	dir := auditSplit(t)
	code, out, errs = runCLI(t, "", "run-job", filepath.Join(dir, "job-0001.json"), "-o", "-")
	if code != 0 || !strings.Contains(out, `"format": "polyviz result`) {
		t.Errorf("run-job -o -: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code := runCLIWith(failWriter{}, &bytes.Buffer{}, "run-job", filepath.Join(dir, "job-0001.json"), "-o", "-"); code != 1 {
		t.Errorf("run-job -o - > full: exit %d", code)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--index", "0", dir, "-o", "-"}, "give a folder"},
		{[]string{filepath.Join(dir, "job-0001.json"), "-o", "-", "--checkpoint-every", "1s"}, "--checkpoint-every 0"},
		{[]string{filepath.Join(dir, "job-0001.json")}, "needs -o"},
	} {
		if code, _, errs := runCLI(t, "", append([]string{"run-job"}, c.args...)...); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("run-job %v: exit %d, %q", c.args, code, errs)
		}
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error("a file named - was written")
	}
}

// TestAuditSTLOneFile: -o NAME.stl or an existing file is the one file of
// --plate and --assembled; a trailing slash or a folder is a folder.
func TestAuditSTLOneFile(t *testing.T) {
	dir := t.TempDir()
	ef := filepath.Join(dir, "ef.stl")
	if err := os.WriteFile(ef, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mode, out, file string
	}{
		{"--plate", filepath.Join(dir, "plate.stl"), filepath.Join(dir, "plate.stl")},
		{"--assembled", filepath.Join(dir, "asm.STL"), filepath.Join(dir, "asm.STL")},
		{"--plate", ef, ef},
		{"--assembled", ef, ef},
		{"--plate", filepath.Join(dir, "p.stl") + "/", filepath.Join(dir, "p.stl", "soma-plate.stl")},
		{"--plate", dir, filepath.Join(dir, "soma-plate.stl")},
	} {
		code, _, errs := runCLI(t, "", "stl", "soma", c.mode, "-o", c.out)
		if fi, err := os.Stat(c.file); code != 0 || err != nil || !fi.Mode().IsRegular() || fi.Size() < 1000 {
			t.Errorf("stl %s -o %s: exit %d, %v: %s", c.mode, c.out, code, err, errs)
		}
	}
}

// TestAuditSTLBounds: --gap is bounded in every mode, and goes with the
// modes that have one; --unit has a lower bound; -o is asked for.
func TestAuditSTLBounds(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--plate", "--gap", "1e300mm", "-o", "-"}, "at most 1000 mm"},
		{[]string{"--assembled", "--gap", "1001", "-o", "-"}, "at most 1000 mm"},
		{[]string{"--plate", "--unit", "1e-50mm", "-o", "-"}, "at least 0.01 mm"},
		{[]string{"--gap", "1mm", "-o", t.TempDir()}, "--gap"},
		{[]string{"--plate"}, "needs -o FILE or folder"},
	} {
		code, out, errs := runCLI(t, "", append([]string{"stl", "soma"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("stl %v: exit %d, %d bytes out, %q", c.args, code, len(out), errs)
		}
	}
	if code, _, errs := runCLI(t, "", "stl", "soma", "--plate", "--unit", "0.01mm", "--gap", "1000", "-o", "-"); code != 0 {
		t.Errorf("the bounds themselves: exit %d: %s", code, errs)
	}
}

// TestAuditBenchOnly: an --only name that is no row is refused with exit
// 2, naming the nearest or the rows; --only with a table of its own rows
// is refused.
func TestAuditBenchOnly(t *testing.T) {
	dlx := filepath.Join("..", "solver", "testdata", "dlx")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--dir", dlx, "--only", "bogus"}, "the problems: bedlam-4x4x4"},
		{[]string{"--dir", dlx, "--all", "--only", "pentomino-6x1"}, "did you mean pentomino-6x10?"},
		{[]string{"--dir", dlx, "--only", "soma-3x3x3"}, "add --all"},
		{[]string{"--dir", dlx, "--estimate", "--only", "bogus"}, "no such problem"},
		{[]string{"--distinct", "--only", "somma"}, "did you mean soma?"},
		{[]string{"--antislide", "--only", "soma"}, "--antislide"},
	} {
		code, out, errs := runCLI(t, "", append([]string{"bench"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("bench %v: exit %d, stdout %q, stderr %q", c.args, code, out, errs)
		}
	}
}
