package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRunJobSplitUsageReasons: run-job and split refuse wrong arguments as
// the other commands do, with the reason and then where their usage is,
// not the whole usage.
func TestRunJobSplitUsageReasons(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "job-0001.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run-job"}, "polyviz run-job: no input: name a job file"},
		{[]string{"run-job", job, job, "-o", "r.json"}, "polyviz run-job: one input at a time, got 2"},
		{[]string{"run-job", job}, "polyviz run-job: needs -o RESULT"},
		{[]string{"run-job", "--index", "0", dir, "-o", "-"}, "polyviz run-job: -o -: run-job --index writes a result file per job"},
		{[]string{"run-job", job, "-o", "-", "--checkpoint-every", "1m"}, "polyviz run-job: -o -: the checkpoints are saved beside the result file"},
		{[]string{"run-job", job, "-o", "r.json", "-j", "0"}, "polyviz run-job: -j must be at least 1, got 0"},
		{[]string{"run-job", job, "-o", "r.json", "--checkpoint-every", "-1s"}, "polyviz run-job: --checkpoint-every must be 0 (never) or more"},
		{[]string{"run-job", "--index", "-1", dir, "-o", dir}, "polyviz run-job: --index must be 0 or more"},
		{[]string{"split", "--jobs", "2", "-o", dir}, "polyviz split: no input: name a DLX file"},
		{[]string{"split", "soma", "pentomino-6x10", "--jobs", "2", "-o", dir}, "polyviz split: one input at a time, got 2"},
		{[]string{"split", "soma", "--jobs", "2"}, "polyviz split: needs -o FOLDER"},
		{[]string{"split", "soma", "--jobs", "2", "-o", "-"}, "polyviz split: -o -: split writes a folder of files"},
		{[]string{"split", "soma", "--jobs", "0", "-o", filepath.Join(dir, "s")}, "polyviz split: --jobs must be at least 1, got 0"},
		{[]string{"split", "soma", "--jobs", "2", "--distinct", "bogus", "-o", filepath.Join(dir, "s")}, "polyviz split: "},
	} {
		code, _, errs := runCLI(t, "", c.args...)
		cmd := c.args[0]
		if code != 2 || !strings.HasPrefix(errs, c.want) || !strings.HasSuffix(errs, "\nRun 'polyviz help "+cmd+"' for its usage.\n") || strings.Contains(errs, "usage: polyviz") {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q and the help line", c.args, code, errs, c.want)
		}
	}
}
