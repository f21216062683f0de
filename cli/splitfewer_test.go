package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSplitFewerJobs: a tree with work for fewer jobs than --jobs asks
// says so, with the indexes a scheduler should run; the summary counts in
// the singular where one.
func TestSplitFewerJobs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	stderr := mustCLI(t, "split", "--jobs", "200", "-o", dir, "polyomino-123-square")
	m := regexp.MustCompile(`--jobs 200 asked, but the tree has work for (\d+) jobs only: run-job --index 0 to (\d+)`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no word of the fewer jobs: %s", stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, jobsIndexFile))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(m[1])
	if lines := strings.Count(string(data), "\n") - 1; lines != n {
		t.Errorf("the split says %d jobs, its index holds %d", n, lines)
	}
	one := filepath.Join(t.TempDir(), "one")
	if stderr := mustCLI(t, "split", "--jobs", "1", "-o", one, "pentomino-3x20"); !strings.Contains(stderr, ": 1 job in ") || strings.Contains(stderr, "asked, but") {
		t.Errorf("split --jobs 1: %s", stderr)
	}
}
