package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"polyviz/solver"
)

// A job's checkpoint: run-job saves the state of its search every so often
// beside its result (job-NNNN.checkpoint.json), so that a job run again
// after its machine was lost (a Slurm requeue, a Kubernetes pod restarted,
// GNU parallel run again) goes on from there instead of from the job's
// start. The checkpoint names the job file by its SHA-256: a checkpoint of
// another job, or of an earlier split, is never resumed.
const jobCheckpointFormat = "polyviz job checkpoint 1"

type jobCheckpointFile struct {
	Format    string            `json:"format"`
	Job       int               `json:"job"`
	JobSHA256 string            `json:"job_sha256"`
	Search    solver.Checkpoint `json:"search"`
	Digest    string            `json:"digest"`
}

func (f *jobCheckpointFile) digestField() *string { return &f.Digest }

// jobCheckpointPath is where run-job keeps the checkpoint of the job whose
// result goes to out: job-NNNN.result.json keeps job-NNNN.checkpoint.json,
// any other name NAME.checkpoint.json.
func jobCheckpointPath(out string) string {
	base, _ := strings.CutSuffix(out, ".result.json")
	return base + ".checkpoint.json"
}

// readJobCheckpoint reads the checkpoint at path of the job whose file has
// SHA-256 jobSHA: nil and no error when there is none; an error when the
// file is not a sound checkpoint of that job.
func readJobCheckpoint(path, jobSHA string) (*solver.Checkpoint, error) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	var f jobCheckpointFile
	if _, err := readJSONFile(path, &f, func() string { return f.Format }, jobCheckpointFormat); err != nil {
		return nil, err
	}
	if f.JobSHA256 != jobSHA {
		return nil, fmt.Errorf("%s: the checkpoint of another job file (job %d, %.12s...)", path, f.Job, f.JobSHA256)
	}
	c := &f.Search
	if err := checkFigures(c.Solutions, c.Nodes, c.Updates, c.Profile, c.MaxLevel, 0); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return c, nil
}

// jobCheckpointWriter returns the Options.Checkpoint callback that saves a
// job's checkpoints at path; a failed write is said once on stderr (the
// job goes on: its result does not need them).
func jobCheckpointWriter(path string, job int, jobSHA string, stderr io.Writer) func(solver.Checkpoint) {
	failing := false
	return func(c solver.Checkpoint) {
		if c.Done {
			return // the result follows at once
		}
		f := jobCheckpointFile{Format: jobCheckpointFormat, Job: job, JobSHA256: jobSHA, Search: c}
		_, err := writeSealed(path, &f)
		switch {
		case err != nil && !failing:
			fmt.Fprintf(stderr, "polyviz run-job: checkpoint not saved: %v\n", err)
		case err == nil && failing:
			fmt.Fprintf(stderr, "polyviz run-job: checkpoint saved in %s again\n", path)
		}
		failing = err != nil
	}
}
