package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"polyviz/fileout"
)

// A split's jobs in one file rather than a file a job: a cluster's shared
// filesystem (and kubectl cp, and split itself, at a file's creation a
// job) does better with a few files than with thousands.
//
//	DIR/jobs.jsonl   job K on line K, each line what job-NNNN.json would
//	                 hold (a sealed job, its SHA-256 the line's, newline
//	                 included)
//	DIR/jobs.index   the byte offset of each line and then the file's
//	                 length, each as indexWidth-1 decimal digits and a
//	                 newline, so that run-job --index reads two offsets
//	                 and one line, not the whole file
const (
	jobsPackedFile = "jobs.jsonl"
	jobsIndexFile  = "jobs.index"
	indexWidth     = 17
)

// writePackedJobs writes the jobs (each a line of JSON, its newline
// included) into dir's jobs file and its index, each atomically.
func writePackedJobs(dir string, jobs [][]byte) error {
	err := fileout.WriteFile(filepath.Join(dir, jobsPackedFile), func(w io.Writer) error {
		for _, j := range jobs {
			if _, err := w.Write(j); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	index := make([]byte, 0, indexWidth*(len(jobs)+1))
	var off int64
	for i := 0; i <= len(jobs); i++ {
		index = fmt.Appendf(index, "%0*d\n", indexWidth-1, off)
		if i < len(jobs) {
			off += int64(len(jobs[i]))
		}
	}
	return writeBytes(filepath.Join(dir, jobsIndexFile), index)
}

// packedJobsIn returns the jobs file of the split in dir, or "" when the
// split wrote a file a job (or dir is not a folder).
func packedJobsIn(dir string) string {
	path := filepath.Join(dir, jobsPackedFile)
	if _, err := os.Stat(path); err != nil {
		return ""
	}
	return path
}

// readPackedJob returns the line of job k (from 1) of the jobs file at
// path, through the index beside it.
func readPackedJob(path string, k int) ([]byte, error) {
	indexPath := filepath.Join(filepath.Dir(path), jobsIndexFile)
	ix, err := os.Open(indexPath)
	if err != nil {
		return nil, fmt.Errorf("%v (a jobs file needs the index that split wrote beside it)", err)
	}
	defer ix.Close()
	var buf [2 * indexWidth]byte
	if _, err := ix.ReadAt(buf[:], int64(k-1)*indexWidth); err != nil {
		if errors.Is(err, io.EOF) {
			if fi, err := ix.Stat(); err == nil && (fi.Size() < indexWidth || fi.Size()%indexWidth != 0) {
				return nil, fmt.Errorf("%s: damaged index: %d bytes, not lines of %d digits (copy the split's folder whole)", indexPath, fi.Size(), indexWidth-1)
			}
			n := jobsInIndex(ix)
			return nil, fmt.Errorf("%s: no job %d: the split has %s (--index counts from 0: 0 to %d)", path, k, count(n, "job", "jobs"), n-1)
		}
		return nil, fmt.Errorf("%s: %v", indexPath, err)
	}
	from, err1 := indexOffset(buf[:indexWidth])
	to, err2 := indexOffset(buf[indexWidth:])
	if err := errors.Join(err1, err2); err != nil || to <= from || to-from > maxJobLine {
		return nil, fmt.Errorf("%s:%d: damaged index (offsets %q, %q)", indexPath, k, buf[:indexWidth-1], buf[indexWidth:2*indexWidth-1])
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	line := make([]byte, to-from)
	if _, err := f.ReadAt(line, from); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: shorter than its index says (job %d ends at byte %d): cut short in a copy?", path, k, to)
		}
		return nil, err
	}
	if line[len(line)-1] != '\n' || (from > 0 && !precededByNewline(f, from)) {
		return nil, fmt.Errorf("%s:%d: the index does not point at the job's line (%s changed?)", path, k, indexPath)
	}
	return line, nil
}

// maxJobLine bounds a job's line: its subtrees, never its problem.
const maxJobLine = 1 << 30

// indexOffset reads one line of the index.
func indexOffset(b []byte) (int64, error) {
	if b[indexWidth-1] != '\n' {
		return 0, fmt.Errorf("not a line of %d digits", indexWidth-1)
	}
	return strconv.ParseInt(string(b[:indexWidth-1]), 10, 64)
}

// jobsInIndex is the number of jobs an index lists.
func jobsInIndex(ix *os.File) int64 {
	fi, err := ix.Stat()
	if err != nil {
		return 0
	}
	return max(fi.Size()/indexWidth-1, 0)
}

// precededByNewline reports whether the byte before off is a newline: a
// line the index points at starts a line.
func precededByNewline(f *os.File, off int64) bool {
	var b [1]byte
	_, err := f.ReadAt(b[:], off-1)
	return err == nil && b[0] == '\n'
}

// isPackedJobsFile reports whether path names a split's jobs file, which
// run-job runs a job of with --index.
func isPackedJobsFile(path string) bool {
	return filepath.Base(path) == jobsPackedFile || strings.HasSuffix(path, ".jsonl")
}

// jobPath resolves run-job's JOB and --index: the job's file, or the
// jobs file and the job's number in it (0 for a file of its own), and
// the result's path for out, a folder when index >= 0.
func jobPath(arg string, index int, out string) (path string, k int, result string, err error) {
	if index < 0 {
		if isPackedJobsFile(arg) {
			return "", 0, "", fmt.Errorf("%s holds every job of a split: run one with --index I (from 0)", arg)
		}
		return arg, 0, out, nil
	}
	name := fmt.Sprintf("job-%04d", index+1)
	result = filepath.Join(out, name+".result.json")
	if isPackedJobsFile(arg) {
		return arg, index + 1, result, nil
	}
	if fi, err := os.Stat(arg); err == nil && !fi.IsDir() {
		return "", 0, "", fmt.Errorf("--index needs the split's folder or its %s, not %s", jobsPackedFile, arg)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", 0, "", err
	}
	if p := packedJobsIn(arg); p != "" {
		return p, index + 1, result, nil
	}
	// a split that wrote a file a job (split --job-files)
	return filepath.Join(arg, name+".json"), 0, result, nil
}
