package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSplitFailedLeavesNothing: a split whose writing fails (here the
// jobs file over ulimit -f, as on a full disk, after the problem file was
// written) removes its files and the folders it made, so that the same
// command runs once the cause is gone; in a folder that was there, the
// folder stays, empty. Before, problem.dlx was left behind and the next
// split refused the folder as "holds no earlier split ()".
func TestSplitFailedLeavesNothing(t *testing.T) {
	if dir := os.Getenv("POLYVIZ_SPLIT_FSIZE"); dir != "" {
		var out, errb strings.Builder
		code := Main(context.Background(), []string{"split", "pentomino-6x10", "--distinct", "all", "--jobs", "4", "-o", dir}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
		fmt.Printf("exit %d: %s", code, errb.String())
		return
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set ulimit -f")
	}
	top := t.TempDir()
	there := filepath.Join(top, "there")
	if err := os.Mkdir(there, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{filepath.Join(top, "new", "jobs"), there} {
		// 4 blocks (2 or 4 KiB, by the shell): the problem file (689 bytes)
		// is written, the jobs file (some 30 KB) is not
		cmd := exec.Command(sh, "-c", `ulimit -f 4 && exec "$0" -test.run='^TestSplitFailedLeavesNothing$'`, os.Args[0])
		cmd.Env = append(os.Environ(), "POLYVIZ_SPLIT_FSIZE="+dir)
		out, _ := cmd.CombinedOutput()
		if !strings.HasPrefix(string(out), "exit 1: polyviz split: write ") || !strings.Contains(string(out), "jobs.jsonl") {
			t.Fatalf("under ulimit -f 4 the child said %q, want a failed write of jobs.jsonl", out)
		}
		if dir == there {
			if entries, err := os.ReadDir(there); err != nil || len(entries) > 0 {
				t.Errorf("the folder that was there holds %v (%v) after the failed split, want nothing", entries, err)
			}
		} else if _, err := os.Stat(filepath.Join(top, "new")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the folders the failed split made are still there (%v)", err)
		}
		mustCLI(t, "split", "pentomino-6x10", "--distinct", "all", "--jobs", "4", "-o", dir)
	}
}

// TestSplitOutputFlag: split writes a folder, so it needs -o, and -o -
// (standard output for the commands that write one file) is bad usage,
// not a folder named "-".
func TestSplitOutputFlag(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"split", "soma", "--jobs", "2", "-o", "-"}, "polyviz split: -o -: split writes a folder of files, not standard output: give -o FOLDER"},
		{[]string{"split", "soma"}, "polyviz split: needs -o FOLDER"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", strings.Join(c.args, " "), code, stderr, c.msg)
		}
	}
	if _, err := os.Stat("-"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("split -o - made %q (%v)", "-", err)
	}
}

// TestSplitLeftovers: a folder holding only split's own files without a
// manifest (a split killed while writing) is refused with what is there,
// not an empty list.
func TestSplitLeftovers(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, problemDLXFile), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "split", "soma", "--jobs", "2", "-o", dir)
	if want := "holds split's files (problem.dlx) but no manifest.json"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, %q; want 1 and %q", code, stderr, want)
	}
}
