package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"polyviz/fileout"

	"polyviz/solver"
)

// The files of split / run-job / merge, all JSON:
//
//	DIR/manifest.json     what was split, the figures of the top of the
//	                      tree that split searched, and each job file's
//	                      name and SHA-256
//	DIR/problem.dlx       the problem every job searches, once: its DLX
//	                      file (problem.spec, the puzzle's own file, for a
//	                      split of a distinct count, which needs the box)
//	DIR/job-NNNN.json     one job: the subtrees to search, and the name and
//	                      SHA-256 of the problem file beside it (older
//	                      splits put the problem in every job file)
//	RESULT                what run-job found: the job's number and SHA-256,
//	                      the figures and the time
//
// Each carries the digest of its own content (see digest.go); a result
// names its job by the job file's SHA-256, so merge refuses a result that
// was changed, cut short, or made for another split.
const (
	manifestFormat = "polyviz split 2"
	jobFormat      = "polyviz job 3"
	// jobFormatOwn is the job files of older splits, each with its own
	// copy of the problem (DLX, Spec); run-job still reads them
	jobFormatOwn = "polyviz job 2"
	resultFormat = "polyviz result 2"
)

type manifestFile struct {
	Format  string            `json:"format"`
	Name    string            `json:"name"`
	Problem string            `json:"problem"`
	Jobs    []manifestJob     `json:"jobs"`
	Top     solver.Checkpoint `json:"top"` // figures of the nodes split searched; no tasks
	// Distinct is the distinct mode ("rotations", "all") of a split of
	// SolveDistinct's problem; empty for raw counts
	Distinct string `json:"distinct,omitempty"`
	// SolutionDepth is the level of every solution when the problem fixes
	// it (solutionDepth), else 0: each result's solutions must then be its
	// profile's last level.
	SolutionDepth int `json:"solution_depth,omitempty"`
	// Largest is the estimated share of the work (the nodes below the
	// top) of the largest job, LargestErr its standard error from the
	// spread of the probes; Estimated is true (splits of older versions
	// wrote the share of the subtrees and false).
	Largest    float64 `json:"largest_share"`
	LargestErr float64 `json:"largest_share_stderr,omitempty"`
	Estimated  bool    `json:"largest_share_estimated"`
	Digest     string  `json:"digest"`
}

type manifestJob struct {
	File   string  `json:"file"`
	SHA256 string  `json:"sha256"`
	Weight float64 `json:"weight"` // estimated share of the tree
	// the shape of the job's subtrees (jobShape), for merge's checks
	Shallowest int     `json:"shallowest"`
	Roots      []int64 `json:"roots"`
}

type jobFile struct {
	Format string `json:"format"`
	Name   string `json:"name"`
	Job    int    `json:"job"` // from 1
	Jobs   int    `json:"jobs"`
	// the problem: a file beside the job file, shared by every job of
	// the split, and its SHA-256, which run-job checks
	ProblemFile   string `json:"problem_file,omitempty"`
	ProblemSHA256 string `json:"problem_sha256,omitempty"`
	// the problem in the job file itself (jobFormatOwn): its DLX file
	DLX    string            `json:"dlx,omitempty"`
	Search solver.Checkpoint `json:"search"`
	// a distinct split: the mode, and the puzzle's format; the puzzle
	// itself (its file: counting classes needs the box's symmetries) is
	// the problem file, or in Spec (jobFormatOwn, whose DLX is then the
	// problem the distinct search searches)
	Distinct   string `json:"distinct,omitempty"`
	Spec       string `json:"spec,omitempty"`
	SpecFormat string `json:"spec_format,omitempty"`
	Digest     string `json:"digest"`
}

type resultFile struct {
	Format    string  `json:"format"`
	Job       int     `json:"job"`
	JobSHA256 string  `json:"job_sha256"`
	Problem   string  `json:"problem"`
	Solutions int64   `json:"solutions"`
	Nodes     int64   `json:"nodes"`
	Updates   int64   `json:"updates"`
	Profile   []int64 `json:"profile"`
	MaxLevel  int     `json:"max_level"`
	Seconds   float64 `json:"seconds"`
	Workers   int     `json:"workers"`
	// of a distinct split: the classes whose least member the job found,
	// and the raw solutions they stand for
	Distinct int64 `json:"distinct,omitempty"`
	Raw      int64 `json:"raw,omitempty"`
	// ResumedNodes is what the job's own checkpoint had searched when a
	// run of it went on from there (included in Nodes)
	ResumedNodes int64  `json:"resumed_nodes,omitempty"`
	Digest       string `json:"digest"`
}

