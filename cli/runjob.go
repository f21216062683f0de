package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/spf13/pflag"

	"polyviz/fileout"
	"polyviz/formats"
	"polyviz/puzzle"
	"polyviz/solver"
)

// runRunJob is `polyviz run-job JOB -o RESULT`: it searches the subtrees of
// one job file made by `polyviz split` and writes what it found to RESULT
// atomically (a job killed midway leaves no result; run it again). The job
// runs with the engine that split cut it for. Every --checkpoint-every it
// saves its state beside the result (jobCheckpointPath), and a job run
// again goes on from there: a lost machine loses at most that much work.
// A job whose sound result is already there is not run again (--force runs
// it), so that an array resubmitted after some of its tasks failed redoes
// only those.
func runRunJob(ctx context.Context, std IO, args []string) int {
	var out string
	var workers, index int
	var force bool
	var every time.Duration
	fs := pflag.NewFlagSet("run-job", pflag.ContinueOnError)
	fs.StringVarP(&out, "output", "o", "", "result `FILE` (written atomically; - for standard output, with no checkpoints), or with --index the directory for it")
	fs.IntVarP(&workers, "workers", "j", runtime.NumCPU(), "number of workers")
	fs.IntVar(&index, "index", -1, "run job `I`+1 of the split in the folder JOB (I counts from 0, as Kubernetes' JOB_COMPLETION_INDEX): its line of jobs.jsonl, or its job-NNNN.json, NNNN = I+1; the result is job-NNNN.result.json in the -o folder")
	fs.DurationVar(&every, "checkpoint-every", time.Minute, "save the job's state this often beside the result (RESULT with .checkpoint.json for .result.json), and go on from it when the job is run again; 0: never")
	fs.BoolVar(&force, "force", false, "run the job even when RESULT already holds its complete result (without it, such a job is left as it is: exit 0, nothing searched)")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz run-job JOB -o RESULT")
		fmt.Fprintln(std.Stderr, "       polyviz run-job --index I DIR -o DIR")
		fmt.Fprintln(std.Stderr, "Runs one job file made by polyviz split and writes its result for polyviz merge.")
		fmt.Fprintln(std.Stderr, "A job whose result is already complete (checked as merge checks it) is not run again: see --force.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if msg := inputCountProblem(fs, "a job file of polyviz split (with --index, the split's folder)"); msg != "" {
		return usageFailed(std, "run-job", "%s", msg)
	}
	toStdout := out == fileout.Stdout
	switch {
	case out == "":
		return usageFailed(std, "run-job", "needs -o RESULT (with --index, -o DIR): where to write the job's result")
	case toStdout && fs.Changed("index"):
		return usageFailed(std, "run-job", "-o -: run-job --index writes a result file per job (job-NNNN.result.json); give a folder")
	case toStdout && fs.Changed("checkpoint-every") && every != 0:
		// they go beside the result file, which standard output is not
		return usageFailed(std, "run-job", "-o -: the checkpoints are saved beside the result file: give -o FILE, or --checkpoint-every 0")
	case workers < 1:
		return usageFailed(std, "run-job", "-j must be at least 1, got %d", workers)
	case every < 0:
		return usageFailed(std, "run-job", "--checkpoint-every must be 0 (never) or more, got %v", every)
	case fs.Changed("index") && index < 0:
		return usageFailed(std, "run-job", "--index must be 0 or more (it counts the jobs from 0), got %d", index)
	}
	workers = clampJobs(std, "run-job", workers)
	// --index: an array of containers with no shell to compute the file
	// name, or a job of a split's jobs file
	path, k, out, err := jobPath(fs.Arg(0), index, out)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz run-job: %v\n", err)
		return 2
	}
	var jf jobFile
	format := func() string {
		if jf.Format == jobFormatOwn && jf.DLX != "" && jf.ProblemFile == "" {
			return jobFormat // an older split's job file, with its own problem
		}
		return jf.Format
	}
	var data []byte
	if k > 0 {
		if data, err = readPackedJob(path, k); err == nil {
			err = decodeSealed(fmt.Sprintf("%s:%d", path, k), data, &jf, format, jobFormat)
		}
		if err == nil && jf.Job != k {
			err = fmt.Errorf("%s:%d: holds job %d: the index does not match the jobs file", path, k, jf.Job)
		}
	} else {
		data, err = readJSONFile(path, &jf, format, jobFormat)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz run-job: %v\n", err)
		return 1
	}
	jobSHA := sha256Hex(data)
	ckPath := jobCheckpointPath(out)
	if !toStdout && !force {
		// a resubmitted array, or parallel run again, redoes no finished job
		r, err := completeResult(out, &jf, jobSHA)
		switch {
		case r != nil:
			fmt.Fprintf(std.Stderr, "job %d of %d: result already complete in %s (%s, %d nodes); nothing to do (--force runs it again)\n",
				jf.Job, jf.Jobs, out, count(r.Solutions, "solution", "solutions"), r.Nodes)
			// killed between the result and the checkpoint's removal
			if c, err := readJobCheckpoint(ckPath, jobSHA); err == nil && c != nil {
				if err := os.Remove(ckPath); err != nil {
					fmt.Fprintf(std.Stderr, "polyviz run-job: %v\n", err)
				}
			}
			return 0
		case err != nil:
			fmt.Fprintf(std.Stderr, "polyviz run-job: job %d: not trusting the result there: %v; running the job, to replace it\n", jf.Job, err)
		}
	}
	// a job file is sealed, not signed: its problem is read under the
	// default memory limit, as any input is
	lim := solver.ReadLimits{MaxBytes: defaultMaxMemory()}
	problem, err := jobProblem(path, &jf, lim.MaxBytes)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz run-job: %v\n", err)
		return 1
	}
	if toStdout {
		every = 0 // no file for the checkpoints to go beside
	}
	// the result's folder is checked before the job runs, not after
	if fi, err := os.Stat(filepath.Dir(out)); !toStdout && (err != nil || !fi.IsDir()) {
		fmt.Fprintf(std.Stderr, "polyviz run-job: cannot write the result %s: no folder %s\n", out, filepath.Dir(out))
		return 1
	} else if !toStdout {
		// a folder it cannot write in, or a full device, is said now too
		if err := fileout.CheckWritable(out); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz run-job: cannot write the result: %v (nothing run)\n", err)
			return 1
		}
	}
	opt := solver.Options{Workers: workers, Resume: &jf.Search}
	var resumed int64
	if every > 0 {
		// a job run again goes on from its own checkpoint
		c, err := readJobCheckpoint(ckPath, jobSHA)
		switch {
		case err != nil:
			fmt.Fprintf(std.Stderr, "polyviz run-job: %v: not resumed, the job starts from its beginning\n", err)
		case c != nil:
			opt.Resume, resumed = c, c.Nodes
			fmt.Fprintf(std.Stderr, "job %d of %d: going on from its checkpoint %s (%d nodes searched, %d of %d subtrees left)\n",
				jf.Job, jf.Jobs, ckPath, c.Nodes, len(c.Tasks), len(jf.Search.Tasks))
		}
		opt.Checkpoint = jobCheckpointWriter(ckPath, jf.Job, jobSHA, std.Stderr)
		opt.CheckpointEvery = every
	}
	var st solver.Stats
	var dst puzzle.DistinctStats
	if jf.Distinct != "" {
		dst, err = runDistinctJob(ctx, &jf, problem, opt)
		st = dst.Stats
	} else {
		var p *solver.Problem
		if p, err = solver.ParseDLXContext(ctx, bytes.NewReader(problem), problemName(path, &jf), lim); err == nil {
			st, err = solver.Solve(ctx, p, opt, nil)
		}
	}
	if err != nil {
		return commandFailed(ctx, std, "run-job", fmt.Errorf("%s: %w", path, err))
	}
	res := resultFile{Format: resultFormat, Job: jf.Job, JobSHA256: jobSHA, Problem: jf.Search.Problem,
		Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Profile: st.Profile, MaxLevel: st.MaxLevel,
		Seconds: st.Elapsed.Seconds(), Workers: st.Workers, Distinct: dst.Distinct, Raw: dst.Raw, ResumedNodes: resumed}
	if toStdout {
		err = seal(&res)
		var data []byte
		if err == nil {
			data, err = jsonBytes(&res)
		}
		if err == nil {
			_, err = std.Stdout.Write(data)
		}
		if err != nil {
			err = fmt.Errorf("write standard output: %w", err)
		}
	} else {
		_, err = writeSealed(out, &res)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz run-job: %v\n", err)
		return 1
	}
	if every > 0 {
		// the result holds it all now
		if err := os.Remove(ckPath); err != nil && !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(std.Stderr, "polyviz run-job: %v\n", err)
		}
	}
	fmt.Fprintf(std.Stderr, "job %d of %d: %s\n", jf.Job, jf.Jobs, summaryLine(st, "Altogether"))
	return 0
}

