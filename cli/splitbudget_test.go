package cli

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSplitBudget: a cut whose budget is spent says so and still makes
// jobs that merge to solve's figures; a negative budget is bad usage.
func TestSplitBudget(t *testing.T) {
	want := altogether.FindString(mustCLI(t, "solve", "-j", "1", "--engine", "dlx", "soma"))
	dir := t.TempDir()
	code, _, stderr := runCLI(t, "", "split", "soma", "--engine", "dlx", "--jobs", "3", "--budget", "1ns", "-o", dir)
	if code != 0 || !strings.Contains(stderr, "the cut stopped refining at --budget 1ns: the jobs are exact") {
		t.Fatalf("split --budget 1ns: exit %d\n%s", code, stderr)
	}
	m := regexp.MustCompile(`: (\d+) jobs? in `).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("split: no count of jobs in\n%s", stderr)
	}
	jobs, _ := strconv.Atoi(m[1])
	for i := range jobs {
		runCLI(t, "", "run-job", "-j", "1", "--index", fmt.Sprint(i), dir, "-o", dir)
	}
	if got := altogether.FindString(mustCLI(t, "merge", dir)); got != want {
		t.Errorf("merge of a short cut says %q, solve %q", got, want)
	}
	code, _, stderr = runCLI(t, "", "split", "soma", "--budget", "-1s", "-o", t.TempDir())
	if code != 2 || !strings.Contains(stderr, "--budget -1s: a time must be 0 (no limit) or more") {
		t.Errorf("split --budget -1s: exit %d\n%s", code, stderr)
	}
}

// TestSplitMultiplicitiesDLX: dancing links cannot cut Algorithm M's tree;
// split says so in its own words and names the engine that can.
func TestSplitMultiplicitiesDLX(t *testing.T) {
	const m = "2:3|a b\na b\na\nb\n"
	code, _, stderr := runCLI(t, m, "split", "-", "--engine", "dlx", "--jobs", "2", "-o", t.TempDir())
	if code != 1 || !strings.Contains(stderr, "the dlx engine cannot cut this search into jobs: the problem has items with multiplicities (Algorithm M); --engine auto or bits") ||
		strings.Contains(stderr, "checkpoints") {
		t.Errorf("split --engine dlx of multiplicities: exit %d\n%s", code, stderr)
	}
	if code, _, stderr = runCLI(t, m, "split", "-", "--jobs", "2", "-o", t.TempDir()); code != 0 {
		t.Errorf("split of multiplicities: exit %d\n%s", code, stderr)
	}
}
