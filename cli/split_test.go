package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSplitRunMerge: split, run every job, merge: exactly the figures of
// solve; a missing, a duplicated and a foreign result are named and no
// total is printed.
func TestSplitRunMerge(t *testing.T) {
	type run struct{ name, engine string }
	var runs []run // under -short, the second part alone checks a total
	if !testing.Short() {
		runs = []run{{"pentomino-3x20", "dlx"}, {"soma", "dlx"}, {"pentomino-4x15", "dlx"},
			{"pentomino-3x20", "bits"}, {"soma", "bits"}, {"pentomino-4x15", "bits"},
			{"soma", "cell"}, {"pentomino-4x15", "cell"}}
	}
	for _, r := range runs {
		name := r.name
		want := altogether.FindString(mustCLI(t, "solve", "-j", "2", "--engine", r.engine, name))
		dir := t.TempDir()
		mustCLI(t, "split", name, "--engine", r.engine, "--jobs", "5", "-o", dir)
		for i := range 5 {
			mustCLI(t, "run-job", "-j", "1", "--index", fmt.Sprint(i), dir, "-o", dir)
		}
		if got := altogether.FindString(mustCLI(t, "merge", dir)); got != want {
			t.Errorf("%s %s: merge says %q, solve %q", name, r.engine, got, want)
		}
	}

	// a split whose results go wrong
	dir, other := t.TempDir(), t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--job-files", "--jobs", "3", "-o", dir)
	mustCLI(t, "split", "pentomino-3x20", "--job-files", "--jobs", "4", "-o", other) // other job files
	res := func(d string, j int) string { return filepath.Join(d, "job-000"+string(rune('0'+j))+".result.json") }
	job := func(d string, j int) string { return filepath.Join(d, "job-000"+string(rune('0'+j))+".json") }
	mustCLI(t, "run-job", job(dir, 1), "-o", res(dir, 1))
	mustCLI(t, "run-job", job(dir, 2), "-o", res(dir, 2))
	mustCLI(t, "run-job", job(dir, 2), "-o", filepath.Join(dir, "again.result.json"))
	mustCLI(t, "run-job", job(other, 3), "-o", filepath.Join(dir, "other.result.json"))
	code, _, stderr := runCLI(t, "", "merge", dir)
	for _, w := range []string{"results missing: job 3", "job 2 has 2 results", "other.result.json: foreign result", "no total"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("merge: no %q in\n%s", w, stderr)
		}
	}
	if code != 1 || strings.Contains(stderr, "Altogether") {
		t.Errorf("merge of bad results: exit %d\n%s", code, stderr)
	}
	// fixed: the total
	os.Remove(filepath.Join(dir, "again.result.json"))
	os.Remove(filepath.Join(dir, "other.result.json"))
	mustCLI(t, "run-job", job(dir, 3), "-o", res(dir, 3))
	// the figures of solve pentomino-3x20 (DLX1's)
	if got := mustCLI(t, "merge", dir); !strings.Contains(got, "Altogether 8 solutions, 10901833 updates, 32576 nodes") {
		t.Errorf("merge: %s", got)
	}
}

