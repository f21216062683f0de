package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"polyviz/puzzle"
	"polyviz/solver"
)

// runMerge is `polyviz merge DIR [RESULT...]`: it checks the results of
// the jobs of a split against its manifest (DIR/manifest.json) and prints
// the totals as `polyviz solve` does. The results are the *.result.json
// files in DIR and those named. A missing result, two results for one job,
// or a result of another split or another version of a job file is named,
// and then no total is printed (exit 1).
func runMerge(ctx context.Context, std IO, args []string) int {
	var jsonOut, profile bool
	fs := pflag.NewFlagSet("merge", pflag.ContinueOnError)
	fs.BoolVar(&jsonOut, "json", false, "print a JSON summary on standard output")
	fs.BoolVar(&profile, "profile", false, "print the number of search-tree nodes at each level")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz merge DIR [RESULT...]")
		fmt.Fprintln(std.Stderr, "Adds up the results of the jobs of polyviz split DIR (DIR/*.result.json and the RESULT files).")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() < 1 {
		fs.Usage()
		return 2
	}
	dir := fs.Arg(0)
	var m manifestFile
	manifest := filepath.Join(dir, "manifest.json")
	if _, err := readJSONFile(manifest, &m, func() string { return m.Format }, manifestFormat); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz merge: %v\n", err)
		fmt.Fprintln(std.Stderr, "polyviz merge: no total")
		return 1
	}
	if err := checkFigures(m.Top.Solutions, m.Top.Nodes, m.Top.Updates, m.Top.Profile, m.Top.MaxLevel, m.SolutionDepth); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz merge: %s: the top of the tree: %v\n", manifest, err)
		fmt.Fprintln(std.Stderr, "polyviz merge: no total")
		return 1
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.result.json"))
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz merge: %v\n", err)
		return 1
	}
	files = append(files, fs.Args()[1:]...)
	// check every result against the manifest
	var problems []string
	byJob := make(map[int][]string)
	results := make(map[int]resultFile)
	seen := make(map[string]bool)
	for _, f := range files {
		// a file named twice (once through its folder, say) is one result
		key := sameFileKey(f)
		if seen[key] {
			continue
		}
		seen[key] = true
		var r resultFile
		if _, err := readJSONFile(f, &r, func() string { return r.Format }, resultFormat); err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if r.Job < 1 || r.Job > len(m.Jobs) {
			problems = append(problems, fmt.Sprintf("%s: %s", f, foreignResult(r)))
			continue
		}
		if err := checkJobResult(r, m.Problem, r.Job, m.Jobs[r.Job-1], m.SolutionDepth); err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", f, err))
			continue
		}
		byJob[r.Job] = append(byJob[r.Job], f)
		results[r.Job] = r
	}
	var missing []string
	for j := 1; j <= len(m.Jobs); j++ {
		switch fs := byJob[j]; {
		case len(fs) == 0:
			missing = append(missing, fmt.Sprint(j))
		case len(fs) > 1:
			problems = append(problems, fmt.Sprintf("job %d has %d results: %s", j, len(fs), strings.Join(fs, ", ")))
		}
	}
	if len(missing) > 0 {
		problems = append(problems, fmt.Sprintf("%d of %d results missing: job %s", len(missing), len(m.Jobs), strings.Join(missing, ", ")))
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		for _, p := range problems {
			fmt.Fprintf(std.Stderr, "polyviz merge: %s\n", p)
		}
		fmt.Fprintln(std.Stderr, "polyviz merge: no total until every job has exactly one sound result (run the jobs named again)")
		return 1
	}
	// add up: the top of the tree that split searched, and every job
	st := solver.Stats{Solutions: m.Top.Solutions, Nodes: m.Top.Nodes, Updates: m.Top.Updates,
		Profile: append([]int64(nil), m.Top.Profile...), MaxLevel: m.Top.MaxLevel, Workers: len(m.Jobs)}
	st.Engine = checkpointEngine(&m.Top) // the engine the jobs ran
	var seconds float64
	var distinct, raw int64
	var sum checkedSum
	for _, r := range results {
		sum.add("distinct solutions", &distinct, r.Distinct)
		sum.add("raw solutions", &raw, r.Raw)
		sum.add("solutions", &st.Solutions, r.Solutions)
		sum.add("nodes", &st.Nodes, r.Nodes)
		sum.add("updates", &st.Updates, r.Updates)
		st.MaxLevel = max(st.MaxLevel, r.MaxLevel)
		for len(st.Profile) < len(r.Profile) {
			st.Profile = append(st.Profile, 0)
		}
		for l, n := range r.Profile {
			sum.add(fmt.Sprintf("nodes at level %d", l), &st.Profile[l], n)
		}
		seconds += r.Seconds
	}
	if sum.err != nil {
		fmt.Fprintf(std.Stderr, "polyviz merge: %v\n", sum.err)
		fmt.Fprintln(std.Stderr, "polyviz merge: no total")
		return 1
	}
	st.Elapsed = time.Duration(seconds * float64(time.Second))
	if profile {
		fmt.Fprintln(std.Stderr, "Profile:")
		for l, n := range st.Profile {
			fmt.Fprintf(std.Stderr, "%3d: %d\n", l, n)
		}
		printJobSpread(std, results, st.Nodes)
	}
	fmt.Fprintf(std.Stderr, "%s: %s (the time is their sum)\n", m.Name, count(len(m.Jobs), "job", "jobs"))
	var writeJSON func() error
	var line string // the closing line, written below
	if m.Distinct != "" {
		mode, err := puzzle.ParseDistinct(m.Distinct)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz merge: %s: %v\n", filepath.Join(dir, "manifest.json"), err)
			return 1
		}
		// solve's closing line for a distinct count (the symmetry line is
		// solve's alone)
		dst := puzzle.DistinctStats{Stats: st, Mode: mode, Distinct: distinct, Raw: raw}
		line, _, _ = strings.Cut(distinctSummary(dst, true, "Altogether"), "\n")
		writeJSON = func() error { return writeMergedDistinctJSON(std.Stdout, dst) }
	} else {
		line = summaryLine(st, "Altogether")
		writeJSON = func() error { return writeJSONSummary(std.Stdout, st, true, commandTimes{}) }
	}
	if _, err := fmt.Fprintln(std.Stderr, line); err != nil {
		// the total is merge's output: losing it is a failure, as in solve
		fmt.Fprintf(std.Stderr, "polyviz merge: write: %v\n", err)
		return 1
	}
	if jsonOut {
		if err := writeJSON(); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz merge: write: %v\n", err)
			return 1
		}
	}
	return exitStatus(ctx, 0)
}

