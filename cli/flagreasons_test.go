package cli

import (
	"fmt"
	"strings"
	"testing"
)

// TestFlagReasons: a flag out of range is refused with its reason (not the
// usage text alone), and -j past the machine's bound is lowered the same
// way by solve and run-job, saying so.
func TestFlagReasons(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "--job-files", "--jobs", "2", "-o", dir, "pentomino-3x20")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"split", "--jobs", "0", "-o", dir + "/x", "soma"}, 2, "--jobs must be at least 1, got 0"},
		{[]string{"split", "--pieces", "-3", "-o", dir + "/x", "soma"}, 2, "--pieces must be 0 (4 per job) or more, got -3"},
		{[]string{"run-job", "--index", "-5", dir, "-o", dir}, 2, "--index must be 0 or more"},
		{[]string{"run-job", "-j", "0", dir + "/job-0001.json", "-o", dir + "/r.json"}, 2, "-j must be at least 1, got 0"},
		{[]string{"disassemble", "--solution", "0", "soma"}, 2, "--solution must be at least 1"},
		{[]string{"animate", "--fps", "0", "soma", "-o", dir + "/a.gif"}, 2, "--fps must be above 0"},
		{[]string{"why", "--budget", "-1s", "soma"}, 2, "--budget must be positive, got -1s"},
		{[]string{"solve", "--checkpoint-every", "0", "soma"}, 2, "--checkpoint-every must be positive"},
		{[]string{"solve", "--problem", "5", "soma"}, 1, "--problem 5: puzzles/soma.txt holds one problem"},
		{[]string{"estimate", "--calibrate", "-1s", "soma"}, 2, "--calibrate must be positive"},
		{[]string{"run-job", "-j", "100000", dir + "/job-0001.json", "-o", dir + "/r.json"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
		{[]string{"solve", "-j", "100000", "pentomino-3x20"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, stderr, c.code, c.msg)
		}
	}
}
