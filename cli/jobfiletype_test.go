package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJobFileFieldTypeWords: a job file's field of the wrong type is
// placed at its line and column and said in words, not Go's types.
func TestJobFileFieldTypeWords(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "soma", "--jobs", "2", "--job-files", "-o", dir)
	data, err := os.ReadFile(filepath.Join(dir, "job-0001.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"job": 1,`, `"job": "one",`, 1)
	if bad == string(data) {
		bad = strings.Replace(string(data), `"job":1,`, `"job":"one",`, 1)
	}
	if bad == string(data) {
		t.Fatalf("no job field in\n%.300s", data)
	}
	path := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "run-job", path, "-o", filepath.Join(dir, "r.json"))
	if code != 1 || !strings.Contains(stderr, `bad.json:`) || !strings.Contains(stderr, `: not a polyviz job 3 file: field "job" holds the string "one", not a whole number`) ||
		strings.Contains(stderr, "Go struct") || strings.Contains(stderr, "of type") {
		t.Errorf("run-job of a wrong-typed field: exit %d\n%s", code, stderr)
	}
}
