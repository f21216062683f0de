package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"polyviz/fileout"

	"polyviz/solver"
)

// The files of split / run-job / merge, all JSON:
//
//	DIR/manifest.json     what was split, the figures of the top of the
//	                      tree that split searched, and each job file's
//	                      name and SHA-256
//	DIR/job-NNNN.json     one job: the problem (its DLX file, so the job
//	                      runs anywhere) and the subtrees to search
//	RESULT                what run-job found: the job's number and SHA-256,
//	                      the figures and the time
const (
	manifestFormat = "polyviz split 1"
	jobFormat      = "polyviz job 1"
	resultFormat   = "polyviz result 1"
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
}

type manifestJob struct {
	File   string  `json:"file"`
	SHA256 string  `json:"sha256"`
	Weight float64 `json:"weight"` // estimated share of the tree
}

type jobFile struct {
	Format string            `json:"format"`
	Name   string            `json:"name"`
	Job    int               `json:"job"` // from 1
	Jobs   int               `json:"jobs"`
	DLX    string            `json:"dlx"`
	Search solver.Checkpoint `json:"search"`
	// a distinct split: the mode, and the puzzle itself (its file and
	// format), since counting classes needs the box's symmetries; DLX is
	// then the problem the distinct search searches
	Distinct   string `json:"distinct,omitempty"`
	Spec       string `json:"spec,omitempty"`
	SpecFormat string `json:"spec_format,omitempty"`
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
}

// sha256Hex is the hex SHA-256 of data.
func sha256Hex(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// readJSONFile reads path into v, checking its format line.
func readJSONFile(path string, v any, format func() string, want string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return nil, fmt.Errorf("%s: not a %s file: %v", path, want, err)
	}
	if got := format(); got != want {
		return nil, fmt.Errorf("%s: format %q, want %q", path, got, want)
	}
	return data, nil
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
