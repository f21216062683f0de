package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/solver"
)

// rewriteJSON decodes path into v, lets edit change it, and writes it back
// with seal (a digest recomputed, as a forger would) or without.
func rewriteJSON(t *testing.T, path string, v digested, edit func(), reseal bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
	edit()
	if reseal {
		if err := seal(v); err != nil {
			t.Fatal(err)
		}
	}
	out, err := jsonBytes(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestResumeStrict: a checkpoint resumes a count only when merge would
// take its figures: one of the older format without a digest is refused
// (its counts could be anything), and so is one whose solutions were
// raised by one and its digest recomputed (the solutions are no longer the
// nodes of the level where every solution lies).
func TestResumeStrict(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "ck.json")
	mustCLI(t, "solve", "-j", "1", "--checkpoint", good, "pentomino-3x20")
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		edit   func(f *checkpointFile)
		reseal bool
		msg    string
	}{
		{"older format, no digest", func(f *checkpointFile) {
			f.Format, f.Digest = checkpointFormatV1, ""
			f.Solutions += 1000
		}, false, "has no digest"},
		{"older format, done, no tasks", func(f *checkpointFile) {
			f.Format, f.Digest = checkpointFormatV1, ""
			f.Done, f.Tasks = true, []solver.Task{}
		}, false, "has no digest"},
		{"no digest", func(f *checkpointFile) { f.Digest = "" }, false, "no digest"},
		{"solutions+1, resealed", func(f *checkpointFile) { f.Solutions++ }, true, "where every solution lies"},
		{"huge counts, resealed", func(f *checkpointFile) {
			f.Solutions, f.Nodes, f.Updates = 1<<62, 1<<62, 1<<62
			f.Profile = []int64{1 << 62}
			f.MaxLevel = 0
		}, true, "out of range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := filepath.Join(t.TempDir(), "bad.json")
			if err := os.WriteFile(bad, data, 0o644); err != nil {
				t.Fatal(err)
			}
			var f checkpointFile
			rewriteJSON(t, bad, &f, func() { c.edit(&f) }, c.reseal)
			code, _, stderr := runCLI(t, "", "solve", "--resume", bad, "pentomino-3x20")
			if code != 1 || !strings.Contains(stderr, c.msg) || strings.Contains(stderr, "Altogether") {
				t.Errorf("exit %d, %q; want 1, %q and no total", code, stderr, c.msg)
			}
		})
	}
}

// TestMergeOverflow: results whose counts add up past the largest int64
// (digests recomputed) give an error and no total, never a wrapped one;
// merge --json names the engine the jobs ran.
func TestMergeOverflow(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	mustCLI(t, "split", "--job-files", "--jobs", "4", "--engine", "bits", "-o", dir, "pentomino-3x20")
	for j := 1; j <= 4; j++ {
		job := filepath.Join(dir, "job-000"+string(rune('0'+j)))
		mustCLI(t, "run-job", job+".json", "-o", job+".result.json")
	}
	code, stdout, stderr := runCLI(t, "", "merge", "--json", dir)
	if code != 0 || !strings.Contains(stdout, `"engine":"bits"`) {
		t.Errorf("merge --json of a split of the bitset engine: exit %d, %s%s", code, stdout, stderr)
	}
	for j := 1; j <= 4; j++ {
		var r resultFile
		rewriteJSON(t, filepath.Join(dir, "job-000"+string(rune('0'+j))+".result.json"), &r, func() {
			// as many nodes as a checkpoint may hold, all of them solutions
			// at the level of the solutions: each result passes the checks
			const depth = 12 // pentomino 3x20: 12 pieces
			for len(r.Profile) <= depth {
				r.Profile = append(r.Profile, 0)
			}
			r.MaxLevel = depth
			k := solver.MaxCount - r.Nodes
			r.Nodes += k
			r.Solutions += k
			r.Profile[depth] += k
		}, true)
	}
	code, stdout, stderr = runCLI(t, "", "merge", "--json", dir)
	if code != 1 || !strings.Contains(stderr, "too many to count") || strings.Contains(stderr, "Altogether") || stdout != "" {
		t.Errorf("merge of results adding up past 2^63: exit %d, %q, %q; want 1, too many to count, no total", code, stderr, stdout)
	}
}