// TestSplitDistinct: a distinct count split into jobs and merged says what
// solve --distinct says: the classes, the raw count, nodes and updates.
// A DLX file is no puzzle: refused.
func TestSplitDistinct(t *testing.T) {
	// jobs: pentomino 3x20's distinct count runs the cell search (a
	// board), whose tree below the lock is small: the balanced cut goes
	// down to its leaves where it must, and still deals 4 jobs
	cases := []struct{ name, mode, jobs string }{{"soma", "rotations", "4"}, {"pentomino-3x20", "all", "4"}}
	if !testing.Short() {
		cases = append(cases, struct{ name, mode, jobs string }{"pentomino-5x12", "all", "4"}, struct{ name, mode, jobs string }{"soma-crystal", "all", "4"})
	}
	lineOf := func(out string) string {
		line, _, _ := strings.Cut(out[strings.Index(out, "Altogether"):], ". ")
		return line
	}
	for _, c := range cases {
		want := lineOf(mustCLI(t, "solve", "--distinct", c.mode, c.name))
		dir := t.TempDir()
		mustCLI(t, "split", c.name, "--distinct", c.mode, "--jobs", "4", "-o", dir)
		index, err := os.ReadFile(filepath.Join(dir, jobsIndexFile))
		if err != nil {
			t.Fatal(err)
		}
		if jobs := fmt.Sprint(len(index)/indexWidth - 1); jobs != c.jobs {
			t.Fatalf("%s: %s jobs in %s, want %s", c.name, jobs, jobsIndexFile, c.jobs)
		}
		for i := range 4 {
			mustCLI(t, "run-job", "-j", "1", "--index", fmt.Sprint(i), dir, "-o", dir)
		}
		if got := lineOf(mustCLI(t, "merge", dir)); got != want || !strings.Contains(got, "distinct solutions") {
			t.Errorf("%s --distinct %s: merge says %q, solve %q", c.name, c.mode, got, want)
		}
		// --json: the classes as "solutions", as solve --distinct --json says them
		var solved, merged struct{ Solutions, Distinct, Raw int64 }
		_, out, _ := runCLI(t, "", "solve", "--json", "--distinct", c.mode, c.name)
		json.Unmarshal([]byte(lastLine(out)), &solved)
		_, out, _ = runCLI(t, "", "merge", "--json", dir)
		json.Unmarshal([]byte(lastLine(out)), &merged)
		if merged != solved || merged.Solutions != merged.Distinct || merged.Raw == 0 {
			t.Errorf("%s --distinct %s: merge --json %+v, solve --json %+v", c.name, c.mode, merged, solved)
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "p.dlx")
	if err := os.WriteFile(file, []byte("a b\na\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", "split", file, "--distinct", "all", "--jobs", "2", "-o", filepath.Join(dir, "jobs")); code != 2 || !strings.Contains(stderr, "packing puzzle") {
		t.Errorf("a DLX file: exit %d, %s", code, stderr)
	}
}

// TestSplitLibrary: on the library's packings that take a second or more
// (with the bitset engine, the default), split into 16 jobs, each run, and
// merge give solve's exact figures. (Pentacube 3x4x5, 20 s, is split into
// 64 jobs by scripts/test-parallel.sh in CI; the Tetris cube, Bedlam, Big
// Brother, the pentacube frame and the hexomino parallelogram take minutes
// to days raw.)
func TestSplitLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("about 5 s of CPU")
	}
	for _, name := range []string{"pentomino-6x10", "pentacube-2x5x6", "tetromino-5x8"} {
		// split searches DLX1's whole tree (a plain solve counts by symmetry)
		want := altogether.FindString(mustCLI(t, "solve", "--engine", "bits", "-j", "2", name))
		dir := t.TempDir()
		mustCLI(t, "split", name, "--engine", "auto", "--jobs", "16", "-o", dir)
		data, err := os.ReadFile(filepath.Join(dir, "jobs.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(data), "\n"); n != 16 {
			t.Fatalf("%s: %d jobs in jobs.jsonl, want 16", name, n)
		}
		for i := range 16 {
			mustCLI(t, "run-job", "-j", "1", "--index", strconv.Itoa(i), dir, "-o", dir)
		}
		if got := altogether.FindString(mustCLI(t, "merge", dir)); got != want || want == "" {
			t.Errorf("%s: merge says %q, solve %q", name, got, want)
		}
	}
}

// TestMergeRefusesDamage: a result changed by hand (the example:
// one more solution than its profile's last level), cut short, made for
// another split, or consistent-looking but resealed with wrong figures, and
// a damaged manifest, are each refused: the file and what is wrong are
// named, no total is printed, exit 1. The undamaged set merges.
func TestMergeRefusesDamage(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--job-files", "--engine", "dlx", "--jobs", "3", "-o", dir)
	mustCLI(t, "split", "pentomino-3x20", "--job-files", "--engine", "dlx", "--jobs", "4", "-o", other)
	for j := 1; j <= 3; j++ {
		job := filepath.Join(dir, fmt.Sprintf("job-%04d.json", j))
		mustCLI(t, "run-job", "-j", "1", job, "-o", strings.TrimSuffix(job, ".json")+".result.json")
	}
	mustCLI(t, "run-job", "-j", "1", filepath.Join(other, "job-0002.json"), "-o", filepath.Join(other, "job-0002.result.json"))
	want := "Altogether 8 solutions, 10901833 updates, 32576 nodes"
	if got := mustCLI(t, "merge", dir); !strings.Contains(got, want) {
		t.Fatalf("merge: %s", got)
	}
	// the result with solutions, to tamper with
	target := ""
	var orig resultFile
	for j := 1; j <= 3 && target == ""; j++ {
		f := filepath.Join(dir, fmt.Sprintf("job-%04d.result.json", j))
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &orig); err != nil {
			t.Fatal(err)
		}
		if orig.Solutions > 0 {
			target = f
		}
	}
	data, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	resealed := func(change func(r *resultFile)) []byte {
		r := orig
		r.Profile = slices.Clone(orig.Profile)
		change(&r)
		if err := seal(&r); err != nil {
			t.Fatal(err)
		}
		out, err := jsonBytes(&r)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	foreign, err := os.ReadFile(filepath.Join(other, "job-0002.result.json"))
	if err != nil {
		t.Fatal(err)
	}
	sols := fmt.Sprintf(`"solutions": %d`, orig.Solutions)
	for _, c := range []struct {
		name string
		data []byte
		msg  string
	}{
		{"one more solution", bytes.Replace(data, []byte(sols), []byte(fmt.Sprintf(`"solutions": %d`, orig.Solutions+1)), 1), "digest mismatch"},
		{"truncated", data[:len(data)/2], "truncated"},
		{"another split", foreign, "foreign result"},
		{"no digest", bytes.Replace(data, []byte(orig.Digest), nil, 1), "no digest"},
		{"resealed, solutions", resealed(func(r *resultFile) { r.Solutions++ }), "the profile's last level"},
		{"resealed, nodes", resealed(func(r *resultFile) { r.Nodes++ }), "the profile adds up to"},
		{"resealed, above the job", resealed(func(r *resultFile) { r.Profile[0]++; r.Nodes++ }), "above the job's subtrees"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(target, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			defer os.WriteFile(target, data, 0o644)
			code, _, stderr := runCLI(t, "", "merge", dir)
			if code != 1 || strings.Contains(stderr, "Altogether") || !strings.Contains(stderr, c.msg) || !strings.Contains(stderr, filepath.Base(target)) {
				t.Errorf("exit %d, want 1, no total, the file and %q:\n%s", code, c.msg, stderr)
			}
		})
	}
	// a damaged manifest
	manifest := filepath.Join(dir, "manifest.json")
	mdata, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, bytes.Replace(mdata, []byte(`"updates": `), []byte(`"updates": 1`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", "merge", dir); code != 1 || strings.Contains(stderr, "Altogether") || !strings.Contains(stderr, "manifest.json: digest mismatch") {
		t.Errorf("damaged manifest: exit %d\n%s", code, stderr)
	}
	if err := os.WriteFile(manifest, mdata, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := mustCLI(t, "merge", "--profile", dir); !strings.Contains(got, want) || !strings.Contains(got, "largest share") {
		t.Errorf("merge after the repairs: %s", got)
	}
	// a job file changed by hand: run-job refuses it (job files are
	// compact JSON)
	job := filepath.Join(dir, "job-0001.json")
	jdata, err := os.ReadFile(job)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(job, bytes.Replace(jdata, []byte(`"job":1,`), []byte(`"job":2,`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", "run-job", job, "-o", filepath.Join(dir, "x.result.json")); code != 1 || !strings.Contains(stderr, "digest mismatch") {
		t.Errorf("damaged job file: exit %d\n%s", code, stderr)
	}
}

// TestRunJobIndex: run-job --index I DIR -o DIR runs job I+1 (Kubernetes'
// 0-based JOB_COMPLETION_INDEX) and writes its result beside it; merge then
// adds them up. A negative index is bad usage.
func TestRunJobIndex(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "split", "pentomino-3x20", "--jobs", "2", "-o", dir)
	for _, i := range []string{"0", "1"} {
		mustCLI(t, "run-job", "-j", "1", "--index", i, dir, "-o", dir)
	}
	for _, f := range []string{"job-0001.result.json", "job-0002.result.json"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("no %s: %v", f, err)
		}
	}
	if got := mustCLI(t, "merge", dir); !strings.Contains(got, "Altogether 8 solutions, 10901833 updates, 32576 nodes") {
		t.Errorf("merge: %s", got)
	}
	if code, _, _ := runCLI(t, "", "run-job", "--index", "-1", dir, "-o", dir); code != 2 {
		t.Errorf("--index -1: exit %d, want 2", code)
	}
}