// sha256Hex is the hex SHA-256 of data.
func sha256Hex(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// readJSONFile reads path into v, checking its format line and its digest.
func readJSONFile(path string, v digested, format func() string, want string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return data, decodeSealed(path, data, v, format, want)
}

// decodeSealed decodes data, the file named path, into v, checking its
// format line and its digest.
func decodeSealed(path string, data []byte, v digested, format func() string, want string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return fmt.Errorf("%s: truncated: the file ends in the middle of its JSON (%d bytes)", path, len(data))
		}
		if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) && te.Field != "" {
			// the field and its line and column, in words, not Go's types
			return jsonTypeError(path, data, te, fmt.Errorf("not a %s file", want))
		}
		return fmt.Errorf("%s: not a %s file: %v", path, want, err)
	}
	if got := format(); got != want {
		return fmt.Errorf("%s: format %q, want %q (written by another version of polyviz?)", path, got, want)
	}
	if err := checkSeal(v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// writeSealed writes v, sealed with its digest, as indented JSON to path
// atomically, and returns the bytes written.
func writeSealed(path string, v digested) ([]byte, error) {
	if err := seal(v); err != nil {
		return nil, err
	}
	data, err := jsonBytes(v)
	if err == nil {
		err = writeBytes(path, data)
	}
	return data, err
}

// writeSealedCompact is writeSealed without the indentation, for the job
// files, which are many and big (each holds its problem): indenting them
// cost split a sixth of its time.
func writeSealedCompact(path string, v digested) ([]byte, error) {
	data, err := sealedCompact(v)
	if err == nil {
		err = writeBytes(path, data)
	}
	return data, err
}

// sealedCompact is v sealed, as compact JSON and a newline. The digest is
// of v with its field empty: when that field comes last, its encoding is
// the sealed one's with the digest spliced in, which halves a split's
// encoding of thousands of jobs.
func sealedCompact(v digested) ([]byte, error) {
	*v.digestField() = ""
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	h := sha256.Sum256(data)
	d := "sha256:" + hex.EncodeToString(h[:])
	*v.digestField() = d
	const empty = `"digest":""}`
	if body, ok := bytes.CutSuffix(data, []byte(empty)); ok {
		data = append(append(body, `"digest":"`+d+`"}`...), '\n')
		return data, nil
	}
	data, err = json.Marshal(v)
	return append(data, '\n'), err
}

// jsonBytes is v as indented JSON.
func jsonBytes(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	err := enc.Encode(v)
	return b.Bytes(), err
}

// writeBytes writes data to path atomically.
func writeBytes(path string, data []byte) error {
	return fileout.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// The problem file a split writes beside its job files, shared by them:
// the DLX file of a raw count, the puzzle's own file for a distinct count.
const (
	problemDLXFile  = "problem.dlx"
	problemSpecFile = "problem.spec"
)

// jobProblem returns the problem of the job file at path: the problem file
// beside it, whose SHA-256 must be the one the job names, or the job's own
// copy (jobFormatOwn). The bytes are the DLX file, or the puzzle's file for
// a distinct count.
func jobProblem(path string, jf *jobFile, maxBytes int64) ([]byte, error) {
	if jf.Format == jobFormatOwn {
		if jf.Distinct != "" {
			return []byte(jf.Spec), nil
		}
		return []byte(jf.DLX), nil
	}
	name := jf.ProblemFile
	if name == "" || name != filepath.Base(name) || name == "." || name == ".." || jf.ProblemSHA256 == "" {
		return nil, fmt.Errorf("%s: names no problem file beside it (%q)", path, name)
	}
	file := filepath.Join(filepath.Dir(path), name)
	if fi, err := os.Stat(file); err == nil && maxBytes > 0 && fi.Size() > maxBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than the memory limit of %d", file, fi.Size(), maxBytes)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%v (a job needs the problem file that split wrote beside it)", err)
	}
	if got := sha256Hex(data); got != jf.ProblemSHA256 {
		return nil, fmt.Errorf("%s: SHA-256 %.16s..., but job %d was split from a problem file of SHA-256 %.16s...: the file was changed, or belongs to another split (copy this split's own %s beside its job files)",
			file, got, jf.Job, jf.ProblemSHA256, name)
	}
	return data, nil
}
