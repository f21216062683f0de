package cli

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"polyviz/parse"
	"polyviz/solver"
)

// The files that split, run-job, merge and solve --checkpoint write carry
// a digest of their own content: "sha256:" and the hex SHA-256 of the
// file's value encoded as compact JSON with the digest field empty. A
// reader decodes the file, empties the field, encodes again and compares,
// so a number changed by hand, a bit flipped on a bad disk or a file cut
// short by a full one is caught (a file cut short does not decode at all).
// The digest is a checksum, not a signature: whoever means to forge a
// result can compute it too. What it answers is "is this the file polyviz
// wrote?"; the consistency checks below (figures that must agree with each
// other) answer part of "did polyviz compute it right?".

// digested is a file value with a digest field.
type digested interface {
	digestField() *string
}

func (f *manifestFile) digestField() *string   { return &f.Digest }
func (f *jobFile) digestField() *string        { return &f.Digest }
func (f *resultFile) digestField() *string     { return &f.Digest }
func (f *checkpointFile) digestField() *string { return &f.Digest }

// contentDigest is the digest of v's content (its digest field emptied
// for the time of the computation).
func contentDigest(v digested) (string, error) {
	field := v.digestField()
	saved := *field
	*field = ""
	data, err := json.Marshal(v)
	*field = saved
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(h[:]), nil
}

// seal sets v's digest field to the digest of its content.
func seal(v digested) error {
	d, err := contentDigest(v)
	if err != nil {
		return err
	}
	*v.digestField() = d
	return nil
}

// checkSeal says what is wrong with v's digest: none, or not the digest of
// its content.
func checkSeal(v digested) error {
	got := *v.digestField()
	if got == "" {
		return fmt.Errorf("no digest: not written by this version of polyviz, or edited")
	}
	want, err := contentDigest(v)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("digest mismatch: the content was changed after polyviz wrote it (edited, or damaged in a copy)")
	}
	return nil
}

// checkFigures says what is wrong with a set of search figures (see
// solver.CheckFigures): depth > 0 is the level of every solution (see
// solutionDepth).
func checkFigures(solutions, nodes, updates int64, profile []int64, maxLevel, depth int) error {
	return solver.CheckFigures(solutions, nodes, updates, profile, maxLevel, depth, nil)
}

// jobShape is what the manifest keeps of a job's subtrees, for merge to
// check its result against: the level of the shallowest subtree, and the
// number of whole subtrees at each level.
func jobShape(tasks []solver.Task) (shallowest int, roots []int64) {
	if len(tasks) == 0 {
		return 0, nil
	}
	shallowest = len(tasks[0].Prefix)
	for _, t := range tasks {
		shallowest = min(shallowest, len(t.Prefix))
		if t.From < 0 {
			for len(roots) <= len(t.Prefix) {
				roots = append(roots, 0)
			}
			roots[len(t.Prefix)]++
		}
	}
	return shallowest, roots
}

// checkSubtrees says what is wrong with the profile of a job's result
// against the job's subtrees (jobShape): a job searches below its
// prefixes only, so its profile is empty above the shallowest prefix, and
// has at least one node at each prefix's level for each whole subtree
// there.
func checkSubtrees(profile []int64, shallowest int, roots []int64) error {
	for l := 0; l < min(shallowest, len(profile)); l++ {
		if profile[l] != 0 {
			return fmt.Errorf("the profile has %s at level %d, above the job's subtrees (level %d and below): not this job's search", count(profile[l], "node", "nodes"), l, shallowest)
		}
	}
	for l, n := range roots {
		if n > 0 && (l >= len(profile) || profile[l] < n) {
			return fmt.Errorf("the job has %s at level %d, but the profile has fewer nodes there: not this job's search", count(n, "subtree", "subtrees"), l)
		}
	}
	return nil
}

// solutionDepth is the level of every solution of p when the problem fixes
// it, else 0 (see solver.SolutionDepth).
func solutionDepth(p *solver.Problem) int { return solver.SolutionDepth(p) }

// jsonTypeError words a value of the wrong type in a JSON file as every
// bad input is said, at the value's line and column (in runes), with the
// field and both types in words rather than Go's: "file:6:11: checkpoint
// is damaged: field "nodes" holds a string, not a whole number".
func jsonTypeError(path string, data []byte, te *json.UnmarshalTypeError, sentinel error) error {
	// Offset is past a literal, or past the bracket that opens a value
	start := min(max(int(te.Offset), 0), len(data))
	switch {
	case start > 0 && (data[start-1] == '{' || data[start-1] == '['):
		start--
	case start > 0 && data[start-1] == '"':
		for start--; start > 0; {
			start = bytes.LastIndexByte(data[:start], '"')
			k := start
			for k > 0 && data[k-1] == '\\' {
				k--
			}
			if (start-k)%2 == 0 {
				break // the opening quote, not an escaped one
			}
		}
	default:
		for start > 0 && !bytes.ContainsRune([]byte(" \t\r\n:,[{"), rune(data[start-1])) {
			start--
		}
	}
	start = max(start, 0)
	line := 1 + bytes.Count(data[:start], []byte("\n"))
	col := 1 + utf8.RuneCount(data[bytes.LastIndexByte(data[:start], '\n')+1:start])
	// the Go names of embedded structs (Checkpoint.nodes) are no keys of
	// the file, whose keys are all lower case
	var keys []string
	for _, k := range strings.Split(te.Field, ".") {
		if k != "" && (k[0] < 'A' || k[0] > 'Z') {
			keys = append(keys, k)
		}
	}
	got := map[string]string{"object": "an object", "array": "a list"}[te.Value]
	switch lit := string(data[start:min(max(int(te.Offset), start), len(data))]); {
	case te.Value == "string":
		var str string
		json.Unmarshal([]byte(lit), &str)
		got = "the string " + parse.Quote(str)
	case te.Value == "bool":
		got = lit
	case strings.HasPrefix(te.Value, "number"):
		if len(lit) > parse.MaxQuote { // a number is ASCII
			lit = lit[:parse.MaxQuote] + "..."
		}
		got = "the number " + lit
	}
	want := te.Type.String()
	switch te.Type.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		want = "a whole number"
		if n, ok := strings.CutPrefix(te.Value, "number "); ok && strings.Trim(n, "-0123456789") == "" {
			want += " of at most 19 digits" // a whole number, but beyond 64 bits
		}
	case reflect.Float32, reflect.Float64:
		want = "a number"
	case reflect.String:
		want = "a string"
	case reflect.Bool:
		want = "true or false"
	case reflect.Slice, reflect.Array:
		want = "a list"
	case reflect.Map, reflect.Struct:
		want = "an object"
	}
	field := "the value"
	if len(keys) > 0 {
		field = fmt.Sprintf("field %q", strings.Join(keys, "."))
	}
	return parse.At(path, line, col, fmt.Errorf("%w: %s holds %s, not %s", sentinel, field, cmp.Or(got, te.Value), want))
}
