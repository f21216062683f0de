package cli

import (
	"fmt"
	"strings"
	"testing"
)

// TestFlagReasons: a flag out of range is refused with its reason (not the
// usage text alone), and -j past the machine's bound is lowered the same
// way by every command that takes it, saying so.
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
		{[]string{"render", "--solution", "-1", "soma", "-o", dir + "/r.png"}, 2, "--solution must be at least 1"},
		{[]string{"render", "--yaw", "NaN", "soma", "-o", dir + "/r.png"}, 2, "--yaw must be a finite number of degrees, got NaN"},
		{[]string{"instructions", "--open", "up", "soma", "-o", dir + "/i.pdf"}, 2, "the open side must be one unit step along an axis"},
		{[]string{"render", "--pitch", "-Inf", "soma", "-o", dir + "/r.png"}, 2, "--pitch must be a finite number of degrees, got -Inf"},
		{[]string{"animate", "--yaw", "+Inf", "soma", "-o", dir + "/a.gif"}, 2, "--yaw must be a finite number of degrees, got +Inf"},
		{[]string{"animate", "--fps", "0", "soma", "-o", dir + "/a.gif"}, 2, "--fps must be above 0"},
		{[]string{"why", "--budget", "-1s", "soma"}, 2, "--budget must be positive, got -1s"},
		{[]string{"solve", "--checkpoint-every", "0", "soma"}, 2, "--checkpoint-every must be positive"},
		{[]string{"solve", "--problem", "5", "soma"}, 1, "--problem 5: soma holds one problem"},
		// bad flag values are bad usage (2), in the cli's words
		{[]string{"solve", "--problem", "0", "soma"}, 2, "--problem 0: problems are numbered from 1"},
		{[]string{"solve", "--format", "bogus", "soma"}, 2, `--format: unknown format "bogus"`},
		{[]string{"solve", "--format", "antislide", "soma"}, 2, "--format antislide: not read here; polyviz antislide FILE"},
		{[]string{"xmpuzzle", "--format", "antislide", "soma", "-o", dir + "/r.xmpuzzle"}, 2, "--format antislide: not read here"},
		{[]string{"solve", "--engine", "foo", "soma"}, 2, `--engine: unknown engine "foo"`},
		{[]string{"split", "--engine", "foo", "-o", dir + "/x", "soma"}, 2, `--engine: unknown engine "foo"`},
		{[]string{"estimate", "--engine", "foo", "soma"}, 2, `--engine: unknown engine "foo"`},
		{[]string{"estimate", "--calibrate", "-1s", "soma"}, 2, "--calibrate must be positive"},
		{[]string{"run-job", "-j", "100000", dir + "/job-0001.json", "-o", dir + "/r.json"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
		{[]string{"fillomino-check", "-j", "100000", "-"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
		{[]string{"solve", "-j", "100000", "pentomino-3x20"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
		// every command with -j lowers it alike (antislide ran out of memory, the others failed in the solver)
		{[]string{"antislide", "-j", "99999999999", "--box", "2x2x2"}, 0, fmt.Sprintf("-j 99999999999 is more than %d workers", maxJobs())},
		{[]string{"lepage", "-j", "100000", "--count", "testdata/lepage/problems/soma-cube.txt"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
		{[]string{"unique", "-j", "100000", "soma"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
		{[]string{"fillomino-gen", "-j", "100000", "--size", "4x4"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
		{[]string{"estimate", "-j", "100000", "--budget", "100ms", "soma"}, 0, fmt.Sprintf("-j 100000 is more than %d workers", maxJobs())},
	} {
		code, _, stderr := runCLI(t, "3..3\n....\n.11.\n3..3\n", c.args...)
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, stderr, c.code, c.msg)
		}
		if strings.Contains(stderr, "solver:") || strings.Contains(stderr, "MaxWorkers") {
			t.Errorf("%v: %q names the solver package", c.args, stderr)
		}
	}
}
