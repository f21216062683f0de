package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"polyviz/solver"
)

// TestRunJobDone: a job whose result is already complete is not run
// again (an array resubmitted after some tasks failed redoes only those):
// run-job says so, exits 0, leaves the result as it is and removes the
// job's leftover checkpoint; --force runs it. A result that is cut short,
// edited, another job's, or resealed with figures not of this job is not
// trusted: run-job says why and runs the job, and merge then adds up.
func TestRunJobDone(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--engine", "dlx", "--jobs", "2", "-o", dir)
	for _, i := range []string{"0", "1"} {
		mustCLI(t, "run-job", "-j", "1", "--index", i, dir, "-o", dir)
	}
	res := filepath.Join(dir, "job-0001.result.json")
	ck := filepath.Join(dir, "job-0001.checkpoint.json")
	good, err := os.ReadFile(res)
	if err != nil {
		t.Fatal(err)
	}
	// job 1's checkpoint, as a run killed after its result and before the
	// checkpoint's removal leaves it
	line, err := readPackedJob(filepath.Join(dir, jobsPackedFile), 1)
	if err != nil {
		t.Fatal(err)
	}
	var jf jobFile
	if err := decodeSealed("line 1", line, &jf, func() string { return jf.Format }, jobFormat); err != nil {
		t.Fatal(err)
	}
	jobCheckpointWriter(ck, 1, sha256Hex(line), io.Discard)(solver.Checkpoint{Problem: jf.Search.Problem, Engine: jf.Search.Engine, Tasks: jf.Search.Tasks})
	if _, err := os.Stat(ck); err != nil {
		t.Fatal(err)
	}

	ran := func(stderr string) bool { return strings.Contains(stderr, "Altogether") }
	stderr := mustCLI(t, "run-job", "-j", "1", "--index", "0", dir, "-o", dir)
	if ran(stderr) || !strings.Contains(stderr, "job 1 of 2: result already complete in "+res) || !strings.Contains(stderr, "nothing to do") {
		t.Errorf("a job with its complete result: %s", stderr)
	}
	if data, _ := os.ReadFile(res); !bytes.Equal(data, good) {
		t.Error("the complete result was rewritten")
	}
	if _, err := os.Stat(ck); err == nil {
		t.Error("the leftover checkpoint of a complete job is kept")
	}
	// a job file (split --job-files) likewise
	files := t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--engine", "dlx", "--job-files", "--jobs", "3", "-o", files)
	job, out := filepath.Join(files, "job-0002.json"), filepath.Join(files, "job-0002.result.json")
	mustCLI(t, "run-job", "-j", "1", job, "-o", out)
	if stderr := mustCLI(t, "run-job", "-j", "1", job, "-o", out); ran(stderr) || !strings.Contains(stderr, "nothing to do") {
		t.Errorf("a job file with its complete result: %s", stderr)
	}
	if stderr := mustCLI(t, "run-job", "-j", "1", "--force", job, "-o", out); !ran(stderr) {
		t.Errorf("--force: the job was not run: %s", stderr)
	}

	var r resultFile
	if err := decodeSealed(res, good, &r, func() string { return r.Format }, resultFormat); err != nil {
		t.Fatal(err)
	}
	resealed := func(change func(r *resultFile)) []byte {
		c := r
		c.Profile = slices.Clone(r.Profile)
		change(&c)
		if err := seal(&c); err != nil {
			t.Fatal(err)
		}
		data, err := jsonBytes(&c)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	job2, err := os.ReadFile(filepath.Join(dir, "job-0002.result.json"))
	if err != nil {
		t.Fatal(err)
	}
	mustCLI(t, "run-job", "-j", "1", filepath.Join(files, "job-0001.json"), "-o", filepath.Join(files, "job-0001.result.json"))
	other, err := os.ReadFile(filepath.Join(files, "job-0001.result.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		why  string
	}{
		{"cut short", good[:len(good)/2], "truncated"},
		{"edited", bytes.Replace(good, []byte(`"nodes": `), []byte(`"nodes": 1`), 1), "digest mismatch"},
		{"another job's", job2, "the result of another job (job 2"},
		{"another split's job 1", other, "the result of another job (job 1"},
		{"resealed, above the job", resealed(func(r *resultFile) { r.Profile[0]++; r.Nodes++ }), "above the job's subtrees"},
		{"resealed, another problem", resealed(func(r *resultFile) { r.Problem = "x" }), "foreign result"},
	} {
		if err := os.WriteFile(res, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		stderr := mustCLI(t, "run-job", "-j", "1", "--index", "0", dir, "-o", dir)
		if !ran(stderr) || !strings.Contains(stderr, "not trusting the result there") || !strings.Contains(stderr, c.why) {
			t.Errorf("%s: want the job run and %q said: %s", c.name, c.why, stderr)
		}
	}
	if got := mustCLI(t, "merge", dir); !strings.Contains(got, "Altogether 8 solutions, 10901833 updates, 32576 nodes") {
		t.Errorf("merge after the reruns: %s", got)
	}
}
