package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSplitJobsFile: split writes every job into one jobs file with an
// index (and no job files); run-job --index runs each, and merge gives
// solve's figures. A job's line edited, an index past the last job, an
// index that points off the lines, a jobs file cut short, and the jobs
// file given without --index are each refused and said so.
func TestSplitJobsFile(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--jobs", "3", "-o", dir)
	if files, _ := filepath.Glob(filepath.Join(dir, "job-*.json")); len(files) != 0 {
		t.Errorf("job files beside the jobs file: %v", files)
	}
	jobs := filepath.Join(dir, jobsPackedFile)
	data, err := os.ReadFile(jobs)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) != 4 || len(lines[3]) != 0 {
		t.Fatalf("%s: %d lines, want 3 jobs", jobsPackedFile, len(lines)-1)
	}
	// each job's manifest entry names its line and its SHA-256
	var m manifestFile
	if _, err := readJSONFile(filepath.Join(dir, "manifest.json"), &m, func() string { return m.Format }, manifestFormat); err != nil {
		t.Fatal(err)
	}
	for j, mj := range m.Jobs {
		if want := fmt.Sprintf("%s:%d", jobsPackedFile, j+1); mj.File != want || mj.SHA256 != sha256Hex(lines[j]) {
			t.Errorf("manifest's job %d: %s %.12s, want %s %.12s", j+1, mj.File, mj.SHA256, want, sha256Hex(lines[j]))
		}
	}
	other := t.TempDir()
	for i := range 3 {
		mustCLI(t, "run-job", "-j", "1", "--index", fmt.Sprint(i), dir, "-o", other)
	}
	index := filepath.Join(dir, jobsIndexFile)
	indexData, err := os.ReadFile(index)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		damage func() error
		args   []string
		code   int
		msg    string
	}{
		{"a job's line edited", func() error {
			return os.WriteFile(jobs, bytes.ReplaceAll(data, []byte(`"jobs":3,`), []byte(`"jobs":4,`)), 0o644)
		}, []string{"--index", "1", dir}, 1, "jobs.jsonl:2: digest mismatch"},
		{"past the last job", nil, []string{"--index", "3", dir}, 1, "no job 4: the split has 3 jobs (--index counts from 0: 0 to 2)"},
		{"index off the lines", func() error {
			return os.WriteFile(index, patched(indexData, indexWidth, fmt.Sprintf("%0*d", indexWidth-1, 7)), 0o644)
		}, []string{"--index", "1", dir}, 1, "the index does not point at the job's line"},
		{"index not digits", func() error {
			return os.WriteFile(index, patched(indexData, indexWidth, "xy"), 0o644)
		}, []string{"--index", "0", dir}, 1, "damaged index"},
		{"index replaced", func() error { return os.WriteFile(index, []byte("garbage\n"), 0o644) },
			[]string{"--index", "1", dir}, 1, "jobs.index: damaged index: 8 bytes"},
		{"index cut short", func() error { return os.WriteFile(index, indexData[:len(indexData)-5], 0o644) },
			[]string{"--index", "2", dir}, 1, "jobs.index: damaged index"},
		{"jobs file cut short", func() error { return os.WriteFile(jobs, data[:len(data)-10], 0o644) },
			[]string{"--index", "2", dir}, 1, "shorter than its index says"},
		{"no --index", nil, []string{jobs}, 2, "holds every job of a split: run one with --index I"},
	} {
		if c.damage != nil {
			if err := c.damage(); err != nil {
				t.Fatal(err)
			}
		}
		args := append([]string{"run-job", "-j", "1"}, c.args...)
		code, _, stderr := runCLI(t, "", append(args, "-o", filepath.Join(t.TempDir(), "r.result.json"))...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%s: exit %d, %q; want %d and %q", c.name, code, stderr, c.code, c.msg)
		}
		// repaired for the next case
		if err := os.WriteFile(jobs, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(index, indexData, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// the results, into the split's folder: solve's figures
	results, _ := filepath.Glob(filepath.Join(other, "*.result.json"))
	if len(results) != 3 {
		t.Fatalf("%d results, want 3", len(results))
	}
	if got, want := mustCLI(t, append([]string{"merge", dir}, results...)...), solveLine(t); !strings.Contains(got, want) {
		t.Errorf("merge: %s, want %s", got, want)
	}
}

// patched is a copy of data with s written over it at off.
func patched(data []byte, off int, s string) []byte {
	b := bytes.Clone(data)
	copy(b[off:], s)
	return b
}

// TestRunJobNoFolder: a result whose folder is missing is refused before
// the job runs, not after its search.
func TestRunJobNoFolder(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "--jobs", "2", "-o", dir, "soma")
	missing := filepath.Join(dir, "no", "such")
	for _, args := range [][]string{
		{"run-job", "--index", "0", dir, "-o", missing},
		{"run-job", filepath.Join(dir, "jobs.jsonl"), "--index", "1", "-o", missing},
	} {
		code, _, stderr := runCLI(t, "", args...)
		if code != 1 || !strings.Contains(stderr, "no folder "+missing) || strings.Contains(stderr, "Altogether") {
			t.Errorf("%v: exit %d, %q; want 1, no folder %s, and no search", args, code, stderr, missing)
		}
	}
}