// problemName is the name of a job's problem in messages: its problem
// file, or the job file that holds it.
func problemName(path string, jf *jobFile) string {
	if jf.ProblemFile == "" {
		return path
	}
	return filepath.Join(filepath.Dir(path), jf.ProblemFile)
}

// runDistinctJob runs a job of a distinct split: its puzzle (spec, the
// puzzle's file), SolveDistinct going on with the job's subtrees (the
// problem's hash, in the checkpoint, tells that the cut is the same as
// split's).
func runDistinctJob(ctx context.Context, jf *jobFile, spec []byte, opt solver.Options) (puzzle.DistinctStats, error) {
	mode, err := puzzle.ParseDistinct(jf.Distinct)
	if err != nil {
		return puzzle.DistinctStats{}, err
	}
	l, err := formats.Load(jf.Name, spec, jf.SpecFormat, puzzle.LoadOptions{Context: ctx, MaxBytes: defaultMaxMemory()})
	if err != nil {
		return puzzle.DistinctStats{}, err
	}
	if l.Puzzle == nil {
		return puzzle.DistinctStats{}, fmt.Errorf("the job's puzzle is not a packing")
	}
	return l.Puzzle.SolveDistinct(ctx, mode, opt, nil)
}

// maxResultBytes bounds the file run-job reads as a finished result: a
// result's profile has a count a level, so a real one is far smaller.
const maxResultBytes = 16 << 20

