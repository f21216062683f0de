package cli

import (
	"context"
	"fmt"
	"path/filepath"
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
	if _, err := readJSONFile(filepath.Join(dir, "manifest.json"), &m, func() string { return m.Format }, manifestFormat); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz merge: %v\n", err)
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
	for _, f := range files {
		var r resultFile
		if _, err := readJSONFile(f, &r, func() string { return r.Format }, resultFormat); err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if r.Problem != m.Problem || r.Job < 1 || r.Job > len(m.Jobs) || r.JobSHA256 != m.Jobs[r.Job-1].SHA256 {
			problems = append(problems, fmt.Sprintf("%s: foreign result: not of a job of this split (job %d, job file %.12s...)", f, r.Job, r.JobSHA256))
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
		fmt.Fprintln(std.Stderr, "polyviz merge: no total until every job has exactly one result")
		return 1
	}
	// add up: the top of the tree that split searched, and every job
	st := solver.Stats{Solutions: m.Top.Solutions, Nodes: m.Top.Nodes, Updates: m.Top.Updates,
		Profile: append([]int64(nil), m.Top.Profile...), MaxLevel: m.Top.MaxLevel, Workers: len(m.Jobs)}
	var seconds float64
	var distinct, raw int64
	for _, r := range results {
		distinct += r.Distinct
		raw += r.Raw
		st.Solutions += r.Solutions
		st.Nodes += r.Nodes
		st.Updates += r.Updates
		st.MaxLevel = max(st.MaxLevel, r.MaxLevel)
		for len(st.Profile) < len(r.Profile) {
			st.Profile = append(st.Profile, 0)
		}
		for l, n := range r.Profile {
			st.Profile[l] += n
		}
		seconds += r.Seconds
	}
	st.Elapsed = time.Duration(seconds * float64(time.Second))
	if profile {
		fmt.Fprintln(std.Stderr, "Profile:")
		for l, n := range st.Profile {
			fmt.Fprintf(std.Stderr, "%3d: %d\n", l, n)
		}
	}
	fmt.Fprintf(std.Stderr, "%s: %d jobs (the time is their sum)\n", m.Name, len(m.Jobs))
	if m.Distinct != "" {
		mode, err := puzzle.ParseDistinct(m.Distinct)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz merge: %s: %v\n", filepath.Join(dir, "manifest.json"), err)
			return 1
		}
		// solve's closing line for a distinct count (the symmetry line is
		// solve's alone)
		line, _, _ := strings.Cut(distinctSummary(puzzle.DistinctStats{Stats: st, Mode: mode, Distinct: distinct, Raw: raw}, true, "Altogether"), "\n")
		fmt.Fprintln(std.Stderr, line)
	} else {
		fmt.Fprintln(std.Stderr, summaryLine(st, "Altogether"))
	}
	if jsonOut {
		if err := writeJSONSummary(std.Stdout, st, true); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz merge: write: %v\n", err)
			return 1
		}
	}
	return exitStatus(ctx, 0)
}
