package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunJobResumes: a job stopped halfway leaves its checkpoint beside its
// result; run again, it goes on from there (its result says how many nodes
// the checkpoint had searched), removes the checkpoint, and the merge is
// solve's count. A checkpoint of another job is not resumed.
func TestRunJobResumes(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "soma", "--job-files", "--jobs", "2", "-o", dir)
	job := filepath.Join(dir, "job-0001.json")
	out := filepath.Join(dir, "job-0001.result.json")
	ck := filepath.Join(dir, "job-0001.checkpoint.json")
	// the first run stops as soon as it has saved a checkpoint with work in
	// it (the first may come before any subtree ends, on a loaded machine)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			var f jobCheckpointFile
			if data, err := os.ReadFile(ck); err == nil && json.Unmarshal(data, &f) == nil && f.Search.Nodes > 0 {
				cancel()
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	var errb bytes.Buffer
	code := Main(ctx, []string{"run-job", "-j", "1", "--checkpoint-every", "5ms", job, "-o", out}, IO{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &errb}, nil)
	cancel()
	if code == 0 {
		t.Skipf("the job ended before its first checkpoint (%s)", errb.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a stopped job wrote a result")
	}
	if _, err := os.Stat(ck); err != nil {
		t.Fatalf("no checkpoint after a stopped run: %v", err)
	}
	// a checkpoint of job 1 is not job 2's
	other := filepath.Join(dir, "job-0002.checkpoint.json")
	data, _ := os.ReadFile(ck)
	if err := os.WriteFile(other, data, 0o644); err != nil {
		t.Fatal(err)
	}
	stderr := mustCLI(t, "run-job", "-j", "1", filepath.Join(dir, "job-0002.json"), "-o", filepath.Join(dir, "job-0002.result.json"))
	if !strings.Contains(stderr, "another job file") || strings.Contains(stderr, "going on from") {
		t.Errorf("job 2 with job 1's checkpoint: %s", stderr)
	}
	stderr = mustCLI(t, "run-job", "-j", "1", job, "-o", out)
	if !strings.Contains(stderr, "going on from its checkpoint") {
		t.Errorf("run again: %s", stderr)
	}
	var r resultFile
	data, _ = os.ReadFile(out)
	// all of them when the stop came after the last subtree's checkpoint,
	// before the result (a loaded machine): the rerun then only seals it
	if err := json.Unmarshal(data, &r); err != nil || r.ResumedNodes <= 0 || r.ResumedNodes > r.Nodes {
		t.Errorf("result: resumed_nodes %d of %d (%v)", r.ResumedNodes, r.Nodes, err)
	}
	if _, err := os.Stat(ck); err == nil {
		t.Error("the checkpoint is left after the result")
	}
	line := func(s string) string {
		s, _, _ = strings.Cut(s[strings.Index(s, "Altogether"):], ". ")
		return s
	}
	if got, want := line(mustCLI(t, "merge", dir)), line(mustCLI(t, "solve", "--engine", "bits", "soma")); got != want {
		t.Errorf("merge: %q, solve: %q", got, want)
	}
}