// completeResult returns the result at out when an earlier run of the job
// jf (its file's SHA-256 jobSHA) left it complete and sound, as merge
// checks it: sealed, of this job file and problem, its figures in
// agreement with each other and with the job's subtrees (merge alone knows
// the split's solution level). It returns nil and why the file is not such
// a result, or nil, nil when no file is there.
func completeResult(out string, jf *jobFile, jobSHA string) (*resultFile, error) {
	fi, err := os.Stat(out)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case !fi.Mode().IsRegular():
		return nil, nil // a device or FIFO holds no result (and reading a FIFO waits)
	case fi.Size() > maxResultBytes:
		return nil, fmt.Errorf("%s: %d bytes, too large for a result", out, fi.Size())
	}
	var r resultFile
	if _, err := readJSONFile(out, &r, func() string { return r.Format }, resultFormat); err != nil {
		return nil, err
	}
	if r.Job != jf.Job || r.JobSHA256 != jobSHA {
		return nil, fmt.Errorf("%s: the result of another job (job %d, job file %.12s...; this is job %d, job file %.12s...)", out, r.Job, r.JobSHA256, jf.Job, jobSHA)
	}
	shallowest, roots := jobShape(jf.Search.Tasks)
	mj := manifestJob{SHA256: jobSHA, Shallowest: shallowest, Roots: roots}
	if err := checkJobResult(r, jf.Search.Problem, jf.Job, mj, 0); err != nil {
		return nil, fmt.Errorf("%s: %v", out, err)
	}
	return &r, nil
}
