package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSplitFolder: split into the folder of an earlier split replaces its
// files (no job of the earlier split is left for run-job to run and merge to
// refuse); a folder with other files, or with results, is refused.
// Only the names split writes count as its own.
func TestSplitFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	mustCLI(t, "split", "--job-files", "--jobs", "8", "-o", dir, "pentomino-3x20")
	mustCLI(t, "split", "--jobs", "2", "-o", dir, "pentomino-3x20")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"jobs.index", "jobs.jsonl", "manifest.json", "problem.dlx"}; !slices.Equal(names, want) {
		t.Errorf("after a second split into the folder: %v, want %v", names, want)
	}
	mustCLI(t, "run-job", "--index", "0", dir, "-o", dir)
	mustCLI(t, "run-job", "--index", "1", filepath.Join(dir, jobsPackedFile), "-o", dir)
	if stderr := mustCLI(t, "merge", dir); !strings.Contains(stderr, "Altogether 8 solutions") {
		t.Errorf("merge: %s", stderr)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, msg string }{
		{dir, "holds the results of an earlier split"},
		{other, "is not empty and holds no earlier split (notes.txt)"},
	} {
		code, _, stderr := runCLI(t, "", "split", "--jobs", "2", "-o", c.dir, "pentomino-3x20")
		if code != 1 || !strings.Contains(stderr, c.msg) {
			t.Errorf("split -o %s: exit %d, %q; want 1 and %q", c.dir, code, stderr, c.msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "job-0001.result.json")); err != nil {
		t.Errorf("a refused split removed a result: %v", err)
	}
	// a file named like a job file but for its prefix is the user's, kept
	earlier := filepath.Join(t.TempDir(), "d")
	mustCLI(t, "split", "--job-files", "--jobs", "2", "-o", earlier, "pentomino-3x20")
	mine := filepath.Join(earlier, "2024.json")
	if err := os.WriteFile(mine, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "split", "--jobs", "2", "-o", earlier, "pentomino-3x20")
	if want := "holds no earlier split (2024.json)"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("split into a folder with 2024.json: exit %d, %q; want 1 and %q", code, stderr, want)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("split removed the user's file: %v", err)
	}
}
