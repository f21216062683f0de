package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"polyviz/solver"
)

// fuzzFile is one kind of file that split, run-job, merge and solve
// --checkpoint read: a fresh value to read it into, and its reader.
type fuzzFile struct {
	name string
	new  func() digested
	read func(path string, v digested) error
}

var fuzzFiles = []fuzzFile{
	{"manifest", func() digested { return new(manifestFile) }, func(path string, v digested) error {
		m := v.(*manifestFile)
		_, err := readJSONFile(path, m, func() string { return m.Format }, manifestFormat)
		return err
	}},
	{"job", func() digested { return new(jobFile) }, func(path string, v digested) error {
		j := v.(*jobFile)
		_, err := readJSONFile(path, j, func() string { return j.Format }, jobFormat)
		return err
	}},
	{"result", func() digested { return new(resultFile) }, func(path string, v digested) error {
		r := v.(*resultFile)
		_, err := readJSONFile(path, r, func() string { return r.Format }, resultFormat)
		return err
	}},
	{"checkpoint", func() digested { return new(checkpointFile) }, func(path string, v digested) error {
		c, err := readCheckpoint(path)
		if err == nil {
			v.(*checkpointFile).Checkpoint = *c
		}
		return err
	}},
}

// fuzzSeedFiles are one sealed file of each kind, as polyviz writes them.
func fuzzSeedFiles(f *testing.F) [][]byte {
	ck := solver.Checkpoint{Problem: "sha256:00", Solutions: 1, Nodes: 3, Updates: 9, Profile: []int64{1, 1, 1}, MaxLevel: 2,
		Tasks: []solver.Task{{Prefix: []solver.Step{{Item: 0, Option: 1}}, From: -1, To: -1, Weight: 0.5}}}
	values := []digested{
		&manifestFile{Format: manifestFormat, Name: "x.dlx", Problem: "sha256:00", Top: solver.Checkpoint{Nodes: 1, Profile: []int64{1}},
			Jobs: []manifestJob{{File: "job-0001.json", SHA256: "ab", Weight: 1, Shallowest: 1, Roots: []int64{0, 2}}}, SolutionDepth: 2},
		&jobFile{Format: jobFormat, Name: "x.dlx", Job: 1, Jobs: 1, DLX: "A B\nA\nB\n", Search: ck},
		&jobFile{Format: jobFormat, Name: "x.txt", Job: 1, Jobs: 1, DLX: "A B\nA\nB\n", Search: ck, Distinct: "all", Spec: "000 001\nA 000\n", SpecFormat: "polycube"},
		&resultFile{Format: resultFormat, Job: 1, JobSHA256: "ab", Problem: "sha256:00", Solutions: 2, Nodes: 4, Profile: []int64{0, 2, 2}, MaxLevel: 2, Distinct: 1, Raw: 2},
		&checkpointFile{Format: checkpointFormat, Checkpoint: ck},
	}
	var out [][]byte
	for _, v := range values {
		if err := seal(v); err != nil {
			f.Fatal(err)
		}
		data, err := jsonBytes(v)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// FuzzReadFiles reads fuzzed manifest, job, result and checkpoint files,
// as they are and sealed again with their digest (so that the fuzzer gets
// past the digest to the checks behind it): no file makes a reader or
// merge's checks panic; every refusal names the file; and a file that
// reads, written again, reads back the same.
func FuzzReadFiles(f *testing.F) {
	for _, data := range fuzzSeedFiles(f) {
		for k := range fuzzFiles {
			f.Add(data, byte(k), true)
		}
		f.Add(data, byte(0), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, kind byte, reseal bool) {
		if len(data) > 64<<10 {
			return
		}
		ff := fuzzFiles[int(kind)%len(fuzzFiles)]
		if reseal {
			v := ff.new()
			if json.Unmarshal(data, v) != nil {
				return
			}
			if seal(v) != nil {
				return
			}
			var err error
			if data, err = json.Marshal(v); err != nil {
				return
			}
		}
		path := filepath.Join(t.TempDir(), ff.name+".json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		v := ff.new()
		if err := ff.read(path, v); err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("%s: error without the file's name: %v", ff.name, err)
			}
			return
		}
		// merge's and run-job's checks of what was read never panic
		switch x := v.(type) {
		case *manifestFile:
			_ = checkFigures(x.Top.Solutions, x.Top.Nodes, x.Top.Updates, x.Top.Profile, x.Top.MaxLevel, x.SolutionDepth)
			for _, j := range x.Jobs {
				_ = checkResult(resultFile{Profile: x.Top.Profile}, j, x.SolutionDepth)
			}
		case *resultFile:
			_ = checkResult(*x, manifestJob{}, x.MaxLevel)
		case *jobFile:
			jobShape(x.Search.Tasks)
		}
		// round trip: written as polyviz writes it, it reads back the same
		if cf, ok := v.(*checkpointFile); ok {
			cf.Format = checkpointFormat
		}
		again := filepath.Join(t.TempDir(), "again.json")
		if _, err := writeSealed(again, v); err != nil {
			t.Fatalf("%s: write: %v", ff.name, err)
		}
		w := ff.new()
		if err := ff.read(again, w); err != nil {
			t.Fatalf("%s: written again, does not read back: %v", ff.name, err)
		}
		if cf, ok := w.(*checkpointFile); ok {
			cf.Format, cf.Digest = checkpointFormat, v.(*checkpointFile).Digest
		}
		if !reflect.DeepEqual(normalJSON(t, v), normalJSON(t, w)) {
			t.Fatalf("%s: read back differs:\n%s\n%s", ff.name, normalJSON(t, v), normalJSON(t, w))
		}
	})
}

// normalJSON is v as compact JSON, for comparing values whose nil and
// empty slices differ only in Go.
func normalJSON(t *testing.T, v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSpace(data))
}