// sameFileKey is a key that two names of one file share: its absolute
// path with symbolic links resolved (or as given, when that fails: the
// read then says why).
func sameFileKey(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		name = abs
	}
	if real, err := filepath.EvalSymlinks(name); err == nil {
		name = real
	}
	return name
}

// checkJobResult says why r is not a sound result of job (from 1) of the
// split of problem (its solver hash), mj the job's manifest entry; nil when
// it is. merge adds up only such results, and run-job leaves such a result
// as it is rather than search its job again.
func checkJobResult(r resultFile, problem string, job int, mj manifestJob, depth int) error {
	if r.Problem != problem || r.Job != job || r.JobSHA256 != mj.SHA256 {
		return errors.New(foreignResult(r))
	}
	if err := checkResult(r, mj, depth); err != nil {
		return fmt.Errorf("job %d: %v", r.Job, err)
	}
	return nil
}

// foreignResult says that r is the result of a job of another split, or
// of another job, naming the job it says it is of.
func foreignResult(r resultFile) string {
	return fmt.Sprintf("foreign result: not of a job of this split (job %d, job file %.12s...)", r.Job, r.JobSHA256)
}

// checkResult says what is wrong with a result of job j: its figures must
// agree with each other (checkFigures) and with the job's subtrees
// (checkSubtrees).
func checkResult(r resultFile, j manifestJob, depth int) error {
	if err := checkFigures(r.Solutions, r.Nodes, r.Updates, r.Profile, r.MaxLevel, depth); err != nil {
		return err
	}
	if err := checkSubtrees(r.Profile, j.Shallowest, j.Roots); err != nil {
		return err
	}
	if r.Distinct < 0 || r.Raw < r.Distinct {
		return fmt.Errorf("%d distinct solutions standing for %d raw ones", r.Distinct, r.Raw)
	}
	if r.Seconds < 0 {
		return fmt.Errorf("negative time")
	}
	return nil
}

// printJobSpread prints how the work was spread over the jobs: the time
// and the nodes of the smallest, the median and the largest job, and the
// largest job's share of all the nodes (what bounds the run's speed-up).
func printJobSpread(std IO, results map[int]resultFile, total int64) {
	if len(results) == 0 {
		return
	}
	var secs []float64
	var nodes []int64
	for _, r := range results {
		secs = append(secs, r.Seconds)
		nodes = append(nodes, r.Nodes)
	}
	slices.Sort(secs)
	slices.Sort(nodes)
	mid := len(secs) / 2
	var sum float64
	for _, s := range secs {
		sum += s
	}
	fmt.Fprintln(std.Stderr, "Jobs:      min        median     max        largest share")
	fmt.Fprintf(std.Stderr, "  time     %-10s %-10s %-10s %.3g%% of the total time (%.3g s)\n",
		fmt.Sprintf("%.3g s", secs[0]), fmt.Sprintf("%.3g s", secs[mid]), fmt.Sprintf("%.3g s", secs[len(secs)-1]),
		100*secs[len(secs)-1]/max(sum, 1e-9), sum)
	fmt.Fprintf(std.Stderr, "  nodes    %-10d %-10d %-10d %.3g%% of the nodes (%d)\n",
		nodes[0], nodes[mid], nodes[len(nodes)-1], 100*float64(nodes[len(nodes)-1])/float64(max(total, 1)), total)
}

// checkedSum adds counts, noting the first sum that would pass the largest
// int64 (a total that wraps around is never printed).
type checkedSum struct {
	err error
}

// add adds n (not negative: the figures were checked) to *dst, unless the
// sum would overflow; what names the count for the error.
func (s *checkedSum) add(what string, dst *int64, n int64) {
	if s.err != nil {
		return
	}
	if n > math.MaxInt64-*dst {
		s.err = fmt.Errorf("the %s add up to more than %d: too many to count", what, int64(math.MaxInt64))
		return
	}
	*dst += n
}

// writeMergedDistinctJSON writes merge's --json summary of a distinct
// split: the classes as "solutions", as solve --distinct --json says them
// (the searches' own solutions are the images the cut search met).
func writeMergedDistinctJSON(w io.Writer, st puzzle.DistinctStats) error {
	return json.NewEncoder(w).Encode(struct {
		Solutions int64   `json:"solutions"`
		Distinct  int64   `json:"distinct"`
		Raw       int64   `json:"raw"`
		Mode      string  `json:"mode"`
		Nodes     int64   `json:"nodes"`
		Updates   int64   `json:"updates"`
		Seconds   float64 `json:"seconds"`
		Workers   int     `json:"workers"`
		Engine    string  `json:"engine"`
		Complete  bool    `json:"complete"`
	}{st.Distinct, st.Distinct, st.Raw, st.Mode.String(), st.Nodes, st.Updates, st.Elapsed.Seconds(), st.Workers, st.Engine.String(), true})
}
