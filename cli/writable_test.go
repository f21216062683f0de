package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnwritableRefusedFirst: a checkpoint or a job's result that cannot be
// written is said before the search, not after it.
func TestUnwritableRefusedFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no", "such", "folder")
	code, _, stderr := runCLI(t, "", "solve", "--checkpoint", filepath.Join(missing, "x.ckpt"), "soma")
	if code != 1 || !strings.Contains(stderr, "nothing searched") || strings.Contains(stderr, "Altogether") {
		t.Errorf("solve --checkpoint in a missing folder: exit %d, %q", code, stderr)
	}
	if os.Geteuid() == 0 {
		return // root writes in a read-only folder
	}
	dir := t.TempDir()
	mustCLI(t, "split", "--jobs", "2", "-o", dir, "pentomino-3x20")
	ro := t.TempDir()
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCLI(t, "", "run-job", "--index", "0", dir, "-o", ro)
	if code != 1 || !strings.Contains(stderr, "nothing run") {
		t.Errorf("run-job into a read-only folder: exit %d, %q", code, stderr)
	}
}
