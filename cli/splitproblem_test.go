package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSplitSharedProblem: the jobs of a split share one problem file,
// named with its SHA-256 in each job file. A changed, missing or foreign
// problem file is refused by name; the jobs run on the file split wrote
// merge to solve's figures.
func TestSplitSharedProblem(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--job-files", "--jobs", "3", "-o", dir)
	problem := filepath.Join(dir, problemDLXFile)
	orig, err := os.ReadFile(problem)
	if err != nil {
		t.Fatal(err)
	}
	job := filepath.Join(dir, "job-0001.json")
	result := filepath.Join(dir, "job-0001.result.json")
	for _, c := range []struct {
		name string
		data []byte // nil: no problem file
		msg  string
	}{
		{"edited", []byte(strings.Replace(string(orig), "\n", "\n| ", 3)), "the file was changed, or belongs to another split"},
		{"another problem's", []byte(dlx1Example), "the file was changed, or belongs to another split"},
		{"missing", nil, "a job needs the problem file that split wrote beside it"},
	} {
		if c.data == nil {
			err = os.Remove(problem)
		} else {
			err = os.WriteFile(problem, c.data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		code, _, stderr := runCLI(t, "", "run-job", "-j", "1", job, "-o", result)
		if code != 1 || !strings.Contains(stderr, c.msg) || !strings.Contains(stderr, problem) {
			t.Errorf("%s problem file: exit %d, %q; want 1 and %q", c.name, code, stderr, c.msg)
		}
		if _, err := os.Stat(result); err == nil {
			t.Errorf("%s problem file: run-job wrote a result", c.name)
		}
	}
	if err := os.WriteFile(problem, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	for j := 1; j <= 3; j++ {
		job := filepath.Join(dir, fmt.Sprintf("job-%04d.json", j))
		mustCLI(t, "run-job", "-j", "1", job, "-o", strings.TrimSuffix(job, ".json")+".result.json")
	}
	want := solveLine(t)
	if got := mustCLI(t, "merge", dir); !strings.Contains(got, want) {
		t.Errorf("merge: %s, want %s", got, want)
	}
}

// TestRunJobOwnProblem: a job file of an older split, which holds its own
// copy of the problem and names no problem file, still runs, and the
// jobs merge to solve's figures.
func TestRunJobOwnProblem(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--job-files", "--jobs", "2", "-o", dir)
	dlx, err := os.ReadFile(filepath.Join(dir, problemDLXFile))
	if err != nil {
		t.Fatal(err)
	}
	var m manifestFile
	manifest := filepath.Join(dir, "manifest.json")
	if _, err := readJSONFile(manifest, &m, func() string { return m.Format }, manifestFormat); err != nil {
		t.Fatal(err)
	}
	for j := range m.Jobs {
		path := filepath.Join(dir, m.Jobs[j].File)
		var jf jobFile
		if _, err := readJSONFile(path, &jf, func() string { return jf.Format }, jobFormat); err != nil {
			t.Fatal(err)
		}
		jf.Format, jf.DLX, jf.ProblemFile, jf.ProblemSHA256 = jobFormatOwn, string(dlx), "", ""
		data, err := writeSealedCompact(path, &jf)
		if err != nil {
			t.Fatal(err)
		}
		m.Jobs[j].SHA256 = sha256Hex(data)
	}
	if _, err := writeSealed(manifest, &m); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, problemDLXFile)); err != nil {
		t.Fatal(err)
	}
	for j := 1; j <= 2; j++ {
		job := filepath.Join(dir, fmt.Sprintf("job-%04d.json", j))
		mustCLI(t, "run-job", "-j", "1", job, "-o", strings.TrimSuffix(job, ".json")+".result.json")
	}
	want := solveLine(t)
	if got := mustCLI(t, "merge", dir); !strings.Contains(got, want) {
		t.Errorf("merge: %s, want %s", got, want)
	}
}

// solveLine is solve's figures for pentomino 3x20, all 8 solutions by the
// bitset engine (the engine of split's jobs), as merge prints them.
func solveLine(t *testing.T) string {
	t.Helper()
	out := mustCLI(t, "solve", "--engine", "bits", "-j", "1", "pentomino-3x20")
	i := strings.Index(out, "Altogether 8 solutions, ")
	if i < 0 {
		t.Fatalf("solve: %s", out)
	}
	line, _, _ := strings.Cut(out[i:], " nodes.")
	return line + " nodes."
}
